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
        let text = URLParts.encodeUnsafe(string.trimmingCharacters(in: .whitespacesAndNewlines))
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), rest[rest.startIndex..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           rest[..<colon].first?.isLetter == true, rest[colon...].hasPrefix("://") {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(colon, offsetBy: 3)...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                authority = authority[...close]
            } else if let colonPort = authority.lastIndex(of: ":") {
                authority = authority[..<colonPort]
            }
            host = authority.lowercased()
            rest = rest[authorityEnd...]
        } else if rest.hasPrefix("/") || rest.hasPrefix("?") || rest.hasPrefix("#") {
            scheme = nil
            host = nil
        } else {
            return nil
        }
        let tail = URLParts.splitPathQueryFragment(rest)
        path = String(tail.path)
        query = tail.query
        fragment = tail.fragment
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
