/// What to fetch for one host's statement list and how, as data the network layer runs (spec
/// `assetlinks-reference.md` §1: "Fetching policy for the tool itself").
public struct AssetLinksFetchPlan: Sendable, Hashable {
    /// The statement list's path on every site (`details.md`).
    public static let path = "/.well-known/assetlinks.json"
    /// The robots.txt path.
    public static let robotsPath = "/robots.txt"
    /// Most decoded bytes read: the 1 MiB limit plus one, so "over the limit" is known (§1).
    public static let readLimit = StatementListParser.maxBytes + 1
    /// Most bytes of robots.txt read (RFC 9309's parsing limit).
    public static let robotsReadLimit = RobotsTxt.maxBytes
    /// Connect time limit, seconds (as for Apple's file).
    public static let connectTimeoutSeconds = 10
    /// Total time limit per request, seconds (configurable with `--timeout`).
    public static let totalTimeoutSeconds = 30
    /// A response slower than this is a warning (DAL108): AOSP gives up after 5 s to connect
    /// and 5 s to read (`StatementRetriever.kt`); Google's limit is unpublished.
    public static let slowMilliseconds = 5_000.0
    /// Fetches per host, the main file included, before includes stop (DAL112; policy, §2.5:
    /// Google's budget is unpublished).
    public static let fetchBudget = 10
    /// Redirects are never followed (§1; `details.md`: 30x not followed for includes either).
    public static let followsRedirects = false
    /// TLS is always verified (§1).
    public static let verifiesTLS = true
    /// Google's fetcher's user agent is unpublished (§1, unknown): an ordinary, honest one is
    /// sent; `--user-agent` replaces it.
    public static let defaultUserAgent = "Mozilla/5.0 (compatible; aasa-check; Digital Asset Links check)"

    /// What one request is for.
    public enum Role: String, Sendable, Hashable, Codable {
        /// `https://HOST/.well-known/assetlinks.json`, the file judged.
        case statementList = "statement-list"
        /// The same URL with the host fully qualified (`HOST.`): must serve the same (§1, DAL109).
        case trailingDotHost = "trailing-dot-host"
        /// `https://HOST/robots.txt`: must not disallow the file (§1, DAL110).
        case robots
    }

    /// One request of the plan.
    public struct Request: Sendable, Hashable {
        public var role: Role
        public var url: String
        /// Most decoded bytes to keep (read one more to know a body is over).
        public var readLimit: Int
    }

    /// The host whose file is fetched (lower case; for `*.example.com`, `example.com`).
    public let host: String
    /// The requests, in the order to make them (the main file first).
    public let requests: [Request]

    /// The plan for a host as an intent filter names it (`*.` wildcards use the apex's file, §4.4).
    public init(host: String) {
        let host = AssetLinksFetchPlan.fileHost(forManifestHost: host)
        self.host = host
        requests = [
            Request(role: .statementList, url: "https://\(host)\(AssetLinksFetchPlan.path)", readLimit: AssetLinksFetchPlan.readLimit),
            Request(role: .trailingDotHost, url: "https://\(host).\(AssetLinksFetchPlan.path)", readLimit: AssetLinksFetchPlan.readLimit),
            Request(role: .robots, url: "https://\(host)\(AssetLinksFetchPlan.robotsPath)", readLimit: AssetLinksFetchPlan.robotsReadLimit),
        ]
    }

    /// The host whose file verifies a manifest host: `*.example.com` ⇒ `example.com`
    /// (documented, verify-android-applinks; AOSP `StatementUtils.kt`), lower case, no
    /// trailing dot.
    public static func fileHost(forManifestHost host: String) -> String {
        var h = host.lowercased()
        if h.hasPrefix("*.") { h.removeFirst(2) }
        if h.hasSuffix(".") { h.removeLast() }
        return h
    }
}

