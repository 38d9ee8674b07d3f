/// An `<intent-filter>` as Android's package parser builds it (AOSP
/// `ParsedIntentInfoUtils.parseIntentInfo`/`parseData`/`parseRelRefGroup`, Android 15) and as
/// `IntentFilter.matchData` matches it (spec `assetlinks-reference.md` §4.1, §4.2).
///
/// The `<data>` elements of a filter are merged, as Android merges them: every scheme, every
/// host (with its port), every path of any `<data>` go into one list each, so the filter
/// accepts every scheme × host × path combination (``dataElements`` keeps each element as
/// written, for the findings about that). Values Android would read from the app's resources
/// (`@string/host`) or that a build fills in (`${hostName}` in a source manifest) are left out
/// of the lists and kept in ``unresolved``.
public struct IntentFilter: Sendable, Hashable {
    /// The `android:name` of each `<action>`, in order.
    public var actions: [String] = []
    /// The `android:name` of each `<category>`, in order, each once.
    public var categories: [String] = []
    /// `android:autoVerify` (read for activities and aliases).
    public var autoVerify = false
    public var priority: Int32 = 0
    /// `android:mimeType` values (a filter with a type never matches a web link, which has none).
    public var dataTypes: [String] = []
    /// `android:scheme` values, each once, in order (case kept: Android compares exactly).
    public var schemes: [String] = []
    /// `android:ssp*` matchers.
    public var schemeSpecificParts: [AndroidPatternMatcher] = []
    /// Each `android:host` with the `android:port` of the same `<data>` (a port without a host
    /// is dropped, as Android drops it).
    public var authorities: [IntentFilterAuthority] = []
    /// `android:path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`, `pathSuffix`.
    public var paths: [AndroidPatternMatcher] = []
    /// `<uri-relative-filter-group>`s that hold at least one filter (API 35).
    public var relativeGroups: [URIRelativeFilterGroup] = []
    /// Each `<data>` directly in the filter, as written.
    public var dataElements: [ManifestDataElement] = []
    /// Values left out because only the app's resources or its build can give them.
    public var unresolved: [UnresolvedManifestValue] = []
    /// 1-based line of the `<intent-filter>`, when known.
    public var line: Int?

    public init() {}

    public static let actionView = "android.intent.action.VIEW"
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"
    public static let categoryDefault = "android.intent.category.DEFAULT"

    public func hasAction(_ action: String) -> Bool { actions.contains(action) }
    public func hasCategory(_ category: String) -> Bool { categories.contains(category) }

    /// `IntentFilter.handlesWebUris(onlyWebSchemes)`: action VIEW, category BROWSABLE and at
    /// least one scheme; then with `onlyWebSchemes` every scheme must be `http`/`https`,
    /// without it one must be.
    public func handlesWebURIs(onlyWebSchemes: Bool) -> Bool {
        guard hasAction(Self.actionView), hasCategory(Self.categoryBrowsable), !schemes.isEmpty else { return false }
        let web = schemes.map { $0 == "http" || $0 == "https" }
        return onlyWebSchemes ? web.allSatisfy { $0 } : web.contains(true)
    }

    /// `IntentFilter.needsVerification()`: `autoVerify` and ``handlesWebURIs(onlyWebSchemes:)``
    /// with only web schemes.
    public var needsVerification: Bool { autoVerify && handlesWebURIs(onlyWebSchemes: true) }

    /// What ``matchData(_:relativeGroups:)`` decided, with Android's match category.
    public enum DataMatch: Sendable, Hashable {
        /// Matched; the category is `IntentFilter`'s (`MATCH_CATEGORY_PATH` 0x500000, …).
        case match(category: Int32)
        /// `NO_MATCH_DATA`: the scheme, host/port, or path did not match; `reason` says which.
        case noMatchData(reason: String)
        /// `NO_MATCH_TYPE`: the filter wants a MIME type and a web link has none.
        case noMatchType

