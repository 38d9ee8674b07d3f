/// The seam of the document kinds (issue 21): what a kind of association file is — where it
/// lives, how it is fetched, how it is judged, which codes name its findings — behind one
/// protocol, so that a kind lands as one Core folder and one line in ``DocumentKinds/all``.
///
/// Apple's `apple-app-site-association` is the first kind (``AppleSiteAssociation``).
/// Android's `assetlinks.json` (spec `assetlinks-reference.md`) and `/.well-known/webauthn`
/// (spec `webauthn-reference.md`) are the next.
///
/// A kind is pure: it plans requests and judges recorded exchanges; the network layer runs the
/// plan (`check`'s domain pipeline, with its concurrency, rate and time limits) and never
/// follows a redirect itself — a kind that follows redirects (webauthn) plans the next hop.
public protocol DocumentKind: Sendable {
    /// `aasa`, `assetlinks`, `webauthn`: the `--kind` value and the `kind` of JSON sections.
    static var id: String { get }
    /// The file as people name it: `apple-app-site-association`, `assetlinks.json`.
    static var fileName: String { get }
    /// The prefix of its codes (`AASA`, `DAL`, `WAN`; spec `diagnostics.md`).
    static var codePrefix: String { get }
    /// `/.well-known/apple-app-site-association`, …
    static var wellKnownPath: String { get }
    /// Which platform reads it, for the sections of a report (`ios`, `android`, `web`).
    static var platform: String { get }

    /// Whether a local file's bytes look like this kind (a JSON array is a statement list);
    /// `--kind` overrides. `name` is the file's name, when it has one.
    static func recognizes(_ bytes: [UInt8], name: String?) -> Bool

    /// The plan of requests for one host (``FetchPlan``).
    static func plan(for host: HostContext) -> any FetchPlan

    /// Judges the exchanges its plan made for one host: findings (attributed to the host) and
    /// the kind's own model of what was served, for the commands that ask more of it.
    static func judge(_ exchanges: [PlannedExchange], host: HostContext) -> KindJudgement
}

extension DocumentKind {
    /// `https://HOST/.well-known/…`.
    public static func fileURL(for host: String) -> String { "https://\(host)\(wellKnownPath)" }
}

/// What a kind knows about the host it plans for and judges.
public struct HostContext: Sendable {
    /// The host, lowercased, without `*.`.
    public var host: String
    /// The domain's mode (`developer`, `managed`), when given: devices fetch its file directly.
    public var mode: String?
    /// The domain was given with `http://`.
    public var plainHTTPRequested: Bool
    /// The user sends the connection elsewhere (`--connect-to`): addresses are their choice.
    public var connectionRedirected: Bool
    /// Apple's CDN base (`--cdn-base`), and why the CDN is not asked when it is not
    /// (`--no-cdn`, a mode, `--origin`).
    public var cdnBase: String
    public var cdnSkipped: String?
    /// The host's addresses, when the pipeline looked them up (filled in before ``judge``).
    public var addresses: [String]?
    /// `--user-agent` when given (a kind that sends its own user agent lets it win).
    public var userAgent: String?

    public init(host: String, mode: String? = nil, plainHTTPRequested: Bool = false, connectionRedirected: Bool = false,
                cdnBase: String = CDNJudge.defaultBase, cdnSkipped: String? = nil, addresses: [String]? = nil,
                userAgent: String? = nil) {
        self.userAgent = userAgent
        self.host = host
        self.mode = mode
        self.plainHTTPRequested = plainHTTPRequested
        self.connectionRedirected = connectionRedirected
        self.cdnBase = cdnBase
        self.cdnSkipped = cdnSkipped
        self.addresses = addresses
    }
}

