import AASACore
import AASANet
import Foundation

/// The network flags of `check` (and of `match`/`routes` with a domain SOURCE), spec `cli.md`.
public struct NetworkOptions: Sendable {
    public var connectTo: [String] = []
    public var caCertPath: String?
    public var cdnBase = CDNJudge.defaultBase
    /// Total time per request, in seconds.
    public var timeout: Double = 30
    public var userAgent = HTTPRequest.appleFetcherUserAgent
    public var concurrency = 16
    public var noCDN = false

    public init() {}

    /// Connect limit: 10 s, or the total limit when that is shorter.
    public var connectTimeout: Double { min(10, timeout) }

    public static let specs: [OptionSpec] = [
        OptionSpec("--connect-to", value: "HOST:PORT:HOST2:PORT2", repeatable: true,
                   help: "As curl's: connect to HOST2:PORT2 instead, keeping the name for TLS and Host; empty parts match any; repeatable."),
        OptionSpec("--cacert", value: "FILE", help: "PEM bundle of trusted roots to use instead of the system store."),
        OptionSpec("--cdn-base", value: "URL", help: "Apple CDN base (default \(CDNJudge.defaultBase)); the host is appended."),
        OptionSpec("--timeout", value: "SECONDS", help: "Total time per request (default 30; the connect limit is 10)."),
        OptionSpec("--user-agent", value: "UA", help: "User agent for origin requests (default AASA-Bot/1.0.0, as Apple's fetcher)."),
        OptionSpec("--concurrency", value: "N", help: "Requests in flight at once (default 16)."),
        OptionSpec("--no-cdn", help: "Skip Apple's CDN."),
    ]

    /// Reads the network flags.
    /// - Throws: ``UsageError`` for a malformed value or an unreadable `--cacert` file.
    public static func parse(_ arguments: ParsedArguments) throws -> NetworkOptions {
        var o = NetworkOptions()
        for entry in arguments.all("--connect-to") {
            try validateConnectTo(entry)
            o.connectTo.append(entry)
        }
        if let ca = arguments.value("--cacert") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: ca, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let handle = FileHandle(forReadingAtPath: ca) else {
                throw UsageError("--cacert \(SafeText.escape(ca)): no such readable file")
            }
            let head = (try? handle.read(upToCount: 1_048_576)) ?? Data()
            try? handle.close()
            guard String(decoding: head, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw UsageError("--cacert \(SafeText.escape(ca)): not a PEM certificate bundle (no -----BEGIN CERTIFICATE-----); convert a DER file with `openssl x509 -inform der -in FILE -out FILE.pem`")
            }
            o.caCertPath = ca
        }
        if let base = arguments.value("--cdn-base") {
            let lower = base.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), base.count > 8 else {
                throw UsageError("--cdn-base must be an http(s) URL; got \(SafeText.escape(base))")
            }
            o.cdnBase = base
        }
        if let t = arguments.value("--timeout") {
            guard let seconds = Double(t), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw UsageError("--timeout must be a number of seconds between 0 and 3600; got \(SafeText.escape(t))")
            }
            o.timeout = seconds
        }
        if let ua = arguments.value("--user-agent") {
            guard !ua.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw UsageError("--user-agent must not contain control characters")
            }
            o.userAgent = ua
        }
        if let n = arguments.value("--concurrency") {
            guard let value = Int(n), value >= 1, value <= 256 else {
                throw UsageError("--concurrency must be a whole number from 1 to 256; got \(SafeText.escape(n))")
            }
            o.concurrency = value
        }
        o.noCDN = arguments.has("--no-cdn")
        return o
    }

    /// Checks a `--connect-to` entry as curl reads it: `HOST:PORT:HOST2:PORT2`, hosts may be
    /// empty or an IPv6 address in brackets, ports empty or 1–65535.
    /// - Throws: ``UsageError`` saying which part is wrong, before any request is made.
    static func validateConnectTo(_ entry: String) throws {
        var parts: [String] = []
        var current = ""
        var inBrackets = false
        for c in entry {
            if c == "[" { inBrackets = true }
            if c == "]" { inBrackets = false }
            if c == ":" && !inBrackets {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        let shown = SafeText.value(entry)
        guard parts.count == 4 else {
            throw UsageError("--connect-to must be HOST:PORT:HOST2:PORT2 (parts may be empty, IPv6 in brackets); got \(shown)")
        }
        guard !(parts[2].isEmpty && parts[3].isEmpty) else {
            throw UsageError("--connect-to \(shown): say where to connect instead (HOST2, PORT2 or both); as given it changes nothing")
        }
        for port in [parts[1], parts[3]] where !port.isEmpty {
            guard let n = Int(port), (1...65_535).contains(n) else {
                throw UsageError("--connect-to \(shown): port \(SafeText.value(port)) is not a number from 1 to 65535")
            }
        }
        for host in [parts[0], parts[2]] where !host.isEmpty {
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            guard bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:".contains($0)) }) else {
                throw UsageError("--connect-to \(shown): \(SafeText.value(host)) is not a host name or address")
            }
        }
    }

    /// Whether a `--connect-to` entry applies to `host` on port 443 (curl's rule: an empty
    /// HOST or PORT matches any).
    public func redirects(_ host: String) -> Bool {
        connectTo.contains { entry in
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 4 else { return false }
            let h = String(parts[0]).lowercased(), p = String(parts[1])
            return (h.isEmpty || h == host.lowercased()) && (p.isEmpty || p == "443")
        }
    }

    func request(_ url: String, userAgent: String? = nil, plainHTTP: Bool = false) -> HTTPRequest {
        HTTPRequest(url: url, userAgent: userAgent ?? self.userAgent, connectTo: connectTo, caCertPath: caCertPath,
                    connectTimeout: connectTimeout, timeout: timeout, allowPlainHTTP: plainHTTP)
    }
}