        public var matched: Bool { if case .match = self { return true }; return false }
    }

    /// `IntentFilter.matchData(type: null, scheme, data)` for a link (no MIME type): the
    /// scheme (exact), then the scheme-specific part when the filter has some, else the host
    /// and port, and — only when the filter has a host — the path: a path element **or** (on
    /// Android 15 with `relativeGroups`) the groups, the first matching group deciding.
    /// - Parameter relativeGroups: whether the device reads `<uri-relative-filter-group>`
    ///   (Android 15, API 35, and later); below that the groups do not exist for Android.
    public func matchData(_ uri: AndroidURI, relativeGroups useGroups: Bool = true) -> DataMatch {
        let scheme = uri.scheme ?? ""
        if schemes.isEmpty && dataTypes.isEmpty {
            return .noMatchData(reason: "the filter declares no data, so it only matches intents without a URL")
        }
        var category: Int32 = 0x0010_0000
        if !schemes.isEmpty {
            guard schemes.contains(scheme) else {
                return .noMatchData(reason: "the scheme `\(scheme)` is not one of the filter's (\(schemes.joined(separator: ", ")))")
            }
            category = 0x0020_0000
            var sspMatched = false
            if !schemeSpecificParts.isEmpty {
                let ssp = uri.schemeSpecificPart
                sspMatched = schemeSpecificParts.contains { $0.matches(utf16: ssp) }
                category = sspMatched ? 0x0058_0000 : -2
            }
            if !sspMatched && !authorities.isEmpty {
                guard let auth = authorities.lazy.compactMap({ $0.match(uri) }).first else {
                    return .noMatchData(reason: Self.hostReason(uri, authorities))
                }
                let groups = useGroups ? relativeGroups : []
                if paths.isEmpty && groups.isEmpty {
                    category = auth
                } else {
                    let path = uri.path
                    let pathMatched = paths.contains { path.map($0.matches(utf16:)) ?? false }
                    guard pathMatched || URIRelativeFilterGroup.matchGroups(groups, uri) else {
                        return .noMatchData(reason: groups.isEmpty
                            ? "the path `\(uri.pathString ?? "")` matches none of the filter's paths"
                            : "the path `\(uri.pathString ?? "")` matches none of the filter's paths and no relative filter group allows the URL")
                    }
                    category = 0x0050_0000
                }
            }
            if category == -2 {
                return .noMatchData(reason: "the scheme-specific part matches none of the filter's `ssp` values")
            }
        } else if !["", "content", "file"].contains(scheme) {
            return .noMatchData(reason: "the filter declares only MIME types, which match no `\(scheme)` URL")
        }
        if !dataTypes.isEmpty { return .noMatchType }
        return .match(category: category + 0x8000)
    }

    private static func hostReason(_ uri: AndroidURI, _ authorities: [IntentFilterAuthority]) -> String {
        guard let host = uri.host else { return "the URL has no host" }
        let portMismatch = authorities.contains { $0.matchesHost(host) && $0.portNumber != nil }
        if portMismatch {
            return "the host `\(host)` is the filter's, but its port \(uri.port < 0 ? "(none in the URL)" : String(uri.port)) is not the one the filter requires"
        }
        return "the host `\(host)` is not one of the filter's (\(authorities.map(\.host).joined(separator: ", ")))"
    }
}

/// One `android:host` of a filter with the `android:port` written beside it
/// (`IntentFilter.AuthorityEntry`).
public struct IntentFilterAuthority: Sendable, Hashable {
    /// The host as written (`*.example.com` keeps its `*`).
    public var host: String
    /// The port as written, or `nil`.
    public var port: String?
    /// 1-based line of its `<data>`.
    public var line: Int?

    public init(host: String, port: String? = nil, line: Int? = nil) {
        self.host = host
        self.port = port
        self.line = line
    }