/// One request a kind asks for. The network layer adds the run's settings (`--connect-to`,
/// `--cacert`, time limits) and never follows redirects.
public struct PlannedRequest: Sendable, Hashable {
    /// Which `User-Agent` to send.
    public enum Agent: Sendable, Hashable {
        /// The run's (`--user-agent`, default Apple's fetcher's).
        case run
        /// Apple's fetcher's (`AASA-Bot/1.0.0`), whatever `--user-agent` says (the CDN).
        case appleFetcher
        /// A desktop browser's (to tell bot blocking).
        case browser
        /// This one.
        case custom(String)
    }

    /// Absolute `https://` URL (`http://` with ``plainHTTP``).
    public var url: String
    /// Why it is made, as reports name it (`origin`, `cdn`, `legacy`, `browser`, …).
    public var role: String
    public var agent: Agent
    /// Most decoded body bytes read (the kind's limit + 1).
    public var maxBodyBytes: Int
    /// Allow `http://` (only a kind's explicit choice: Apple's CDN base, an `http` include).
    public var plainHTTP: Bool
    /// A request to Apple's CDN: at most `--cdn-concurrency` of them are in flight.
    public var throughCDN: Bool
    /// Look the host's addresses up once this request is answered (unless the answer shows
    /// the name does not resolve, or the connection is sent elsewhere).
    public var looksUpAddresses: Bool

    public init(url: String, role: String, agent: Agent = .run, maxBodyBytes: Int = 131_072 + 1, plainHTTP: Bool = false,
                throughCDN: Bool = false, looksUpAddresses: Bool = false) {
        self.url = url
        self.role = role
        self.agent = agent
        self.maxBodyBytes = maxBodyBytes
        self.plainHTTP = plainHTTP
        self.throughCDN = throughCDN
        self.looksUpAddresses = looksUpAddresses
    }
}

/// A planned request and its answer.
public struct PlannedExchange: Sendable {
    public var request: PlannedRequest
    public var record: FetchRecord

    public init(_ request: PlannedRequest, _ record: FetchRecord) {
        self.request = request
        self.record = record
    }
}

/// The requests a kind makes for one host: the first ones, then follow-ups as answers arrive
/// (a legacy path after a failure, an include named by a statement list, the next hop of a
/// redirect). Every plan ends: each call returns finitely many requests, and a plan bounds
/// how many it makes in all (its kind's budget).
public protocol FetchPlan: Sendable {
    /// The requests to make first.
    mutating func start() -> [PlannedRequest]
    /// `record` answers `request`: the requests to make next, if any.
    mutating func received(_ record: FetchRecord, for request: PlannedRequest) -> [PlannedRequest]
}

/// What a kind concluded about one host.
public struct KindJudgement: Sendable {
    /// The findings, attributed (target, source).
    public var diagnostics: [Diagnostic]
    /// The kind's model of what was served (``AppleSiteAssociation``: a ``DeployedFile``),
    /// for the commands that ask more of it; `nil` when nothing was read.
    public var model: (any Sendable)?

    public init(diagnostics: [Diagnostic], model: (any Sendable)? = nil) {
        self.diagnostics = diagnostics
        self.model = model
    }
}

/// The kinds this build knows, Apple's first. A new kind is a Core folder and one line here.
public enum DocumentKinds {
    public static let all: [any DocumentKind.Type] = [
        AppleSiteAssociation.self,
        AssetLinksKind.self,
        WebAuthnKind.self,
    ]

    /// The kind of `id` (`aasa`, `assetlinks`, `webauthn`), or `nil`.
    public static func kind(_ id: String) -> (any DocumentKind.Type)? { all.first { $0.id == id } }

    /// The kind a local file is, else Apple's: by its name first (`.well-known/webauthn` is
    /// webauthn whatever its content; a kind given no bytes answers by the name alone), then by
    /// its content, the narrowest claim first (a webauthn file's first member, a statement
    /// list's array, then any JSON object).
    public static func recognize(_ bytes: [UInt8], name: String?) -> any DocumentKind.Type {
        if let name, let named = all.first(where: { $0.recognizes([], name: name) }) { return named }
        return all.reversed().first { $0.recognizes(bytes, name: nil) } ?? AppleSiteAssociation.self
    }
}
