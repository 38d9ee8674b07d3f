/// The example input of a DAL code (``CodeExample/custom(_:)``): a statement list validated as
/// `validate` does, a site's exchanges judged as `check --platform android` does (the main
/// file, its includes, the `HOST.` variant and robots.txt), or two versions of a list compared.
public struct AssetLinksExample: KindExample {
    public enum Input: Sendable {
        /// A local statement list.
        case list(String)
        /// A local statement list's raw bytes (for encodings a Swift string cannot hold).
        case bytes([UInt8])
        /// What a site served.
        case site(AssetLinksSiteExample)
        /// Two versions of a statement list, OLD then NEW.
        case diff(old: String, new: String)
    }

    public var input: Input

    public init(_ input: Input) { self.input = input }

    /// A local statement list.
    public static func list(_ text: String) -> CodeExample { .custom(AssetLinksExample(.list(text))) }
    /// What a site served.
    public static func site(_ example: AssetLinksSiteExample) -> CodeExample { .custom(AssetLinksExample(.site(example))) }
    /// Two versions of a list.
    public static func diff(old: String, new: String) -> CodeExample { .custom(AssetLinksExample(.diff(old: old, new: new))) }

    public var displayText: String {
        switch input {
        case .list(let text): return "# assetlinks.json\n" + text
        case .bytes(let b): return "# assetlinks.json (bytes)\n" + Hex.bytes(b.prefix(48)) + (b.count > 48 ? " …" : "")
        case .site(let s): return s.displayText
        case .diff(let old, let new): return "# OLD\n\(old)\n# NEW\n\(new)"
        }
    }

    public func run() -> [Diagnostic]? {
        switch input {
        case .list(let text): return AssetLinksValidator.validate(Array(text.utf8)).diagnostics
        case .bytes(let b): return AssetLinksValidator.validate(b).diagnostics
        case .site(let s): return s.run()
        case .diff(let old, let new): return AssetLinksDiff(oldFile: Array(old.utf8), newFile: Array(new.utf8)).diagnostics()
        }
    }
}

/// What one site served, for the examples of the serving and include codes.
public struct AssetLinksSiteExample: Sendable {
    public var host: String
    /// `https://HOST/.well-known/assetlinks.json`.
    public var main: HTTPExample
    /// The includes' exchanges, by URL; an include URL not listed answers 404.
    public var includes: [HTTPExample]
    /// `https://HOST./.well-known/assetlinks.json`, when fetched.
    public var trailingDot: HTTPExample?
    /// `https://HOST/robots.txt`, when fetched.
    public var robots: HTTPExample?
    /// The main file's response time, in milliseconds.
    public var timeMs: Double?

    public init(host: String = "example.com", main: HTTPExample, includes: [HTTPExample] = [],
                trailingDot: HTTPExample? = nil, robots: HTTPExample? = nil, timeMs: Double? = nil) {
        self.host = host
        self.main = main
        self.includes = includes
        self.trailingDot = trailingDot
        self.robots = robots
        self.timeMs = timeMs
    }

    /// The main file served with status 200 as `application/json`.
    public static func serving(_ body: String, host: String = "example.com") -> AssetLinksSiteExample {
        AssetLinksSiteExample(host: host, main: .assetLinks(body, host: host))
    }

    var displayText: String {
        var parts = [main.displayText]
        parts += includes.map(\.displayText)
        if let trailingDot { parts.append(trailingDot.displayText) }
        if let robots { parts.append(robots.displayText) }
        if let timeMs { parts.insert("# the main file took \(Int(timeMs)) ms", at: 1) }
        return parts.joined(separator: "\n\n")
    }

    func run() -> [Diagnostic] {
        var main = self.main.record
        main.timeMs = timeMs
        let site = AssetLinksSite(scheme: "https", host: host)
        let resolver = IncludeResolver(site: site, main: main)
        let table = Dictionary(includes.map { (IncludeResolver.normalized($0.url) ?? $0.url, $0.record) }, uniquingKeysWith: { a, _ in a })
        let resolved = IncludeResolver.resolve(resolver) { url in
            table[url] ?? FetchRecord(url: url, status: 404, statusLine: "HTTP/1.1 404 Not Found",
                                      headers: [HTTPHeader("Content-Type", "text/html")], body: Array("Not Found".utf8))
        }
        var out = resolved.diagnostics
        if let trailingDot { out += AssetLinksServing.compareTrailingDot(host: host, plain: main, dotted: trailingDot.record) }
        if let robots { out += AssetLinksServing.judgeRobots(host: host, robots.record) }
        return out
    }
}

extension HTTPExample {
    /// `https://HOST/.well-known/assetlinks.json` (or `url`) answering `body` with 200 and
    /// `application/json`.
    public static func assetLinks(_ body: String, host: String = "example.com", url: String? = nil, status: Int = 200,
                                  headers: [(String, String)] = [("Content-Type", "application/json")]) -> HTTPExample {
        HTTPExample(url: url ?? "https://\(host)\(AssetLinksFetchPlan.path)", status: status, headers: headers, body: body,
                    userAgent: AssetLinksFetchPlan.defaultUserAgent)
    }
}