    /// Whether the host starts with `*`: it then matches by suffix (`mWild`).
    public var isWildcard: Bool { host.hasPrefix("*") }

    /// The port Android parses (`Integer.parseInt`), or `nil` for none. A port that does not
    /// parse makes Android's package parser throw (the app does not install).
    public var portNumber: Int32? { port.flatMap { AndroidURI.javaParseInt(Array($0.utf16)) } }

    /// `AuthorityEntry.match`'s host test: `compareToIgnoreCase` of the URL's host with the
    /// host, or with the host's part after `*` against the same number of characters at the
    /// end of the URL's host (`*.example.com` matches `a.example.com` and `.example.com`, not
    /// `example.com`; `*example.com` matches `myexample.com`).
    public func matchesHost(_ urlHost: String) -> Bool {
        let wanted = Array((isWildcard ? String(host.dropFirst()) : host).utf16)
        var given = Array(urlHost.utf16)
        if isWildcard {
            guard given.count >= wanted.count else { return false }
            given = Array(given[(given.count - wanted.count)...])
        }
        return JavaText.equalsIgnoringCase(given, wanted)
    }

    /// `AuthorityEntry.match(Uri)`: the match category (`MATCH_CATEGORY_HOST` 0x300000 or
    /// `MATCH_CATEGORY_PORT` 0x400000), or `nil`. With a port, the URL's explicit port must
    /// equal it: a URL without a port has -1, so `port="443"` never matches `https://h/`.
    public func match(_ uri: AndroidURI) -> Int32? {
        guard let urlHost = uri.host, matchesHost(urlHost) else { return nil }
        guard port != nil else { return 0x0030_0000 }
        // A port Android cannot parse stops the package from installing: nothing matches.
        guard let number = portNumber else { return nil }
        // A negative port reads as "no port" (`mPort >= 0` is the test).
        guard number >= 0 else { return 0x0030_0000 }
        return Int(number) == uri.port ? 0x0040_0000 : nil
    }
}

/// A `<uri-relative-filter-group>` (API 35): `android:allow` (default true) and the
/// `UriRelativeFilter`s of its `<data>` children, all of which must match.
public struct URIRelativeFilterGroup: Sendable, Hashable {
    public var allow: Bool
    /// Each filter once (Android keeps them in a set), in the order written.
    public var filters: [URIRelativeFilter]
    public var line: Int?

    public init(allow: Bool, filters: [URIRelativeFilter], line: Int? = nil) {
        self.allow = allow
        self.filters = filters
        self.line = line
    }

    /// `UriRelativeFilterGroup.matchData`: every filter matches (a group without filters never does).
    public func matches(_ uri: AndroidURI) -> Bool {
        !filters.isEmpty && filters.allSatisfy { $0.matches(uri) }
    }

    /// `UriRelativeFilterGroup.matchGroupsToUri`: the first group that matches decides (allow
    /// ⇒ pass, block ⇒ fail); no matching group fails.
    public static func matchGroups(_ groups: [URIRelativeFilterGroup], _ uri: AndroidURI) -> Bool {
        for group in groups where group.matches(uri) { return group.allow }
        return false
    }

    /// The index of the group that decides `uri`, or `nil`.
    public static func decidingGroup(_ groups: [URIRelativeFilterGroup], _ uri: AndroidURI) -> Int? {
        groups.firstIndex { $0.matches(uri) }
    }
}

/// One `UriRelativeFilter`: a part of the URL (path, query or fragment) and a matcher.
public struct URIRelativeFilter: Sendable, Hashable {
    public enum Part: Int, Sendable, Hashable {
        case path = 0, query = 1, fragment = 2
    }

    public var part: Part
    public var matcher: AndroidPatternMatcher

    public init(part: Part, matcher: AndroidPatternMatcher) {
        self.part = part
        self.matcher = matcher
    }

