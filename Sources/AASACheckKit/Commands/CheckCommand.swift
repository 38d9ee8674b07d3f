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

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        let options = try NetworkOptions.parse(arguments)
        let out = context.output
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
        var targets: [CheckTarget] = []
        var bad: [String] = []
        var seen = Set<String>()
        for input in inputs {
            do {
                let target = try CheckTarget.parse(input)
                // The same domain given twice is checked once.
                if seen.insert(target.host + "?" + (target.mode ?? "") + (target.plainHTTP ? "http" : "")).inserted { targets.append(target) }
            } catch let error as UsageError {
                bad.append(error.message)
            }
        }
        let gate = try DomainGate.load(arguments, context: context)
        for message in bad { out.unreadable(message) }
        gate.unreadable.forEach(out.unreadable)
        // Findings about the route list and entitlement come first: they hold for every domain.
        for (label, bytes) in gate.sources { out.source(label, bytes) }
        out.findings(gate.inputDiagnostics)

        // Domains stream through: each is judged as soon as its fetches are done, while the
        // others are still being fetched, and handed on in input order. Nothing but small
        // records waits for its turn.
        let progress = ProgressLine(console: context.console, total: targets.count,
                                    enabled: context.console.stderrIsTerminal && !context.quiet && targets.count > 1)
        out.routeOutput { progress.print($0) }
        DomainCheck.stream(targets, options: options, appIDs: gate.membershipAppIDs, process: { outcome in
            progress.advance()
            guard !gate.isEmpty else { return out.report(for: outcome) }
            let judged = gate.judge(host: outcome.target.host, document: outcome.hosting.validation?.document)
            return out.report(for: outcome, adding: judged.diagnostics, routes: judged.routes)
        }, emit: { _, report in
            out.domain(report)
        })
        progress.finish()
        return RunEnd(subject: targets.count > 1 ? "\(targets.count) domains" : nil,
                      reminder: "A correct file does not prove devices have fetched it: they refresh about weekly through Apple's CDN, and links typed in Safari or tapped on a page of the same domain stay in the browser.")
    }
}
