import Foundation
import AASACore

/// What `check DOMAIN` adds with `--routes`, `--entitlements` and `--profile`: the route list
/// judged against each domain's served file (AASA701–AASA704), and the entitlement read, linted
/// and judged for each domain by the one entitlements flow (``EntitlementsFlow``: the entries
/// served by the domain's file cross-checked per service, AASA607; the app the entitlement
/// implies claimed and listed, AASA621 and AASA607), in the same report and exit status.
struct DomainGate: Sendable {
    var routes: [RouteSpec] = []
    var routesFile: String?
    /// Whether the route list was read whole, so rules no route uses are reported (AASA704).
    var judgesRules = true
    /// The entitlement, read and linted; `nil` without `--entitlements`.
    var flow: EntitlementsFlow?
    /// `--app-id` values.
    var appIDs: [String] = []
    /// Findings about the gate's own inputs (entitlement lint, profile, unreadable route lines).
    var inputDiagnostics: [Diagnostic] = []
    /// Bytes of the route list and XML entitlements, for excerpts.
    var sources: [String: [UInt8]] = [:]
    /// Inputs that could not be read (exit status 2).
    var unreadable: [UnreadableInput] = []

    /// The linted entitlement files, each with the app IDs its domains must list.
    var entitlements: [(report: EntitlementsReport, appIDs: [String])] {
        (flow?.checked ?? []).map { ($0.report, $0.appIDs) }
    }

    /// The hosts the route list names (routes written as full `https://` URLs), lowercased.
    var routeHosts: Set<String> { Set(routes.compactMap { $0.host?.lowercased() }) }

    /// The notice for routes on hosts no checked domain decides (`judged`: the hosts some
    /// domain of the run decided), so a route list is never dropped in part without a word.
    func unjudgedRoutesNotice(judged: Set<String>) -> String? {
        Self.unjudgedRoutesNotice(routes: routes, routesFile: routesFile, judged: judged)
    }

    /// The one wording, for `check --routes` and `routes`: `routes` whose hosts are not in
    /// `judged` (a SOURCE's file decides only its own host's URLs) counted, never dropped silently.
    static func unjudgedRoutesNotice(routes: [RouteSpec], routesFile: String?, judged: Set<String>) -> String? {
        let routeHosts = Set(routes.compactMap { $0.host?.lowercased() })
        let missing = routeHosts.subtracting(judged).sorted()
        guard !missing.isEmpty else { return nil }
        let count = routes.count { $0.host.map { missing.contains($0.lowercased()) } ?? false }
        let names = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
        return "\(count) route\(count == 1 ? "" : "s") of \(SafeText.value(routesFile ?? "the route list")) \(count == 1 ? "is" : "are") on "
            + "\(names), which this run did not check, so \(count == 1 ? "it was" : "they were") not judged: check "
            + "\(missing.count == 1 ? "that domain" : "those domains") too to judge \(count == 1 ? "it" : "them")"
    }

    /// Whether the gate has anything to do per domain.
    var isEmpty: Bool { routes.isEmpty && entitlements.isEmpty }

    /// App IDs `check` itself must test for membership: with an entitlement, the flow judges
    /// membership per domain with the entries' services, so it is not reported twice.
    var membershipAppIDs: [String] { entitlements.isEmpty ? appIDs : [] }

    /// The apps routes are judged for: `--app-id`, else the app the entitlement implies (its
    /// main app: not the App Clip or an extension), else every app of the domain's file.
    var routeAppIDs: [String] { appIDs.isEmpty ? flow?.mainAppIDs ?? [] : appIDs }

    /// Reads `--routes`, `--entitlements` and `--profile`.
    /// - Throws: ``UsageError`` when a file cannot be read at all or is not what it should be,
    ///   and when the entitlement gives no app ID to check the domains for (check's policy).
    static func load(_ arguments: ParsedArguments, context: CommandContext) throws -> DomainGate {
        var gate = DomainGate()
        gate.appIDs = try arguments.appIDs()
        if let path = arguments.value("--routes") {
            let list = try RouteListInput(path: path, namedBy: arguments.configured["--routes"], console: context.console)
            gate.routes = list.routes
            gate.routesFile = path
            gate.judgesRules = list.judgesRules
            gate.sources[path] = list.bytes
            gate.inputDiagnostics += list.diagnostics
            if let unreadable = list.unreadable { gate.unreadable.append(unreadable) }
        }
        guard let path = arguments.value("--entitlements") else {
            if arguments.value("--profile") != nil {
                // A profile alone: read and checked as the flow checks it.
                let flow = try EntitlementsFlow.read([], arguments: arguments, console: context.console)
                if let problem = flow.profileProblem { throw UsageError(problem.message) }
                gate.sources.merge(flow.sources) { a, _ in a }
                gate.inputDiagnostics += flow.diagnostics
            }
            return gate
        }
        // Any kind: an entitlements file, an executable, an .app, .ipa or .xcarchive.
        // One the configuration names that yields nothing is a finding (AASA116), not a stop.
        let namedBy = arguments.configured["--entitlements"]
        let flow = try EntitlementsFlow.read([path], namedBy: namedBy, arguments: arguments, console: context.console)
        // Policy: an unreadable --profile, or an entitlement with nothing readable, stops the
        // run; a part of a built app that cannot be read is exit status 2.
        if let problem = flow.profileProblem { throw UsageError(problem.message) }
        guard !flow.checked.isEmpty || namedBy != nil else {
            throw UsageError(flow.problems.first?.unreadable.message ?? "--entitlements \(SafeText.value(path)): nothing to read")
        }
        gate.unreadable += flow.problems.map { UnreadableInput(subject: $0.unreadable.subject, message: $0.unreadable.message) }
        gate.sources.merge(flow.sources) { a, _ in a }
        gate.inputDiagnostics += flow.diagnostics
        if !flow.checked.isEmpty, flow.withAppID.isEmpty {
            throw UsageError("--entitlements \(SafeText.value(path)): no app ID to check the domains for; give --app-id, --profile, an .xcent or a signed build")
        }
        gate.flow = flow
        return gate
    }

