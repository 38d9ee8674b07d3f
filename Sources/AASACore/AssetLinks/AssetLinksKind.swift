/// Android's `assetlinks.json`, the Digital Asset Links statement list, as a document kind
/// (spec `assetlinks-reference.md` §1, §2.5; issue 23).
///
/// Plan (``AssetLinksFetchPlan``): `https://HOST/.well-known/assetlinks.json` (then the host's
/// addresses), the same URL with the host fully qualified (`HOST.`, DAL109), and
/// `https://HOST/robots.txt` (DAL110); once the file answers, the includes an
/// ``IncludeResolver`` asks for, level by level, within its budget (DAL112), never an `http`
/// include under a secure file (DAL111). The network layer sends the trailing-dot request where
/// `HOST` goes, on its connection, with `Host: HOST.` (`HTTPRequest.connectionForm`; a
/// `--connect-to` entry for `HOST` applies to `HOST.`, unless one names `HOST.` itself).
/// At most 3 + ``AssetLinksFetchPlan/fetchBudget`` − 1 requests.
///
/// Judgement: each file as Google's fetcher judges it (``AssetLinksServing``), the statements
/// as Google parses them (``StatementListParser``), the checks across statements
/// (``AssetLinksCrossChecks``), the trailing-dot comparison and robots.txt. The model is the
/// ``ResolvedStatementList`` (the statement list after includes).
public enum AssetLinksKind: DocumentKind {
    public static let id = "assetlinks"
    public static let fileName = "assetlinks.json"
    public static let codePrefix = "DAL"
    public static let wellKnownPath = AssetLinksFetchPlan.path
    public static let platform = "android"

    /// Roles of its requests, as reports name them (`fetches[].source`).
    public enum Role {
        /// The statement list judged.
        public static let statementList = AssetLinksFetchPlan.Role.statementList.rawValue
        /// The same URL with the host fully qualified.
        public static let trailingDotHost = AssetLinksFetchPlan.Role.trailingDotHost.rawValue
        /// `/robots.txt`.
        public static let robots = AssetLinksFetchPlan.Role.robots.rawValue
        /// A file an `include` statement names.
        public static let include = "include"
    }

    /// A JSON array at the top level (after white space or a byte order mark), or a file named
    /// `assetlinks.json`.
    public static func recognizes(_ bytes: [UInt8], name: String?) -> Bool {
        if let name, name.lowercased().hasSuffix(fileName) { return true }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "[")
    }

    public static func plan(for host: HostContext) -> any FetchPlan { Plan(host: host) }

    /// How findings about the main file name it: `HOST/.well-known/assetlinks.json`.
    public static func fileLabel(for host: String) -> String { "\(host)\(wellKnownPath)" }

    /// What failed to come back for a URL is recorded as this (the pipeline gave up).
    public static let givenUp = FetchError(kind: .other, message: "no answer within the time limit; the request was given up")

    struct Plan: FetchPlan {
        let host: HostContext
        var resolver: IncludeResolver?
        var asked: Set<String> = []

        init(host: HostContext) { self.host = host }

        private var agent: PlannedRequest.Agent { .custom(host.userAgent ?? AssetLinksFetchPlan.defaultUserAgent) }

        mutating func start() -> [PlannedRequest] {
            let plan = AssetLinksFetchPlan(host: host.host)
            var out: [PlannedRequest] = []
            for request in plan.requests {
                switch request.role {
                case .statementList:
                    out.append(PlannedRequest(url: request.url, role: Role.statementList, agent: agent,
                                              maxBodyBytes: request.readLimit, looksUpAddresses: true))
                case .trailingDotHost:
                    out.append(PlannedRequest(url: request.url, role: Role.trailingDotHost, agent: agent, maxBodyBytes: request.readLimit))
                case .robots:
                    out.append(PlannedRequest(url: request.url, role: Role.robots, agent: agent, maxBodyBytes: request.readLimit))
                }
            }
            return out
        }

        mutating func received(_ record: FetchRecord, for request: PlannedRequest) -> [PlannedRequest] {
            switch request.role {
            case Role.statementList:
                // Only the includes matter here; the judgement parses the file anyway.
                guard StatementListParser.mayInclude(record.body) else { return [] }
                resolver = IncludeResolver(site: AssetLinksKind.site(host), main: record)
            case Role.include:
                resolver?.feed(record)
            default:
                return []
            }
            guard let resolver else { return [] }
            var out: [PlannedRequest] = []
            for url in resolver.pending where asked.insert(url).inserted {
                out.append(PlannedRequest(url: url, role: Role.include, agent: agent, maxBodyBytes: AssetLinksFetchPlan.readLimit,
                                          plainHTTP: url.hasPrefix("http:")))
            }
            return out
        }
    }

    /// The site whose list is judged: `https://HOST` (App Links verification always fetches
    /// over HTTPS, §1).
    static func site(_ host: HostContext) -> AssetLinksSite { AssetLinksSite(scheme: "https", host: host.host) }

    public static func judge(_ exchanges: [PlannedExchange], host: HostContext) -> KindJudgement {
        let resolved = resolvedList(exchanges, host: host)
        func record(_ role: String) -> FetchRecord? { exchanges.last { $0.request.role == role }?.record }
        var diagnostics = resolved.diagnostics
        if let dotted = record(Role.trailingDotHost), let main = resolved.records.first, main.error == nil {
            diagnostics += AssetLinksServing.compareTrailingDot(host: host.host, plain: main, dotted: dotted)
        }
        if let robots = record(Role.robots) {
            diagnostics += AssetLinksServing.judgeRobots(host: host.host, robots)
        }
        return KindJudgement(diagnostics: diagnostics.attributed(target: host.host, source: .origin, file: fileLabel(for: host.host)),
                             model: resolved)
    }

    /// The statement list of one host after includes, from its exchanges: the main file's
    /// (a given-up request when it never came back), then each include the resolver asks for,
    /// wave by wave, in file order (an include never answered is a given-up request).
    public static func resolvedList(_ exchanges: [PlannedExchange], host: HostContext) -> ResolvedStatementList {
        let site = site(host)
        let main = exchanges.last { $0.request.role == Role.statementList }?.record
            ?? FetchRecord(url: site.statementListURL, error: givenUp)
        let includes = exchanges.filter { $0.request.role == Role.include }
        return IncludeResolver.resolve(IncludeResolver(site: site, main: main)) { url in
            includes.last { $0.request.url == url || $0.record.url == url }?.record ?? FetchRecord(url: url, error: givenUp)
        }
    }
}
