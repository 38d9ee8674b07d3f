import AASAArtifacts
import AASACore
import AASANet
import Foundation

/// The network flags of `check` (and of `match`/`routes` with a domain SOURCE), spec `cli.md`,
/// with the politeness limits of many domains (`--rate`, `--cdn-concurrency`) where a command
/// declares them (``BatchOptions/specs``).
public struct NetworkOptions: OptionGroup {
    public var connectTo: [String] = []
    public var caCertPath: String?
    public var cdnBase = CDNJudge.defaultBase
    /// Total time per request, in seconds.
    public var timeout: Double = 30
    public var userAgent = HTTPRequest.appleFetcherUserAgent
    public var concurrency = 16
    public var noCDN = false
    /// `--rate`: most requests started per second overall; `nil` for no limit.
    public var rate: Double?
    /// `--cdn-concurrency`: most requests to Apple's CDN in flight at once.
    public var cdnConcurrency = 8

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

    public init(parsing arguments: ParsedArguments, format: OutputFormat) throws {
        self = try Self.parse(arguments)
    }

    /// Most requests a second `--rate` accepts.
    static let maxRate = 100_000.0
    /// Fewest requests a second `--rate` accepts: one every 1,000 s. A run waits up to one
    /// interval for a request's turn, and treats as stuck only a longer silence
    /// (``DomainPipeline/stallLimit``).
    static let minRate = 0.001

    /// Reads the network flags.
    /// - Throws: ``UsageError`` for a malformed value or an unreadable `--cacert` file.
    public static func parse(_ arguments: ParsedArguments) throws -> NetworkOptions {
        var o = NetworkOptions()
        for entry in arguments.all("--connect-to") {
            try validateConnectTo(entry)
            o.connectTo.append(entry)
        }
        if let ca = arguments.value("--cacert") {
            // A regular file (LocalFile: no FIFO, device, /proc or /sys), as libcurl reads it.
            let opened: LocalFile.Opened
            do { opened = try LocalFile.open(ca) } catch where error.cause == .refused {
                throw UsageError("--cacert \(SafeText.escape(ca)): \(error.reason)")
            } catch {
                throw UsageError("--cacert \(SafeText.escape(ca)): no such readable file")
            }
            let head = (try? opened.read(upTo: 1_048_576, path: ca)) ?? []
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
            // libcurl counts in milliseconds, and 0 would mean no limit at all: the least is 1 ms.
            guard let seconds = Double(t), seconds.isFinite, seconds >= 0.001, seconds <= 3600 else {
                throw UsageError("--timeout must be greater than 0 and at most 3600 seconds (1 ms at least); got \(SafeText.value(t))")
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
        if let text = arguments.value("--rate") {
            guard let rate = Double(text), rate.isFinite, rate >= minRate, rate <= maxRate else {
                throw UsageError("--rate must be a number of requests a second from \(minRate) (one every \(Int(1 / minRate)) s) to \(Int(maxRate)); got \(SafeText.value(text))")
            }
            o.rate = rate
        }
        if let text = arguments.value("--cdn-concurrency") {
            guard let n = Int(text), (1...256).contains(n) else {
                throw UsageError("--cdn-concurrency must be a whole number from 1 to 256; got \(SafeText.value(text))")
            }
            o.cdnConcurrency = n
        }
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
            throw UsageError("--connect-to \(shown) changes nothing: say where to connect instead (HOST2, PORT2 or both)")
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
        HTTPRequest.connectToEntry(connectTo, host: host, port: "443") != nil
    }

    func request(_ url: String, userAgent: String? = nil, plainHTTP: Bool = false) -> HTTPRequest {
        HTTPRequest(url: url, userAgent: userAgent ?? self.userAgent, connectTo: connectTo, caCertPath: caCertPath,
                    connectTimeout: connectTimeout, timeout: timeout, allowPlainHTTP: plainHTTP)
    }
}

/// The hosts a run sent elsewhere with `--connect-to`, for the one notice that their address
/// check (AASA110) was skipped: their addresses are the user's choice.
struct RedirectedHosts {
    /// The first few, by name.
    private(set) var names: [String] = []
    private(set) var count = 0

    /// Records `host` when `options` sends it elsewhere. A host already named (the same domain
    /// given twice, once with a mode) is not counted again.
    mutating func note(_ host: String, _ options: NetworkOptions) {
        guard options.redirects(host), !names.contains(host) else { return }
        count += 1
        if names.count < 3 { names.append(host) }
    }

    /// The notice, or `nil` when no host was sent elsewhere.
    var notice: String? {
        guard count > 0 else { return nil }
        let more = count > names.count ? " and \(count - names.count) more" : ""
        return "the address check (AASA110) was skipped for \(names.joined(separator: ", "))\(more): --connect-to sends "
            + "the connection elsewhere, so the addresses devices would reach were not looked up"
    }
}
