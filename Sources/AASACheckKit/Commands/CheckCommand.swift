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
    Many domains (--domains FILE) are checked as a stream, --concurrency requests at once:
    each domain is printed as soon as it and those before it are done, in the order given,
    with progress on standard error when it is a terminal; memory stays flat however many.
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
        OptionSpec("--routes", value: "FILE", help: "Route list judged against each domain's served file (see `aasa-check routes --help`)."),
        OptionSpec("--entitlements", value: "FILE", help: "Entitlements, .xcent or profile: linted, and its entries for each domain checked against the served file."),
        OptionSpec("--profile", value: "FILE", help: "Provisioning profile that supplies the app ID and must grant Associated Domains."),
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
        var seen = Set<String>()
        for input in inputs {
            do {
                let target = try CheckTarget.parse(input)
                // The same domain given twice is checked once.
                if seen.insert(target.host + "?" + (target.mode ?? "") + (target.plainHTTP ? "http" : "")).inserted { targets.append(target) }
            } catch let error as UsageError {
                report.unreadable.append(error.message)
            }
        }
        let gate = try DomainGate.load(arguments, context: context)
        report.unreadable += gate.unreadable
        let appIDs = gate.membershipAppIDs
        let ignored = Set(context.ignored.map(\.code))
        let text = TextRenderer(style: context.style)
        var tally = Tally()
        // Findings about the route list and entitlement come first: they hold for every domain.
        let inputFindings = gate.inputDiagnostics.filter { !ignored.contains($0.code) }
        if context.format == .text {
            tally.add(inputFindings)
            context.console.out(inputFindings.map { text.render($0, sources: gate.sources) }.joined())
        } else {
            report.diagnostics += inputFindings
        }

        // Domains stream through: each is judged as soon as its fetches are done, while the
        // others are still being fetched, and printed in input order. Nothing but small
        // findings is kept: in text form only their counts.
        let progress = ProgressLine(console: context.console, total: targets.count,
                                    enabled: context.console.stderrIsTerminal && !context.quiet && targets.count > 1)
        DomainCheck.stream(targets, options: options, appIDs: appIDs, process: { outcome in
            progress.advance()
            return checkDomain(outcome, gate: gate, context: context, text: text, ignored: ignored)
        }, emit: { _, result in
            if context.format == .text {
                tally.add(result.diagnostics)
                progress.print(result.text)
            } else {
                report.diagnostics += result.diagnostics
                report.fetches += result.fetches
                report.routes += result.routes
                report.subjects.append(result.host)
            }
        })
        progress.finish()

        guard context.format == .text else { return context.emit(report) { _, _ in "" } }
        let status: Int32 = !report.unreadable.isEmpty ? 2 : (tally.fails(context.failOn) ? 1 : 0)
        if !context.quiet {
            var out = ""
            if targets.count > 1 {
                out += text.summary(errors: tally.errors, warnings: tally.warnings, infos: tally.infos,
                                    exitCode: status, subject: "\(targets.count) domains")
            }
            if tally.errors == 0 && report.unreadable.isEmpty {
                out += text.style.dim("A correct file does not prove devices have fetched it: they refresh about weekly through Apple's CDN, and links typed in Safari or tapped on a page of the same domain stay in the browser.") + "\n"
            }
            context.console.out(out)
        }
        for line in report.unreadable { context.console.err("aasa-check: \(line)\n") }
        return status
    }

    /// What one domain adds to the run, kept until its turn in input order: small, no bodies.
    struct DomainResult {
        var host: String
        /// The findings, without the codes the configuration ignores.
        var diagnostics: [Diagnostic]
        /// The JSON `fetches` elements (empty for other formats).
        var fetches: [FetchSummary]
        /// The text report (empty for other formats).
        var text: String
        /// Route verdicts in their JSON form (`--routes`; empty for the text format).
        var routes: [OutputJSON] = []
    }

    /// Everything done with one domain once its fetches are judged: per-domain checks go here.
    /// Runs once per domain, in completion order; the served bodies are dropped after it.
    static func checkDomain(_ outcome: DomainOutcome, gate: DomainGate, context: CommandContext, text: TextRenderer,
                            ignored: Set<DiagnosticCode>) -> DomainResult {
        var outcome = outcome
        var routes: [OutputJSON] = []
        var extraSources: [String: [UInt8]] = [:]
        if !gate.isEmpty {
            let judged = gate.judge(host: outcome.target.host, document: outcome.hosting.validation?.document)
            outcome.diagnostics += judged.diagnostics
            routes = judged.routes
            extraSources = gate.sources
        }
        outcome.diagnostics.removeAll { ignored.contains($0.code) }
        return DomainResult(
            host: outcome.target.host, diagnostics: outcome.diagnostics,
            fetches: context.format == .json ? outcome.fetchSummaries : [],
            text: context.format == .text ? render(outcome, text: text, quiet: context.quiet, failOn: context.failOn, extraSources: extraSources) : "",
            routes: context.format == .json ? routes : [])
    }

    /// Counts of findings by severity, for the text summary of many domains.
    struct Tally {
        var errors = 0, warnings = 0, infos = 0
        private var worst: Severity?

        mutating func add(_ diagnostics: [Diagnostic]) {
            for d in diagnostics {
                switch d.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                }
                if worst.map({ d.severity > $0 }) ?? true { worst = d.severity }
            }
        }

        /// Whether a finding reaches `failOn`.
        func fails(_ failOn: FailOn) -> Bool { worst.map(failOn.fails) ?? false }
    }

    /// The text report of one domain: what was fetched, the findings, a one-line verdict.
    static func render(_ outcome: DomainOutcome, text: TextRenderer, quiet: Bool, failOn: FailOn,
                       extraSources: [String: [UInt8]] = [:]) -> String {
        let style = text.style
        var out = ""
        var sources = extraSources
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
