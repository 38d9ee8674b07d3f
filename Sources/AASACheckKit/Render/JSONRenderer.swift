import AASACore
import Foundation

/// The JSON object of spec `cli.md` (`--format json`, `--json`): `version`, `tool`, `summary`,
/// then the arrays `diagnostics`, `fetches`, `matches`, `routes` and, when there are some,
/// `ignored` (findings the configuration ignores, each with its `reason`; also counted in
/// `summary.ignored`), `folded` (findings of one code in one place past the first
/// ``RunOutput/findingsPerKind``: `code`, `severity`, `target`, `source`, `file`, `count`),
/// `notes` (sentences about the run: facts such as a check skipped, remarks and advice),
/// `subjects` (each file or list checked, `name` and `kind`, so a clean one is named too),
/// `entitlements` (one object per entitlements file, bundle and slice read) and `unreadable`
/// (inputs that could not be read). `explain` writes an array of code documentation instead.
/// Every result kind has its place; `leftOut` (counts by kind) would name one handed over
/// that it does not show (a rule table or a page's decisions, which it never asks for).
///
/// The summary comes first but is known last, so each array is written element by element,
/// as results arrive, to a ``SpillBuffer`` and copied out at the end: memory does not grow
/// with the number of domains.
///
/// A new result kind gets its own array: add an ``ArrayWriter`` for it to ``arrays`` in the
/// place its key goes, and feed it in the renderer method of the kind.
public final class JSONRenderer: Renderer {
    public static let name = "json"

    private let run: RunInfo
    private let sink: OutputSink

    /// One top-level array, written as it grows.
    final class ArrayWriter {
        let key: String
        /// Whether it is written even when empty.
        var always: Bool
        private let buffer = SpillBuffer()
        private var count = 0

        init(_ key: String, always: Bool = true) {
            self.key = key
            self.always = always
        }

        var isEmpty: Bool { count == 0 }

        func append(_ element: OutputJSON) {
            buffer.append((count == 0 ? "" : ",\n") + "    " + element.render(indent: 2))
            count += 1
        }

        /// `"key": [...]` at the first level of the object, as ``OutputJSON/render(indent:)`` lays it out.
        func write(to sink: OutputSink) {
            sink.write("  " + OutputJSON.string(key).render() + ": ")
            if count == 0 {
                sink.write("[]")
                return
            }
            sink.write("[\n")
            buffer.drain { sink.write($0) }
            sink.write("\n  ]")
        }
    }

