import AASACore

/// `aasa-check routes SOURCE --routes FILE`: the app's route list against the domain file.
public enum RoutesCommand: Command {
    public static let name = "routes"
    public static let abstract = "Check the app's route list against the domain file's rules."
    public static let usage = "aasa-check routes SOURCE --routes FILE [--app-id ID]... [--package NAME [--fingerprint SHA256]...] [--domain HOST]"
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

    For a local file, --domain HOST says which host the file is served for: full URLs on
    other hosts never open the app from it. Without --domain, the one host the list's full
    URLs name is taken (said in a note; a list naming several hosts needs --domain), and paths
    are judged on that host, or shown on example.com when the list names none.

    Android: an assetlinks.json SOURCE (or --package, --fingerprint, --kind assetlinks)
    judges the routes as Android 12+ with Android 15's dynamic rules decides them, for the
    package (default: every app the file verifies for App Links): DAL701 (nothing opens a
    route that must open the app), DAL702 (a dynamic rule excludes it), DAL703 (a route that
    must stay on the web opens the app). The manifest is not read here; `check DOMAIN --apk
    FILE --routes FILE` judges the routes against the app's intent filters too.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check routes Fixtures/routes/soar-starter-aasa.json --routes Fixtures/routes/soar-starter.routes --domain soar.example",
         "The worked example: one deliberate gap (/redeem-code)"),
        ("aasa-check routes example.com --routes routes.txt --app-id ABCDE12345.com.example.app", "Against the live file of a domain"),
        ("aasa-check routes assetlinks.json --routes routes.txt --package com.example.shop --domain example.com",
         "Android: the routes against the statement list's dynamic rules"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--routes", value: "FILE", help: "The route list (text or JSON)."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID to judge for; repeatable. Default: every app in the file."),
        OptionSpec("--domain", value: "HOST", help: "The host a local file is served for. Default: the one host the route list's full URLs name (a list naming several needs --domain); paths alone are judged on any host and shown on example.com."),
        DocumentSource.originOption,
        AndroidOptions.packageSpec, AndroidOptions.fingerprintSpec, AndroidOptions.kindSpec,
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" }

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard let source = arguments.positionals.first, arguments.positionals.count == 1 else {
            throw UsageError("give one SOURCE (a file or a domain); see `aasa-check routes --help`")
        }
        guard let routesPath = arguments.value("--routes") else {
            throw UsageError("--routes FILE is required; see `aasa-check routes --help`")
        }
        let appIDs = try arguments.appIDs()
        let list = try RouteListInput(path: routesPath, namedBy: arguments.configured["--routes"], console: context.console)
        let forced = try AndroidOptions.kind(arguments)
        let androidAsked = ["--package", "--fingerprint"].contains { arguments.has($0) }
        if androidAsked, !appIDs.isEmpty {
            throw UsageError("--app-id names an Apple app and --package an Android one: judge each platform's file in its own run")
        }
        let loaded = try context.load(source, kind: androidAsked ? AssetLinksKind.self : forced, recognizes: true)
        // The host the file is judged for: --domain or the domain fetched, else the one host
        // the list's full URLs name. Several hosts cannot all be this file's.
        var host = loaded.host
        var inferred: String?
        if host == nil {
            let named = Array(Set(list.routes.compactMap { $0.host?.lowercased() })).sorted()
            if named.count > 1 {
                throw UsageError("the route list names \(named.count) hosts (\(named.prefix(3).map { SafeText.value($0) }.joined(separator: ", "))\(named.count > 3 ? ", …" : "")); "
                    + "give --domain HOST, the host this file is served for (routes on the other hosts are counted, not judged, as check does)")
            }
            host = named.first
            inferred = host
        }
        if loaded.kind == AssetLinksKind.self {
            return try AndroidRoutes.run(arguments, context, source: loaded, routes: list, routesPath: routesPath, host: host, inferred: inferred)
        }
        let out = context.output
        out.domainFile(loaded, asSubject: loaded.document != nil)
        out.source(routesPath, list.bytes)
        // AASA705 for each entry that is not a route (the command cannot run as asked: exit
        // status 2), or AASA706 for a list without routes.
        var diagnostics = loaded.diagnostics + list.diagnostics + loaded.unlisted(appIDs)
        guard let compiled = loaded.compiled else {
            out.findings(diagnostics)
            if let unreadable = list.unreadable { out.unreadable(unreadable) }
            return RunEnd(subject: "no routes judged: the file does not decode")
        }
        let judgedRoutes = routesOnHost(list, routesPath: routesPath, host: host, inferred: inferred, out: out)
        let domain = host ?? "example.com"
        let matcher = DocumentMatcher(compiled: compiled, host: host)
        var result = RouteCheck.run(matcher: matcher, domain: domain, routes: judgedRoutes,
                                    appIDs: appIDs, routesFile: routesPath, judgeRules: list.judgesRules)
        if let refusal = loaded.refusal { result = result.refused(by: refusal) }
        for verdict in result.verdicts { out.route(verdict) }
        // AASA704 is about a rule of the deciding copy: the local file, the origin's, or the CDN's.
        diagnostics += result.diagnostics.map { d in
            var d = d.code == .aasa704 ? loaded.attributed(d) : d
            d.target = d.target ?? host ?? loaded.label
            return d
        }
        // Where the CDN copy decides, each route the origin file would judge otherwise.
        if let other = loaded.other {
            let apps = Array(Set(result.verdicts.map(\.appID)))
            let origin = RouteCheck.run(matcher: DocumentMatcher(compiled: other, host: host), domain: domain,
                                        routes: judgedRoutes, appIDs: apps, routesFile: routesPath, judgeRules: false)
            diagnostics = CopyDifference.rehinted(diagnostics, deciding: result.verdicts, others: origin.verdicts)
            diagnostics += CopyDifference.routes(result.verdicts, origin.verdicts, host: host, routesFile: routesPath)
        }
        out.findings(diagnostics)
        out.rules(of: compiled, subject: loaded.decidingLabel, host: loaded.host, findings: diagnostics, verdicts: result.verdicts)
        if let unreadable = list.unreadable { out.unreadable(unreadable) }
        return RunEnd(subject: result.summary)
    }

    /// The routes the file of `host` decides (every route when no host is known), with the notes
    /// both platforms' runs give: the host taken from the list's full URLs (`inferred`), and the
    /// routes on other hosts, counted in one notice as `check --routes` counts them (a file
    /// decides only its own host's URLs; before, each was AASA701, a false error for a list that
    /// also holds the www host's routes).
    static func routesOnHost(_ list: RouteListInput, routesPath: String, host: String?, inferred: String?, out: RunOutput) -> [RouteSpec] {
        if let inferred {
            out.note("the file is judged as served for \(inferred), the host of the route list's full URLs; give --domain to name another", kind: .notice)
        }
        guard let host else { return list.routes }
        if let notice = DomainGate.unjudgedRoutesNotice(routes: list.routes, routesFile: routesPath, judged: [host]) {
            out.note(notice, kind: .notice)
        }
        return list.routes.filter { ($0.host?.lowercased() ?? host) == host }
    }
}
