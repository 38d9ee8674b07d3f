import AASACore

/// `aasa-check routes SOURCE --routes FILE`: the app's route list against the domain file.
public enum RoutesCommand: Command {
    public static let name = "routes"
    public static let abstract = "Check the app's route list against the domain file's rules."
    public static let usage = "aasa-check routes SOURCE --routes FILE [--app-id ID]... [--domain HOST]"
    public static let discussion = """
    A route the app handles but the file never sends opens Safari (AASA701, AASA702); a URL
    the file sends but the app cannot route opens the app on a blank screen (AASA703, and
    AASA704 for include rules that match no listed route).

    Route list: one route a line — a path (/todos), a full URL (https://example.com/me) or a
    custom-scheme URL whose host carries the route (soar://todos → /todos) — then optionally
    `app` (default) or `web`; # starts a comment. JSON works too:
    [{"route": "/todos", "expect": "app"}]. A placeholder (:id or {id}) is one path segment
    with any value; such a route is judged for every value: always, never, or sometimes with
    a value on each side.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check routes Fixtures/routes/soar-starter-aasa.json --routes Fixtures/routes/soar-starter.routes --domain soar.example",
         "The worked example: one deliberate gap (/redeem-code)"),
        ("aasa-check routes example.com --routes routes.txt --app-id ABCDE12345.com.example.app", "Against the live file of a domain"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--routes", value: "FILE", help: "The route list (text or JSON)."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID to judge for; repeatable. Default: every app in the file."),
        OptionSpec("--domain", value: "HOST", help: "The host a local file is served for (default example.com)."),
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" }

    /// Largest route list read, in bytes (16 MiB).
    static let routeListLimit = 16 * 1_048_576

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let source = arguments.positionals.first, arguments.positionals.count == 1 else {
            throw UsageError("give one SOURCE (a file or a domain); see `aasa-check routes --help`")
        }
        guard let routesPath = arguments.value("--routes") else {
            throw UsageError("--routes FILE is required; see `aasa-check routes --help`")
        }
        let appIDs = try arguments.appIDs()
        let routeBytes = try InputFile.read(routesPath, limit: routeListLimit, kind: .routeList, console: context.console)
        guard !routeBytes.stoppedAtLimit else {
            throw UsageError("--routes \(SafeText.value(routesPath)): " + routeBytes.tooLarge("the route list"))
        }
        let loaded = try DocumentSource.load(source, arguments: arguments, context: context)
        var report = Report()
        report.diagnostics = loaded.diagnostics
        report.fetches = loaded.fetches
        report.sources[loaded.label] = loaded.bytes
        report.sources[routesPath] = routeBytes.bytes
        let parsed = RouteList.read(routeBytes.bytes)
        report.diagnostics += parsed.diagnostics(file: routesPath)  // AASA705 each, or AASA706
        if let reason = parsed.unreadableReason(file: routesPath) {
            // A malformed route list: the command cannot run as asked (exit status 2).
            report.addUnreadable(reason, subject: routesPath)
        }
        var summary = ""
        if let document = loaded.validation.document {
            let domain = loaded.host ?? "example.com"
            let matcher = DocumentMatcher(document: document, host: loaded.host)
            let result = RouteCheck.run(matcher: matcher, domain: domain, routes: parsed.routes,
                                        appIDs: appIDs, routesFile: routesPath, judgeRules: parsed.judgesRules)
            report.diagnostics += result.diagnostics.map { d in
                var d = d
                if d.code == .aasa704 {
                    d.file = loaded.label
                    d.source = loaded.validation.document == nil ? .file : (loaded.fetches.isEmpty ? .file : .origin)
                }
                d.target = d.target ?? loaded.host ?? loaded.label
                return d
            }
            report.routes = result.verdicts.map(json)
            report.cases = result.verdicts.map { v in
                ReportCase(suite: "routes \(v.appID)", name: "\(SafeText.clip(v.route.text)) (\(v.route.expect.rawValue))",
                           failure: v.ok ? nil : "\(v.route.text): \(v.explanation)")
            } + [ReportCase(suite: loaded.label, name: "apple-app-site-association",
                            diagnostics: report.diagnostics.filter { $0.source != .routes })]
            if !parsed.judgesRules {
                // The entries that cannot be read (AASA705), or the empty list (AASA706).
                report.cases.append(ReportCase(suite: routesPath, name: "route list",
                                               diagnostics: report.diagnostics.filter { $0.code == .aasa705 || $0.code == .aasa706 }))
            }
            summary = result.summary
            return context.emit(report) { text, report in render(report, result.verdicts, summary, text, context) }
        }
        return context.emit(report) { text, report in render(report, [], "no routes judged: the file does not decode", text, context) }
    }

    static func render(_ report: Report, _ verdicts: [RouteVerdict], _ summary: String, _ text: TextRenderer, _ context: CommandContext) -> String {
        let style = text.style
        var out = ""
        var lastApp: String?
        // --quiet: only the routes that fail, and the findings.
        for v in verdicts where !(context.quiet && v.ok) {
            if v.appID != lastApp {
                out += style.bold(SafeText.escape(v.appID)) + "\n"
                lastApp = v.appID
            }
            let mark = v.ok ? style.green("ok  ") : style.red("FAIL")
            let coverage = v.coverage.map { " [\($0.rawValue)]" } ?? ""
            let rule = v.rule.map { " \($0.isLegacyPath ? "paths" : "components")[\($0.index)] `\($0.text)`" } ?? ""
            out += "  \(mark) \(SafeText.value(v.route.text)) (\(v.route.expect.rawValue)) → \(v.decision.rawValue)\(coverage)\(SafeText.message(rule))\n"
            if v.coverage == .sometimes {
                out += "         \(SafeText.message(v.explanation))\n"
            }
        }
        if !report.diagnostics.isEmpty {
            out += "\n" + report.diagnostics.map { text.render($0, sources: report.sources) }.joined()
        }
        if !context.quiet {
            out += text.summary(report, failOn: context.failOn, subject: summary)
        }
        return out
    }

    /// A verdict as spec `cli.md` fixes it (`routes`).
    public static func json(_ v: RouteVerdict) -> OutputJSON {
        var members: [(String, OutputJSON)] = [
            ("route", .string(v.route.text)), ("url", .string(v.url)), ("expect", .string(v.route.expect.rawValue)),
            ("appID", .string(v.appID)), ("decision", .string(v.decision.rawValue)), ("ok", .bool(v.ok)),
            ("detail", .optional(v.detail)), ("component", .optional(v.component)),
            ("coverage", .optional(v.coverage?.rawValue)),
        ]
        if v.coverage == .sometimes {
            members.append(("examples", .object([("match", .optional(v.matchExample)), ("noMatch", .optional(v.noMatchExample))])))
        }
        members.append(("line", .int(v.route.line)))
        members.append(("explanation", .string(SafeText.clipRuns(v.explanation))))
        return .object(members)
    }
}
