import AASACore
import AASANet

/// One HTTP exchange made by the run, as reports show it (spec `cli.md`, `fetches`): what was
/// asked and what came back, without the body.
public struct Fetch: Sendable {
    /// Why the request was made: a role of a document kind's plan (``PlannedRequest/role``)
    /// or of a command (`sitemap`, `robots`).
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The file URL, as Apple's fetcher asks for it.
        public static let origin = Role(rawValue: AppleSiteAssociation.Role.origin)
        /// The legacy root path `/apple-app-site-association`.
        public static let legacy = Role(rawValue: AppleSiteAssociation.Role.legacy)
        /// The file URL again as a browser (to tell bot blocking, AASA109).
        public static let browser = Role(rawValue: AppleSiteAssociation.Role.browser)
        /// Apple's CDN copy.
        public static let cdn = Role(rawValue: AppleSiteAssociation.Role.cdn)
        /// A sitemap or sitemap index (`coverage`).
        public static let sitemap = Role(rawValue: "sitemap")
        /// The site's robots.txt, for its `Sitemap:` lines (`coverage`).
        public static let robots = Role(rawValue: "robots")
    }

    /// The domain the request was for.
    public var target: String
    public var role: Role
    /// The exchange as made and answered, its body dropped (only ``bytes`` is kept).
    public var record: FetchRecord
    /// Decoded body bytes read: the cap + 1 when ``FetchRecord/truncated``.
    public var bytes: Int
    /// Response headers, names lowercased, in the order received; a repeated header keeps
    /// its last value, in the place of that value.
    public var headers: [(name: String, value: String)]

    /// `origin` or `cdn`.
    public var source: DiagnosticSource { role == .cdn ? .cdn : .origin }

    /// The last value of header `name` (lowercase), or `nil`.
    public func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }

    /// The exchange of `record`, made for `target` in `role`.
    public init(_ record: FetchRecord, target: String, role: Role) {
        self.target = target
        self.role = role
        bytes = record.body.count
        var headers: [(name: String, value: String)] = []
        for h in record.headers {
            let name = h.name.lowercased()
            if let i = headers.firstIndex(where: { $0.name == name }) { headers.remove(at: i) }
            headers.append((name, h.value))
        }
        self.headers = headers
        var record = record
        record.body = []
        self.record = record
    }

    /// Whether it was made with another user agent than Apple's fetcher's.
    public var asBrowser: Bool { record.userAgent != HTTPRequest.appleFetcherUserAgent }
}
