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
    }

    /// The domain the request was for.
    public var target: String
    /// `origin` or `cdn`.
    public var source: DiagnosticSource
    public var role: Role
    public var url: String
    public var userAgent: String
    /// HTTP status, `nil` when no response arrived (see ``error``).
    public var status: Int?
    public var statusLine: String?
    /// Response headers, names lowercased, in the order received; a repeated header keeps
    /// its last value, in the place of that value.
    public var headers: [(name: String, value: String)]
    /// Decoded body bytes read.
    public var bytes: Int
    /// More decoded bytes arrived than were read (``bytes`` is the cap + 1).
    public var truncated: Bool
    public var contentEncoding: String?
    /// Body bytes on the wire, before decoding, when known.
    public var wireBytes: Int?
    /// The address connected to.
    public var primaryIP: String?
    /// Total time of the transfer in milliseconds, when known.
    public var timeMs: Double?
    /// The transport failure, when no usable response arrived.
    public var error: FetchError?

    /// The last value of header `name` (lowercase), or `nil`.
    public func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }

    /// The exchange of `record`, made for `target` in `role`.
    public init(_ record: FetchRecord, target: String, role: Role) {
        self.target = target
        source = role == .cdn ? .cdn : .origin
        self.role = role
        url = record.url
        userAgent = record.userAgent
        status = record.status
        statusLine = record.statusLine
        var headers: [(name: String, value: String)] = []
        for h in record.headers {
            let name = h.name.lowercased()
            if let i = headers.firstIndex(where: { $0.name == name }) { headers.remove(at: i) }
            headers.append((name, h.value))
        }
        self.headers = headers
        bytes = record.body.count
        truncated = record.truncated
        contentEncoding = record.contentEncoding
        wireBytes = record.wireBytes
        primaryIP = record.primaryIP
        timeMs = record.timeMs
        error = record.error
    }

    /// Whether it was made with another user agent than Apple's fetcher's.
    public var asBrowser: Bool { userAgent != HTTPRequest.appleFetcherUserAgent }
}
