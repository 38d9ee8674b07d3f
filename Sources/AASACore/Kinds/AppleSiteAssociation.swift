/// Apple's `apple-app-site-association`, the first document kind (spec `aasa-reference.md`).
///
/// Plan: the `.well-known` file as Apple's fetcher asks for it (then the host's addresses),
/// Apple's CDN copy unless it is skipped; after a failing answer, the legacy root path when
/// the file URL answered with a status other than 200, and the file URL again as a browser
/// when Apple's fetcher looks refused (``HostingJudge/shouldProbeLegacy(_:)``,
/// ``HostingJudge/shouldRetryAsBrowser(_:)``). At most four requests.
///
/// Judgement: hosting (``HostingJudge``), the served file's validation, the CDN copy
/// (``DeployedFile``); the model is the ``DeployedFile``.
public enum AppleSiteAssociation: DocumentKind {
    public static let id = "aasa"
    public static let fileName = "apple-app-site-association"
    public static let codePrefix = "AASA"
    public static let wellKnownPath = HostingJudge.wellKnownPath
    public static let platform = "ios"

    /// Roles of its requests, as reports name them.
    public enum Role {
        public static let origin = "origin", cdn = "cdn", legacy = "legacy", browser = "browser"
    }

    /// A JSON object at the top level (after white space or a byte order mark), or a file
    /// named `apple-app-site-association` (`.json` allowed).
    public static func recognizes(_ bytes: [UInt8], name: String?) -> Bool {
        if let name, name.lowercased().hasSuffix(fileName) || name.lowercased().hasSuffix(fileName + ".json") { return true }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "{")
    }

    public static func plan(for host: HostContext) -> any FetchPlan { Plan(host: host) }

    struct Plan: FetchPlan {
        let host: HostContext

        mutating func start() -> [PlannedRequest] {
            var out = [PlannedRequest(url: fileURL(for: host.host), role: Role.origin, looksUpAddresses: true)]
            if host.cdnSkipped == nil {
                let url = CDNJudge.url(base: host.cdnBase, domain: host.host)
                out.append(PlannedRequest(url: url, role: Role.cdn, agent: .appleFetcher,
                                          plainHTTP: url.lowercased().hasPrefix("http:"), throughCDN: true))
            }
            return out
        }

        mutating func received(_ record: FetchRecord, for request: PlannedRequest) -> [PlannedRequest] {
            guard request.role == Role.origin else { return [] }
            var out: [PlannedRequest] = []
            if HostingJudge.shouldProbeLegacy(record) {
                out.append(PlannedRequest(url: HostingJudge.legacyURL(for: host.host), role: Role.legacy))
            }
            if HostingJudge.shouldRetryAsBrowser(record) {
                out.append(PlannedRequest(url: fileURL(for: host.host), role: Role.browser, agent: .browser))
            }
            return out
        }
    }

    /// What failed to come back for the file URL is recorded as this (the pipeline gave up).
    public static let givenUp = FetchError(kind: .other, message: "no answer within the time limit; the request was given up")

    public static func judge(_ exchanges: [PlannedExchange], host: HostContext) -> KindJudgement {
        let deployed = deployedFile(exchanges, host: host)
        return KindJudgement(diagnostics: deployed.hosting.diagnostics + deployed.cdnFindings(skipped: host.cdnSkipped),
                             model: deployed)
    }

    /// The exchanges of one host as a ``DeployedFile``.
    public static func deployedFile(_ exchanges: [PlannedExchange], host: HostContext) -> DeployedFile {
        func record(_ role: String) -> FetchRecord? { exchanges.last { $0.request.role == role }?.record }
        let origin = record(Role.origin) ?? FetchRecord(url: fileURL(for: host.host), error: givenUp)
        // When the lookup found nothing, the address libcurl connected to stands in.
        let fetches = DomainFetches(domain: host.host, origin: origin, legacy: record(Role.legacy), browser: record(Role.browser),
                                    addresses: host.addresses, connectionRedirected: host.connectionRedirected,
                                    plainHTTPRequested: host.plainHTTPRequested, alternateMode: host.mode != nil)
        return DeployedFile(host: host.host, hosting: HostingJudge.judge(fetches), cdn: record(Role.cdn))
    }
}
