import AASACore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// JUnit XML, as CI systems read it: one `testsuite` per domain, file or list, one `testcase`
/// per check, route or entitlement entry. Findings at or above `--fail-on` make a case fail;
/// the others go to its `system-out`. An input that could not be read is an `<error>`.
///
/// The cases, in order:
/// - one per route verdict (`routes`), in suite `routes APPID`: it fails when the route is not
///   decided as expected; findings about that route's line are shown by it;
/// - one per associated-domain entry of each entitlements file (`entitlements`), with the
///   findings that point at that entry;
/// - one per file, domain or list for the other findings (named `apple-app-site-association`,
///   `entitlements` or `route list`), in the order first mentioned, and one for each subject
///   that has no case yet, so clean ones pass.
///
/// The document is written at the end, one suite at a time; findings are kept until then.
public final class JUnitRenderer: Renderer {
    public static let name = "junit"

    /// One test case.
    struct Case {
        var suite: String
        var name: String
        var diagnostics: [Diagnostic] = []
        /// Lines for the output that are not findings (how many more findings of a kind, a
        /// coverage table).
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
        /// Findings past the cap, as lines for the case's output.
        var folded: [String] = []
    }

    private let run: RunInfo
    private let sink: OutputSink
    private var verdictCases: [Case] = []
    private var routeLines = Set<Int>()
    private var entitlements: [EntitlementsReport] = []
    private var groupOrder: [String] = []
    private var groups: [String: Group] = [:]
    private var unreadable: [UnreadableInput] = []

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
        for f in findings {
            let d = f.diagnostic
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
    }

    public func route(_ v: RouteVerdict) {
        routeLines.insert(v.route.line)
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
            groups[key]!.folded.append("\(f.place): \(f.count) more \(f.severity.rawValue)[\(f.code)] findings not listed (the first \(RunOutput.findingsPerKind) are)")
        }
    }

    public func domain(_ report: DomainReport) {
        subject(Subject(report.target.host, kind: .domain))
        findings(report.findings)
        folded(report.folded)
    }

    public func entitlements(_ report: EntitlementsReport) { entitlements.append(report) }

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
            let rest = group.diagnostics.enumerated().filter { i, d in
                // Shown by an entry's case, or by a route's case.
                used[key]?.contains(i) != true && !(d.source == .routes && d.location.map { routeLines.contains($0.line) } == true)
            }.map(\.element)
            guard !rest.isEmpty || !group.folded.isEmpty || (group.declared && !taken.contains(key)) else { continue }
            let name: String
            switch group.kind {
            case .domainFile, .domain: name = "apple-app-site-association"
            case .entitlements: name = "entitlements"
            case .routeList: name = "route list"
            case .sitemap: name = "sitemap"
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

    /// Writes the document suite by suite: the totals are counted first, then each suite is
    /// laid out alone and written, so the XML of 20,000 domains is never held whole (only the
    /// findings are). The layout is `XMLDocument`'s pretty print: each suite is printed inside
    /// an empty `testsuites` element, whose first and last lines are dropped.
    private func write(_ cases: [Case]) {
        var suites: [String] = []
        var bySuite: [String: [Case]] = [:]
        for c in cases {
            if bySuite[c.suite] == nil { suites.append(c.suite) }
            bySuite[c.suite, default: []].append(c)
        }
        let failOn = run.failOn
        func fails(_ c: Case) -> Bool { c.failure != nil || c.diagnostics.contains { failOn.fails($0.severity) } }
        let root = XMLElement(name: "testsuites")
        root.addAttribute(Self.attribute("name", "aasa-check"))
        root.addAttribute(Self.attribute("tests", String(cases.count)))
        root.addAttribute(Self.attribute("failures", String(cases.filter(fails).count)))
        root.addAttribute(Self.attribute("errors", String(cases.filter { $0.error != nil }.count)))
        let placeholder = "aasa-check-suites"
        if !suites.isEmpty { root.addChild(XMLElement(name: placeholder)) }
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
        for name in suites {
            let wrapper = XMLElement(name: "testsuites")
            wrapper.addChild(suite(name, bySuite.removeValue(forKey: name)!, fails: fails))
            let text = wrapper.xmlString(options: [.nodePrettyPrint])
            sink.write(String(text.dropFirst("<testsuites>\n".count).dropLast("\n</testsuites>".count)) + "\n")
        }
        sink.write(String(frame[slot.upperBound...]))
    }

    /// One `testsuite` element and its cases.
    private func suite(_ name: String, _ members: [Case], fails: (Case) -> Bool) -> XMLElement {
        let failOn = run.failOn
        let suite = XMLElement(name: "testsuite")
        var failures = 0, errors = 0
        for c in members {
            let testcase = XMLElement(name: "testcase")
            testcase.addAttribute(Self.attribute("classname", "aasa-check." + Self.clean(c.suite)))
            testcase.addAttribute(Self.attribute("name", Self.clean(c.name)))
            if let message = c.error {
                errors += 1
                let error = XMLElement(name: "error")
                error.addAttribute(Self.attribute("message", Self.clean(message)))
                error.addAttribute(Self.attribute("type", "unreadable"))
                error.stringValue = Self.clean(message)
                testcase.addChild(error)
            }
            if fails(c) {
                failures += 1
                let failing = c.diagnostics.filter { failOn.fails($0.severity) }
                let failure = XMLElement(name: "failure")
                let first = c.failure ?? "\(failing[0].code): \(failing[0].message)"
                failure.addAttribute(Self.attribute("message", Self.clean(first)))
                failure.addAttribute(Self.attribute("type", failing.first?.code.rawValue ?? "route"))
                failure.stringValue = Self.clean(((c.failure.map { [$0] } ?? []) + failing.map(Self.line)).joined(separator: "\n"))
                testcase.addChild(failure)
            }
            let rest = c.diagnostics.filter { !failOn.fails($0.severity) }
            if !rest.isEmpty || !c.output.isEmpty {
                let out = XMLElement(name: "system-out")
                out.stringValue = Self.clean((rest.map(Self.line) + c.output).joined(separator: "\n"))
                testcase.addChild(out)
            }
            suite.addChild(testcase)
        }
        suite.addAttribute(Self.attribute("name", Self.clean(name)))
        suite.addAttribute(Self.attribute("tests", String(members.count)))
        suite.addAttribute(Self.attribute("failures", String(failures)))
        suite.addAttribute(Self.attribute("errors", String(errors)))
        return suite
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
