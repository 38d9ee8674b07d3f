import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves a host name to its addresses with the system resolver (`getaddrinfo`), bounded in
/// time and in the number of lookups running at once.
///
/// Used for AASA110 (every address private or reserved): Apple's fetcher refuses such hosts.
/// Lookups run on ``ResolverPool/shared``: at most ``ResolverPool/defaultWorkers`` threads in
/// the whole process, however many lookups are asked for or time out.
public enum AddressResolver {
    /// What resolving a host produced.
    public enum Outcome: Sendable, Hashable {
        /// Distinct addresses as text (IPv4 dotted quad, IPv6 RFC 5952 form), in resolver order.
        case addresses([String])
        /// The resolver answered with an error; `gai_strerror`'s text.
        case failed(String)
        /// No answer within the time limit.
        case timedOut
    }

    /// Resolves `host` (a name or an address literal), waiting at most `timeout` seconds.
    public static func resolve(_ host: String, timeout: Double = 10) -> Outcome {
        ResolverPool.shared.resolve(host, timeout: timeout)
    }

    /// One lookup with `getaddrinfo`, blocking the calling thread until the resolver answers.
    static func systemLookUp(_ host: String) -> Outcome {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { return .failed(String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var seen: [String] = []
        var cursor = list
        while let entry = cursor {
            if let text = numericHost(entry.pointee), !seen.contains(text) { seen.append(text) }
            cursor = entry.pointee.ai_next
        }
        return .addresses(seen)
    }

    private static func numericHost(_ info: addrinfo) -> String? {
        guard let address = info.ai_addr else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch info.ai_family {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var addr = sin.pointee.sin_addr
                guard inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                return text(buffer)
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                var addr = sin6.pointee.sin6_addr
                guard inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                return text(buffer)
            }
        default:
            return nil
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A bounded set of threads that run blocking address lookups, with a deadline for each.
///
/// `getaddrinfo` cannot be interrupted, so a lookup past its deadline is answered
/// ``AddressResolver/Outcome/timedOut`` at the deadline (by a timer) while its thread finishes
/// the call and is then reused; a lookup still queued at its deadline, or cancelled, never
/// starts. At most `workers` threads exist at once; an idle one ends after ``idleLimit``.
public final class ResolverPool: Sendable {
    /// Threads of the shared pool: lookups running at once in the whole process.
    public static let defaultWorkers = 8
    /// The pool every lookup of the program uses.
    public static let shared = ResolverPool(workers: defaultWorkers, lookUp: AddressResolver.systemLookUp)
    /// How long an idle thread waits for work before it ends, in seconds.
    static let idleLimit = 10.0

    /// One lookup asked for: answered once, by its thread, its deadline or never when cancelled.
    public final class Lookup: Sendable {
        let host: String
        private let completion: @Sendable (AddressResolver.Outcome) -> Void
        private let answered = Atomic<Bool>(false)

        init(host: String, completion: @escaping @Sendable (AddressResolver.Outcome) -> Void) {
            self.host = host
            self.completion = completion
        }

        /// Whether it was answered or cancelled: nothing more will happen to it.
        public var isSettled: Bool { answered.load(ordering: .acquiring) }

        /// Gives `outcome` to the completion unless the lookup is settled already.
        func answer(_ outcome: AddressResolver.Outcome) {
            guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
            completion(outcome)
        }

        /// Settles it without an answer: a queued lookup never starts, a running one's answer
        /// is dropped.
        public func cancel() { answered.store(true, ordering: .releasing) }
    }

    private struct State {
        var queue: [Lookup] = []
        var head = 0
        var threads = 0
        var idle = 0
        /// Most threads that existed at once (for tests).
        var mostThreads = 0
    }

    private let workers: Int
    private let lookUp: @Sendable (String) -> AddressResolver.Outcome
    private let state = Mutex(State())
    /// One signal per queued lookup.
    private let queued = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - workers: most threads at once (at least 1).
    ///   - lookUp: the blocking lookup (``AddressResolver/systemLookUp(_:)``; tests give others).
    public init(workers: Int, lookUp: @escaping @Sendable (String) -> AddressResolver.Outcome) {
        self.workers = max(1, workers)
        self.lookUp = lookUp
    }

    /// Most threads that have existed at once.
    public var mostThreads: Int { state.withLock { $0.mostThreads } }

    /// Looks `host` up on a thread of the pool; `completion` is called once, on that thread or
    /// on the timer's, with the addresses, the failure, or ``AddressResolver/Outcome/timedOut``
    /// when no answer came within `timeout` seconds. Not called after ``Lookup/cancel()``.
    @discardableResult
    public func lookup(_ host: String, timeout: Double,
                       completion: @escaping @Sendable (AddressResolver.Outcome) -> Void) -> Lookup {
        let lookup = Lookup(host: host, completion: completion)
        let startThread = state.withLock { s -> Bool in
            s.queue.append(lookup)
            guard s.idle == 0, s.threads < workers else { return false }
            s.threads += 1
            s.mostThreads = max(s.mostThreads, s.threads)
            return true
        }
        queued.signal()
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = "aasa-resolve"
            thread.start()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0.001, timeout)) { lookup.answer(.timedOut) }
        return lookup
    }

    /// ``lookup(_:timeout:completion:)``, waiting for the answer (at most `timeout` seconds).
    public func resolve(_ host: String, timeout: Double) -> AddressResolver.Outcome {
        let result = Mutex<AddressResolver.Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        lookup(host, timeout: timeout) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        // The timer answers at the deadline; the margin only covers a late timer.
        _ = done.wait(timeout: .now() + max(0.001, timeout) + 1)
        return result.withLock { $0 } ?? .timedOut
    }

    /// A thread's loop: takes queued lookups until none comes for ``idleLimit`` seconds.
    private func work() {
        while true {
            state.withLock { $0.idle += 1 }
            let signalled = queued.wait(timeout: .now() + Self.idleLimit) == .success
            let next = state.withLock { s -> Lookup?? in
                s.idle -= 1
                guard s.head < s.queue.count else {
                    // Nothing queued: a spurious signal, or idle long enough to end.
                    if signalled { return .some(nil) }
                    s.threads -= 1
                    return nil
                }
                let lookup = s.queue[s.head]
                s.head += 1
                if s.head == s.queue.count {
                    s.queue.removeAll(keepingCapacity: true)
                    s.head = 0
                }
                return .some(lookup)
            }
            guard let taken = next else { return }
            guard let lookup = taken, !lookup.isSettled else { continue }
            lookup.answer(lookUp(lookup.host))
        }
    }
}
