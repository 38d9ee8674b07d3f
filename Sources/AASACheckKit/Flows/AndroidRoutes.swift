import AASACore

/// `routes SOURCE --routes FILE` of an `assetlinks.json` (issue 23): each route of the list
/// decided for the app as `check DOMAIN --routes FILE --platform android` decides it
/// (``AndroidRouteCheck``; spec `assetlinks-reference.md` §3.1–§3.2): DAL701–DAL703 for the
/// routes that do not do what the list expects. The manifest is not read here (`check --apk`
/// reads it), so every path is taken to be one the app's intent filters accept.
enum AndroidRoutes {
    /// - Parameters:
    ///   - loaded: the statement list (a file, `-` or a domain's, fetched as `check` fetches it).
    ///   - host: the host the list is judged for (`--domain`, the domain fetched, or the one host
    ///     the route list's full URLs name); `nil`: paths are shown on `example.com`.
    /// - Throws: ``UsageError`` for a malformed `--package` or `--fingerprint`.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext, source loaded: LoadedDocument, routes: RouteListInput,
                    routesPath: String, host: String?, inferred: String?) throws -> RunEnd {
        let out = context.output
        let package = try arguments.value("--package").map(AndroidOptions.packageName)
        let fingerprints = try arguments.all("--fingerprint").map(AndroidOptions.fingerprint)
        let list = loaded.statementList
        let statements = list?.statements ?? []
        var unusable: String?
        if let list, case .unusable(let why)? = AndroidAppCheck.list(list) { unusable = why }
        // The apps to judge for: --package, else every app the list verifies for App Links.
        let packages = package.map { [$0] } ?? AppLinksPrediction.verifiedPackages(statements)
        // A usable list that verifies no app judges no route: nothing to run the list for (an
        // unusable one is reported, and its routes are judged for --package when given).
        if packages.isEmpty, unusable == nil {
            throw UsageError("\(SafeText.value(loaded.label)) verifies no Android app for App Links (no statement grants delegate_permission/common.handle_all_urls to an android_app): give --package NAME to judge the routes for your app")
        }

        out.domainFile(loaded)
        out.source(routesPath, routes.bytes)
        out.statements(StatementListing(subject: loaded.label, statements: list?.listing() ?? [],
                                        sourceName: loaded.host == nil ? loaded.label : nil))
        if let note = StatementListing.unfetchedIncludes(list, label: loaded.label) { out.note(note) }
        // Each host is verified by its own file: routes on other hosts are counted, not judged.
        let judged = RoutesCommand.routesOnHost(routes, routesPath: routesPath, host: host, inferred: inferred, out: out)
        let domain = host ?? "example.com"
        var result = RouteCheckResult(verdicts: [], diagnostics: [], routeCount: judged.count)
        for p in packages {
            let app = AndroidRouteCheck.App(package: p, fingerprints: fingerprints, filters: nil)
            let one = AndroidRouteCheck.run(statements: statements, unusable: unusable, app: app, host: domain, routes: judged, routesFile: routesPath)
            result.verdicts += one.verdicts
            result.notes += one.notes
            result.diagnostics += one.diagnostics.map { d in
                var d = d
                d.target = d.target ?? host ?? loaded.label
                return d
            }
        }
        for verdict in result.verdicts { out.route(verdict) }
        for note in result.notes { out.note(note, kind: .notice) }
        if packages.isEmpty {
            out.note("The file cannot be used, so no app is known to judge the routes for; give --package NAME to judge them for your app.", kind: .advice)
        }
        // A --package the list does not verify: DAL627, as `match` and `check` state it.
        let verification = package.map {
            AndroidAppCheck.verification(package: $0, fingerprints: fingerprints, list: list, host: loaded.host, label: loaded.label)
        } ?? []
        out.findings(loaded.diagnostics + routes.diagnostics + verification + result.diagnostics)
        if let unreadable = routes.unreadable { out.unreadable(unreadable) }
        return RunEnd(subject: result.summary)
    }
}
