import AASACore
import Foundation

/// `aasa-check diff OLD NEW`: which URLs change app between two versions of a domain file
/// (issue 11; spec `cli.md`).
public enum DiffCommand: Command {
    public static let name = "diff"
    public static let abstract = "Say which URLs change app between two versions of a domain file."
    public static let usage = "aasa-check diff OLD NEW [--routes FILE] [--app-id ID]... [--origin] [--domain HOST]"
    public static let discussion = """
    OLD and NEW are each a local file, - (standard input, for one of them) or a DOMAIN,
    whose file is fetched as `check` fetches it: Apple's CDN copy, because that is what
    devices read (--origin for the origin file). The release gate compares the deployed
    domain with the file about to be deployed.

    For each service, app IDs added (AASA804) or removed (AASA803); for each app listed in
    applinks on both sides, every change of decision: URLs that opened the app and no longer
    do (AASA801), URLs that now do (AASA802), each with an example URL and the rule that
    decides it in OLD and in NEW. The comparison reasons over the patterns, it does not
    sample URLs: a rewrite that behaves the same (rules reordered where they do not overlap,
    paths written as components, key order, white space) shows no change. Where the work
    limits stop it, AASA805 names the rules not compared, and no "no change" is claimed.

    --routes FILE judges the app's route list on both files and names every route whose
    verdict changes; a route that opened the app and no longer does is an error (AASA701,
    AASA702), as is a web route that now opens it (AASA703).
    """
    public static let examples: [(String, String)] = [
        ("aasa-check diff example.com public/.well-known/apple-app-site-association --routes routes.txt",
         "Release gate: the deployed file (Apple's CDN copy) against the one about to be deployed"),
        ("aasa-check diff old.json new.json --fail-on warning", "Fail when any URL stops opening the app"),
        ("git show main:aasa.json | aasa-check diff - aasa.json --json", "Against the committed version, JSON out"),
        ("aasa-check diff example.com public/.well-known/assetlinks.json", "Android: statements gained and lost, URLs whose dynamic-rule decision changes (DAL801–DAL805)"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--routes", value: "FILE", help: "The app's route list (text or JSON), judged on both files."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "Only this app ID's changes; repeatable. Default: every app."),
        OptionSpec("--origin", help: "For a DOMAIN, compare the origin file instead of Apple's CDN copy."),
        OptionSpec("--domain", value: "HOST", help: "The host local files are served for (default: the DOMAIN given, else example.com)."),
        AndroidOptions.kindSpec,
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" }

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard arguments.positionals.count == 2 else {
            throw UsageError("give OLD and NEW (each a file, - or a domain); see `aasa-check diff --help`")
        }
        let (oldInput, newInput) = (arguments.positionals[0], arguments.positionals[1])
        if oldInput == "-" && newInput == "-" {
            throw UsageError("only one of OLD and NEW can be read from standard input")
        }
        let appIDs = try arguments.appIDs()
        let list = try arguments.value("--routes").map { try RouteListInput(path: $0, namedBy: arguments.configured["--routes"], console: context.console) }
        let out = context.output
        // Both sides through the one loader: each is read as `validate` (a file) or `check`
        // (a domain) reads it, with the same findings.
        // A statement list on either side (recognised, or --kind) makes both Android's.
        let forced = try AndroidOptions.kind(arguments)
        var old = try context.load(oldInput, originOnlyForDomains: false, kind: forced, recognizes: true)
        let new = try context.load(newInput, originOnlyForDomains: false, kind: forced ?? (old.kind == AssetLinksKind.self ? old.kind : nil),
                                   recognizes: true)
        if new.kind == AssetLinksKind.self && old.kind != AssetLinksKind.self {
            old = try context.load(oldInput, originOnlyForDomains: false, kind: AssetLinksKind.self)
        }
        if old.kind == AssetLinksKind.self {
            return try AndroidDiff.run(old: old, new: new, context)
        }
        for side in [old, new] {
            out.source(side.label, side.bytes)
            if let deciding = side.deciding { out.source(deciding.label, deciding.bytes) }
            out.fetches(side.fetches)
            if let note = side.notice { out.note(note) }
        }
        if let list { out.source(list.path, list.bytes) }
        // The errors of each side, as `validate` and `check` give them: a side Apple's systems
        // refuse, or cannot fetch, fails the gate whatever the comparison says.
        var findings = (old.diagnostics + new.diagnostics).filter { $0.severity == .error }
        guard let oldCompiled = old.compiled, let newCompiled = new.compiled else {
            out.findings(findings + (list?.diagnostics ?? []))
            if let unreadable = list?.unreadable { out.unreadable(unreadable) }
            return RunEnd(subject: "no comparison: \([old, new].filter { $0.compiled == nil }.map(\.decidingLabel).joined(separator: " and ")) could not be read")
        }
        out.subject(new.decidingLabel, kind: .domainFile)

        // Only the apps asked for are compared (issue 22: not every app, then filtered).
        let diff = DocumentDiff(old: oldCompiled, new: newCompiled, appIDs: appIDs.isEmpty ? nil : appIDs)
        func wanted(_ appID: String) -> Bool {
            appIDs.isEmpty || appIDs.contains { AppIdentity.canonical($0) == AppIdentity.canonical(appID) }
        }
        // A change between `exclude` and `no_match` keeps the URLs on the web on both sides (a
        // dead exclude removed): no app opens differently, so it is no change (README, issue 21).
        let changes = diff.changes.filter { $0.appIDs.contains(where: wanted) && ($0.kind == .appID || $0.isLoss || $0.isGain) }
        let incomplete = diff.incomplete.filter { wanted($0.appID) }
        let domain = try context.options(SourceOptions.self).domain ?? new.host ?? old.host ?? "example.com"
        let oldMatcher = DocumentMatcher(compiled: oldCompiled, host: domain)
        let newMatcher = DocumentMatcher(compiled: newCompiled, host: domain)
        // An --app-id neither side lists has nothing to compare: said, never a silent "no change".
        let inOld = Set(oldMatcher.appIDs.map(AppIdentity.canonical))
        let unlisted = appIDs.filter { !inOld.contains(AppIdentity.canonical($0)) }
        // Named by NEW's host or path, not the --domain default the matchers use.
        findings += new.unlisted(unlisted)
            .map { d in
                var d = d
                d.message += "; it is not in OLD either, so there is nothing to compare for it"
                return d
            }

        // Routes: judged for the apps asked for, else every app OLD lists in applinks (an app
        // NEW no longer lists loses its routes).
        var routeChanges: [RouteChange] = []
        if let list {
            let apps = appIDs.isEmpty ? oldMatcher.appIDs : appIDs
            // A side Apple's systems refuse opens no app on devices: its routes are judged so.
            let nothing = Validator.decodeCopy(Array("{}".utf8)).map { DocumentMatcher(compiled: $0, host: domain) }
            routeChanges = RouteDiff.compare(list.routes, old: old.refusal == nil ? oldMatcher : nothing ?? oldMatcher,
                                             new: new.refusal == nil ? newMatcher : nothing ?? newMatcher, domain: domain, appIDs: apps)
            routeChanges = RouteDiff.explainingRefusals(routeChanges, old: old.refusal, new: new.refusal)
            findings += list.diagnostics + RouteDiff.diagnostics(routeChanges, routesFile: list.path, newRefusal: new.refusal)
        }
        out.diff(DiffReport(old: old.decidingLabel, new: new.decidingLabel, changes: changes, incomplete: incomplete,
                            routes: routeChanges, routesJudged: list != nil,
                            refusals: [old, new].compactMap(\.refusalSentence)))
        findings += DocumentDiff.diagnostics(changes: changes, incomplete: incomplete).map(new.attributed)
        // Every format says it (JSON's `notes` too): a side devices do not read.
        for sentence in [old, new].compactMap(\.refusalSentence) { out.note(sentence, kind: .notice) }
        out.findings(findings)
        if let unreadable = list?.unreadable { out.unreadable(unreadable) }
        let decisions = changes.filter { $0.kind == .decision }
        let lost = decisions.filter(\.isLoss).count, gained = decisions.filter(\.isGain).count
        let ids = changes.count - decisions.count
        var subject = "\(old.decidingLabel) → \(new.decidingLabel): "
        let refused = [old, new].filter { $0.refusal != nil }
        if changes.isEmpty {
            // Never "no change" when part of the comparison stopped (AASA805), or when Apple's
            // systems refuse a side: as written the files may agree, on devices they do not.
            if !refused.isEmpty {
                subject += "no difference as the files are written"
            } else {
                subject += incomplete.isEmpty ? "no change"
                    : "comparison incomplete (\(incomplete.count) part\(incomplete.count == 1 ? "" : "s") not fully compared, AASA805); no difference found in the rest"
            }
        } else {
            subject += "\(lost) kind\(lost == 1 ? "" : "s") of URL lost, \(gained) gained, \(ids) app ID change\(ids == 1 ? "" : "s")"
            if !incomplete.isEmpty { subject += "; comparison incomplete (AASA805): more changes may exist" }
        }
        if list != nil { subject += ", \(routeChanges.count) route\(routeChanges.count == 1 ? "" : "s") changed" }
        if !refused.isEmpty { subject += "; devices do not read \(refused.count == 2 ? "either file" : SafeText.value(refused[0].decidingLabel)) (see the note\(refused.count == 2 ? "s" : ""))" }
        return RunEnd(subject: subject)
    }
}
