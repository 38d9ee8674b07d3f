/// A URI read the way Android reads one: `android.net.Uri.parse(String)` (the `StringUri` of
/// AOSP `core/java/android/net/Uri.java` @0022c781), whose parts `IntentFilter` and
/// `UriRelativeFilter` match (spec `assetlinks-reference.md` §4.2, §3.2).
///
/// Android's parse never fails and never normalises: it finds separators by position in the
/// UTF-16 text, so every string has parts (some `nil`). What it does, part by part:
/// - scheme: the text before the **first** `:`, exactly as written (`HTTPS` stays `HTTPS`;
///   intent filters compare schemes case-sensitively); `nil` without a `:`;
/// - authority: after `scheme://`, up to the first `/`, `\`, `?` or `#`; `nil` without `//`;
/// - host: the authority after its last `@`, without the port, percent-decoded; no case folding;
/// - port: the ASCII digits after the authority's last `:` (searching from the end, stopping
///   at any other character); `-1` when there is none or it is not a number Java's
///   `Integer.parseInt` reads (`https://h:/`, too large): an explicit `:443` is 443, never `-1`;
/// - path: after the authority, from its `/` or `\` up to `?` or `#`, percent-decoded; `""` for
///   `https://example.com` and `https://example.com?x`; `nil` for an opaque URI
///   (`mailto:x`) or a scheme alone;
/// - query: after the first `?` (searched from the scheme's `:`) up to the first `#`, decoded;
///   `nil` without `?`, or when the `?` is inside the fragment;
/// - fragment: after the first `#`, decoded; `nil` without `#`;
/// - scheme-specific part: between the `:` and the `#`, decoded.
///
/// Decoding is Android's `Uri.decode` (`UriCodec.decode(s, false, UTF_8, false)`): `+` stays
/// `+`; `%XY` bytes are collected and decoded as UTF-8, malformed sequences becoming U+FFFD
/// (one per maximal subpart, as Swift's decoder does — Android's replacement is the charset
/// decoder's, assumed to agree); `%` followed by a character that is not a hex digit gives
/// U+FFFD and then the byte formed by the digits read before it, the offending character
/// consumed (`%zz` → U+FFFD U+0000 `z`, `/a%4/b` → `/a` U+FFFD U+0004 `b`); a `%` with fewer
/// than two characters after it gives U+FFFD and **ends** the decoded text (`/a%4` → `/a`
/// U+FFFD, `/a%` → `/a` U+FFFD).
///
/// All text is kept as UTF-16 code units (Java `char`s), which is what `PatternMatcher`
/// compares. Time and memory linear in the length of the string.
public struct AndroidURI: Sendable, Hashable {
    /// The string as given.
    public let string: String
    /// The scheme as written, or `nil`.
    public let scheme: String?
    /// The authority as written (still encoded), or `nil`.
    public let encodedAuthority: String?
    /// The decoded host, or `nil` when there is no authority.
    public let host: String?
    /// The explicit port, or -1.
    public let port: Int
    /// The decoded path as UTF-16 code units, or `nil` for an opaque URI.
    public let path: [UInt16]?
    /// The decoded query as UTF-16 code units, or `nil`.
    public let query: [UInt16]?
    /// The decoded fragment as UTF-16 code units, or `nil`.
    public let fragment: [UInt16]?
    /// The decoded scheme-specific part (between `:` and `#`).
    public let schemeSpecificPart: [UInt16]

