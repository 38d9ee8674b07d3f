/// A web asset of Digital Asset Links: scheme, host and port, nothing else (a site is the whole
/// site: no path, query or fragment).
///
/// Normalised as Google's API compares sites (spec `assetlinks-reference.md` §2.4, tested by the
/// compatibility suite's 2200 and 4400 groups): the scheme and host lower-cased, a trailing dot
/// removed (`comptest2204`), the scheme's default port dropped (`:443` ≡ none, `comptest4405`;
/// `:444` is another site, `comptest4406`). Two sites are the same asset exactly when their
/// normalised values are equal (`http` ≠ `https`).
public struct AssetLinksSite: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `http` or `https`, lower case.
    public let scheme: String
    /// The host, lower case, without a trailing dot (`example.com`; an IPv6 literal keeps its brackets).
    public let host: String
    /// The port when it is not the scheme's default, else `nil`.
    public let port: Int?

    /// Builds a site from parts already valid; `host` is lower-cased and loses a trailing dot,
    /// a default `port` is dropped.
    public init(scheme: String, host: String, port: Int? = nil) {
        let scheme = scheme.lowercased()
        self.scheme = scheme
        var host = host.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        self.host = host
        self.port = port == AssetLinksSite.defaultPort(scheme) ? nil : port
    }

    /// The port a URL of `scheme` has when it names none (80 for `http`, 443 for `https`).
    public static func defaultPort(_ scheme: String) -> Int { scheme == "http" ? 80 : 443 }

    /// Whether the site is served over HTTPS (a secure source: its includes must be HTTPS too, §2.5).
    public var isSecure: Bool { scheme == "https" }

    /// `https://host[:port]` — the spelling aasa-check prints (`statements` JSON, cli.md).
    public var origin: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }

    /// The spelling Google's API answers with: the host fully qualified, ending in one period
    /// (`https://example.com.`, `https://example.com.:444`; Asset reference, WebAsset; the
    /// compatibility suite's list responses).
    public var googleSpelling: String { "\(scheme)://\(host)." + (port.map { ":\($0)" } ?? "") }

    /// `origin/.well-known/assetlinks.json`, the site's statement list (§1; `details.md`).
    public var statementListURL: String { origin + AssetLinksFetchPlan.path }

    public var description: String { origin }

    public static func < (a: AssetLinksSite, b: AssetLinksSite) -> Bool { a.origin < b.origin }

    /// Reads a site as a statement's `target.site` or a query's `--site` gives it.
    ///
    /// Accepted: `http` or `https` in any case, `://`, a host of letters, digits, `-` and `_`
    /// labels (or a bracketed IPv6 literal), an optional trailing dot, an optional port 1–65535,
    /// nothing after it. The defects are Google's (2200 group): login information (`2209`),
    /// query parameters (`2210`), fragment identifiers (`2211`), any path even `/`
    /// (`2212`–`2215`), a port out of range (`2207`), another scheme (`2208`), no scheme (`2216`).
    public static func parse(_ text: String) -> Result<AssetLinksSite, SiteDefect> {
        let url: ParsedHTTPURL
        switch ParsedHTTPURL.parse(text) {
        case .failure(let defect): return .failure(defect)
        case .success(let parsed): url = parsed
        }
        if url.hasUserInfo { return .failure(.loginInformation(text)) }
        if url.rest.isEmpty { return .success(url.site) }
        switch url.rest.first! {
        case "?": return .failure(.queryParameters(text))
        case "#": return .failure(.fragmentIdentifier(text))
        default: return .failure(.path(text))
        }
    }
}

/// What is wrong with a site or include URL, in words close to Google's debug strings (the
/// compatibility suite matches them: 2200 group, 5010, 5011, 1000 group).
public enum SiteDefect: Error, Sendable, Hashable, CustomStringConvertible {
    /// No scheme: `example.com` (`comptest2216`).
    case noScheme(String)
    /// A scheme other than http(s): `mailto://…` (`comptest2208`, `5011`).
    case nonHTTPScheme(String)
    /// `user:password@` before the host (`comptest2209`).
    case loginInformation(String)
    /// `?…` after the host (`comptest2210`).
    case queryParameters(String)
    /// `#…` after the host (`comptest2211`).
    case fragmentIdentifier(String)
    /// A path after the host, even `/` (`comptest2212`–`2215`).
    case path(String)
    /// A port that is not a number from 1 to 65535 (`comptest2207`, `5010`).
    case badPort(String, port: String)
    /// An empty host or a character no host name holds.
    case badHost(String, host: String)

    /// The text as given.
    public var text: String {
        switch self {
        case .noScheme(let t), .nonHTTPScheme(let t), .loginInformation(let t), .queryParameters(let t),
             .fragmentIdentifier(let t), .path(let t), .badPort(let t, _), .badHost(let t, _):
            return t
        }
    }

    public var description: String {
        let shown = "\"" + SafeText.escape(text, limit: 200) + "\""
        switch self {
        case .noScheme: return "Invalid site \(shown): it has no scheme (write https://HOST)"
        case .nonHTTPScheme: return "\(shown) is a non-HTTP URL: only http and https are allowed"
        case .loginInformation: return "\(shown) contains login information (user@ before the host)"
        case .queryParameters: return "\(shown) contains query parameters; a site is scheme, host and port only"
        case .fragmentIdentifier: return "\(shown) contains fragment identifiers; a site is scheme, host and port only"
        case .path: return "\(shown) cannot contain a path, not even a trailing /; a site is scheme, host and port only"
        case .badPort(_, let port): return "\(shown) is not a valid URL: port \"\(SafeText.escape(port, limit: 20))\" is not a number from 1 to 65535"
        case .badHost(_, let host): return "Invalid site \(shown): \"\(SafeText.escape(host, limit: 100))\" is not a host name (non-ASCII names are written in punycode)"
        }
    }
}

