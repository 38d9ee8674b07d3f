import Foundation

/// A URL split the way universal-link matching reads it: the path, query and fragment exactly
/// as written (percent escapes and their hex case kept), host lowercased.
///
/// Split by RFC 3986's generic syntax rather than `URLComponents`, because matching must see
/// the text as written and `URLComponents` rejects or rewrites some of it. Characters that
/// cannot appear in a URL as sent (non-ASCII, spaces, controls, `"`, `<`, `>`, `` ` ``) are
/// percent-encoded as UTF-8, as a browser or `URL` would before the system sees the link.
/// Decoding for `percentEncoded: false` uses Foundation's `removingPercentEncoding`.
public struct URLParts: Sendable, Hashable {
    /// The URL as given.
    public let original: String
    /// Lowercased scheme, `nil` for a bare path such as `/buy/shoes`.
    public let scheme: String?
    /// Lowercased host without user info or port; `nil` for a bare path.
    public let host: String?
    /// The path as written (empty when the URL has none).
    public let path: String
    /// The query without `?`, `nil` when there is no `?`.
    public let query: String?
    /// The fragment without `#`, `nil` when there is no `#`.
    public let fragment: String?

    /// Splits `string`.
    /// - Returns: `nil` when `string` is neither an absolute URL (`scheme://host…`) nor a path
    ///   starting with `/` (or `?`/`#` for a URL with an empty path).
    public init?(_ string: String) {
        original = string
        var text = URLParts.encodeUnsafe(URLParts.trimmingWhitespace(string))
        // After encodeUnsafe the text is printable ASCII, so it is read byte by byte: a byte
        // is a character.
        guard let parts = text.withUTF8({ URLParts.split($0) }) else { return nil }
        (scheme, host, path, query, fragment) = parts
    }

    /// The parts of `b` (printable ASCII): `scheme://[user@]host[:port]` (scheme and host
    /// lowercased; an IPv6 literal keeps its brackets) or nothing before a path that starts
    /// with `/`, `?` or `#`; then the path, the query after the first `?` and the fragment
    /// after the first `#`. `nil` for anything else.
    private static func split(_ b: UnsafeBufferPointer<UInt8>) -> (scheme: String?, host: String?, path: String, query: String?, fragment: String?)? {
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        func text(_ r: Range<Int>, lowercased: Bool = false) -> String {
            let slice = b[r]
            return lowercased ? String(decoding: slice.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self) : String(decoding: slice, as: UTF8.self)
        }
        let colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), hash = UInt8(ascii: "#")
        var scheme: String?, host: String?
        var start = b.startIndex
        if let c = b.firstIndex(of: colon), c > b.startIndex, isLetter(b[b.startIndex]),
           b[b.startIndex..<c].allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }),
           c + 2 < b.endIndex, b[c + 1] == slash, b[c + 2] == slash {
            scheme = text(b.startIndex..<c, lowercased: true)
            let authorityStart = c + 3
            let authorityEnd = b[authorityStart...].firstIndex { $0 == slash || $0 == question || $0 == hash } ?? b.endIndex
            var lower = authorityStart, upper = authorityEnd
            if let at = b[lower..<upper].lastIndex(of: UInt8(ascii: "@")) { lower = at + 1 }
            if lower < upper, b[lower] == UInt8(ascii: "["), let close = b[lower..<upper].firstIndex(of: UInt8(ascii: "]")) {
                upper = close + 1
            } else if let port = b[lower..<upper].lastIndex(of: colon) {
                upper = port
            }
            host = text(lower..<upper, lowercased: true)
            start = authorityEnd
        } else if b.first != slash && b.first != question && b.first != hash {
            return nil
        }
        var end = b.endIndex
        var fragment: String?, query: String?
        if let h = b[start..<end].firstIndex(of: hash) {
            fragment = text(h + 1..<end)
            end = h
        }
        if let q = b[start..<end].firstIndex(of: question) {
            query = text(q + 1..<end)
            end = q
        }
        return (scheme, host, text(start..<end), query, fragment)
    }

    /// `s` without the white space at its start and end, scalar by scalar, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it on Linux: Unicode's
    /// White_Space (spaces, tabs, line and paragraph separators, U+0085) and U+200B ZERO
    /// WIDTH SPACE, which copied links often carry (a comparison over every scalar found no
    /// other difference).
    static func trimmingWhitespace(_ s: String) -> String {
        func isSpace(_ u: Unicode.Scalar) -> Bool { u.properties.isWhitespace || u.value == 0x200B }
        let scalars = s.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return s }
        guard let lower = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let upper = scalars.lastIndex { !isSpace($0) }!
        return String(scalars[lower...upper])
    }

    /// Splits what follows the authority at the first `#` (fragment), then the first `?`
    /// (query), as RFC 3986 reads a URL.
    static func splitPathQueryFragment(_ text: Substring) -> (path: Substring, query: String?, fragment: String?) {
        var rest = text
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let q = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: q)...])
            rest = rest[..<q]
        }
        return (rest, query, fragment)
    }

    /// `scheme://host` followed by the path, query and fragment.
    public var absoluteString: String {
        var s = ""
        if let scheme, let host { s = "\(scheme)://\(host)" }
        s += path
        if let query { s += "?" + query }
        if let fragment { s += "#" + fragment }
        return s
    }

    /// This URL with another host (for bare paths given with `--domain`).
    public func on(host newHost: String, scheme newScheme: String = "https") -> URLParts {
        var s = "\(newScheme)://\(newHost)\(path.isEmpty ? "/" : path)"
        if let query { s += "?" + query }
        if let fragment { s += "#" + fragment }
        return URLParts(s)!
    }

    /// Query items in order: `name=value`, or `name` alone (value empty); empty items skipped.
    public static func queryItems(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let eq = item.firstIndex(of: "=") {
                return (String(item[..<eq]), String(item[item.index(after: eq)...]))
            }
            return (String(item), "")
        }
    }

    /// Percent-decodes `s`; text with an invalid escape is kept as written.
    public static func decode(_ s: String) -> String {
        s.removingPercentEncoding ?? s
    }

    static func encodeUnsafe(_ s: String) -> String {
        // Spaces, controls, non-ASCII and "<>` are not allowed in a URL as written.
        PercentEncoding.encode(s) { $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x3C && $0 != 0x3E && $0 != 0x60 }
    }
}
