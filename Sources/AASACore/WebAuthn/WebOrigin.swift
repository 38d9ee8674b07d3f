/// A serialised web origin read the way the WHATWG URL parser reads the strings of a
/// `/.well-known/webauthn` file (spec `webauthn-reference.md` §3.4): a scheme, then for the
/// special schemes (`http`, `https`, `ws`, `wss`, `ftp`) a host and port — a *tuple* origin —
/// and for every other scheme an opaque origin that no caller is ever same-origin with.
///
/// The reading covers what decides a related-origins verdict: the scheme (lowercased), the host
/// (percent-decoded, lowercased, non-ASCII labels as punycode, `*` kept, forbidden code points
/// refused, a numeric last label read as IPv4), the port (the scheme's default dropped, above
/// 65535 refused). User information, path, query and fragment are ignored, as the origin does.
public struct WebOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Lowercase scheme without `:` (`https`).
    public var scheme: String
    /// The host as the URL standard serialises it (lowercase ASCII; IPv6 in brackets); for an
    /// opaque origin the host the authority names, if any (Firefox reads it, §3.4).
    public var host: String?
    /// The port, `nil` for the scheme's default.
    public var port: Int?
    /// Whether this is a tuple origin (special scheme other than `file`); opaque otherwise.
    public var isTuple: Bool

    /// Schemes with a tuple origin, and their default ports.
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21]

    /// Why a string is not read as a URL.
    public enum Failure: Error, Sendable, Hashable {
        /// No `scheme:` at the start (`example.co.uk`).
        case noScheme
        /// A special scheme with no host (`https://`).
        case emptyHost
        /// A host with a code point the URL standard forbids, or an IDN label that cannot be
        /// encoded.
        case invalidHost
        /// A port that is not a number up to 65535.
        case invalidPort

        /// Words for messages.
        public var reason: String {
            switch self {
            case .noScheme: return "it has no scheme (write https://…)"
            case .emptyHost: return "it has no host"
            case .invalidHost: return "its host is not valid"
            case .invalidPort: return "its port is not a number up to 65535"
            }
        }
    }

    public init(scheme: String, host: String?, port: Int?, isTuple: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isTuple = isTuple
    }

    /// `https://host[:port]`, or `scheme:` followed by the host for an opaque origin (`null`
    /// in browsers).
    public var description: String {
        guard isTuple, let host else { return "null" }
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// Whether the host is an IP address (IPv4 as the URL standard reads a numeric last label,
    /// or IPv6).
    public var hostIsIP: Bool { host.map(PublicSuffixList.isIPAddress) ?? false }

    /// Same origin: scheme, host and port, tuple origins only (an opaque origin is only ever
    /// the same as itself, and never a caller's).
    public func isSameOrigin(_ other: WebOrigin) -> Bool {
        isTuple && other.isTuple && scheme == other.scheme && host == other.host && port == other.port
    }

    /// Reads `text` as a URL and returns its origin, or why it is not a URL.
    public static func parse(_ text: String) -> Result<WebOrigin, Failure> {
        // Leading and trailing C0 controls and spaces are stripped; tabs and newlines removed.
        var scalars = Array(text.unicodeScalars)
        while let f = scalars.first, f.value <= 0x20 { scalars.removeFirst() }
        while let l = scalars.last, l.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        // Scheme: ASCII alpha, then alphanumerics, +, -, .; then ':'.
        guard let first = scalars.first, first.isASCIILetter else { return .failure(.noScheme) }
        var i = 1
        while i < scalars.count, scalars[i].isASCIILetter || scalars[i].isASCIIDigit || "+-.".unicodeScalars.contains(scalars[i]) { i += 1 }
        guard i < scalars.count, scalars[i] == ":" else { return .failure(.noScheme) }
        let scheme = String(String.UnicodeScalarView(scalars[0..<i])).lowercased()
        var rest = Array(scalars[(i + 1)...])
        let special = defaultPorts[scheme] != nil
        if special {
            // Special schemes skip any slashes and backslashes before the authority.
            while let f = rest.first, f == "/" || f == "\\" { rest.removeFirst() }
        } else {
            // Opaque origin; a `//authority` still names a host (Firefox reads url.hostname).
            guard rest.starts(with: ["/", "/"]) else {
                return .success(WebOrigin(scheme: scheme, host: nil, port: nil, isTuple: false))
            }
            rest.removeFirst(2)
        }
        var authority = rest.prefix { !(($0 == "/" || $0 == "?" || $0 == "#") || (special && $0 == "\\")) }
        if let at = authority.lastIndex(of: "@") { authority = authority[(at + 1)...] }
        var hostPart = Array(authority)
        var portPart: [Unicode.Scalar]? = nil
        if hostPart.first == "[" {
            guard let close = hostPart.firstIndex(of: "]") else { return .failure(.invalidHost) }
            let after = Array(hostPart[(close + 1)...])
            if !after.isEmpty {
                guard after.first == ":" else { return .failure(.invalidHost) }
                portPart = Array(after.dropFirst())
            }
            hostPart = Array(hostPart[...close])
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = Array(hostPart[(colon + 1)...])
            hostPart = Array(hostPart[..<colon])
        }
        var port: Int? = nil
        if let portPart, !portPart.isEmpty {
            guard portPart.count <= 5, portPart.allSatisfy(\.isASCIIDigit),
                  let n = Int(String(String.UnicodeScalarView(portPart))), n <= 65535 else { return .failure(.invalidPort) }
            port = n == defaultPorts[scheme] ? nil : n
        }
        if hostPart.isEmpty {
            if special { return .failure(.emptyHost) }
            return .success(WebOrigin(scheme: scheme, host: nil, port: nil, isTuple: false))
        }
        guard let host = canonicalHost(String(String.UnicodeScalarView(hostPart)), special: special) else {
            return .failure(.invalidHost)
        }
        return .success(WebOrigin(scheme: scheme, host: host, port: port, isTuple: special && scheme != "file"))
    }

    /// The host as the URL standard serialises it, or `nil` when it is not valid.
    static func canonicalHost(_ raw: String, special: Bool) -> String? {
        if raw.hasPrefix("[") {
            let inner = raw.dropFirst().dropLast()
            guard !inner.isEmpty, inner.unicodeScalars.allSatisfy({ $0.isASCIIHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            return "[" + inner.lowercased() + "]"
        }
        guard let decoded = percentDecoded(raw) else { return nil }
        // Forbidden domain code points (WHATWG URL §3.2), C0 controls and space included.
        let forbidden = Set("\u{0}\t\n\r #/:<>?@[\\]^|%".unicodeScalars)
        guard !decoded.unicodeScalars.contains(where: { forbidden.contains($0) || $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        guard special else { return decoded }
        let ascii: String
        if decoded.unicodeScalars.allSatisfy(\.isASCII) {
            ascii = decoded.lowercased()
        } else {
            guard let encoded = Punycode.asciiHost(decoded) else { return nil }
            ascii = encoded
        }
        guard !ascii.isEmpty else { return nil }
        return ascii
    }

    static func percentDecoded(_ s: String) -> String? {
        guard s.contains("%") else { return s }
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let v = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(v)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
    var isASCIIHexDigit: Bool { isASCIIDigit || (0x41...0x46).contains(value) || (0x61...0x66).contains(value) }
}
