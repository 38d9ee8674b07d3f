import AASACore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// JUnit XML, as CI systems read it: one `testsuite` per domain, file or list, one `testcase`
/// per check, route or entitlement entry. Findings at or above `--fail-on` make a case fail;
/// the others go to its `system-out`, with the findings the configuration ignores (and why),
/// counts of findings past the cap and, for a domain, its requests. An input that could not
/// be read is an `<error>`.
///
/// The cases, in order:
/// - one per route verdict (`routes`), in suite `routes APPID`: it fails when the route is not
///   decided as expected; the findings about that route's line are shown by it;
/// - one per associated-domain entry of each entitlements file (`entitlements`), with the
///   findings that point at that entry;
/// - one per file, domain or list for the other findings (named `apple-app-site-association`,
///   `entitlements` or `route list`), in the order first mentioned, and one for each subject
///   that has no case yet, so clean ones pass;
/// - `check`: per domain, its suite: the `apple-app-site-association` case with its findings,
///   then one case per route verdict (`routes APPID: ROUTE (EXPECT)`).
///
/// Streamed (issue 22): a domain's suite is laid out as soon as the domain comes and written
/// to a ``SpillBuffer``; the root's totals are counted as they go, and the document is written
/// at the end: the root, the suites of the files and lists (which are not per domain), the
/// domains' suites copied back, then a suite `aasa-check` whose `system-out` holds the notes
/// about the run and what the format leaves out (``LeftOut``: requests outside a domain,
/// `match` decisions, diff changes, whose findings are cases). Memory holds a domain's
/// results at a time, not the run's.
public final class JUnitRenderer: Renderer {
    public static let name = "junit"

    /// One test case.
    struct Case {
        var suite: String
        var name: String
        var diagnostics: [Diagnostic] = []
        /// Lines for the output that are not findings (how many more findings of a kind, a
        /// coverage table, a request).
        var output: [String] = []
        /// A failure that is not a finding (a route verdict), with its message.
        var failure: String?
        /// Why the input could not be checked at all: a JUnit `<error>`.
        var error: String?
    }

    /// Findings of one file, domain or list, in the order first mentioned.
    private struct Group {
        var kind: Subject.Kind
        var declared = false
        var diagnostics: [Diagnostic] = []
        /// Findings past the cap and ignored ones, as lines for the case's output.
        var folded: [String] = []
    }

    private let run: RunInfo
    private let sink: OutputSink
    private var verdictCases: [Case] = []
    private var routeLines = Set<Int>()
    /// `routes`: each verdict with the index of its case in ``verdictCases``.
    private var routeVerdicts: [(index: Int, verdict: RouteVerdict)] = []
    private var entitlements: [EntitlementsReport] = []
    private var groupOrder: [String] = []
    private var groups: [String: Group] = [:]
    private var unreadable: [UnreadableInput] = []
    /// `check`: the domains' suites as written, and their totals.
    private let domainSuites = SpillBuffer()
    private var domainTotals = (tests: 0, failures: 0, errors: 0)
    private var notes: [String] = []
    private var leftOut = LeftOut()

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    public func subject(_ subject: Subject) {
        if groups[subject.name] == nil { groupOrder.append(subject.name) }
        groups[subject.name, default: Group(kind: subject.kind)].kind = subject.kind
        groups[subject.name]!.declared = true
    }

    public func findings(_ findings: [Finding]) {
        for f in findings { add(f.diagnostic) }
    }

    /// Puts a finding in the group of its file or target.
    private func add(_ d: Diagnostic) {
        let key = d.file ?? d.target ?? "aasa-check"
        if groups[key] == nil {
            groupOrder.append(key)
            let kind: Subject.Kind
            switch d.source {
            case .routes?: kind = .routeList
            case .entitlements?: kind = .entitlements
            case .sitemap?: kind = .sitemap
            default: kind = .domainFile
            }
            groups[key] = Group(kind: kind)
        }
        groups[key]!.diagnostics.append(d)
    }

    /// Ignored findings: a line each in the output of their file's case, with the reason.
    public func suppressed(_ suppressed: [Suppressed]) {
        for s in suppressed {
            let d = s.finding.diagnostic
            let key = d.file ?? d.target ?? "aasa-check"
            if groups[key] == nil {
                groupOrder.append(key)
                groups[key] = Group(kind: .domainFile)
            }
            groups[key]!.folded.append(Self.ignoredLine(s))
        }
    }

