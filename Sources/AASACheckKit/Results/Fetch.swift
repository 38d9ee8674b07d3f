import AASACore
import AASANet

/// One HTTP exchange made by the run, as reports show it (spec `cli.md`, `fetches`): what was
/// asked and what came back, without the body.
public struct Fetch: Sendable {
    /// Why the request was made.
    public enum Role: String, Sendable {
        /// The file URL, as Apple's fetcher asks for it.
        case origin
        /// The legacy root path `/apple-app-site-association`.
        case legacy
        /// The file URL again as a browser (to tell bot blocking, AASA109).
        case browser
        /// Apple's CDN copy.
        case cdn
        /// A sitemap or sitemap index (`coverage`).
        case sitemap
        /// The site's robots.txt, for its `Sitemap:` lines (`coverage`).
        case robots
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
