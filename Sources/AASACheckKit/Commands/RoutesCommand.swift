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

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard let source = arguments.positionals.first, arguments.positionals.count == 1 else {
            throw UsageError("give one SOURCE (a file or a domain); see `aasa-check routes --help`")
        }
        guard let routesPath = arguments.value("--routes") else {
            throw UsageError("--routes FILE is required; see `aasa-check routes --help`")
        }
        let appIDs = try arguments.appIDs()
        let list = try RouteListInput(path: routesPath, console: context.console)
        let loaded = try DocumentSource.load(source, arguments: arguments, context: context)
        let out = context.output
        out.source(loaded.label, loaded.bytes)
        out.source(routesPath, list.bytes)
        out.fetches(loaded.fetches)
        // AASA705 for each entry that is not a route (the command cannot run as asked: exit
        // status 2), or AASA706 for a list without routes.
        var diagnostics = loaded.diagnostics + list.diagnostics
        guard let document = loaded.validation.document else {
            out.findings(diagnostics)
            if let unreadable = list.unreadable { out.unreadable(unreadable) }
            return RunEnd(subject: "no routes judged: the file does not decode")
        }
        out.subject(loaded.label, kind: .domainFile)
        let domain = loaded.host ?? "example.com"
        let matcher = DocumentMatcher(document: document, host: loaded.host)
        let result = RouteCheck.run(matcher: matcher, domain: domain, routes: list.routes,
                                    appIDs: appIDs, routesFile: routesPath, judgeRules: list.judgesRules)
        for verdict in result.verdicts { out.route(verdict) }
        diagnostics += result.diagnostics.map { d in
            var d = d
            if d.code == .aasa704 {
                d.file = loaded.label
                d.source = loaded.fetches.isEmpty ? .file : .origin
            }
            d.target = d.target ?? loaded.host ?? loaded.label
            return d
        }
        out.findings(diagnostics)
        if let unreadable = list.unreadable { out.unreadable(unreadable) }
        return RunEnd(subject: result.summary)
    }
}
