import AASACore
import AASANet

/// `aasa-check [check] DOMAIN...`: the full check of each domain (spec `cli.md`).
public enum CheckCommand: Command {
    public static let name = "check"
    public static let abstract = "Check each domain as Apple's fetcher and CDN see it (the default command)."
    public static let usage = "aasa-check [check] DOMAIN... [--app-id ID]... [--no-cdn] [--connect-to H:P:H2:P2]... [--cacert FILE]"
    public static let discussion = """
    Fetches https://DOMAIN/.well-known/apple-app-site-association as Apple's fetcher does
    (User-Agent AASA-Bot/1.0.0, no redirects followed, TLS always verified, decoded body read
    up to 131,072 bytes + 1), and Apple's CDN copy. When the file URL fails, the legacy root
    path /apple-app-site-association is probed; when the fetcher is refused, the file URL is
    fetched again as a browser to tell bot blocking from a plain failure. The host's addresses
    are resolved to catch private or reserved ones. Then the served file is validated (line
    and column in the file as served) and the CDN copy compared with it by behaviour.
    Requests go only to the domains given and the CDN base: no cookies, no credentials.
    DOMAIN may be written example.com, https://example.com/, *.example.com (the apex file is
    checked) or example.com?mode=developer (the CDN is skipped: devices fetch directly).
    """
    public static let examples: [(String, String)] = [
        ("aasa-check example.com", "Everything between example.com and working universal links"),
        ("aasa-check example.com www.example.com --app-id ABCDE12345.com.example.app", "Several domains, and is my app in their files?"),
        ("aasa-check --json --domains domains.txt", "Many domains, machine-readable"),
        ("aasa-check staging.example.test --connect-to ::127.0.0.1:8443 --cacert ca.pem --no-cdn", "A staging server before DNS points at it"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) that must be in each domain's applinks details; repeatable."),
        OptionSpec("--domains", value: "FILE", help: "More domains, one a line (# starts a comment)."),
    ] + NetworkOptions.specs

    /// Most bytes read from a `--domains` file.
    static let domainsFileLimit = 4 * 1_048_576

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let options = try NetworkOptions.parse(arguments)
        var inputs = arguments.positionals
        if let file = arguments.value("--domains") {
            let contents = try InputFile.read(file, limit: domainsFileLimit, console: context.console)
            if contents.totalSize > domainsFileLimit { throw UsageError("--domains \(SafeText.escape(file)) is larger than \(domainsFileLimit) bytes") }
            for line in String(decoding: contents.bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let text = String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingWhitespace
                if !text.isEmpty { inputs.append(text) }
            }
        }
        guard !inputs.isEmpty else {
            throw UsageError("give at least one DOMAIN; see `aasa-check check --help`")
        }
        var report = Report()
        var targets: [CheckTarget] = []
        for input in inputs {
            do { targets.append(try CheckTarget.parse(input)) } catch let error as UsageError { report.unreadable.append(error.message) }
        }
        let appIDs = arguments.all("--app-id")

        // Domains are checked in batches so that memory stays bounded however many are given;
        // each batch's report is printed as soon as it is judged.
        let batchSize = max(16, options.concurrency * 2)
        var start = 0
        let text = TextRenderer(style: context.style)
        while start < targets.count {
            let batch = Array(targets[start..<min(targets.count, start + batchSize)])
            start += batch.count
            if context.console.stderrIsTerminal && !context.quiet && targets.count > 1 {
                context.console.err("checking \(start - batch.count + 1)–\(start) of \(targets.count)…\r")
            }
            let ignored = Set(context.ignored.map(\.code))
            for var outcome in DomainCheck.run(batch, options: options, appIDs: appIDs) {
                report.diagnostics += outcome.diagnostics
                report.fetches += outcome.fetchSummaries
                report.subjects.append(outcome.target.host)
                if context.format == .sarif, let body = outcome.hosting.servedBody {
                    report.sources[outcome.hosting.fileLabel ?? "\(outcome.target.host)\(HostingJudge.wellKnownPath)"] = body
                }
                if context.format == .text {
                    outcome.diagnostics.removeAll { ignored.contains($0.code) }
                    context.console.out(render(outcome, text: text, quiet: context.quiet, failOn: context.failOn))
                }
            }
        }
        return context.emit(report) { text, report in
            guard !context.quiet else { return "" }
            var out = ""
            if targets.count > 1 {
                out += text.summary(report, failOn: context.failOn, subject: "\(targets.count) domains")
            }
            if report.diagnostics.allSatisfy({ $0.severity != .error }) && report.unreadable.isEmpty {
                out += text.style.dim("A correct file does not prove devices have fetched it: they refresh about weekly through Apple's CDN, and links typed in Safari or tapped on a page of the same domain stay in the browser.") + "\n"
            }
            return out
        }
    }

    /// The text report of one domain: what was fetched, the findings, a one-line verdict.
    static func render(_ outcome: DomainOutcome, text: TextRenderer, quiet: Bool, failOn: FailOn) -> String {
        let style = text.style
        var out = ""
        var sources: [String: [UInt8]] = [:]
        if let body = outcome.hosting.servedBody {
            let label = outcome.hosting.fileLabel ?? "\(outcome.target.host)\(HostingJudge.wellKnownPath)"
            sources[label] = body
        }
        if !quiet {
            out += style.bold(outcome.target.host) + "\n"
            let rows: [(String, FetchRecord?)] = [("origin", outcome.origin), ("legacy", outcome.legacy),
                                                  ("browser", outcome.browser), ("cdn", outcome.cdn)]
            for (role, record) in rows {
                guard let record else { continue }
                out += "  " + role.padding(toLength: 8, withPad: " ", startingAt: 0) + line(record) + "\n"
            }
            if let addresses = outcome.addresses {
                out += "  " + "address".padding(toLength: 8, withPad: " ", startingAt: 0)
                    + addresses.map { SafeText.escape($0) }.joined(separator: ", ") + "\n"
            }
        }
        for d in outcome.diagnostics { out += text.render(d, sources: sources) }
        if !quiet {
            var one = Report()
            one.diagnostics = outcome.diagnostics
            out += text.summary(one, failOn: failOn, subject: outcome.target.host) + "\n"
        }
        return out
    }

    /// `GET URL → 200 application/json, 498 bytes (gzip, 275 on the wire), 12 ms, 127.0.0.1`.
    static func line(_ r: FetchRecord) -> String {
        var s = "GET " + SafeText.escape(r.url)
        if r.userAgent != HTTPRequest.appleFetcherUserAgent { s += " (as a browser)" }
        if let error = r.error {
            return s + " → " + error.kind.rawValue + ": " + SafeText.escape(error.message)
        }
        s += " → \(r.status ?? 0)"
        if let type = r.header("content-type") { s += " " + SafeText.escape(type) }
        s += r.truncated ? ", over \(r.body.count - 1) bytes" : ", \(r.body.count) bytes"
        if let enc = r.contentEncoding {
            s += " (\(SafeText.escape(enc))" + (r.wireBytes.map { ", \($0) on the wire" } ?? "") + ")"
        }
        if let ms = r.timeMs { s += ", \(Int(ms.rounded())) ms" }
        if let ip = r.primaryIP { s += ", " + SafeText.escape(ip) }
        return s
    }
}