    /// Parses `string` as `Uri.parse` does (never fails).
    public init(_ string: String) {
        self.string = string
        let u = Self.units(string)
        let n = u.count
        let colon = UInt16(asciiUnit: ":"), slash = UInt16(asciiUnit: "/"), backslash = UInt16(asciiUnit: "\\")
        let question = UInt16(asciiUnit: "?"), hash = UInt16(asciiUnit: "#")
        let ssi = u.firstIndex(of: colon) ?? -1
        // Java's indexOf(ch, from) with a negative `from` searches from 0.
        func index(of c: UInt16, from: Int) -> Int { u[max(from, 0)...].firstIndex(of: c) ?? -1 }
        let fsi = index(of: hash, from: ssi)

        scheme = ssi < 0 ? nil : Self.text(u[0..<ssi])
        schemeSpecificPart = Self.decode(fsi < 0 ? u[(ssi + 1)...] : u[(ssi + 1)..<fsi])

        // Authority: `//` right after the scheme's `:` (or at the start of a relative URI).
        var authority: ArraySlice<UInt16>?
        if n > ssi + 2, u[ssi + 1] == slash, u[ssi + 2] == slash {
            var end = ssi + 3
            while end < n, u[end] != slash, u[end] != backslash, u[end] != question, u[end] != hash { end += 1 }
            authority = u[(ssi + 3)..<end]
        }
        encodedAuthority = authority.map { Self.text($0) }
        if let authority {
            let at = authority.lastIndex(of: UInt16(asciiUnit: "@"))
            let portSeparator = Self.portSeparator(authority)
            let hostStart = at.map { $0 + 1 } ?? authority.startIndex
            let hostEnd = portSeparator ?? authority.endIndex
            host = Self.text(Self.decode(authority[hostStart..<max(hostStart, hostEnd)]))
            if let portSeparator {
                let digits = Self.decode(authority[(portSeparator + 1)...])
                port = Self.javaParseInt(digits).map(Int.init) ?? -1
            } else {
                port = -1
            }
        } else {
            host = nil
            port = -1
        }

        // Path: hierarchical URIs only (a `/` right after the `:`, or no scheme at all).
        if ssi >= 0 && (ssi + 1 == n || u[ssi + 1] != slash) {
            path = nil
        } else {
            var start: Int
            var empty = false
            if n > ssi + 2, u[ssi + 1] == slash, u[ssi + 2] == slash {
                start = ssi + 3
                while start < n {
                    let c = u[start]
                    if c == question || c == hash { empty = true; break }
                    if c == slash || c == backslash { break }
                    start += 1
                }
            } else {
                start = ssi + 1
            }
            if empty {
                path = []
            } else {
                var end = start
                while end < n, u[end] != question, u[end] != hash { end += 1 }
                path = Self.decode(u[start..<end])
            }
        }

        let qsi = index(of: question, from: ssi)
        if qsi < 0 {
            query = nil
        } else if fsi < 0 {
            query = Self.decode(u[(qsi + 1)...])
        } else if fsi < qsi {
            query = nil
        } else {
            query = Self.decode(u[(qsi + 1)..<fsi])
        }
        fragment = fsi < 0 ? nil : Self.decode(u[(fsi + 1)...])
    }

    /// The decoded path as a string (`nil` for an opaque URI).
    public var pathString: String? { path.map { Self.text($0) } }
    /// The decoded query as a string.
    public var queryString: String? { query.map { Self.text($0) } }
    /// The decoded fragment as a string.
    public var fragmentString: String? { fragment.map { Self.text($0) } }

    /// Where the port's `:` is: searching the authority from its end, the first `:` before
    /// which only ASCII digits were seen (`findPortSeparator`).
    static func portSeparator(_ authority: ArraySlice<UInt16>) -> Int? {
        var i = authority.endIndex
        while i > authority.startIndex {
            i -= 1
            let c = authority[i]
            if c == UInt16(asciiUnit: ":") { return i }
            if c < UInt16(asciiUnit: "0") || c > UInt16(asciiUnit: "9") { return nil }
        }
        return nil
    }

    /// Text from UTF-16 code units (an unpaired surrogate becomes U+FFFD). ASCII, the usual
    /// case, is copied byte for byte: the standard library's UTF-16 transcoding was most of
    /// the time of parsing a URL.
    static func text<C: Collection>(_ units: C) -> String where C.Element == UInt16 {
        guard units.allSatisfy({ $0 < 0x80 }) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { buffer in
            var i = 0
            for unit in units {
                buffer[i] = UInt8(truncatingIfNeeded: unit)
                i += 1
            }
            return i
        }
    }

