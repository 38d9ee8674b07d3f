import AASACore

/// `aasa-check match SOURCE URL...`: which app each URL opens, and why (spec `cli.md`).
public enum MatchCommand: Command {
    public static let name = "match"
    public static let abstract = "Say which app each URL opens, and why — as Apple's devices decide."
    public static let usage = "aasa-check match SOURCE [URL...] [--app-id ID]... [--domain HOST] | SOURCE [URL...] --package NAME | SOURCE --relation REL (--package NAME --fingerprint SHA256 | --site ORIGIN)"
    public static let discussion = """
    SOURCE is a local apple-app-site-association file when that path exists, otherwise a
    domain whose file is fetched. Each URL (or path, such as /buy/shoes) is decided for each
    app ID (every app of the file when --app-id is not given): match (opens the app),
    exclude (an exclude rule keeps it in the browser) or no_match, with the deciding
    details entry and rule. For no_match, the closest rule and the part that failed are
    shown. Without URL arguments, URLs are read from standard input, one per line.
    For a local file, --domain says which host it is served for: URLs of other hosts then
    never match. For a domain, Apple's CDN copy decides when it is usable, as on devices (iOS
    14 and later), and each URL the origin file would decide otherwise is AASA502; --origin
    decides by the origin file.
    Android: with --package (or an assetlinks.json SOURCE, or --kind assetlinks), SOURCE's
    assetlinks.json decides each URL for the app as Android 15's dynamic rules do (decoded
    parts, the first matching rule decides, exclude keeps the link in the browser, a URL no
    rule matches stays in the browser, no rules: the manifest decides): JSON matches carry
    platform android, package, decision and rule (the deciding rule's index). Where the
    reference marks a device behaviour unknown, the explanation says the decision may differ
    on device. --relation REL with --package and --fingerprint (or --site ORIGIN) asks Google's
    check question: does SOURCE's list, after includes, grant REL to that app or site (JSON
    links). A DOMAIN SOURCE's assetlinks.json is fetched as check --platform android fetches it.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check match aasa.json https://example.com/buy/shoes --domain example.com", "Does this link open the app?"),
        ("aasa-check match aasa.json /help/x?articleNumber=123 --app-id ABCDE12345.com.example.app", "Why not? (shows the closest rule)"),
        ("cat urls.txt | aasa-check match aasa.json --json", "Many URLs from standard input, JSON out"),
        ("aasa-check match assetlinks.json https://example.com/product/1 --package com.example.shop --domain example.com", "Does this App Link open the Android app (dynamic rules)?"),
        ("aasa-check match example.com --relation delegate_permission/common.handle_all_urls --package com.example.shop --fingerprint 14:6D:…:E5 --json", "Google's check question, answered in JSON links"),
        ("aasa-check match example.com --relation delegate_permission/common.get_login_creds --site https://login.example.com", "Does the site share credentials with another site?"),
        ("aasa-check match example.com --auth-url /oauth/authorize", "Must stay in the browser: a warning when the app opens it (WAN701, WAN702 with --package)"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) to decide for; repeatable. Default: every app in the file."),
        OptionSpec("--domain", value: "HOST", help: "The host a local file is served for."),
        DocumentSource.originOption,
        AndroidOptions.packageSpec, AndroidOptions.fingerprintSpec,
        OptionSpec("--relation", value: "REL", help: "Google's check question: does SOURCE's assetlinks.json grant this relation (delegate_permission/common.handle_all_urls) to the app (--package and --fingerprint, in upper-case colon form as Google's API takes it) or the site (--site)?"),
        OptionSpec("--site", value: "ORIGIN", help: "With --relation: the web site asked about (https://example.com[:port])."),
        AndroidOptions.kindSpec,
        SignInFlow.authURLSpec,
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" }

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard let source = arguments.positionals.first else {
            throw UsageError("give SOURCE (a file or a domain) and URLs; see `aasa-check match --help`")
        }
        let urls = Array(arguments.positionals.dropFirst())
        if urls.isEmpty && source == "-" {
            throw UsageError("with SOURCE read from standard input, give the URLs as arguments")
        }
        let given = try arguments.appIDs()
        let authURLs = try SignInFlow.authURLs(arguments)
        let forced = try AndroidOptions.kind(arguments)
        let androidAsked = ["--package", "--fingerprint", "--relation", "--site"].contains { arguments.has($0) }
        let loaded = try context.load(source, kind: androidAsked ? AssetLinksKind.self : forced, recognizes: true)
        if loaded.kind == AssetLinksKind.self {
            return try AndroidMatch.run(arguments, context, source: loaded, urls: urls, authURLs: authURLs)
        }
        let out = context.output
        out.domainFile(loaded)
        let appIDs: [String]
        var decider: URLDecider?
        if let compiled = loaded.compiled {
            let m = DocumentMatcher(compiled: compiled, host: loaded.host)
            appIDs = given.isEmpty ? m.appIDs : given
            decider = m.decider(appIDs: appIDs)
        } else {
            appIDs = given
        }
        // The origin's file, where the CDN copy decides: its different decisions are AASA502.
        let other = loaded.other.map { URLDecider(matcher: DocumentMatcher(compiled: $0, host: loaded.host), appIDs: appIDs) }
        var differing: [Diagnostic] = []
        var moreDiffering = 0
        // Each URL's decisions go out as they are made, so a stream of URLs on standard input
        // (`tail -f log | aasa-check match …`) is answered line by line in constant memory.
        var decided = 0
        var opens = 0
        @discardableResult func handle(_ url: String) -> [MatchResult] {
            guard var parts = URLParts(url) else {
                out.unreadable("not a URL or path: \(SafeText.value(url))")
                return []
            }
            if parts.host == nil, let host = loaded.host { parts = parts.on(host: host) }
            let results = decider?.explain(parts) ?? []
            if let other {
                for d in CopyDifference.urls(results, other.explain(parts), host: loaded.host) {
                    // Kept for the end, at most the cap: a stream of URLs stays in constant memory.
                    if differing.count < RunOutput.findingsPerKind { differing.append(d) } else { moreDiffering += 1 }
                }
            }
            decided += results.count
            opens += results.filter { $0.decision == .match }.count
            out.decisions(results, for: url)
            return results
        }
        forEachURL(urls, readingStandardInput: urls.isEmpty && authURLs.isEmpty, context: context) { handle($0) }
        // --auth-url: decided as every URL is; one the app opens is WAN701 (a file devices do
        // not read opens nothing, so it captures nothing).
        var signIn: [Diagnostic] = []
        for url in authURLs {
            let results = handle(url)
            let judged = SignInURLs.judge(results, url: url, host: loaded.host, opensNothing: loaded.refusal != nil)
            signIn += judged.diagnostics
            judged.notes.forEach { out.note($0) }
        }
        if decider != nil && appIDs.isEmpty {
            out.note("The file lists no applinks app; give --app-id to decide for one.", kind: .advice)
        }
        if moreDiffering > 0 {
            differing.append(CopyDifference.more(moreDiffering, listed: RunOutput.findingsPerKind, host: loaded.host))
        }
        // The file's findings come after the decisions.
        out.findings(loaded.diagnostics + loaded.unlisted(given) + differing + signIn)
        out.rules(of: loaded.compiled, subject: loaded.decidingLabel, host: loaded.host, findings: loaded.diagnostics)
        var subject = "\(decided) decision\(decided == 1 ? "" : "s"), \(opens) open\(opens == 1 ? "s" : "") the app"
        // A file Apple's systems refuse: its decisions are the file's as written, not the devices'.
        if loaded.refusal != nil { subject += " as the file is written, which devices do not read (see the note)" }
        return RunEnd(subject: subject)
    }

    /// Hands each URL to `handle`: `urls`, or with `readingStandardInput` the lines of standard
    /// input (blank lines and `#` comments skipped; a line too long to read, or one that is not
    /// UTF-8, is refused whole, with its number). The one reading of URLs for Apple's and
    /// Android's decisions.
    static func forEachURL(_ urls: [String], readingStandardInput: Bool, context: CommandContext, _ handle: (String) -> Void) {
        guard readingStandardInput else { return urls.forEach(handle) }
        if context.console.stdinIsTerminal {
            context.console.err("aasa-check match: reading URLs from standard input, one a line; end with Ctrl-D\n")
        }
        while let line = context.console.readLine() {
            // A line is decided whole or not at all: one too long to read is refused.
            guard !line.tooLong else {
                context.output.unreadable("<stdin>:\(line.number): the line is longer than \(LineReader.maxLine) bytes; it is not decided",
                                          subject: "<stdin>")
                continue
            }
            // Nor is one whose bytes are not UTF-8: its text would be a repaired URL, not the
            // one given.
            if let bad = line.notUTF8 {
                let byte = Hex.format(bad.byte, width: 2)
                context.output.unreadable("<stdin>:\(line.number):\(bad.column): the byte 0x\(byte) is not UTF-8; the line is not decided (a URL spells such a byte %\(byte))",
                                          subject: "<stdin>")
                continue
            }
            let url = line.text.trimmingWhitespace
            if !url.isEmpty && !url.hasPrefix("#") { handle(url) }
        }
    }
}