/// What the serving judge concluded about one fetched statement list.
public struct ServingVerdict: Sendable {
    /// Findings about how the file was served (DAL101–DAL105, DAL106 for a cut body, DAL108).
    public var diagnostics: [Diagnostic]
    /// The body to read as a statement list; `nil` when Google would read nothing (a fetch
    /// error, a redirect, a status other than 200, the wrong type, a body over the limit).
    public var body: [UInt8]?
}

/// Judges how a statement list was served, from a recorded exchange (spec
/// `assetlinks-reference.md` §1; codes DAL101–DAL110). Pure: it reads ``FetchRecord``s.
public enum AssetLinksServing {
    /// Judges one fetch of a statement list (the main file or an include).
    /// - Parameters:
    ///   - record: the exchange.
    ///   - fileLabel: what findings carry in ``Diagnostic/file`` (an include's URL; `nil` for
    ///     the main file).
    public static func judge(_ record: FetchRecord, fileLabel: String? = nil) -> ServingVerdict {
        var found: [Diagnostic] = []
        let url = NetworkText.escape(record.url)
        func add(_ code: DiagnosticCode, _ message: String, hint: String? = nil, google: DALErrorCode? = nil) {
            found.append(Diagnostic(code: code, message: message, hint: hint, file: fileLabel, dalErrorCode: google?.rawValue))
        }
        if let error = record.error {
            let curl = HostingJudge.curlWords(error)
            if error.kind.isTLS {
                add(.dal102, "TLS failed for \(url): \(error.kind.phrase) (\(curl))",
                    hint: "Serve a certificate chain that public roots trust, for this exact host, not expired; Google's fetcher always verifies it.",
                    google: .failedSSLValidation)
            } else {
                add(.dal101, "\(url) could not be fetched: \(error.kind.phrase) (\(curl))",
                    hint: reachHint(error.kind), google: .fetchError)
            }
            return ServingVerdict(diagnostics: found, body: nil)
        }
        let status = record.status ?? 0
        let statusLine = NetworkText.escape(record.statusLine ?? "HTTP \(status)")
        if (300..<400).contains(status) {
            let location = record.header("location").map { NetworkText.escape($0) } ?? "(no Location header)"
            add(.dal103, "\(url) answered \(statusLine) → \(location); redirects are never followed, so verification fails",
                hint: "Serve the file with status 200 at this exact URL; exclude /.well-known/assetlinks.json from http→https, apex→www and trailing-slash redirects.",
                google: .redirect)
            return ServingVerdict(diagnostics: found, body: nil)
        }
        guard status == 200 else {
            add(.dal104, "\(url) answered \(statusLine), not 200: the statement list is empty",
                hint: status != 404 && status != 410 ? "The file URL must answer 200 to every client, Google's fetcher included."
                    : fileLabel == nil ? "Deploy the file at /.well-known/assetlinks.json on this host."
                    : "Serve the included file at this URL, or correct the include statement that names it.",
                google: .fetchError)
            return ServingVerdict(diagnostics: found, body: nil)
        }
        if let ms = record.timeMs, ms > AssetLinksFetchPlan.slowMilliseconds {
            add(.dal108, "\(url) took \(Int(ms.rounded())) ms; Android's reference verifier gives up after 5 s (Google's limit is unpublished)",
                hint: "Serve the file from a cache or a static host close to the edge.")
        }
        if record.mediaType != "application/json" {
            let shown = record.header("content-type").map { NetworkText.escape($0) } ?? "missing"
            add(.dal105, "Content-Type of \(url) is \(shown), not application/json; Google does not read it",
                hint: "Serve the file as application/json (a MIME type for .json, or a header rule for this path).",
                google: .wrongContentType)
            return ServingVerdict(diagnostics: found, body: nil)
        }
        if record.truncated {
            add(.dal106, "the body of \(url) is larger than \(StatementListParser.maxBytes) decoded bytes (reading stopped after \(record.body.count)); it is not read",
                hint: "Split it with include statements, or remove what no app needs; Android's reference verifier reads at most 1 MiB.",
                google: .tooLarge)
            return ServingVerdict(diagnostics: found, body: nil)
        }
        return ServingVerdict(diagnostics: found, body: record.body)
    }