/// One domain as given on the command line.
public struct CheckTarget: Sendable {
    /// As typed.
    public var input: String
    /// The host, lowercased, without scheme, path, `*.`, service prefix or mode.
    public var host: String
    /// Given with `http://`.
    public var plainHTTP: Bool
    /// `developer`, `managed`… when given as `host?mode=…`.
    public var mode: String?

    /// Reads `example.com`, `https://example.com/`, `http://…`, `*.example.com`,
    /// `applinks:example.com?mode=developer`.
    /// - Throws: ``UsageError`` when no usable host name remains.
    public static func parse(_ input: String) throws -> CheckTarget {
        var s = input.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = SafeText.value(input)
        var plain = false
        let lower = s.lowercased()
        let hadScheme = lower.hasPrefix("https://") || lower.hasPrefix("http://")
        if lower.hasPrefix("https://") { s = String(s.dropFirst(8)) } else if lower.hasPrefix("http://") { s = String(s.dropFirst(7)); plain = true }
        if !hadScheme, FileManager.default.fileExists(atPath: input) {
            throw UsageError("\(shown) is a local file, not a domain; to check a file use `aasa-check validate \(shown)`")
        }
        for service in ["applinks:", "webcredentials:", "appclips:", "activitycontinuation:"] where s.lowercased().hasPrefix(service) {
            s = String(s.dropFirst(service.count))
        }
        var mode: String?
        if let q = s.firstIndex(of: "?") {
            let query = s[s.index(after: q)...]
            if query.lowercased().hasPrefix("mode=") { mode = String(query.dropFirst(5)).lowercased() }
            s = String(s[..<q])
        }
        if let slash = s.firstIndex(of: "/") {
            if !hadScheme && s[s.index(after: slash)...].contains(where: { $0 != "/" }) {
                throw UsageError("\(shown) is not a domain name (it has a path); give the host, e.g. example.com")
            }
            s = String(s[..<slash])
        }
        if s.hasPrefix("*.") { s = String(s.dropFirst(2)) }
        if s.hasSuffix(".") { s.removeLast() }
        let host = s.lowercased()
        if let mode {
            let tokens = mode.split(separator: "+").map(String.init)
            guard !tokens.isEmpty, tokens.allSatisfy({ $0 == "developer" || $0 == "managed" }) else {
                throw UsageError("\(shown): mode must be developer, managed or developer+managed")
            }
        }
        try validateHost(host, shown: shown)
        return CheckTarget(input: input, host: host, plainHTTP: plain, mode: mode)
    }
}

extension CheckTarget {
    /// A host name as domains are written: labels of letters, digits and `-` (not at either
    /// end, at most 63 each, 253 in all), at least two labels (or `localhost`), an optional
    /// port; or an IP address. Non-ASCII names must be given in punycode.
    /// - Throws: ``UsageError`` saying what is wrong.
    static func validateHost(_ hostAndPort: String, shown: String) throws {
        var host = hostAndPort
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw UsageError("\(shown): not a domain name") }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65_535).contains(port) else {
                    throw UsageError("\(shown): the port must be a number from 1 to 65535")
                }
            }
            return
        }
        if let colon = host.lastIndex(of: ":") {
            guard let port = Int(host[host.index(after: colon)...]), (1...65_535).contains(port) else {
                throw UsageError("\(shown): the port must be a number from 1 to 65535")
            }
            host = String(host[..<colon])
        }
        if !host.unicodeScalars.allSatisfy(\.isASCII) {
            throw UsageError("\(shown): not ASCII; give an internationalised domain name in punycode (xn--…)")
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, host.count <= 253, !labels.contains(where: \.isEmpty) else {
            throw UsageError("\(shown): not a domain name")
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) && labels.count == 4 { return }  // IPv4
        for label in labels {
            guard label.count <= 63, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
                  label.first != "-", label.last != "-" else {
                throw UsageError("\(shown): not a domain name (labels are letters, digits and -, not starting or ending with -)")
            }
        }
        if labels.count < 2 && host != "localhost" {
            throw UsageError("\(shown): not a domain name (a domain has at least two labels, such as example.com)")
        }
        if let last = labels.last, ["json", "txt", "plist", "entitlements", "xcent", "mobileprovision", "routes"].contains(last.lowercased()) {
            throw UsageError("\(shown) looks like a file name, and there is no such file; a domain is written example.com")
        }
    }
}

