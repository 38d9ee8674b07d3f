import Foundation
import AASACore

/// What `check DOMAIN` adds with `--routes`, `--entitlements` and `--profile`: the route list
/// judged against each domain's served file (AASA701–AASA704), and the entitlement's entries
/// for each domain cross-checked against it (AASA607), in the same report and exit status.
struct DomainGate: Sendable {
    var routes: [RouteSpec] = []
    var routesFile: String?
    /// Whether the route list was read whole, so rules no route uses are reported (AASA704).
    var judgesRules = true
    /// The linted entitlement files, each with the app IDs its domains must list.
    var entitlements: [(report: EntitlementsReport, appIDs: [String])] = []
    /// `--app-id` values.
    var appIDs: [String] = []
    /// Findings about the gate's own inputs (entitlement lint, profile, unreadable route lines).
    var inputDiagnostics: [Diagnostic] = []
    /// Bytes of the route list and XML entitlements, for excerpts.
    var sources: [String: [UInt8]] = [:]
    /// Inputs that could not be read (exit status 2).
    var unreadable: [UnreadableInput] = []

    /// Whether the gate has anything to do per domain.
    var isEmpty: Bool { routes.isEmpty && entitlements.isEmpty }

    /// App IDs `check` itself must test for membership: with an entitlement, its cross-check
    /// covers `--app-id` per service, so membership is not reported twice.
    var membershipAppIDs: [String] { entitlements.isEmpty ? appIDs : [] }

    /// Reads `--routes`, `--entitlements` and `--profile`.
    /// - Throws: ``UsageError`` when a file cannot be read at all or is not what it should be.
    static func load(_ arguments: ParsedArguments, context: CommandContext) throws -> DomainGate {
        var gate = DomainGate()
        gate.appIDs = try arguments.appIDs()
        if let path = arguments.value("--routes") {
            let list = try RouteListInput(path: path, console: context.console)
            gate.routes = list.routes
            gate.routesFile = path
            gate.judgesRules = list.judgesRules
            gate.sources[path] = list.bytes
            gate.inputDiagnostics += list.diagnostics
            if let unreadable = list.unreadable { gate.unreadable.append(unreadable) }
        }
        /// An entitlements file or profile the gate needs: one that cannot be read stops the run.
        func read(_ path: String) throws -> EntitlementsFile {
            do {
                let (file, bytes) = try EntitlementsInput.read(path, console: context.console)
                if let bytes { gate.sources[file.path ?? "<stdin>"] = bytes }
                return file
            } catch {
                throw UsageError(error.message)
            }
        }
        var profile: EntitlementsFile?
        if let path = arguments.value("--profile") {
            let file = try read(path)
            guard file.profile != nil else {
                throw UsageError("--profile \(SafeText.value(path)): not a provisioning profile (no Entitlements dictionary)")
            }
            profile = file
            for appID in gate.appIDs.isEmpty ? [nil] : gate.appIDs.map(Optional.some) {
                gate.inputDiagnostics += EntitlementsLinter.checkProfile(file, appID: appID)
            }
            gate.inputDiagnostics += EntitlementsLinter.checkExpiry(file, now: Date())
        }
        if let path = arguments.value("--entitlements") {
            // Any kind: an entitlements file, an executable, an .app, .ipa or .xcarchive.
            let now = Date()
            let loaded = EntitlementsInput.load(path, console: context.console, now: now)
            guard !loaded.subjects.isEmpty else {
                throw UsageError(loaded.unreadable.first?.message ?? "--entitlements \(SafeText.value(path)): nothing to read")
            }
            gate.unreadable += loaded.unreadable.map { UnreadableInput(subject: $0.subject, message: $0.message) }
            gate.sources.merge(loaded.sources) { a, _ in a }
            gate.inputDiagnostics += loaded.diagnostics
            let settings = try BuildSettingsInput.parse(arguments, appID: gate.appIDs.first, profile: profile?.profile,
                                                        console: context.console)
            for report in EntitlementsInput.lint(loaded, appID: gate.appIDs.first, profile: profile, settings: settings, now: now) {
                gate.inputDiagnostics += report.diagnostics
                // Nested bundles are checked with their own signed app ID; a repeated slice not again.
                let ids = report.isRepeat ? []
                    : gate.appIDs.isEmpty || report.appIdentity?.origin != .argument
                    ? [report.appIdentity?.appID].compactMap { $0 } : gate.appIDs
                gate.entitlements.append((report, ids))
            }
            if gate.entitlements.allSatisfy({ $0.appIDs.isEmpty }) {
                throw UsageError("--entitlements \(SafeText.value(path)): no app ID to check the domains for; give --app-id, --profile, an .xcent or a signed build")
            }
        }
        return gate
    }

    /// The findings and route verdicts for one domain's file as deployed: routes are judged
    /// by the copy devices decide by (``DeployedFile/deciding``), as `routes DOMAIN` judges
    /// them, with AASA502 for each route the origin's file judges otherwise.
    func judge(host: String, deployed: DeployedFile) -> (diagnostics: [Diagnostic], routes: [RouteVerdict]) {
        guard let compiled = deployed.deciding ?? deployed.originValidation?.compiled else { return ([], []) }
        // The entitlement is checked against the origin's file, as `entitlements` checks it.
        let document = deployed.originValidation?.document ?? compiled.document
        var diagnostics: [Diagnostic] = []
        var verdicts: [RouteVerdict] = []
        if let routesFile = routesFile, !routes.isEmpty {
            let mine = routes.filter { $0.host == nil || $0.host == host }
            let matcher = DocumentMatcher(compiled: compiled, host: host)
            var result = RouteCheck.run(matcher: matcher, domain: host, routes: mine, appIDs: appIDs, routesFile: routesFile, judgeRules: judgesRules)
            if deployed.deciding == nil, let refusal = deployed.originValidation?.rejection { result = result.refused(by: refusal) }
            diagnostics += result.diagnostics.map { d in
                var d = d.code == .aasa704 ? deployed.attributed(d) : d
                d.target = host
                return d
            }
            if let other = deployed.other {
                let apps = Array(Set(result.verdicts.map(\.appID)))
                let origin = RouteCheck.run(matcher: DocumentMatcher(compiled: other, host: host), domain: host, routes: mine,
                                            appIDs: apps, routesFile: routesFile, judgeRules: false)
                diagnostics += CopyDifference.routes(result.verdicts, origin.verdicts, host: host, routesFile: routesFile)
            }
            verdicts = result.verdicts
        }
        for (report, ids) in entitlements {
            // Entries are keyed by the host whose file serves them (the apex for a wildcard).
            // A full app's appclips entry is satisfied by its App Clip (EntitlementCrossCheck).
            for appID in ids {
                diagnostics += EntitlementCrossCheck.check(entries: report.entries, appID: appID,
                                                           documents: [host: document], file: report.file.path)
            }
        }
        return (diagnostics, verdicts)
    }
}
