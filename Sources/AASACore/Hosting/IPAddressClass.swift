/// Whether an IP address is one Apple's fetcher refuses to connect to (AASA110): private,
/// loopback, link-local, shared, documentation, multicast or otherwise reserved
/// (IANA special-purpose registries for IPv4 and IPv6).
public enum IPAddressClass {
    /// The reason `address` (IPv4 dotted quad or IPv6 text) is not publicly routable, such as
    /// `"loopback"`, or `nil` for a public address. Text that is not an address gives `nil`.
    public static func reservedReason(_ address: String) -> String? {
        var text = address
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }  // zone index
        if let v4 = parseIPv4(text) { return reasonV4(v4) }
        if let v6 = parseIPv6(text) { return reasonV6(v6) }
        return nil
    }

    /// Whether `address` parses as an IPv4 or IPv6 address.
    public static func isAddress(_ text: String) -> Bool {
        parseIPv4(text) != nil || parseIPv6(text) != nil
    }

    static func reasonV4(_ a: [UInt8]) -> String? {
        let (b0, b1, b2) = (a[0], a[1], a[2])
        switch b0 {
        case 0: return "\"this network\" (0.0.0.0/8)"
        case 10: return "private (10.0.0.0/8)"
        case 127: return "loopback (127.0.0.0/8)"
        case 100 where b1 >= 64 && b1 <= 127: return "shared address space (100.64.0.0/10)"
        case 169 where b1 == 254: return "link-local (169.254.0.0/16)"
        case 172 where b1 >= 16 && b1 <= 31: return "private (172.16.0.0/12)"
        case 192 where b1 == 168: return "private (192.168.0.0/16)"
        case 192 where b1 == 0 && b2 == 0: return "IETF protocol assignments (192.0.0.0/24)"
        case 192 where b1 == 0 && b2 == 2: return "documentation (192.0.2.0/24)"
        case 198 where b1 == 18 || b1 == 19: return "benchmarking (198.18.0.0/15)"
        case 198 where b1 == 51 && b2 == 100: return "documentation (198.51.100.0/24)"
        case 203 where b1 == 0 && b2 == 113: return "documentation (203.0.113.0/24)"
        case 224...239: return "multicast (224.0.0.0/4)"
        case 240...255: return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }

    static func reasonV6(_ a: [UInt8]) -> String? {
        if a.allSatisfy({ $0 == 0 }) { return "unspecified (::)" }
        if a[0..<15].allSatisfy({ $0 == 0 }) && a[15] == 1 { return "loopback (::1)" }
        if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xFF && a[11] == 0xFF {
            return reasonV4(Array(a[12..<16])).map { "IPv4-mapped, \($0)" }
        }
        if a[0] == 0x01 && a[1] == 0x00 && a[2..<8].allSatisfy({ $0 == 0 }) { return "discard-only (100::/64)" }
        if a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0D && a[3] == 0xB8 { return "documentation (2001:db8::/32)" }
        if a[0] & 0xFE == 0xFC { return "unique local (fc00::/7)" }
        if a[0] == 0xFE && a[1] & 0xC0 == 0x80 { return "link-local (fe80::/10)" }
        if a[0] == 0xFE && a[1] & 0xC0 == 0xC0 { return "site-local (fec0::/10)" }
        if a[0] == 0xFF { return "multicast (ff00::/8)" }
        return nil
    }

    static func parseIPv4(_ s: String) -> [UInt8]? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var out: [UInt8] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 3, p.allSatisfy({ $0.isASCII && $0.isNumber }), let v = UInt8(p) else { return nil }
            out.append(v)
        }
        return out
    }

    static func parseIPv6(_ input: String) -> [UInt8]? {
        var s = input
        if s.hasPrefix("["), s.hasSuffix("]") { s = String(s.dropFirst().dropLast()) }
        guard s.contains(":") else { return nil }
        // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
        var tail: [UInt16] = []
        if let lastColon = s.lastIndex(of: ":"), s[s.index(after: lastColon)...].contains(".") {
            guard let v4 = parseIPv4(String(s[s.index(after: lastColon)...])) else { return nil }
            tail = [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
            s = String(s[...lastColon])
            if s.hasSuffix(":") && !s.hasSuffix("::") { s.removeLast() }
        }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var out: [UInt16] = []
            for g in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard !g.isEmpty, g.count <= 4, let v = UInt16(g, radix: 16) else { return nil }
                out.append(v)
            }
            return out
        }
        var words: [UInt16]
        if let range = s.firstRange(of: "::") {
            guard let head = groups(s[..<range.lowerBound]), let rest = groups(s[range.upperBound...]) else { return nil }
            let missing = 8 - head.count - rest.count - tail.count
            guard missing >= 1 else { return nil }
            words = head + Array(repeating: 0, count: missing) + rest + tail
        } else {
            guard let all = groups(Substring(s)) else { return nil }
            words = all + tail
        }
        guard words.count == 8 else { return nil }
        return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
