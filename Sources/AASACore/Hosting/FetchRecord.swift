/// One header field as received or sent, name spelled as on the wire.
public struct HTTPHeader: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What kind of transport failure happened (from libcurl's `CURLcode` and error text).
public enum FetchErrorKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The host name could not be resolved.
    case dns
    /// The connection was refused.
    case refused
    /// No route to the host or network unreachable.
    case unreachable
    /// The connection was reset or closed before a complete response.
    case reset
    /// The connect or total time limit passed.
    case timeout
    /// The certificate chain does not lead to a trusted root (self-signed, unknown issuer,
    /// missing intermediate).
    case tlsUntrusted = "tls-untrusted"
    /// A certificate in the chain has expired or is not yet valid.
    case tlsExpired = "tls-expired"
    /// The certificate does not name the host.
    case tlsHostname = "tls-hostname"
    /// The TLS handshake failed for another reason.
    case tlsHandshake = "tls-handshake"
    /// The URL's scheme is not allowed (plain `http`) or the URL is malformed.
    case badURL = "bad-url"
    /// Anything else; the message says what.
    case other

    /// Whether this is a TLS failure (AASA102) rather than a reachability one (AASA101).
    public var isTLS: Bool {
        switch self {
        case .tlsUntrusted, .tlsExpired, .tlsHostname, .tlsHandshake: return true
        default: return false
        }
    }

    /// A few words for messages: "the name does not resolve", "the certificate has expired"…
    public var phrase: String {
        switch self {
        case .dns: return "the host name does not resolve (DNS)"
        case .refused: return "the connection was refused"
        case .unreachable: return "the host is unreachable"
        case .reset: return "the connection was reset or closed before a complete response"
        case .timeout: return "the server did not answer in time"
        case .tlsUntrusted: return "the certificate chain is not trusted (self-signed, unknown issuer or missing intermediate)"
        case .tlsExpired: return "the certificate has expired or is not yet valid"
        case .tlsHostname: return "the certificate does not name this host"
        case .tlsHandshake: return "the TLS handshake failed"
        case .badURL: return "the URL cannot be fetched over HTTPS"
        case .other: return "the transfer failed"
        }
    }
}

/// A transport failure in place of a response, in curl's words.
public struct FetchError: Sendable, Hashable {
    public var kind: FetchErrorKind
    /// libcurl's `CURLcode`, when known.
    public var code: Int?
    /// Its name, such as `CURLE_OPERATION_TIMEDOUT`.
    public var name: String?
    /// libcurl's error text, as received (escape before printing).
    public var message: String

    public init(kind: FetchErrorKind, code: Int? = nil, name: String? = nil, message: String) {
        self.kind = kind
        self.code = code
        self.name = name
        self.message = message
    }
}

/// One HTTP exchange as the hosting judge sees it: what was asked and what came back.
///
/// Made by the network layer from a libcurl transfer, or by hand in tests and code examples.
/// Text fields hold what the server sent, unescaped; the judge escapes control characters
/// before putting any of it into a message.
public struct FetchRecord: Sendable, Hashable {
    /// The URL requested (redirects are never followed).
    public var url: String
    /// The `User-Agent` sent.
    public var userAgent: String
    /// HTTP status, `nil` when no response arrived (see ``error``).
    public var status: Int?
    /// `HTTP/1.1 404 Not Found`, or `HTTP/2 404`.
    public var statusLine: String?
    /// Response header fields in the order received.
    public var headers: [HTTPHeader]
    /// The body after content decoding, at most the reader's cap.
    public var body: [UInt8]
    /// More decoded bytes arrived than were kept (the body is over the cap).
    public var truncated: Bool
    /// The content coding the server used (`gzip`, `br`…), `nil` for none.
    public var contentEncoding: String?
    /// Body bytes on the wire, before decoding, when known.
    public var wireBytes: Int?
    /// The address connected to.
    public var primaryIP: String?
    /// Total time of the transfer, in milliseconds.
    public var timeMs: Double?
    /// The transport failure, when no usable response arrived.
    public var error: FetchError?

    public init(
        url: String, userAgent: String = "AASA-Bot/1.0.0", status: Int? = nil, statusLine: String? = nil,
        headers: [HTTPHeader] = [], body: [UInt8] = [], truncated: Bool = false, contentEncoding: String? = nil,
        wireBytes: Int? = nil, primaryIP: String? = nil, timeMs: Double? = nil, error: FetchError? = nil
    ) {
        self.url = url
        self.userAgent = userAgent
        self.status = status
        self.statusLine = statusLine
        self.headers = headers
        self.body = body
        self.truncated = truncated
        self.contentEncoding = contentEncoding
        self.wireBytes = wireBytes
        self.primaryIP = primaryIP
        self.timeMs = timeMs
        self.error = error
    }

    /// The last value of header `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.last { $0.name.lowercased() == key }?.value
    }

    /// Whether a response arrived with status 200.
    public var isOK: Bool { error == nil && status == 200 }

    /// `Content-Type` without parameters, lowercased (`application/json`), or `nil`.
    public var mediaType: String? {
        guard let value = header("content-type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingCharacters(in: " \t").lowercased()
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set.unicodeScalars)
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, chars.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, chars.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

/// Text from the network as a message quotes it: escaped by ``SafeText`` and cut.
public enum NetworkText {
    /// - Parameter limit: most characters kept; longer text ends with `…`.
    public static func escape(_ text: String, limit: Int = 300) -> String { SafeText.escape(text, limit: limit) }
}
