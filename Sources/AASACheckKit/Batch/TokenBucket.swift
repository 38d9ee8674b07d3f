import Foundation

/// A token bucket (`--rate N`): `rate` tokens a second flow into a bucket holding at most
/// `capacity`; a request takes one, and waits when there is none.
///
/// With a capacity of 1 the requests are spaced at least `1 / rate` seconds apart, so no
/// second holds more than `rate` of them (the policy of `--rate`); a larger capacity lets a
/// burst of that many go at once after a quiet spell. Time is given by the caller in seconds
/// of a monotonic clock (``monotonicSeconds()``), so the bucket itself is pure and testable.
public struct TokenBucket: Sendable {
    /// Tokens added per second (> 0).
    public let rate: Double
    /// Most tokens held (≥ 1).
    public let capacity: Double
    private var tokens: Double
    private var last: Double?

    /// A full bucket.
    public init(rate: Double, capacity: Double = 1) {
        precondition(rate > 0 && rate.isFinite && capacity >= 1, "rate \(rate), capacity \(capacity)")
        self.rate = rate
        self.capacity = capacity
        tokens = capacity
    }

    /// Takes a token at time `now` (seconds) when there is one and returns 0; otherwise takes
    /// nothing and returns the seconds until one is there (> 0). A clock that goes back is
    /// treated as standing still.
    public mutating func take(now: Double) -> Double {
        if let last, now > last {
            tokens = min(capacity, tokens + (now - last) * rate)
        }
        last = max(last ?? now, now)
        // The tolerance absorbs rounding: a caller that waits exactly the time returned finds
        // its token.
        if tokens >= 1 - 1e-9 {
            tokens = max(0, tokens - 1)
            return 0
        }
        return (1 - tokens) / rate
    }

    /// Seconds of the system's monotonic clock (not wall time: unaffected by clock changes).
    public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