    /// The UTF-16 code units of `string` (ASCII widened byte by byte).
    static func units(_ string: String) -> [UInt16] {
        let utf8 = string.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return Array(string.utf16) }
        return utf8.map { UInt16($0) }
    }

    /// Android's `Uri.decode`: percent-decoding as UTF-8, `+` kept, invalid escapes replaced
    /// (see the type's documentation). Linear in the input.
    public static func decode<C: Collection>(_ s: C) -> [UInt16] where C.Element == UInt16 {
        // Most parts have no escape: they decode to themselves.
        guard s.contains(UInt16(asciiUnit: "%")) else { return Array(s) }
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        var bytes: [UInt8] = []
        func flush() {
            guard !bytes.isEmpty else { return }
            out.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf16)
            bytes.removeAll(keepingCapacity: true)
        }
        var i = s.startIndex
        while i != s.endIndex {
            let c = s[i]
            i = s.index(after: i)
            guard c == UInt16(asciiUnit: "%") else {
                flush()
                out.append(c)
                continue
            }
            var value: UInt8 = 0
            var digits = 0
            while digits < 2 {
                guard i != s.endIndex else {
                    // Fewer than two characters after `%`: U+FFFD, and the decoding stops.
                    flush()
                    out.append(0xFFFD)
                    return out
                }
                let d = s[i]
                i = s.index(after: i)
                guard let digit = hexValue(d) else {
                    flush()
                    out.append(0xFFFD)
                    break
                }
                value = value &* 16 &+ digit
                digits += 1
            }
            bytes.append(value)
        }
        flush()
        return out
    }

    static func hexValue(_ c: UInt16) -> UInt8? {
        switch c {
        case 0x30...0x39: return UInt8(c - 0x30)
        case 0x61...0x66: return UInt8(c - 0x61 + 10)
        case 0x41...0x46: return UInt8(c - 0x41 + 10)
        default: return nil
        }
    }

    /// Java's `Integer.parseInt(s)` (radix 10): an optional `+` or `-`, then at least one
    /// decimal digit — any Unicode decimal digit (`Character.digit`), as Java reads them — and
    /// no overflow of a 32-bit signed integer; `nil` where Java throws `NumberFormatException`.
    public static func javaParseInt<C: Collection>(_ s: C) -> Int32? where C.Element == UInt16 {
        var i = s.startIndex
        guard i != s.endIndex else { return nil }
        var negative = false
        if s[i] == UInt16(asciiUnit: "-") || s[i] == UInt16(asciiUnit: "+") {
            negative = s[i] == UInt16(asciiUnit: "-")
            i = s.index(after: i)
            guard i != s.endIndex else { return nil }
        }
        // Accumulate negatively, as Java does, so Int32.min is representable.
        var result: Int64 = 0
        while i != s.endIndex {
            guard let digit = javaDigit(s[i]) else { return nil }
            result = result * 10 - Int64(digit)
            if result < Int64(Int32.min) { return nil }
            i = s.index(after: i)
        }
        if !negative {
            guard -result <= Int64(Int32.max) else { return nil }
            return Int32(-result)
        }
        return Int32(result)
    }

    /// `Character.digit(c, 10)` for one UTF-16 code unit: the value of a Unicode decimal digit
    /// (general category Nd) of the Basic Multilingual Plane; surrogates are never digits.
    static func javaDigit(_ c: UInt16) -> Int? {
        if c >= 0x30 && c <= 0x39 { return Int(c - 0x30) }
        guard c >= 0x80, let scalar = Unicode.Scalar(UInt32(c)),
              scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
        else { return nil }
        return Int(value)
    }
}

extension UInt16 {
    /// The UTF-16 code unit of an ASCII character (Java `char` literals in the Android code).
    init(asciiUnit scalar: Unicode.Scalar) { self = UInt16(UInt8(ascii: scalar)) }
}