/// An absolute http(s) URL split the way the site and include checks need it.
struct ParsedHTTPURL: Sendable {
    var site: AssetLinksSite
    /// The host as written (case kept, trailing dot kept).
    var writtenHost: String
    var hasUserInfo: Bool
    /// Everything after the authority: path, query and fragment, as written.
    var rest: Substring

    /// Most characters of a URL read; longer text is a defect, not a long walk.
    static let maxLength = 8_192

    static func parse(_ text: String) -> Result<ParsedHTTPURL, SiteDefect> {
        guard text.utf8.count <= maxLength else { return .failure(.badHost(text, host: String(text.prefix(40)) + "…")) }
        // A scheme is letters first, then letters, digits, + - . up to a colon that comes
        // before any / ? #.
        guard let colon = text.firstIndex(of: ":"),
              !text[..<colon].isEmpty,
              text[..<colon].first!.isASCII && text[..<colon].first!.isLetter,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return .failure(.noScheme(text)) }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return .failure(.nonHTTPScheme(text)) }
        let afterColon = text[text.index(after: colon)...]
        guard afterColon.hasPrefix("//") else { return .failure(.noScheme(text)) }
        let authorityStart = afterColon.index(afterColon.startIndex, offsetBy: 2)
        let authorityEnd = afterColon[authorityStart...].firstIndex(where: { "/?#\\".contains($0) }) ?? afterColon.endIndex
        var authority = afterColon[authorityStart..<authorityEnd]
        var userInfo = false
        if let at = authority.lastIndex(of: "@") {
            userInfo = true
            authority = authority[authority.index(after: at)...]
        }
        var hostPart = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.badHost(text, host: String(authority))) }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty {
                return .failure(.badHost(text, host: String(authority)))
            }
        } else if let c = authority.lastIndex(of: ":") {
            hostPart = authority[..<c]
            portText = authority[authority.index(after: c)...]
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(portText), (1...65535).contains(value)
            else { return .failure(.badPort(text, port: String(portText))) }
            port = value
        }
        guard isHostName(hostPart) else { return .failure(.badHost(text, host: String(hostPart))) }
        let site = AssetLinksSite(scheme: scheme, host: String(hostPart), port: port)
        return .success(ParsedHTTPURL(site: site, writtenHost: String(hostPart), hasUserInfo: userInfo,
                                      rest: afterColon[authorityEnd...]))
    }

    /// Letters, digits, `-` and `_` in dot-separated labels of 1–63 characters, 253 in all, an
    /// optional trailing dot; or a bracketed IPv6 literal of hex digits, colons and dots.
    static func isHostName(_ host: Substring) -> Bool {
        if host.hasPrefix("[") {
            let inner = host.dropFirst().dropLast()
            return host.hasSuffix("]") && inner.count >= 2
                && inner.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }
        }
        var name = host
        if name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard (1...63).contains(label.utf8.count),
                  label.utf8.allSatisfy({ b in
                      (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
                  })
            else { return false }
        }
        return true
    }
}

/// An asset of Digital Asset Links: a web site, or an Android app with one signing certificate
/// (the API's `Asset`: `WebAsset` or `AndroidAppAsset` with one `CertificateInfo`).
public enum AssetLinksAsset: Hashable, Sendable, CustomStringConvertible {
    case web(AssetLinksSite)
    /// `packageName` as written; `fingerprint` upper-case colon hex (95 characters).
    case androidApp(packageName: String, fingerprint: String)

    public var description: String {
        switch self {
        case .web(let site): return site.origin
        case .androidApp(let p, let f): return "android_app \(p) \(f)"
        }
    }
}

/// The target of a statement as written: a site, or an app with every fingerprint the
/// statement lists (shorthand for one target per fingerprint, `details.md`).
public enum AssetTarget: Hashable, Sendable {
    case web(AssetLinksSite)
    case androidApp(AndroidAppTarget)

    /// One asset per fingerprint (a site is one asset).
    public var assets: [AssetLinksAsset] {
        switch self {
        case .web(let site): return [.web(site)]
        case .androidApp(let app): return app.fingerprints.map { .androidApp(packageName: app.packageName, fingerprint: $0) }
        }
    }
}

/// An `android_app` target: a package and the SHA-256 fingerprints of the certificates it may
/// be signed with (any one suffices, `comptest2302`).
public struct AndroidAppTarget: Hashable, Sendable {
    public var packageName: String
    /// Upper-case colon hex, each valid (§2.3), in file order.
    public var fingerprints: [String]

    public init(packageName: String, fingerprints: [String]) {
        self.packageName = packageName
        self.fingerprints = fingerprints
    }

    /// Same package and at least one common fingerprint (§2.7; AOSP `AndroidAppAssetMatcher`).
    public func matches(packageName other: String, fingerprints theirs: [String]) -> Bool {
        packageName == other && fingerprints.contains(where: theirs.contains)
    }
}