    public func route(_ v: RouteVerdict) {
        routeLines.insert(v.route.line)
        routeVerdicts.append((verdictCases.count, v))
        verdictCases.append(Case(suite: "routes \(v.appID)", name: "\(SafeText.clip(v.route.text)) (\(v.route.expect.rawValue))",
                                 failure: v.ok ? nil : SafeText.clipRuns("\(v.route.text): \(v.explanation)")))
    }

    public func folded(_ folded: [Folded]) {
        for f in folded {
            let key = f.file ?? f.target ?? "aasa-check"
            if groups[key] == nil {
                groupOrder.append(key)
                groups[key] = Group(kind: .domainFile)
            }
            groups[key]!.folded.append(Self.foldedLine(f))
        }
    }

    /// Requests outside a domain's suite (`match` or `routes` of a domain, `entitlements`,
    /// `coverage`'s sitemaps): counted left out.
    public func fetches(_ fetches: [Fetch]) { leftOut.add(.fetch, fetches.count) }

    public func decisions(_ decisions: [MatchResult], for url: String) { leftOut.add(.decision, decisions.count) }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    /// The changes have their findings (AASA801–805, and AASA701–703 for routes), which are
    /// the cases; the table itself is counted left out.
    public func diff(_ report: DiffReport) { leftOut.add(.change, report.changes.count + report.routes.count) }

    public func documentation(_ docs: [CodeDoc], listing: Bool) { leftOut.add(.documentation, docs.count) }

    public func note(_ note: Note) { notes.append(note.text) }

    /// A domain's suite, laid out and spilled at once: its file's case with its findings,
    /// requests, ignored findings and counts past the cap, then a case per route verdict.
    /// Findings about an entitlement's entries go to that entry's case (the entitlement's
    /// suite, written with the files at the end).
    public func domain(_ report: DomainReport) {
        let host = report.target.host
        var routeCases = report.routes.map { v in
            Case(suite: host, name: "routes \(v.appID): \(SafeText.clip(v.route.text)) (\(v.route.expect.rawValue))",
                 failure: v.ok ? nil : SafeText.clipRuns("\(v.route.text): \(v.explanation)"))
        }
        var own: [Diagnostic] = []
        let entitlementFiles = Set(entitlements.compactMap(\.file.path))
        for f in report.findings {
            let d = f.diagnostic
            if d.source == .entitlements, let file = d.file, entitlementFiles.contains(file) {
                add(d)
            } else if d.source == .routes, let line = d.location?.line,
                      let i = Self.routeCase(for: d, line: line, among: report.routes) {
                // A finding about a route's line is shown by that route's case.
                routeCases[i].diagnostics.append(d)
            } else {
                own.append(d)
            }
        }
        var output = report.fetches.map { "\($0.role.rawValue): " + TextRenderer.line($0) }
        output += report.suppressed.map(Self.ignoredLine) + report.folded.map(Self.foldedLine)
        // A case per document kind judged: Apple's file (route list and entitlement findings
        // included), then Android's assetlinks.json with its DAL findings and statements.
        var cases: [Case] = []
        // With the webauthn file judged (`passkeys`), its case holds the WAN findings and the
        // origins' verdicts; the Apple file's case the rest.
        let webauthn = report.sections.contains { $0.kind == WebAuthnKind.id }
        let apple = { (d: Diagnostic) in d.code.prefix != AssetLinksKind.codePrefix && !(webauthn && d.code.prefix == WebAuthnKind.codePrefix) }
        for section in report.sections {
            if section.kind == WebAuthnKind.id {
                cases.append(Case(suite: host, name: WebAuthnKind.fileName, diagnostics: own.filter { $0.code.prefix == WebAuthnKind.codePrefix },
                                  output: report.origins.map { "origin: " + $0.line(host: host) }
                                    + (report.serverOrigins.isEmpty ? [] : ["server must accept: " + report.serverOrigins.joined(separator: ", ")])))
            } else if section.kind == AssetLinksKind.id {
                cases.append(Case(suite: host, name: AssetLinksKind.fileName, diagnostics: own.filter { $0.code.prefix == AssetLinksKind.codePrefix },
                                  output: report.statements.map { "grants: " + TextRenderer.line($0) }))
            } else {
                cases.append(Case(suite: host, name: AppleSiteAssociation.fileName, diagnostics: own.filter(apple), output: output))
            }
        }
        if cases.isEmpty { cases.append(Case(suite: host, name: AppleSiteAssociation.fileName, diagnostics: own, output: output)) }
        if !report.sections.contains(where: { $0.kind == AppleSiteAssociation.id }) { cases[0].output = output + cases[0].output }
        cases += routeCases
        let counted = suite(host, cases)
        domainTotals.tests += cases.count
        domainTotals.failures += counted.failures
        domainTotals.errors += counted.errors
        domainSuites.append(Self.text(of: counted.element))
    }

