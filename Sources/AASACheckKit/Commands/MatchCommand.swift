import AASACore

/// `aasa-check match SOURCE URL...`: which app each URL opens, and why (spec `cli.md`).
public enum MatchCommand: Command {
    public static let name = "match"
    public static let abstract = "Say which app each URL opens, and why — as Apple's devices decide."
    public static let usage = "aasa-check match SOURCE [URL...] [--app-id ID]... [--domain HOST]"
    public static let discussion = """
    SOURCE is a local apple-app-site-association file when that path exists, otherwise a
    domain whose file is fetched. Each URL (or path, such as /buy/shoes) is decided for each
    app ID (every app of the file when --app-id is not given): match (opens the app),
    exclude (an exclude rule keeps it in the browser) or no_match, with the deciding
    details entry and rule. For no_match, the closest rule and the part that failed are
    shown. Without URL arguments, URLs are read from standard input, one per line.
    For a local file, --domain says which host it is served for: URLs of other hosts then
    never match.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check match aasa.json https://example.com/buy/shoes --domain example.com", "Does this link open the app?"),
        ("aasa-check match aasa.json /help/x?articleNumber=123 --app-id ABCDE12345.com.example.app", "Why not? (shows the closest rule)"),
        ("cat urls.txt | aasa-check match aasa.json --json", "Many URLs from standard input, JSON out"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) to decide for; repeatable. Default: every app in the file."),
        OptionSpec("--domain", value: "HOST", help: "The host a local file is served for."),
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" }

    /// Most URLs read from standard input at once, in bytes.
    static let stdinLimit = 64 * 1_048_576

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let source = arguments.positionals.first else {
            throw UsageError("give SOURCE (a file or a domain) and URLs; see `aasa-check match --help`")
        }
        var urls = Array(arguments.positionals.dropFirst())
        if urls.isEmpty {
            guard source != "-", let bytes = context.console.readStandardInput(stdinLimit) else {
                throw UsageError("give URLs as arguments or on standard input, one per line")
            }
            if bytes.count > stdinLimit { throw UsageError("standard input is larger than \(stdinLimit) bytes") }
            urls = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { String($0).trimmingWhitespace }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        let loaded = try DocumentSource.load(source, arguments: arguments, context: context)
        var report = Report()
        report.diagnostics = loaded.diagnostics
        report.fetches = loaded.fetches
        report.sources[loaded.label] = loaded.bytes
        let appIDs: [String]
        var matcher: DocumentMatcher?
        if let document = loaded.validation.document {
            let m = DocumentMatcher(document: document, host: loaded.host)
            matcher = m
            appIDs = arguments.all("--app-id").isEmpty ? m.appIDs : arguments.all("--app-id")
        } else {
            appIDs = arguments.all("--app-id")
        }
        for url in urls {
            guard var parts = URLParts(url) else {
                report.unreadable.append("not a URL or path: \(SafeText.escape(url))")
                continue
            }
            if parts.host == nil, let host = loaded.host { parts = parts.on(host: host) }
            guard let matcher else { continue }
            for appID in appIDs {
                report.matches.append(matcher.decide(parts, appID: appID))
            }
        }
        return context.emit(report) { text, report in
            var out = ""
            let style = text.style
            var lastURL: String?
            for m in report.matches {
                if m.url != lastURL {
                    out += style.bold(SafeText.escape(m.url)) + "\n"
                    lastURL = m.url
                }
                let word: String
                switch m.decision {
                case .match: word = style.green("match   ")
                case .exclude: word = style.yellow("exclude ")
                case .noMatch: word = style.red("no_match")
                }
                out += "  \(word) \(SafeText.escape(m.appID))\n           \(SafeText.escape(m.explanation))\n"
            }
            if matcher != nil && appIDs.isEmpty {
                out += "The file lists no applinks app; give --app-id to decide for one.\n"
            }
            if !report.diagnostics.isEmpty && !context.quiet {
                out += "\nFindings in \(SafeText.escape(loaded.label)):\n"
                out += report.diagnostics.map { text.render($0, sources: report.sources) }.joined()
            }
            if !context.quiet {
                let decided = report.matches.count
                let opens = report.matches.filter { $0.decision == .match }.count
                out += text.summary(report, failOn: context.failOn, subject: "\(decided) decision\(decided == 1 ? "" : "s"), \(opens) open\(opens == 1 ? "s" : "") the app")
            }
            return out
        }
    }
}
