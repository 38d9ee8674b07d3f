/// A URL as `android.net.Uri` splits and decodes it for `UriRelativeFilter`: `getPath()`,
/// `getQuery()` and `getFragment()`, percent-decoded as UTF-8, in UTF-16 code units (Java
/// strings), which is what dynamic rules are matched against (spec `assetlinks-reference.md`
/// §3.2; AOSP `core/java/android/net/Uri.java`, `UriCodec.java` @202ddc8a,
/// `UriRelativeFilter.java` @1d47c3a0).
///
/// Splitting, as `Uri.parse` reads a hierarchical URL: the fragment is everything after the
/// first `#`; the query everything after the first `?` before it; with `scheme://` the
/// authority runs to the first `/`, `\`, `?` or `#`, and the path from there to the query or
/// fragment. A URL without a scheme (`/products/1?x=1`) is a path, query and fragment.
/// Decoding (`Uri.decode`: `UriCodec.decode(s, convertPlus: false, UTF-8, throwOnFailure: false)`):
/// `+` stays `+`; `%XX` bytes are gathered and decoded as UTF-8, a malformed sequence becoming
/// U+FFFD; an escape cut by the end of the text becomes U+FFFD and ends the text; an escape
/// whose next character is not a hex digit becomes U+FFFD, that character is consumed, and the
/// byte read so far (0, or the first digit's value) still joins the bytes — so `%zz` decodes to
/// U+FFFD, U+0000, `z`, as AOSP's code does.
public struct AndroidURI: Sendable, Hashable {
    /// The scheme as written, when there is one.
    public var scheme: String?
    /// The authority (`host[:port]`, with any user info) as written, when `//` follows the scheme.
    public var authority: String?
    /// `getPath()`: empty for `https://example.com`.
    public var path: [UInt16]
    /// `getQuery()`: `nil` when there is no `?`, empty for a bare `?`.
    public var query: [UInt16]?
    /// `getFragment()`: `nil` when there is no `#`.
    public var fragment: [UInt16]?

    /// Longest URL read, in UTF-8 bytes; the rest is ignored (the matcher's work stays linear
    /// in what is read).
    public static let maxLength = 1_048_576

    public init(path: [UInt16], query: [UInt16]? = nil, fragment: [UInt16]? = nil, scheme: String? = nil, authority: String? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.scheme = scheme
        self.authority = authority
    }

    /// Splits and decodes `url` (a full URL or a path with its query and fragment).
    public init(_ url: String) {
        var units = Array(url.utf16)
        if units.count > AndroidURI.maxLength { units.removeLast(units.count - AndroidURI.maxLength) }
        let hash = units.firstIndex(of: 0x23)
        let end = hash ?? units.count
        fragment = hash.map { AndroidURI.decode(units[($0 + 1)...]) }
        let questionMark = units[..<end].firstIndex(of: 0x3F)
        let pathEnd = questionMark ?? end
        query = questionMark.map { AndroidURI.decode(units[($0 + 1)..<end]) }
        // A scheme: a colon before any / ? # (Uri.StringUri.findSchemeSeparator).
        var start = 0
        if let colon = units[..<pathEnd].firstIndex(of: 0x3A), !units[..<colon].contains(0x2F), colon > 0 {
            scheme = String(decoding: units[..<colon], as: UTF16.self)
            start = colon + 1
            if pathEnd - start >= 2 && units[start] == 0x2F && units[start + 1] == 0x2F {
                let authorityStart = start + 2
                var i = authorityStart
                while i < pathEnd && units[i] != 0x2F && units[i] != 0x5C { i += 1 }
                authority = String(decoding: units[authorityStart..<i], as: UTF16.self)
                start = i
            }
        }
        path = AndroidURI.decode(units[start..<pathEnd])
    }

    /// The host of ``authority``, lower-cased, without user info, port or a trailing dot.
    public var host: String? {
        guard var a = authority else { return nil }
        if let at = a.lastIndex(of: "@") { a = String(a[a.index(after: at)...]) }
        if !a.hasPrefix("["), let c = a.lastIndex(of: ":") { a = String(a[..<c]) }
        a = a.lowercased()
        if a.hasSuffix(".") { a.removeLast() }
        return a
    }

    /// `Uri.decode` of one part (see the type's documentation).
    public static func decode<C: Collection>(_ units: C) -> [UInt16] where C.Element == UInt16, C.Index == Int {
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var bytes: [UInt8] = []
        func flush() {
            guard !bytes.isEmpty else { return }
            out.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf16)
            bytes.removeAll(keepingCapacity: true)
        }
        var i = units.startIndex
        let end = units.endIndex
        while i < end {
            let c = units[i]
            i += 1
            guard c == 0x25 else {
                flush()
                out.append(c)
                continue
            }
            var value: UInt8 = 0
            var j = 0
            while j < 2 {
                guard i < end else {
                    flush()
                    out.append(0xFFFD)
                    return out
                }
                let d = units[i]
                i += 1
                guard let digit = d < 0x80 ? CertificateFingerprint.hexValue(UInt8(d)) : nil else {
                    flush()
                    out.append(0xFFFD)
                    break
                }
                value = value &* 16 &+ digit
                j += 1
            }
            bytes.append(value)
        }
        flush()
        return out
    }

    /// `String.split(regex)` as Java does it for a one-character separator: the parts between
    /// separators, trailing empty parts removed (an empty input gives one empty part).
    public static func javaSplit(_ units: [UInt16], on separator: UInt16) -> [ArraySlice<UInt16>] {
        if units.isEmpty { return [units[...]] }
        var parts = units.split(separator: separator, omittingEmptySubsequences: false)
        while let last = parts.last, last.isEmpty { parts.removeLast() }
        return parts
    }

    /// The query's parameters as `UriRelativeFilter.matchQuery` reads them: split on `&`, and
    /// when that gives one part, on `;` instead (Java's `split` on the decoded query).
    public var queryParameters: [ArraySlice<UInt16>]? {
        guard let query else { return nil }
        let parts = AndroidURI.javaSplit(query, on: 0x26)
        return parts.count == 1 ? AndroidURI.javaSplit(query, on: 0x3B) : parts
    }
}