    /// `UriRelativeFilter.matchData`: the decoded path or fragment must match whole; for the
    /// query, the decoded query split on `&` (or, when that gives a single part, on `;`) with
    /// Java's `String.split` (trailing empty parts dropped) must have a part that matches; a
    /// missing part never matches.
    public func matches(_ uri: AndroidURI) -> Bool {
        switch part {
        case .path: return uri.path.map(matcher.matches(utf16:)) ?? false
        case .fragment: return uri.fragment.map(matcher.matches(utf16:)) ?? false
        case .query:
            guard let query = uri.query else { return false }
            var params = JavaText.split(query, on: UInt16(asciiUnit: "&"))
            if params.count == 1 { params = JavaText.split(query, on: UInt16(asciiUnit: ";")) }
            return params.contains { matcher.matches(utf16: $0) }
        }
    }
}

/// One `<data>` element as written, for the findings that are about how the elements combine.
public struct ManifestDataElement: Sendable, Hashable {
    /// Each attribute the model read (name without prefix → value as read).
    public var values: [String: String]
    public var line: Int?

    public init(values: [String: String], line: Int? = nil) {
        self.values = values
        self.line = line
    }

    public var scheme: String? { values["scheme"] }
    public var host: String? { values["host"] }
    public var port: String? { values["port"] }
    /// The path attributes it sets (`path`, `pathPrefix`, …) with their values.
    public var paths: [(kind: AndroidPatternMatcher.Kind, value: String)] {
        AndroidPatternMatcher.Kind.allCases.compactMap { kind in values[kind.pathAttribute].map { (kind, $0) } }
    }
}

/// A value the model could not read: a resource reference (`@string/host`, or `@0x7f0b0001`
/// in a compiled manifest) that only the app's resources resolve, or a `${placeholder}` that
/// the Gradle build fills in.
public struct UnresolvedManifestValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case reference
        case placeholder
    }

    public var kind: Kind
    /// The element (`data`, `intent-filter`, `uses-sdk`, …) and attribute (`host`, …).
    public var element: String
    public var attribute: String
    /// The value as written.
    public var text: String
    public var line: Int?

    public init(kind: Kind, element: String, attribute: String, text: String, line: Int?) {
        self.kind = kind
        self.element = element
        self.attribute = attribute
        self.text = text
        self.line = line
    }
}

/// Java `String` operations the Android code relies on, over UTF-16 code units.
enum JavaText {
    /// `String.compareToIgnoreCase(...) == 0`: per code unit, equal, or equal after
    /// `Character.toUpperCase`, or after `toLowerCase` of those (simple case mappings; a
    /// character whose full mapping is several characters is taken to map to itself, as its
    /// simple mapping does).
    static func equalsIgnoringCase(_ a: [UInt16], _ b: [UInt16]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let ux = upper(x), uy = upper(y)
            if ux != uy && lower(ux) != lower(uy) { return false }
        }
        return true
    }

    private static func upper(_ c: UInt16) -> UInt16 {
        if c < 0x80 { return c >= 0x61 && c <= 0x7A ? c - 0x20 : c }
        return map(c) { $0.properties.uppercaseMapping }
    }

    private static func lower(_ c: UInt16) -> UInt16 {
        if c < 0x80 { return c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        return map(c) { $0.properties.lowercaseMapping }
    }

    private static func map(_ c: UInt16, _ f: (Unicode.Scalar) -> String) -> UInt16 {
        guard let scalar = Unicode.Scalar(UInt32(c)) else { return c }
        let mapped = Array(f(scalar).utf16)
        return mapped.count == 1 ? mapped[0] : c
    }

    /// `String.split(String.valueOf(separator))` (limit 0): the parts between separators,
    /// trailing empty parts removed; a string without the separator is one part (even when empty).
    static func split(_ s: [UInt16], on separator: UInt16) -> [[UInt16]] {
        guard s.contains(separator) else { return [s] }
        var parts = s.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
        while let last = parts.last, last.isEmpty { parts.removeLast() }
        return parts
    }
}