    public func entitlements(_ report: EntitlementsReport) { entitlements.append(report) }

    /// A passing case per package, its summary in `system-out`; its findings are its
    /// manifest's cases.
    public func apk(_ report: ApkReport) {
        let a = report.app
        let lines = ["\(report.kindText) \(a.package ?? "(no package)"), \(report.sdkText)"]
            + report.certificateLines.map { "certificate " + $0 } + report.deviceLines.map { "devices " + $0 }
            + report.hostLines.map { "host " + $0 } + a.signatureNotes + (report.certificateNotice.map { [$0] } ?? [])
        verdictCases.append(Case(suite: a.file, name: "Android package", output: lines))
    }

    /// One passing case per app (apps listed in one entry each get theirs), its table in
    /// `system-out`.
    public func coverage(_ report: CoverageReport) {
        for table in report.tables {
            let open = table.rows.reduce(0) { $0 + $1.match }
            verdictCases.append(Case(suite: "coverage \(report.host)", name: table.appID,
                                     output: ["\(open.grouped) of \(report.pages.grouped) pages open the app\n"
                                         + TextRenderer.coverageTable(table.rows, style: Style(enabled: false))]))
        }
    }

    public func unreadable(_ input: UnreadableInput) { unreadable.append(input) }

    public func finish(_ summary: RunSummary) {
        var cases = verdictCases
        // Entries of entitlement files take the findings that point at them.
        var taken = Set<String>()
        var used: [String: Set<Int>] = [:]
        // Each file's findings indexed by pointer once: linear in entries and findings (issue 17).
        var byPointer: [String: [String: [Int]]] = [:]
        for report in entitlements {
            let path = report.file.path ?? "<stdin>"
            if byPointer[path] == nil {
                var index: [String: [Int]] = [:]
                for (i, d) in (groups[path]?.diagnostics ?? []).enumerated() where d.file == report.file.path {
                    if let pointer = d.pointer { index[pointer, default: []].append(i) }
                }
                byPointer[path] = index
            }
            let base = (report.file.profile != nil ? "/Entitlements/" : "/") + associatedDomainsKey
            for entry in report.entries {
                let pointer = base + "/\(entry.index)"
                var mine: [Diagnostic] = []
                for i in byPointer[path]?.removeValue(forKey: pointer) ?? [] where used[path]?.contains(i) != true {
                    used[path, default: []].insert(i)
                    mine.append(groups[path]!.diagnostics[i])
                }
                cases.append(Case(suite: path, name: entry.raw, diagnostics: mine))
                taken.insert(path)
            }
        }
        for key in groupOrder {
            let group = groups[key]!
            var rest: [Diagnostic] = []
            for (i, d) in group.diagnostics.enumerated() where used[key]?.contains(i) != true {
                // A finding about a route's line is shown by that route's case.
                if d.source == .routes, let line = d.location?.line, routeLines.contains(line),
                   let r = Self.routeCase(for: d, line: line, among: routeVerdicts.map(\.verdict)) {
                    cases[routeVerdicts[r].index].diagnostics.append(d)
                } else {
                    rest.append(d)
                }
            }
            guard !rest.isEmpty || !group.folded.isEmpty || (group.declared && !taken.contains(key)) else { continue }
            let name: String
            switch group.kind {
            case .domainFile, .domain: name = "apple-app-site-association"
            case .entitlements: name = "entitlements"
            case .routeList: name = "route list"
            case .sitemap: name = "sitemap"
            case .androidApp: name = "AndroidManifest.xml"
            }
            cases.append(Case(suite: key, name: name, diagnostics: rest, output: group.folded))
        }
        // An input that could not be read is an error of its own test case, never a pass.
        for input in unreadable {
            if let subject = input.subject, let i = cases.firstIndex(where: { $0.suite == subject && $0.error == nil }) {
                cases[i].error = input.message
            } else {
                cases.append(Case(suite: input.subject ?? "aasa-check", name: "input", error: input.message))
            }
        }
        write(cases)
    }