    static func reachHint(_ kind: FetchErrorKind) -> String {
        switch kind {
        case .dns: return "Check the host's DNS records (A/AAAA) and the spelling of the host."
        case .timeout: return "Make the server answer quickly to every client; verifiers give up on slow hosts."
        case .refused, .unreachable: return "Make the host accept HTTPS connections on port 443 from the internet."
        default: return "Make the file URL answer 200 over HTTPS to every client."
        }
    }

    /// DAL109: `https://HOST./…` (the host fully qualified) must serve what `https://HOST/…`
    /// serves — status, media type and statements (documented, troubleshoot).
    public static func compareTrailingDot(host: String, plain: FetchRecord, dotted: FetchRecord) -> [Diagnostic] {
        func summary(_ r: FetchRecord) -> String {
            if let e = r.error { return e.kind.phrase }
            return (r.statusLine.map { NetworkText.escape($0) } ?? "HTTP \(r.status ?? 0)") + ", " + (r.mediaType ?? "no Content-Type")
        }
        var differences: [String] = []
        if plain.error != nil || dotted.error != nil || plain.status != dotted.status || plain.mediaType != dotted.mediaType {
            differences.append("\(host): \(summary(plain)); \(host).: \(summary(dotted))")
        } else if plain.isOK && dotted.isOK && plain.body != dotted.body {
            let site = AssetLinksSite(scheme: "https", host: host)
            let a = Set(StatementListParser.parse(plain.body, url: plain.url).statements.flatMap { ListedStatement.entries($0, source: .web(site)) })
            let b = Set(StatementListParser.parse(dotted.body, url: dotted.url).statements.flatMap { ListedStatement.entries($0, source: .web(site)) })
            if a != b {
                let only = a.subtracting(b).count, dotted = b.subtracting(a).count
                differences.append("the two lists differ: \(only) statement\(only == 1 ? "" : "s") only on \(host), \(dotted) only on \(host).")
            }
        }
        guard let difference = differences.first else { return [] }
        return [Diagnostic(code: .dal109, message: "\(NetworkText.escape(dotted.url)) does not serve what \(NetworkText.escape(plain.url)) serves: \(difference)",
                           hint: "Configure the server (and the CDN) to answer the fully qualified name \(host). like \(host); Android may fetch either.")]
    }

    /// DAL110: a robots.txt group whose rules disallow `/.well-known/assetlinks.json`
    /// (documented for Credential Manager; RFC 9309 matching: the longest matching rule wins,
    /// `Allow` on a tie). Only a robots.txt served with 200 is read.
    public static func judgeRobots(host: String, _ record: FetchRecord) -> [Diagnostic] {
        guard record.isOK else { return [] }
        var blocked: [String] = []
        for group in RobotsTxt.groups(record.body) {
            guard let rule = RobotsTxt.decidingRule(for: AssetLinksFetchPlan.path, in: group), !rule.allow else { continue }
            let agents = group.userAgents.map { SafeText.escape($0, limit: 60) }.joined(separator: ", ")
            blocked.append("`Disallow: \(SafeText.escape(rule.pattern, limit: 80))` (line \(rule.line)) for \(agents)")
        }
        guard !blocked.isEmpty else { return [] }
        return [Diagnostic(code: .dal110, message: "https://\(host)\(AssetLinksFetchPlan.robotsPath) disallows \(AssetLinksFetchPlan.path): " + blocked.prefix(5).joined(separator: "; ") + (blocked.count > 5 ? "; …" : ""),
                           hint: "Add `Allow: /.well-known/` to those groups (or narrow the Disallow): Credential Manager and some verifiers honour robots.txt.")]
    }
}
