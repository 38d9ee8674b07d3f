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
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--routes", value: "FILE", help: "The app's route list (text or JSON), judged on both files."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "Only this app ID's changes; repeatable. Default: every app."),
        OptionSpec("--origin", help: "For a DOMAIN, compare the origin file instead of Apple's CDN copy."),
        OptionSpec("--domain", value: "HOST", help: "The host local files are served for (default: the DOMAIN given, else example.com)."),
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
        let old = try DiffSide.load(oldInput, arguments: arguments, context: context)
        let new = try DiffSide.load(newInput, arguments: arguments, context: context)
        for side in [old, new] {
            out.source(side.label, side.bytes)
            out.fetches(side.fetches)
            if let note = side.note { out.note(note) }
        }
        if let list { out.source(list.path, list.bytes) }
        guard let oldCompiled = old.compiled, let newCompiled = new.compiled else {
            out.findings(old.diagnostics + new.diagnostics + (list?.diagnostics ?? []))
            if let unreadable = list?.unreadable { out.unreadable(unreadable) }
            return RunEnd(subject: "no comparison: \([old, new].filter { $0.compiled == nil }.map(\.label).joined(separator: " and ")) could not be read")
        }
        out.subject(new.label, kind: .domainFile)

        let diff = DocumentDiff(old: oldCompiled, new: newCompiled)
        func wanted(_ appID: String) -> Bool {
            appIDs.isEmpty || appIDs.contains { AppIdentity.canonical($0) == AppIdentity.canonical(appID) }
        }
        let changes = diff.changes.filter { wanted($0.appID) }
        let incomplete = diff.incomplete.filter { wanted($0.appID) }

        // Routes: judged for the apps asked for, else every app listed in applinks on both sides.
        var routeChanges: [RouteChange] = []
        var findings = (old.diagnostics + new.diagnostics).filter { $0.severity == .error }
        if let list {
            let domain = arguments.value("--domain")?.lowercased() ?? new.host ?? old.host ?? "example.com"
            let oldMatcher = DocumentMatcher(compiled: oldCompiled, host: domain)
            let newMatcher = DocumentMatcher(compiled: newCompiled, host: domain)
            let inOld = Set(oldMatcher.appIDs.map(AppIdentity.canonical))
            let apps = appIDs.isEmpty ? newMatcher.appIDs.filter { inOld.contains(AppIdentity.canonical($0)) } : appIDs
            routeChanges = RouteDiff.compare(list.routes, old: oldMatcher, new: newMatcher, domain: domain, appIDs: apps)
            findings += list.diagnostics + RouteDiff.diagnostics(routeChanges, routesFile: list.path)
        }
        out.diff(DiffReport(old: old.label, new: new.label, changes: changes, incomplete: incomplete,
                            routes: routeChanges, routesJudged: list != nil))
        let kept = DocumentDiff.diagnostics(changes: changes, incomplete: incomplete)
        findings += kept.map { d in
            var d = d
            d.target = new.target
            d.source = new.source
            d.file = new.file
            return d
        }
        out.findings(findings)
        if let unreadable = list?.unreadable { out.unreadable(unreadable) }
        let decisions = changes.filter { $0.kind == .decision }
        let lost = decisions.filter(\.isLoss).count, gained = decisions.filter(\.isGain).count
        let ids = changes.count - decisions.count
        var subject = "\(old.label) → \(new.label): "
        if changes.isEmpty {
            // Never "no change" when part of the comparison stopped (AASA805).
            subject += incomplete.isEmpty ? "no change"
                : "comparison incomplete (\(incomplete.count) part\(incomplete.count == 1 ? "" : "s") not fully compared, AASA805); no difference found in the rest"
        } else {
            subject += "\(lost) kind\(lost == 1 ? "" : "s") of URL lost, \(gained) gained, \(ids) app ID change\(ids == 1 ? "" : "s")"
            if !incomplete.isEmpty { subject += "; comparison incomplete (AASA805): more changes may exist" }
        }
        if list != nil { subject += ", \(routeChanges.count) route\(routeChanges.count == 1 ? "" : "s") changed" }
        return RunEnd(subject: subject)
    }
}

/// One side of a diff: a local file, standard input, or a domain's file as devices read it.
struct DiffSide {
    /// As findings and the report name it.
    var label: String
    var bytes: [UInt8] = []
    var document: AASADocument?
    /// ``document`` compiled, once for the whole run (issue 16).
    var compiled: CompiledDocument?
    /// The host it is served for, when it is a domain's file (or `--domain` was given).
    var host: String?
    /// Why it could not be read, or what was wrong fetching it (attributed).
    var diagnostics: [Diagnostic] = []
    var fetches: [Fetch] = []
    /// A sentence for people: which copy of a domain's file is compared, and why.
    var note: String?
    /// How findings placed in this file are attributed.
    var target: String
    var source: DiagnosticSource
    var file: String?

    /// Loads `input`: `-`, an existing file, or a domain.
    /// - Throws: ``UsageError`` for a file that cannot be read, or input that is neither a
    ///   file nor a domain name.
    static func load(_ input: String, arguments: ParsedArguments, context: CommandContext) throws -> DiffSide {
        let domain = arguments.value("--domain")?.lowercased()
        if input == "-" || FileManager.default.fileExists(atPath: input) {
            let contents = try InputFile.read(input, limit: Validator.parseLimit, kind: .domainFile, console: context.console)
            let label = input == "-" ? "<stdin>" : input
            var side = DiffSide(label: label, bytes: contents.bytes, host: domain, target: domain ?? label, source: .file, file: label)
            side.decode(stoppedAtLimit: contents.stoppedAtLimit, size: contents.sizeDescription)
            return side
        }
        // A mistyped file name (`comp.jsn`) is a missing file, never fetched as a domain.
        if CheckTarget.looksLikeFileName(input) {
            throw UsageError("\(SafeText.value(input)): no such file")
        }
        guard let target = try? CheckTarget.parse(input), target.host.contains(".") || target.host == "localhost" else {
            throw UsageError("\(SafeText.escape(input)): no such file, and not a domain name")
        }
        // As `match` and `routes` load a domain: Apple's CDN copy when it is usable, else (or
        // with --origin, or for a domain in an alternate mode) the origin's file.
        let loaded = try DocumentSource.loadDomain(target, arguments: arguments)
        var side = DiffSide(label: loaded.deciding?.label ?? loaded.label, bytes: loaded.deciding?.bytes ?? loaded.bytes,
                            document: loaded.document, compiled: loaded.compiled ?? loaded.document.map(CompiledDocument.init), host: target.host, fetches: loaded.fetches, note: loaded.notice,
                            target: target.host, source: loaded.decidedBy)
        // Shown: why the file could not be compared, and Apple's CDN failing to hold a copy
        // (devices then have none to read).
        side.diagnostics = loaded.diagnostics.filter { $0.severity == .error && (loaded.document == nil || $0.source == .cdn) }
        return side
    }

    /// Parses and decodes ``bytes``; when they are not a document, the findings say why.
    mutating func decode(stoppedAtLimit: Bool, size: String) {
        if stoppedAtLimit {
            diagnostics.append(Diagnostic(code: .aasa107, message: "the file is \(size); it is not compared",
                                          target: target, source: source, file: file))
            return
        }
        do {
            let decoded = try DocumentDiff.decode(bytes)
            document = decoded
            compiled = CompiledDocument(decoded)
        } catch {
            if case .unreadable(_, let found) = error {
                diagnostics += found.attributed(target: target, source: source, file: file)
            }
        }
    }
}
