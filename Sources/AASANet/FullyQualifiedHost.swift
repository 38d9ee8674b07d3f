extension HTTPRequest {
    /// How libcurl is asked for a URL whose host is fully qualified (`https://example.com./…`,
    /// ``sharesRelativeConnection`` set): the same URL without the final dot, and the `Host`
    /// the dotted URL would send (`example.com.`, with the port when it is not the scheme's
    /// default); `nil` when the URL is sent as it is.
    ///
    /// On the wire the request is the one a new connection to `example.com.` would carry:
    /// libcurl sends the name without the dot in TLS (SNI) and checks the certificate against
    /// it in both cases, and the name resolves alike. What differs is only that libcurl's
    /// connection cache, which keys on the name as written, can hand the request a connection
    /// already open to `example.com` (spec `assetlinks-reference.md` §1: both names are
    /// fetched). A `--connect-to` entry (``connectTo``) for `example.com` so applies to
    /// `example.com.` too, as DNS would (the name is the same), and one for every host does not
    /// send the dotted name elsewhere; only an entry naming `example.com.` itself does (the URL is
    /// then sent as it is). Never used when a `Host` header is given, or for an IPv6 literal or a
    /// URL with user information.
    public var connectionForm: (url: String, host: String)? {
        guard sharesRelativeConnection, Self.mayEndInDot(url), !headers.contains(where: { $0.name.lowercased() == "host" }),
              let schemeEnd = Self.schemeSeparator(url) else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.utf8.contains(UInt8(ascii: "@")), !authority.hasPrefix("[") else { return nil }
        let host: Substring, port: Substring?
        if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            (host, port) = (authority, nil)
        }
        guard host.count > 1, host.hasSuffix("."), !host.hasSuffix(".."), !host.hasPrefix(".") else { return nil }
        let defaultPort = scheme == "http" ? "80" : "443"
        let effectivePort = port.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? defaultPort
        let relative = String(host.dropLast())
        // The dotted name goes where the relative one goes (the same name to DNS), unless a
        // --connect-to entry names the dotted name itself: then it goes there, as curl sends it.
        if let own = Self.connectToEntry(connectTo, host: String(host), port: effectivePort),
           own != Self.connectToEntry(connectTo, host: relative, port: effectivePort),
           let named = connectTo[own].split(separator: ":", omittingEmptySubsequences: false).first, !named.isEmpty {
            return nil
        }
        let hostHeader = effectivePort == defaultPort ? String(host) : "\(host):\(effectivePort)"
        return (url[..<schemeEnd.upperBound] + relative + (port.map { ":" + $0 } ?? "") + rest[authorityEnd...], hostHeader)
    }

    /// Whether the host of `url` (`scheme://[user@]host[:port]…`) may end with a dot: false
    /// when the byte before its port, path, query or fragment is not `.`. Asked first, over the
    /// bytes (``schemeSeparator(_:)``), because ``connectionForm`` is asked for every transfer and most
    /// hosts are not fully qualified.
    static func mayEndInDot(_ url: String) -> Bool {
        guard let separator = schemeSeparator(url) else { return true }  // no `://`: the full parse decides
        let u = url.utf8
        let authority = u[separator.upperBound...]
        let end = authority.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") }
            ?? u.endIndex
        return end > separator.upperBound && u[u.index(before: end)] == UInt8(ascii: ".")
    }

    /// The index of the first `--connect-to` entry libcurl would apply to `host` and `port`
    /// (`HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT`, an empty `HOST` or `PORT` matching any,
    /// names compared without regard to case), `nil` for none.
    public static func connectToEntry(_ entries: [String], host: String, port: String) -> Int? {
        let host = host.lowercased()
        let colon = UInt8(ascii: ":")
        return entries.firstIndex { entry in
            // HOST, PORT and the rest, split at the first two of at least three `:` (as curl splits it).
            let u = entry.utf8
            guard let first = u.firstIndex(of: colon), let second = u[u.index(after: first)...].firstIndex(of: colon),
                  u[u.index(after: second)...].contains(colon) else { return false }
            let entryHost = entry[..<first], entryPort = entry[u.index(after: first)..<second]
            return (entryHost.isEmpty || entryHost.lowercased() == host) && (entryPort.isEmpty || entryPort == port)
        }
    }

    /// The range of the first `://` in `url`, found in its bytes.
    static func schemeSeparator(_ url: String) -> Range<String.Index>? {
        let u = url.utf8
        var i = u.startIndex
        while let colon = u[i...].firstIndex(of: UInt8(ascii: ":")) {
            let after = u.index(after: colon)
            if u[after...].starts(with: "//".utf8) { return colon..<u.index(after, offsetBy: 2) }
            i = after
        }
        return nil
    }
}
