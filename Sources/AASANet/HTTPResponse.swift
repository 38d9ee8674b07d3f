import AASACore

/// Durations of one transfer's phases, in milliseconds from the start of the transfer
/// (libcurl's `CURLINFO_*_TIME_T`). A phase that did not happen is 0.
public struct HTTPTimings: Sendable, Hashable, Codable {
    /// Name resolution done.
    public var dnsMs: Double
    /// TCP connection established.
    public var connectMs: Double
    /// TLS handshake done.
    public var tlsMs: Double
    /// First byte of the response received.
    public var firstByteMs: Double
    /// Whole transfer, including any abort.
    public var totalMs: Double

    public init(dnsMs: Double = 0, connectMs: Double = 0, tlsMs: Double = 0, firstByteMs: Double = 0, totalMs: Double = 0) {
        self.dnsMs = dnsMs
        self.connectMs = connectMs
        self.tlsMs = tlsMs
        self.firstByteMs = firstByteMs
        self.totalMs = totalMs
    }
}

/// A response received in full, or up to ``HTTPRequest/maxBodyBytes`` of decoded body.
public struct HTTPResponse: Sendable, Hashable {
    /// The URL requested (redirects are never followed, so it is also the URL answered).
    public var url: String
    /// HTTP status code, such as 200.
    public var status: Int
    /// The status line as received for HTTP/1.x (`HTTP/1.1 404 Not Found`), or a synthesised
    /// `HTTP/2 404` for HTTP/2 and HTTP/3, which have no reason phrase.
    public var statusLine: String
    /// `HTTP/1.0`, `HTTP/1.1`, `HTTP/2` or `HTTP/3`.
    public var httpVersion: String
    /// Header fields of the final response in the order received (names as on the wire).
    /// At most ``HTTPClient/maxHeaderFields`` fields, each value at most
    /// ``HTTPClient/maxHeaderValueBytes`` bytes.
    public var headers: [HTTPHeader]
    /// The body after content decoding (gzip, br…), at most ``HTTPRequest/maxBodyBytes``.
    public var body: [UInt8]
    /// More decoded bytes arrived than ``HTTPRequest/maxBodyBytes``; the transfer was aborted
    /// and ``body`` holds the first `maxBodyBytes`.
    public var truncated: Bool
    /// The `Content-Encoding` the server used (`gzip`, `br`…), or `nil` for an identity body.
    public var contentEncoding: String?
    /// Body bytes received on the wire, before content decoding (`CURLINFO_SIZE_DOWNLOAD_T`).
    public var wireBytes: Int
    /// The address connected to (`CURLINFO_PRIMARY_IP`), IPv4 or IPv6 text.
    public var primaryIP: String?
    public var primaryPort: Int?
    public var timings: HTTPTimings

    public init(
        url: String, status: Int, statusLine: String, httpVersion: String, headers: [HTTPHeader],
        body: [UInt8], truncated: Bool, contentEncoding: String?, wireBytes: Int,
        primaryIP: String?, primaryPort: Int?, timings: HTTPTimings
    ) {
        self.url = url
        self.status = status
        self.statusLine = statusLine
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.truncated = truncated
        self.contentEncoding = contentEncoding
        self.wireBytes = wireBytes
        self.primaryIP = primaryIP
        self.primaryPort = primaryPort
        self.timings = timings
    }

    /// The last value of the header `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.last { $0.name.lowercased() == key }?.value
    }
}

/// What kind of transport failure happened; the core's ``FetchErrorKind``.
public typealias TransportErrorKind = FetchErrorKind

/// A transfer that produced no usable response.
public struct TransportError: Error, Sendable, Hashable {
    public var url: String
    /// libcurl's `CURLcode` value, such as 28.
    public var code: Int
    /// Its name, such as `CURLE_OPERATION_TIMEDOUT`.
    public var name: String
    /// libcurl's error buffer text (`CURLOPT_ERRORBUFFER`), or `curl_easy_strerror` when empty.
    public var message: String
    public var kind: TransportErrorKind
    /// The status of a response whose body was cut short by the failure, else `nil`.
    public var status: Int?
    public var primaryIP: String?
    public var timings: HTTPTimings

    public init(
        url: String, code: Int, name: String, message: String, kind: TransportErrorKind,
        status: Int? = nil, primaryIP: String? = nil, timings: HTTPTimings = HTTPTimings()
    ) {
        self.url = url
        self.code = code
        self.name = name
        self.message = message
        self.kind = kind
        self.status = status
        self.primaryIP = primaryIP
        self.timings = timings
    }
}

/// A response or a transport failure.
public enum FetchOutcome: Sendable, Hashable {
    case response(HTTPResponse)
    case failure(TransportError)

    public var response: HTTPResponse? {
        if case .response(let r) = self { return r }
        return nil
    }

    public var failure: TransportError? {
        if case .failure(let e) = self { return e }
        return nil
    }
}

/// The outcome of one request of a batch given to ``HTTPClient``.
public struct FetchResult: Sendable, Hashable {
    /// Position of the request in the array given to the client, or the tag its feed gave
    /// (``HTTPClient/run(concurrency:bell:next:onResult:)``).
    public var index: Int
    public var request: HTTPRequest
    public var outcome: FetchOutcome

    public init(index: Int, request: HTTPRequest, outcome: FetchOutcome) {
        self.index = index
        self.request = request
        self.outcome = outcome
    }
}

extension FetchRecord {
    /// The record the hosting judge reads, from a finished transfer.
    public init(_ result: FetchResult) {
        let request = result.request
        switch result.outcome {
        case .response(let r):
            self.init(
                url: r.url, userAgent: request.userAgent, status: r.status, statusLine: r.statusLine,
                headers: r.headers, body: r.body, truncated: r.truncated, contentEncoding: r.contentEncoding,
                wireBytes: r.wireBytes, primaryIP: r.primaryIP, timeMs: r.timings.totalMs)
        case .failure(let e):
            self.init(
                url: e.url, userAgent: request.userAgent, status: nil, primaryIP: e.primaryIP,
                timeMs: e.timings.totalMs,
                error: FetchError(kind: e.kind, code: e.code, name: e.name, message: e.message))
        }
    }
}