/// Everything learned about one domain.
public struct DomainOutcome: Sendable {
    public var target: CheckTarget
    public var origin: FetchRecord
    public var legacy: FetchRecord?
    public var browser: FetchRecord?
    public var cdn: FetchRecord?
    public var addresses: [String]?
    public var hosting: HostingResult
    /// Hosting, file, CDN and membership findings, attributed.
    public var diagnostics: [Diagnostic]

    /// The requests made, in the order made.
    public var fetches: [Fetch] {
        var out = [Fetch(origin, target: target.host, role: .origin)]
        if let legacy { out.append(Fetch(legacy, target: target.host, role: .legacy)) }
        if let browser { out.append(Fetch(browser, target: target.host, role: .browser)) }
        if let cdn { out.append(Fetch(cdn, target: target.host, role: .cdn)) }
        return out
    }

    /// The served file as findings name it: `host/.well-known/apple-app-site-association`, or
    /// the legacy path's when only that served it.
    public var fileLabel: String { hosting.fileLabel ?? "\(target.host)\(HostingJudge.wellKnownPath)" }
}

/// Fetches and judges domains: the origin file as Apple's fetcher, the legacy root path and a
/// browser retry when they can tell something, the resolved addresses, and Apple's CDN copy.
public enum DomainCheck {
    /// Checks `targets`, with at most `options.concurrency` requests in flight, and returns
    /// one outcome per target in the same order. Every request ends within its time limits.
    /// For many targets, ``stream(_:options:appIDs:window:process:emit:)`` keeps memory flat.
    public static func run(_ targets: [CheckTarget], options: NetworkOptions, appIDs: [String] = []) -> [DomainOutcome] {
        var outcomes: [DomainOutcome] = []
        outcomes.reserveCapacity(targets.count)
        stream(targets, options: options, appIDs: appIDs, window: targets.count,
               process: { $0 }, emit: { _, outcome in outcomes.append(outcome) })
        return outcomes
    }

    static func cdnSkipReason(_ t: CheckTarget, _ options: NetworkOptions) -> String? {
        if options.noCDN { return "--no-cdn was given" }
        if let mode = t.mode { return "the domain is in \(SafeText.escape(mode)) mode, which devices fetch directly, not through the CDN" }
        return nil
    }

    /// AASA607 for each `--app-id` that no applinks `details` entry names (prefix compared
    /// case-insensitively, bundle id exactly, as the system does).
    static func membership(_ appIDs: [String], in hosting: HostingResult, domain: String, cdnCopy: AASADocument? = nil) -> [Diagnostic] {
        guard !appIDs.isEmpty, let document = hosting.validation?.document else { return [] }
        let key = DocumentMatcher.canonicalAppID
        let listed = Set((document.applinks?.details ?? []).flatMap { $0.appIDs.map { key($0.value) } })
        var found: [Diagnostic] = []
        // Devices read Apple's CDN copy: an app the origin lists but the copy does not is not
        // associated yet.
        if let copy = cdnCopy {
            let inCopy = Set((copy.applinks?.details ?? []).flatMap { $0.appIDs.map { key($0.value) } })
            for id in appIDs where listed.contains(key(id)) && !inCopy.contains(key(id)) {
                found.append(Diagnostic(code: .aasa607,
                                        message: "the app ID \(SafeText.escape(id)) is in \(domain)'s file but not in Apple's CDN copy, which is what devices read",
                                        hint: "The CDN fetches the file again within about a day; until then universal links for this app do not work on iOS 14 and later.",
                                        target: domain, source: .cdn))
            }
        }
        return found + appIDs.filter { !listed.contains(key($0)) }.map { id in
            let services = ["webcredentials", "appclips", "activitycontinuation"].filter { s in
                document.appsService(s)?.apps?.contains { key($0.value) == key(id) } ?? false
            }
            let also = services.isEmpty ? "" : " (it is listed under \(services.joined(separator: ", ")))"
            return Diagnostic(code: .aasa607,
                              message: "the app ID \(SafeText.escape(id)) is not in any applinks details entry of \(domain)'s file\(also)",
                              hint: "Add it to a details entry's appIDs, deploy the file, and allow about a day for Apple's CDN.",
                              target: domain, source: .origin, file: hosting.fileLabel)
        }
    }
}
