/// What dynamic rules are matched against: `Uri.getPath()`, `getQuery()` and `getFragment()`
/// of a URL, decoded, in UTF-16 code units (spec `assetlinks-reference.md` §3.2; AOSP
/// `UriRelativeFilter.java` @1d47c3a0). Built from ``AndroidURI`` (Android's `Uri.parse`), or
/// from parts by the rule search.
public struct RuleInput: Sendable, Hashable {
    /// `getPath()`: empty for `https://example.com`; `nil` for an opaque URI (no `/` rule matches it).
    public var path: [UInt16]?
    /// `getQuery()`: `nil` without `?`, empty for a bare `?`.
    public var query: [UInt16]?
    /// `getFragment()`: `nil` without `#`.
    public var fragment: [UInt16]?

    public init(path: [UInt16]?, query: [UInt16]? = nil, fragment: [UInt16]? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The parts Android's `Uri` gives `url` (a full URL, or a path with its query and fragment).
    public init(_ uri: AndroidURI) {
        self.init(path: uri.path, query: uri.query, fragment: uri.fragment)
    }

    /// The query's parameters as `UriRelativeFilter.matchQuery` reads them: the decoded query
    /// split on `&`, and when that gives one part, on `;` instead (Java's `split`).
    public var queryParameters: [ArraySlice<UInt16>]? {
        guard let query else { return nil }
        let parts = RuleInput.javaSplit(query, on: 0x26)
        return parts.count == 1 ? RuleInput.javaSplit(query, on: 0x3B) : parts
    }

    /// `String.split(regex)` as Java does it for a one-character separator: the parts between
    /// separators with trailing empty parts removed (an empty input gives one empty part, and
    /// `"&&"` none).
    public static func javaSplit(_ units: [UInt16], on separator: UInt16) -> [ArraySlice<UInt16>] {
        if units.isEmpty { return [units[...]] }
        var parts = units.split(separator: separator, omittingEmptySubsequences: false)
        while let last = parts.last, last.isEmpty { parts.removeLast() }
        return parts
    }
}