    /// The route verdicts for Android (``AndroidRouteCheck``) on one domain whose
    /// `assetlinks.json` the run fetched: for `app` (`--apk` or `--package`), else for every
    /// app the list verifies for App Links. Routes on other hosts are not judged here (each
    /// host is verified by its own file); a wildcard target's subdomains neither (the apex's
    /// file verifies only `*.` hosts of the manifest, which `--apk` names).
    func judgeAndroid(_ outcome: DomainOutcome, app check: AndroidAppCheck?) -> (diagnostics: [Diagnostic], routes: [RouteVerdict], notes: [String]) {
        guard let routesFile, !routes.isEmpty, let list = AndroidAppCheck.list(outcome) else { return ([], [], []) }
        let host = outcome.target.host
        let mine = routes.filter { $0.host.map { $0.lowercased() == host } ?? true }
        guard !mine.isEmpty else { return ([], [], []) }
        var statements: [AssetStatement] = []
        var unusable: String?
        switch list {
        case .statements(let s, _): statements = s
        case .unusable(let why): unusable = why
        }
        var apps: [AndroidRouteCheck.App] = []
        if let check {
            let app = check.app
            // Each certificate once: a signer is also in its range's lineage, and ranges repeat it.
            var prints: [String] = []
            for f in app.devices.flatMap({ $0.signers + $0.fingerprints }) where !prints.contains(f) { prints.append(f) }
            // With the manifest, a host no filter Android verifies names opens no route.
            let named = !check.manifestKnown || app.hosts.contains { AppLinksCrossCheck.names($0.host, host) }
            apps = [AndroidRouteCheck.App(package: app.package, fingerprints: prints.isEmpty ? nil : prints, filters: app.filters,
                                          notVerified: named ? nil : AppLinksCrossCheck.notVerifiedByManifest(app, host: host))]
        } else {
            apps = AppLinksPrediction.verifiedPackages(statements).map { AndroidRouteCheck.App(package: $0, fingerprints: nil, filters: nil) }
        }
        var diagnostics: [Diagnostic] = []
        var verdicts: [RouteVerdict] = []
        var notes: [String] = []
        for a in apps {
            let result = AndroidRouteCheck.run(statements: statements, unusable: unusable, app: a, host: host, routes: mine, routesFile: routesFile)
            diagnostics += result.diagnostics.map { d in
                var d = d
                d.target = host
                return d
            }
            verdicts += result.verdicts
            notes += result.notes
        }
        return (diagnostics, verdicts, notes)
    }

    /// The findings and route verdicts for one domain's file as deployed: routes are judged
    /// by the copy devices decide by (``DeployedFile/deciding``), as `routes DOMAIN` judges
    /// them, with AASA502 for each route the origin's file judges otherwise; the entitlement
    /// is checked against the origin's file and the CDN copy, as `entitlements` checks it.
    func judge(_ outcome: DomainOutcome) -> (diagnostics: [Diagnostic], routes: [RouteVerdict]) {
        let host = outcome.target.host
        guard let deployed = outcome.deployed, let compiled = deployed.deciding ?? deployed.originValidation?.compiled
        else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        var verdicts: [RouteVerdict] = []
        if let routesFile = routesFile, !routes.isEmpty {
            let mine = routes.filter { $0.host.map(outcome.target.decides) ?? true }
            // A wildcard target's file decides its subdomains' URLs too: the matcher then takes
            // every host the routes name (they are filtered to the target's above).
            let matcherHost = outcome.target.wildcard ? nil : host
            let matcher = DocumentMatcher(compiled: compiled, host: matcherHost)
            var result = RouteCheck.run(matcher: matcher, domain: host, routes: mine, appIDs: routeAppIDs, routesFile: routesFile,
                                        judgeRules: judgesRules)
            if deployed.deciding == nil, let refusal = deployed.refusal { result = result.refused(by: refusal) }
            var routeFindings = result.diagnostics.map { d in
                var d = d.code == .aasa704 ? deployed.attributed(d) : d
                d.target = host
                return d
            }
            if let other = deployed.other {
                let apps = Array(Set(result.verdicts.map(\.appID)))
                let origin = RouteCheck.run(matcher: DocumentMatcher(compiled: other, host: matcherHost), domain: host, routes: mine,
                                            appIDs: apps, routesFile: routesFile, judgeRules: false)
                routeFindings = CopyDifference.rehinted(routeFindings, deciding: result.verdicts, others: origin.verdicts)
                routeFindings += CopyDifference.routes(result.verdicts, origin.verdicts, host: host, routesFile: routesFile)
            }
            diagnostics += routeFindings
            verdicts = result.verdicts
        }
        if let flow, let document = deployed.originValidation?.document ?? deployed.cdnCopy?.document {
            diagnostics += flow.judge(host: host, document: document, cdnCopy: deployed.cdnCopy?.document, fileLabel: outcome.fileLabel)
        }
        return (diagnostics, verdicts)
    }
}