    private let diagnostics = ArrayWriter("diagnostics")
    private let fetches = ArrayWriter("fetches")
    private let matches = ArrayWriter("matches")
    private let routes = ArrayWriter("routes")
    private let entitlements = ArrayWriter("entitlements", always: false)
    private let apks = ArrayWriter("apks", always: false)
    private let coverage = ArrayWriter("coverage", always: false)
    private let sitemaps = ArrayWriter("sitemaps", always: false)
    private let ignored = ArrayWriter("ignored", always: false)
    private let folded = ArrayWriter("folded", always: false)
    private let notes = ArrayWriter("notes", always: false)
    private let unreadable = ArrayWriter("unreadable", always: false)
    /// `check`: a section per domain and document kind (``DomainSection``).
    private let sections = ArrayWriter("sections", always: false)
    private let subjects = ArrayWriter("subjects", always: false)
    /// Android's statement lists as Google's `statements.list` returns them (cli.md `statements`).
    private let statements = ArrayWriter("statements", always: false)
    /// `passkeys`: each web origin's verdict (cli.md `origins`).
    private let origins = ArrayWriter("origins", always: false)
    /// `match --relation`: Google's check question answered (cli.md `links`).
    private let links = ArrayWriter("links", always: false)
    private var leftOut = LeftOut()
    /// `diff`: spec `cli.md`'s `changes`, then the routes whose verdict changed and the parts
    /// not compared; present (possibly empty) for `diff` only.
    private let changes: ArrayWriter
    /// `diff`: each distinct list of app IDs a change holds for, once (issue 22: a change of
    /// an entry of 20 app IDs names them by `appGroup`, not by repeating the 20 in each).
    private let appGroups: ArrayWriter
    private var appGroupIndex: [[String]: Int] = [:]
    private let routeChanges: ArrayWriter
    private let incomplete: ArrayWriter
    /// The arrays in the order of their keys.
    private var arrays: [ArrayWriter] {
        [diagnostics, fetches, matches, routes, entitlements, apks, changes, appGroups, routeChanges, incomplete, coverage, sitemaps, ignored, folded, notes,
         subjects, unreadable, sections, statements, links, origins]
    }
    private var documentation: [CodeDoc]?
    /// `coverage`: the site's counts, written after the summary.
    private var site: OutputJSON?

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
        let isDiff = run.command == "diff"
        changes = ArrayWriter("changes", always: isDiff)
        appGroups = ArrayWriter("appGroups", always: isDiff)
        routeChanges = ArrayWriter("routeChanges", always: false)
        incomplete = ArrayWriter("incomplete", always: false)
    }

    /// A file or list checked (a domain of `check` is named by its record's elements).
    public func subject(_ subject: Subject) {
        guard subject.kind != .domain else { return }
        subjects.append(.object([("name", .string(subject.name)), ("kind", .string(subject.kind.rawValue))]))
    }

    public func findings(_ findings: [Finding]) {
        for f in findings { diagnostics.append(Self.json(f.diagnostic)) }
    }

    /// Not asked for (``Renderer/showsRules`` is false); counted if given.
    public func statements(_ listing: StatementListing) {
        for s in listing.statements { statements.append(Self.json(s, sourceName: listing.sourceName)) }
    }

    public func links(_ answers: [LinkAnswer]) {
        for a in answers {
            links.append(.object([("source", a.sourceName.map(OutputJSON.string) ?? Self.source(a.source)), ("relation", .string(a.relation)), ("target", Self.json(a.target)),
                                  ("linked", .bool(a.linked))]))
        }
    }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    /// Not asked for (``Renderer/showsEveryPage`` is false): `coverage` rows count the pages.
    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    public func suppressed(_ list: [Suppressed]) {
        for s in list { ignored.append(Self.json(s)) }
    }

    public func folded(_ list: [Folded]) {
        for f in list { folded.append(Self.json(f)) }
    }

    public func fetches(_ list: [Fetch]) {
        for f in list { fetches.append(Self.json(f)) }
    }

    public func decisions(_ decisions: [MatchResult], for url: String) {
        for m in decisions { matches.append(Self.json(m)) }
    }

    public func route(_ verdict: RouteVerdict) { routes.append(Self.json(verdict)) }

    public func domain(_ report: DomainReport) {
        findings(report.findings)
        suppressed(report.suppressed)
        folded(report.folded)
        fetches(report.fetches)
        for v in report.routes { route(v) }
        for s in report.sections { sections.append(Self.json(s, domain: report.target.input)) }
        for s in report.statements { statements.append(Self.json(s)) }
        for o in report.origins { origins.append(Self.json(o)) }
    }

    /// One element of `origins` (cli.md): `origin`, `accepted`, `reason`, and the labels the
    /// related-origins procedure counted when it ran.
    static func json(_ v: PasskeyWeb.Verdict) -> OutputJSON {
        var members: [(String, OutputJSON)] = [("origin", .string(v.origin)), ("accepted", .bool(v.accepted)), ("reason", .string(v.reason.rawValue))]
        if let run = v.evaluation { members.append(("labels", .array(run.labels.map { .string($0) }))) }
        return .object(members)
    }

    /// One element of `statements` (cli.md): `source`, `relation`, `target` as
    /// `{"namespace": "android_app", "packageName", "sha256CertFingerprint"}` or
    /// `{"namespace": "web", "site"}`.
    static func json(_ s: ListedStatement, sourceName: String? = nil) -> OutputJSON {
        .object([("source", sourceName.map(OutputJSON.string) ?? source(s.source)), ("relation", .string(s.relation)), ("target", json(s.target))])
    }

    /// A statement's source: a site as its origin (`"https://host"`), an app as an object.
    static func source(_ asset: AssetLinksAsset) -> OutputJSON {
        if case .web(let site) = asset { return .string(site.origin) }
        return json(asset)
    }

    /// An asset of `statements` and `links`: a site's origin as a string for a source, an
    /// object for a target.
    static func json(_ asset: AssetLinksAsset) -> OutputJSON {
        switch asset {
        case .web(let site): return .object([("namespace", .string("web")), ("site", .string(site.origin))])
        case .androidApp(let p, let f):
            return .object([("namespace", .string("android_app")), ("packageName", .string(p)), ("sha256CertFingerprint", .string(f))])
        }
    }

    /// One element of `sections`: a document kind's file of a domain and its counts.
    static func json(_ s: DomainSection, domain: String? = nil) -> OutputJSON {
        .object((domain.map { [("domain", OutputJSON.string($0))] } ?? []) + [
            ("kind", .string(s.kind)), ("platform", .string(s.platform)), ("url", .string(s.url)),
            ("verdict", .string(s.verdict)), ("errors", .int(s.errors)), ("warnings", .int(s.warnings)), ("infos", .int(s.infos)),
        ])
    }

    public func coverage(_ report: CoverageReport) {
        coverage.always = true
        sitemaps.always = true
        for table in report.tables {
            for row in table.rows { coverage.append(Self.json(row)) }
        }
        for record in report.sitemaps { sitemaps.append(Self.json(record)) }
        site = .object([("host", .string(report.host)), ("pages", .int(report.pages)), ("depth", .int(report.depth)),
                        ("otherHostPages", .int(report.otherHostPages)), ("otherHostExample", .optional(report.otherHostExample))]
                        + (report.platform == AssetLinksKind.platform ? [("platform", .string(report.platform))] : []))
    }

    public func diff(_ report: DiffReport) {
        for c in report.changes {
            let group = appGroupIndex[c.appIDs] ?? {
                let g = appGroupIndex.count
                appGroupIndex[c.appIDs] = g
                appGroups.append(.array(c.appIDs.map { .string($0) }))
                return g
            }()
            changes.append(Self.json(c, appGroup: group))
        }
        for c in report.routes { routeChanges.append(Self.json(c)) }
        for g in report.incomplete { incomplete.append(Self.json(g)) }
    }

    public func documentation(_ docs: [CodeDoc], listing: Bool) {
        documentation = (documentation ?? []) + docs
    }

    public func entitlements(_ report: EntitlementsReport) { entitlements.append(Self.json(report)) }

    public func apk(_ report: ApkReport) { apks.append(Self.json(report)) }

    public func note(_ note: Note) { notes.append(.string(note.text)) }

    public func unreadable(_ input: UnreadableInput) { unreadable.append(.string(input.message)) }

    public func finish(_ summary: RunSummary) {
        if let documentation {
            sink.write(OutputJSON.array(documentation.map(Self.json)).render() + "\n")
            return
        }
        let head: [(String, OutputJSON)] = [
            ("version", .int(1)),
            ("tool", .object([("name", .string("aasa-check")), ("version", .string(AASACheck.version))])),
            ("summary", .object([("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)), ("infos", .int(summary.infos))]
                + (summary.ignored > 0 ? [("ignored", .int(summary.ignored))] : [])
                + [("exitCode", .int(Int(summary.exitCode))),
                   ("verdict", .string(Verdict.of(exitCode: summary.exitCode, errors: summary.errors)))])),
        ] + (site.map { [("site", $0)] } ?? [])
            + (leftOut.isEmpty ? [] : [("leftOut", .object(leftOut.entries.map { ($0.kind.rawValue, .int($0.count)) }))])
        sink.write("{\n")
        for (key, value) in head {
            sink.write("  " + OutputJSON.string(key).render() + ": " + value.render(indent: 1) + ",\n")
        }
        let shown = arrays.filter { $0.always || !$0.isEmpty }
        for (i, array) in shown.enumerated() {
            array.write(to: sink)
            sink.write(i == shown.count - 1 ? "\n" : ",\n")
        }
        sink.write("}\n")
    }

    // MARK: Elements (spec `cli.md`)

    /// An element of `ignored`: the finding and the configuration's `reason`.
    static func json(_ s: Suppressed) -> OutputJSON {
        guard case .object(let members) = json(s.finding.diagnostic) else { return .null }
        return .object(members + [("reason", .string(s.reason))])
    }

    /// An element of `folded`: `code`, `severity`, `target`, `source`, `file`, `count`.
    static func json(_ f: Folded) -> OutputJSON {
        .object([
            ("code", .string(f.code.rawValue)), ("severity", .string(f.severity.rawValue)), ("target", .optional(f.target)),
            ("source", .optional(f.source?.rawValue)), ("file", .optional(f.file)), ("count", .int(f.count)),
        ])
    }

    static func json(_ d: Diagnostic) -> OutputJSON {
        .object([
            ("code", .string(d.code.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
            ("target", .optional(d.target)), ("source", .optional(d.source?.rawValue)), ("file", .optional(d.file)),
            ("pointer", .optional(d.pointer)), ("line", .optional(d.location?.line)), ("column", .optional(d.location?.column)),
            ("hint", .optional(d.hint)),
        ] + (d.dalErrorCode.map { [("dalErrorCode", .string($0))] } ?? []))
    }

    /// `v1`, `v2`, `v3`, `v3.1`: a scheme as JSON names it.
    static func schemeName(_ s: APKSignatureScheme) -> String { s == .v1 ? "v1" : s.description }

    /// One element of `apks` (spec `cli.md`): `package`, `minSdk`, `targetSdk`, `certificates`
    /// (`sha256`, `scheme`), `hosts` (`host`, `autoVerify`, `paths`), and what devices verify.
    static func json(_ r: ApkReport) -> OutputJSON {
        let a = r.app
        return .object([
            ("file", .string(a.file)), ("kind", .string(a.form.rawValue)), ("manifest", .string(a.manifestForm.rawValue)),
            ("package", .optional(a.package)), ("minSdk", .int(a.minimumSDK)), ("targetSdk", .int(a.targetSDK)),
            ("minSdkDeclared", .bool(a.minimumDeclared)), ("targetSdkDeclared", .bool(a.targetDeclared)),
            ("certificates", .array(a.certificates.map { c in
                .object([("sha256", .string(c.sha256)), ("scheme", .string(schemeName(c.scheme))), ("role", .string(c.role.rawValue)),
                         ("apiLevels", .string(c.apiLevels)), ("subject", .string(c.subject)), ("debugKey", .bool(c.isDebugKey))])
            })),
            ("devices", .array(a.devices.map { d in
                .object([("apiLevels", .string(d.apiLevels)), ("minApi", .int(d.lowestAPILevel)), ("maxApi", .optional(d.highestAPILevel)),
                         ("scheme", .optional(d.scheme.map(schemeName))), ("signers", .array(d.signers.map(OutputJSON.string))),
                         ("sha256", .array(d.fingerprints.map(OutputJSON.string))), ("refusal", .optional(d.refusal))])
            })),
            ("hosts", .array(a.hosts.map { h in
                .object([("host", .string(h.host)), ("autoVerify", .bool(h.autoVerify)), ("file", .optional(h.fileURL)),
                         ("allPaths", .bool(h.allPaths)),
                         ("paths", .array(h.paths.map { .object([("attribute", .string($0.attribute)), ("value", .string($0.value))]) })),
                         ("groups", .int(h.groups))])
            })),
            ("notes", .array((a.signatureNotes + (r.certificateNotice.map { [$0] } ?? [])).map(OutputJSON.string))),
        ])
    }

    /// One element of `entitlements` (spec `cli.md`): one per file, bundle and slice.
    static func json(_ r: EntitlementsReport) -> OutputJSON {
        let profile: OutputJSON = r.signingProfile.map { p in
            .object([
                ("name", .optional(p.name)), ("expires", .optional(p.expirationDate.map { ISO8601DateFormatter().string(from: $0) })),
                ("appID", .optional(p.applicationIdentifier)),
            ])
        } ?? .null
        return .object([
            ("source", .object([
                ("file", .string(r.source.file)), ("bundle", .optional(r.source.bundle)), ("arch", .optional(r.source.arch)),
            ])),
            ("kind", .string(r.file.container.rawValue)),
            ("appID", .optional(r.appIdentity?.appID)), ("teamID", .optional(r.teamID)),
            ("getTaskAllow", r.getTaskAllow.map(OutputJSON.bool) ?? .null),
            ("associatedDomains", .array(r.entries.map { .string($0.raw) })),
            ("profile", profile),
            ("sameAsEarlierSlice", .bool(r.isRepeat)),
        ])
    }

    static func json(_ f: Fetch) -> OutputJSON {
        let r = f.record
        var members: [(String, OutputJSON)] = [
            ("target", .string(f.target)), ("source", .string(f.source.rawValue)), ("url", .string(r.url)),
            ("status", .optional(r.status)), ("contentType", .optional(f.header("content-type"))), ("bytes", .int(f.bytes)),
            ("timeMs", .int(Int((r.timeMs ?? 0).rounded()))), ("headers", .object(f.headers.map { ($0.name, .string($0.value)) })),
            ("role", .string(f.role.rawValue)), ("userAgent", .string(r.userAgent)),
        ]
        if let error = r.error {
            members.append(("error", .object([
                ("kind", .string(error.kind.rawValue)), ("curlCode", .optional(error.code)),
                ("curlName", .optional(error.name)), ("message", .string(error.message)),
            ])))
        }
        if let statusLine = r.statusLine { members.append(("statusLine", .string(statusLine))) }
        members += [
            ("contentEncoding", .optional(r.contentEncoding)), ("wireBytes", .optional(r.wireBytes)),
            ("truncated", .bool(r.truncated)), ("primaryIP", .optional(r.primaryIP)),
        ]
        return .object(members)
    }

    static func json(_ m: MatchResult) -> OutputJSON {
        // Android (cli.md): `platform`, `package` instead of `appID`, `rule` the deciding
        // dynamic rule's index.
        if m.platform == AssetLinksKind.platform {
            return .object([
                ("url", .string(m.url)), ("platform", .string(m.platform)), ("package", .string(m.appID)),
                ("decision", .string(m.decision.rawValue)), ("rule", .optional(m.dynamicRule)), ("explanation", .string(m.explanation)),
                ("mayDiffer", .array(m.mayDiffer.map { .string($0.rawValue) })),
            ])
        }
        return .object([
            ("url", .string(m.url)), ("appID", .string(m.appID)), ("decision", .string(m.decision.rawValue)),
            ("detail", .optional(m.detail)), ("component", .optional(m.component)), ("explanation", .string(m.explanation)),
            ("rule", .optional(m.rule?.text)),
            // no_match: the rule that got furthest (spec cli.md), not a deciding rule.
            ("closest", m.closest.map { .object([("detail", .optional(m.detail)), ("component", .int($0.index)), ("rule", .string($0.text))]) } ?? .null),
        ])
    }

    static func json(_ v: RouteVerdict) -> OutputJSON {
        var members: [(String, OutputJSON)] = [
            ("route", .string(v.route.text)), ("url", .string(v.url)), ("expect", .string(v.route.expect.rawValue)),
        ]
        // Android's verdicts, as `match` gives Android's decisions: platform, package and the
        // deciding dynamic rule's index.
        if v.platform == AssetLinksKind.platform {
            members += [
                ("platform", .string(v.platform)), ("package", .string(v.appID)), ("decision", .string(v.decision.rawValue)), ("ok", .bool(v.ok)),
                ("rule", .optional(v.dynamicRule)), ("coverage", .optional(v.coverage?.rawValue)),
                ("mayDiffer", .array(v.mayDiffer.map { .string($0.rawValue) })),
            ]
        } else {
            members += [
                ("appID", .string(v.appID)), ("decision", .string(v.decision.rawValue)), ("ok", .bool(v.ok)),
                ("detail", .optional(v.detail)), ("component", .optional(v.component)),
                ("coverage", .optional(v.coverage?.rawValue)),
            ]
        }
        if v.coverage == .sometimes {
            members.append(("examples", .object([("match", .optional(v.matchExample)), ("noMatch", .optional(v.noMatchExample))])))
        }
        members.append(("line", .int(v.route.line)))
        members.append(("explanation", .string(v.explanation)))
        return .object(members)
    }

    /// One row of a `coverage` table (spec `cli.md`: `appID`, `section`, `pages`, `match`,
    /// `exclude`, `noMatch`, `examples`).
    static func json(_ row: CoverageRow) -> OutputJSON {
        .object([
            ("appID", .string(row.appID)), ("section", .string(row.section)), ("pages", .int(row.pages)),
            ("match", .int(row.match)), ("exclude", .int(row.exclude)), ("noMatch", .int(row.noMatch)),
            ("examples", .object([("match", .optional(row.matchExample)), ("exclude", .optional(row.excludeExample)),
                                  ("noMatch", .optional(row.noMatchExample))])),
        ])
    }

    /// One sitemap file read or tried.
    static func json(_ r: SitemapRecord) -> OutputJSON {
        .object([
            ("location", .string(r.entry.label)), ("parent", .optional(r.entry.parent)), ("depth", .int(r.entry.depth)),
            ("status", .string(r.status.rawValue)), ("kind", .optional(r.kind?.rawValue)), ("entries", .int(r.entries)),
            ("pages", .int(r.pages)), ("bytes", .int(r.bytes)), ("compressedBytes", .optional(r.compressedBytes)),
        ])
    }

    /// `{"detail": i, "component": j}` (spec `cli.md`, `changes`), with the rule as written.
    static func json(_ l: RuleLocation?) -> OutputJSON {
        guard let l else { return .null }
        return .object([("detail", .int(l.detail)), ("component", .optional(l.component)), ("rule", .optional(l.text)),
                         ("line", .int(l.ref.location.line)), ("column", .int(l.ref.location.column))])
    }

    /// A change (spec `cli.md`, `changes`); `appGroup` indexes `appGroups`, the app IDs it
    /// holds for (``DocumentChange/appIDs``, `appID` first).
    static func json(_ c: DocumentChange, appGroup: Int) -> OutputJSON {
        .object([
            ("kind", .string(c.kind.rawValue)), ("service", .string(c.service.rawValue)), ("appID", .string(c.appID)),
            ("appGroup", .int(appGroup)), ("from", .string(c.from.name)), ("to", .string(c.to.name)), ("example", .optional(c.example)),
            ("old", json(c.old)), ("new", json(c.new)),
        ])
    }

    static func json(_ c: RouteChange) -> OutputJSON {
        func verdict(_ v: RouteVerdict) -> OutputJSON {
            .object([("decision", .string(v.decision.rawValue)), ("ok", .bool(v.ok)), ("detail", .optional(v.detail)),
                     ("component", .optional(v.component)), ("coverage", .optional(v.coverage?.rawValue)),
                     ("explanation", .string(v.explanation))])
        }
        return .object([("route", .string(c.route.text)), ("line", .int(c.route.line)), ("expect", .string(c.route.expect.rawValue)),
                        ("appID", .string(c.appID)), ("before", verdict(c.before)), ("after", verdict(c.after)),
                        ("regression", .bool(c.isRegression))])
    }

    static func json(_ g: IncompleteComparison) -> OutputJSON {
        func rules(_ list: [RuleLocation]) -> OutputJSON { .array(list.map { json($0) }) }
        return .object([("appID", .string(g.appID)), ("reason", .string(g.reason.rawValue)), ("old", rules(g.old)), ("new", rules(g.new))])
    }

    static func json(_ doc: CodeDoc) -> OutputJSON {
        .object([("code", .string(doc.code.rawValue)), ("severity", .string(doc.severity.rawValue)), ("title", .string(doc.title)),
                 ("why", .string(doc.why)), ("fix", .string(doc.fix)),
                 ("failing", .string(doc.failing.displayText)), ("passing", .string(doc.passing.displayText))])
    }
}
