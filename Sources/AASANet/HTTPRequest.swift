@_exported import struct AASACore.HTTPHeader

/// One HTTP GET that ``HTTPClient`` performs with libcurl.
///
/// The policy is fixed by `aasa-reference.md` §1 and is not configurable: redirects are never
/// followed (`CURLOPT_FOLLOWLOCATION` 0), TLS peer and host name verification are always on,
/// no cookies, no credentials and no `.netrc` are ever sent, no proxy from the environment is
/// used, the content codings Apple's fetcher (CFNetwork) offers are offered
/// (``acceptEncoding``, so a server answers as it answers Apple), and only `https` is allowed
/// unless ``allowPlainHTTP`` is set. Every request has a time limit (see ``timeout``).
public struct HTTPRequest: Sendable, Hashable {
    /// Default `User-Agent`, the one Apple's fetcher sends.
    public static let appleFetcherUserAgent = "AASA-Bot/1.0.0"
    /// A desktop browser's `User-Agent`, used to tell bot blocking from a plain failure (AASA109).
    public static let browserUserAgent =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    /// `Accept-Encoding` as Apple's fetcher sends it (CFNetwork; aasa-reference.md §1). `br`
    /// is left out only if this libcurl cannot decode it.
    public static let acceptEncoding = "gzip, deflate, br"
    /// Default cap on the decoded body, in bytes: Apple's limit (131,072) plus one, so that a body
    /// over the limit can be recognised without reading more of it.
    public static let defaultMaxBodyBytes = 131_072 + 1

    /// Absolute URL, `https://…` (or `http://…` with ``allowPlainHTTP``).
    public var url: String
    /// Extra request headers, sent in this order. `User-Agent` is set by ``userAgent``.
    public var headers: [HTTPHeader]
    /// `User-Agent` header value (`CURLOPT_USERAGENT`).
    public var userAgent: String
    /// curl's `CURLOPT_CONNECT_TO` entries, `HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT`
    /// (empty parts match any): connect elsewhere but keep the name for TLS and `Host`.
    public var connectTo: [String]
    /// PEM bundle of trusted roots used instead of the system store (`CURLOPT_CAINFO`).
    public var caCertPath: String?
    /// Limit for name resolution, TCP connect and TLS handshake, in seconds
    /// (`CURLOPT_CONNECTTIMEOUT_MS`).
    public var connectTimeout: Double
    /// Limit for the whole transfer, in seconds (`CURLOPT_TIMEOUT_MS`). Always applied: a
    /// value under 1 ms counts as 1 ms, one that is not a positive number as 30 s (libcurl
    /// would read 0 as no limit).
    public var timeout: Double
    /// Most decoded body bytes kept; the transfer is aborted as soon as more arrive, and the
    /// response is marked ``HTTPResponse/truncated``.
    public var maxBodyBytes: Int
    /// Allow `http://` URLs. Off by default: only `https` is allowed (`CURLOPT_PROTOCOLS_STR`).
    public var allowPlainHTTP: Bool
    /// When set, the decoded body is written to this file (created or emptied first) instead
    /// of being kept in memory, still at most ``maxBodyBytes``; ``HTTPResponse/body`` is then
    /// empty. For large bodies read later as a stream (sitemaps).
    public var bodyFile: String?
    /// For a URL whose host is fully qualified (`example.com.`): connect as for the name
    /// without the dot, so that a connection already open to it may carry the request, and
    /// send `Host: example.com.` (``connectionForm``). Off by default.
    public var sharesRelativeConnection = false
    /// Close the connection when this transfer ends and no other transfer is using it, instead
    /// of keeping it idle for a later request (`CURLOPT_FORBID_REUSE`): for the last request a
    /// run makes to a host. Off by default.
    public var closesConnection = false

    public init(
        url: String,
        headers: [HTTPHeader] = [],
        userAgent: String = HTTPRequest.appleFetcherUserAgent,
        connectTo: [String] = [],
        caCertPath: String? = nil,
        connectTimeout: Double = 10,
        timeout: Double = 30,
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes,
        allowPlainHTTP: Bool = false,
        bodyFile: String? = nil
    ) {
        self.url = url
        self.headers = headers
        self.userAgent = userAgent
        self.connectTo = connectTo
        self.caCertPath = caCertPath
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.allowPlainHTTP = allowPlainHTTP
        self.bodyFile = bodyFile
    }
}