    /// Writes the document: the root with the totals, the suites of `cases` laid out one at a
    /// time, the domains' spilled suites, and the run's notes. The layout is `XMLDocument`'s
    /// pretty print: each suite is printed inside an empty `testsuites` element, whose first
    /// and last lines are dropped.
    private func write(_ cases: [Case]) {
        var names: [String] = []
        var bySuite: [String: [Case]] = [:]
        for c in cases {
            if bySuite[c.suite] == nil { names.append(c.suite) }
            bySuite[c.suite, default: []].append(c)
        }
        var suites: [String] = []
        var totals = domainTotals
        totals.tests += cases.count
        for name in names {
            let counted = suite(name, bySuite.removeValue(forKey: name)!)
            totals.failures += counted.failures
            totals.errors += counted.errors
            suites.append(Self.text(of: counted.element))
        }
        // The run's notes and what this format leaves out: the output of a suite without cases.
        var trailer: String?
        let remarks = notes + (leftOut.sentence(format: Self.name).map { [$0] } ?? [])
        if !remarks.isEmpty {
            let element = XMLElement(name: "testsuite")
            element.addAttribute(Self.attribute("name", "aasa-check"))
            for attribute in ["tests", "failures", "errors"] { element.addAttribute(Self.attribute(attribute, "0")) }
            let out = XMLElement(name: "system-out")
            out.stringValue = Self.clean(remarks.joined(separator: "\n"))
            element.addChild(out)
            trailer = Self.text(of: element)
        }
        let root = XMLElement(name: "testsuites")
        root.addAttribute(Self.attribute("name", "aasa-check"))
        root.addAttribute(Self.attribute("tests", String(totals.tests)))
        root.addAttribute(Self.attribute("failures", String(totals.failures)))
        root.addAttribute(Self.attribute("errors", String(totals.errors)))
        let placeholder = "aasa-check-suites"
        let any = !suites.isEmpty || !domainSuites.isEmpty || trailer != nil
        if any { root.addChild(XMLElement(name: placeholder)) }
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        let frame = document.xmlString(options: [.nodePrettyPrint]) + "\n"
        // The placeholder's line (`<x/>` or `<x></x>`), with its indentation and line feed.
        guard let mark = frame.range(of: "<\(placeholder)"),
              let lineStart = frame[..<mark.lowerBound].lastIndex(of: "\n").map(frame.index(after:)),
              let lineEnd = frame[mark.upperBound...].firstIndex(of: "\n") else {
            sink.write(frame)
            return
        }
        let slot = lineStart..<frame.index(after: lineEnd)
        sink.write(String(frame[..<slot.lowerBound]))
        for text in suites { sink.write(text) }
        domainSuites.drain { sink.write($0) }
        if let trailer { sink.write(trailer) }
        sink.write(String(frame[slot.upperBound...]))
    }

    /// A suite's text as it stands inside the root of the pretty-printed document, ending
    /// with a line feed: written by ``XMLTree`` as Foundation's pretty print lays it out, without
    /// an `XMLElement` per domain (on Linux those kept memory from suite to suite: 58 MB more
    /// JUnit at 20,000 domains than at 2,000, issue 22).
    static func text(of tree: XMLTree) -> String { tree.render(level: 1) + "\n" }

    /// A suite's text as it stands inside the root of the pretty-printed document, ending
    /// with a line feed.
    static func text(of element: XMLElement) -> String {
        let wrapper = XMLElement(name: "testsuites")
        wrapper.addChild(element)
        let text = wrapper.xmlString(options: [.nodePrettyPrint])
        return String(text.dropFirst("<testsuites>\n".count).dropLast("\n</testsuites>".count)) + "\n"
    }

