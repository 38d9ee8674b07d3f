import AASACore

/// `--shard K/N`: the part of a domain list one of N independent runs checks (issue 13).
///
/// A domain belongs to shard `1 + (StableHash.of(host) % N)`, where `host` is the normalised
/// form ``CheckTarget/host`` (lowercased; without scheme, path, `*.`, service prefix, `?mode=`
/// or trailing dot; a port kept) and ``StableHash`` is FNV-1a (64-bit) of its UTF-8 bytes mixed
/// by SplitMix64's finaliser. So the N shards are disjoint, together cover the list, and a
/// domain's shard depends on nothing but the domain and N: not on the list's order, its other
/// entries, the machine or the run. Every spelling of a domain (`Example.com`,
/// `https://example.com/`, `*.example.com`, `example.com?mode=developer`) falls in one shard.
/// `K` counts from 1, as `--shard` of Jest and Playwright does.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// This shard, 1...``count``.
    public let index: Int
    /// How many shards the list is split into.
    public let count: Int

    /// Most shards a list can be split into.
    public static let maxCount = 1_000_000

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Reads `K/N` (1 ≤ K ≤ N ≤ ``maxCount``).
    /// - Throws: ``UsageError`` saying what is wrong (and that K counts from 1).
    public static func parse(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let shown = SafeText.value(text)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else {
            throw UsageError("--shard must be K/N, e.g. 1/4 for the first of four shards; got \(shown)")
        }
        guard (1...maxCount).contains(n) else {
            throw UsageError("--shard \(shown): N must be a whole number from 1 to \(maxCount)")
        }
        guard (1...n).contains(k) else {
            let zero = k == 0 ? " (K counts from 1: with a 0-based index such as JOB_COMPLETION_INDEX, give $((INDEX + 1))/\(n))" : ""
            throw UsageError("--shard \(shown): K must be from 1 to \(n)\(zero)")
        }
        return Shard(index: k, count: n)
    }

    /// The shard (1...`count`) that `host`, in the normalised form ``CheckTarget/host``,
    /// belongs to.
    public static func number(of host: String, count: Int) -> Int {
        Int(StableHash.of(host) % UInt64(count)) + 1
    }

    /// Whether this shard checks `target`.
    public func contains(_ target: CheckTarget) -> Bool {
        Shard.number(of: target.host, count: count) == index
    }
}

/// A hash of text that never changes between runs, machines or versions (unlike Swift's
/// `Hasher`, which is seeded per process): FNV-1a, 64-bit (offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3; Fowler, Noll and Vo, IETF draft-eastlake-fnv), of the UTF-8 bytes, then
/// SplitMix64's finaliser (Steele, Lea and Flood, 2014) so that every bit of the result depends
/// on every byte: FNV-1a alone leaves its low bits to the low bits of the input bytes, and
/// `% N` reads the low bits.
public enum StableHash {
    /// The 64-bit hash of `text`'s UTF-8 bytes.
    public static func of(_ text: String) -> UInt64 {
        mix(fnv1a(text.utf8))
    }

    /// FNV-1a, 64-bit, from `basis`.
    static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, basis: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where Bytes.Element == UInt8 {
        var h = basis
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }

    /// SplitMix64's finaliser: a bijection of 64-bit words in which each output bit depends
    /// on every input bit.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
