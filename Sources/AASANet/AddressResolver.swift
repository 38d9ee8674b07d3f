import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves a host name to its addresses with the system resolver (`getaddrinfo`), bounded in time.
///
/// Used for AASA110 (every address private or reserved): Apple's fetcher refuses such hosts.
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
    /// A resolver still busy after the limit finishes in the background and is ignored.
    public static func resolve(_ host: String, timeout: Double = 10) -> Outcome {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.store(lookUp(host))
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + max(0.01, timeout)) == .success else { return .timedOut }
        return box.load() ?? .timedOut
    }

    private final class ResultBox: Sendable {
        private let value = Mutex<Outcome?>(nil)
        func store(_ outcome: Outcome) { value.withLock { $0 = outcome } }
        func load() -> Outcome? { value.withLock { $0 } }
    }

    private static func lookUp(_ host: String) -> Outcome {
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