    /// One `testsuite` element and its cases, with the counts of failing and erring cases.
    private func suite(_ name: String, _ members: [Case]) -> (element: XMLTree, failures: Int, errors: Int) {
        let failOn = run.failOn
        func fails(_ c: Case) -> Bool { c.failure != nil || c.diagnostics.contains { failOn.fails($0.severity) } }
        var suite = XMLTree("testsuite")
        var failures = 0, errors = 0
        for c in members {
            var testcase = XMLTree("testcase", [("classname", "aasa-check." + Self.clean(c.suite)), ("name", Self.clean(c.name))])
            if let message = c.error {
                errors += 1
                testcase.children.append(XMLTree("error", [("message", Self.clean(message)), ("type", "unreadable")], text: Self.clean(message)))
            }
            if fails(c) {
                failures += 1
                let failing = c.diagnostics.filter { failOn.fails($0.severity) }
                let first = c.failure ?? "\(failing[0].code): \(failing[0].message)"
                testcase.children.append(XMLTree("failure", [("message", Self.clean(first)), ("type", failing.first?.code.rawValue ?? "route")],
                                                 text: Self.clean(((c.failure.map { [$0] } ?? []) + failing.map(Self.line)).joined(separator: "\n"))))
            }
            let rest = c.diagnostics.filter { !failOn.fails($0.severity) }
            if !rest.isEmpty || !c.output.isEmpty {
                testcase.children.append(XMLTree("system-out", text: Self.clean((rest.map(Self.line) + c.output).joined(separator: "\n"))))
            }
            suite.children.append(testcase)
        }
        suite.attributes = [("name", Self.clean(name)), ("tests", String(members.count)), ("failures", String(failures)),
                            ("errors", String(errors))]
        return (suite, failures, errors)
    }

    /// The route case a finding about route list line `line` belongs to: the verdict of that
    /// line for the app the finding names that is not as expected, else the first of that line.
    static func routeCase(for d: Diagnostic, line: Int, among verdicts: [RouteVerdict]) -> Int? {
        let onLine = verdicts.indices.filter { verdicts[$0].route.line == line }
        return onLine.first { !verdicts[$0].ok && d.message.contains(verdicts[$0].appID) } ?? onLine.first
    }

    static func foldedLine(_ f: Folded) -> String {
        "\(f.place): \(f.count) more \(f.severity.rawValue)[\(f.code)] findings not listed (the first \(RunOutput.findingsPerKind) are)"
    }

    static func ignoredLine(_ s: Suppressed) -> String {
        "ignored by the configuration (\(s.reason)): " + line(s.finding.diagnostic)
    }

    static func attribute(_ name: String, _ value: String) -> XMLNode {
        XMLNode.attribute(withName: name, stringValue: value) as! XMLNode
    }

    static func line(_ d: Diagnostic) -> String {
        "\(d.place): \(d.severity.rawValue)[\(d.code)]: \(d.message)" + (d.hint.map { " (hint: \($0))" } ?? "")
    }

    /// Text XML 1.0 can hold, and safe to show: unsafe characters escaped (``SafeText``), line
    /// feeds kept.
    static func clean(_ s: String) -> String { SafeText.escape(s, keepNewlines: true) }
}

/// An element of a JUnit report as the renderer builds it: a name, attributes in order, and
/// either child elements or one text (JUnit's `failure`, `error` and `system-out` hold text).
/// ``render(level:)`` writes it as libxml2's pretty print (`XMLNode.xmlString(options:
/// .nodePrettyPrint)` on Linux) writes an element outside a document: two spaces a level, an
/// element without content as `<name></name>`, text inline, `<`, `>`, `&` and carriage return
/// escaped; in attribute values `"`, tab and line feed as references too, and every character
/// outside ASCII as a hexadecimal character reference (JUnitLayoutTests compare the two).
struct XMLTree {
    var name: String
    var attributes: [(String, String)]
    var children: [XMLTree] = []
    var text: String?

    init(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.text = text
    }

    /// The element at `level` (its first line indented), without a final line feed.
    func render(level: Int) -> String {
        var out = String(repeating: "  ", count: level) + "<" + name
        for (key, value) in attributes { out += " " + key + "=\"" + Self.escape(value, attribute: true) + "\"" }
        if let text, !text.isEmpty {
            return out + ">" + Self.escape(text, attribute: false) + "</" + name + ">"
        }
        guard !children.isEmpty else { return out + "></" + name + ">" }
        out += ">\n"
        for child in children { out += child.render(level: level + 1) + "\n" }
        return out + String(repeating: "  ", count: level) + "</" + name + ">"
    }

    static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if u.value >= 0x80 && attribute {
                    out += "&#x" + String(u.value, radix: 16, uppercase: true) + ";"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
