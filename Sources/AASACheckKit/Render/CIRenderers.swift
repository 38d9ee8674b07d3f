import AASACore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One JUnit test case: a domain check, a route, an entitlement entry or a file.
public struct ReportCase: Sendable {
    /// The suite it belongs to (the domain, file or route list).
    public var suite: String
    public var name: String
    /// Findings that make it fail (at or above `--fail-on`) are failures; the rest go to
    /// `system-out`.
    public var diagnostics: [Diagnostic]
    /// A failure that is not a diagnostic (a route verdict), with its message.
    public var failure: String?
    /// Why the input could not be checked at all (unreadable): a JUnit `<error>`.
    public var error: String?

    public init(suite: String, name: String, diagnostics: [Diagnostic] = [], failure: String? = nil, error: String? = nil) {
        self.suite = suite
        self.name = name
        self.diagnostics = diagnostics
        self.failure = failure
        self.error = error
    }
}

/// SARIF 2.1.0 (OASIS): one `rule` per code used, with its help; results with physical
/// locations in the served or local file when known. Columns are Unicode code points
/// (`columnKind: unicodeCodePoints`), as aasa-check counts them.
public enum SARIFRenderer {
    public static func render(_ report: Report) -> String {
        let used = Array(Set(report.diagnostics.map(\.code))).sorted()
        let rules: [OutputJSON] = used.map { code in
            let doc = CodeDoc.lookup(code)
            return .object([
                ("id", .string(code.rawValue)),
                ("name", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(doc?.title ?? code.rawValue))])),
                ("fullDescription", .object([("text", .string(doc?.why ?? ""))])),
                ("help", .object([("text", .string(doc?.fix ?? "")),
                                  ("markdown", .string("**\(code)**: \(doc?.title ?? "")\n\n\(doc?.why ?? "")\n\n**Fix:** \(doc?.fix ?? "")\n\nRun `aasa-check explain \(code)` for examples."))])),
                ("defaultConfiguration", .object([("level", .string(level(doc?.severity ?? .error)))])),
            ])
        }
        let results: [OutputJSON] = report.diagnostics.map { d in
            var members: [(String, OutputJSON)] = [
                ("ruleId", .string(d.code.rawValue)),
                ("ruleIndex", .int(used.firstIndex(of: d.code)!)),
                ("level", .string(level(d.severity))),
                ("message", .object([("text", .string(d.message + (d.hint.map { " Hint: \($0)" } ?? "")))])),
            ]
            var location: [(String, OutputJSON)] = [("artifactLocation", .object([("uri", .string(artifactURI(d)))]))]
            if let loc = d.location {
                location.append(("region", .object([("startLine", .int(loc.line)), ("startColumn", .int(loc.column)),
                                                    ("byteOffset", .int(loc.offset))])))
            }
            members.append(("locations", .array([.object([("physicalLocation", .object(location))])])))
            var properties: [(String, OutputJSON)] = []
            if let target = d.target { properties.append(("target", .string(target))) }
            if let source = d.source { properties.append(("source", .string(source.rawValue))) }
            if let pointer = d.pointer { properties.append(("pointer", .string(pointer))) }
            if !properties.isEmpty { members.append(("properties", .object(properties))) }
            return .object(members)
        }
        let sarif: OutputJSON = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("aasa-check")), ("version", .string(AASACheck.version)),
                    ("informationUri", .string("https://developer.apple.com/documentation/xcode/supporting-associated-domains")),
                    ("rules", .array(rules)),
                ]))])),
                ("invocations", .array([invocation(report)])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
        return sarif.render() + "\n"
    }

    /// The run's invocation: not successful when an input could not be read, with one
    /// notification per such input (SARIF 2.1.0 §3.20).
    static func invocation(_ report: Report) -> OutputJSON {
        let notifications: [OutputJSON] = report.unreadableInputs.map { input in
            var members: [(String, OutputJSON)] = [("level", .string("error")), ("message", .object([("text", .string(input.message))]))]
            if let subject = input.subject {
                members.append(("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(fileURI(subject)))])),
                ]))])])))
            }
            return .object(members)
        }
        return .object([("executionSuccessful", .bool(report.unreadableInputs.isEmpty)),
                        ("toolExecutionNotifications", .array(notifications))])
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// The local file, or the URL the finding's file was served from, as a URI reference
    /// (RFC 3986): see ``fileURI(_:)``.
    static func artifactURI(_ d: Diagnostic) -> String {
        if let file = d.file { return fileURI(file) }
        switch d.source {
        case .origin?: return "https://\(percentEncoded(d.target ?? ""))/.well-known/apple-app-site-association"
        case .cdn?: return "https://app-site-association.cdn-apple.com/a/v1/\(percentEncoded(d.target ?? ""))"
        default: return fileURI(d.target ?? "aasa-check")
        }
    }

    /// A local path as a URI reference: an absolute path as a `file://` URI, a relative one as
    /// a relative reference; either way percent-encoded, so `my file#1?.json` is
    /// `my%20file%231%3F.json` and a `:` cannot be read as a scheme.
    static func fileURI(_ path: String) -> String {
        path.hasPrefix("/") ? "file://" + percentEncoded(path) : percentEncoded(path)
    }

    /// `s` with every byte of its UTF-8 outside RFC 3986's unreserved characters, `/` and the
    /// sub-delimiters other than those that would start a query or fragment percent-encoded.
    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

/// JUnit XML, as CI systems read it: one `testsuite` per domain, file or list, one
/// `testcase` per check, route or entitlement entry; failures carry the message.
public enum JUnitRenderer {
    public static func render(_ report: Report, failOn: FailOn) -> String {
        var cases = report.cases
        if cases.isEmpty {
            // One case per target (file or domain) when the command listed none.
            var order: [String] = []
            var byTarget: [String: [Diagnostic]] = [:]
            for d in report.diagnostics {
                let key = d.file ?? d.target ?? "aasa-check"
                if byTarget[key] == nil { order.append(key) }
                byTarget[key, default: []].append(d)
            }
            for subject in report.subjects where byTarget[subject] == nil {
                order.append(subject)
                byTarget[subject] = []
            }
            cases = order.map { ReportCase(suite: $0, name: "apple-app-site-association", diagnostics: byTarget[$0]!) }
        }
        // An input that could not be read is an error of its own test case, never a pass.
        for input in report.unreadableInputs {
            if let subject = input.subject, let i = cases.firstIndex(where: { $0.suite == subject && $0.error == nil }) {
                cases[i].error = input.message
            } else {
                cases.append(ReportCase(suite: input.subject ?? "aasa-check", name: "input", error: input.message))
            }
        }
        var suites: [String] = []
        var bySuite: [String: [ReportCase]] = [:]
        for c in cases {
            if bySuite[c.suite] == nil { suites.append(c.suite) }
            bySuite[c.suite, default: []].append(c)
        }
        let root = XMLElement(name: "testsuites")
        root.addAttribute(attribute("name", "aasa-check"))
        var totalTests = 0, totalFailures = 0, totalErrors = 0
        for name in suites {
            let members = bySuite[name]!
            let suite = XMLElement(name: "testsuite")
            var failures = 0, errors = 0
            for c in members {
                let testcase = XMLElement(name: "testcase")
                testcase.addAttribute(attribute("classname", "aasa-check." + clean(c.suite)))
                testcase.addAttribute(attribute("name", clean(c.name)))
                if let message = c.error {
                    errors += 1
                    let error = XMLElement(name: "error")
                    error.addAttribute(attribute("message", clean(message)))
                    error.addAttribute(attribute("type", "unreadable"))
                    error.stringValue = clean(message)
                    testcase.addChild(error)
                }
                let failing = c.diagnostics.filter { failOn.fails($0.severity) }
                if !failing.isEmpty || c.failure != nil {
                    failures += 1
                    let failure = XMLElement(name: "failure")
                    let first = c.failure ?? "\(failing[0].code): \(failing[0].message)"
                    failure.addAttribute(attribute("message", clean(first)))
                    failure.addAttribute(attribute("type", failing.first?.code.rawValue ?? "route"))
                    failure.stringValue = clean(((c.failure.map { [$0] } ?? []) + failing.map(line)).joined(separator: "\n"))
                    testcase.addChild(failure)
                }
                let rest = c.diagnostics.filter { !failOn.fails($0.severity) }
                if !rest.isEmpty {
                    let out = XMLElement(name: "system-out")
                    out.stringValue = clean(rest.map(line).joined(separator: "\n"))
                    testcase.addChild(out)
                }
                suite.addChild(testcase)
            }
            suite.addAttribute(attribute("name", clean(name)))
            suite.addAttribute(attribute("tests", String(members.count)))
            suite.addAttribute(attribute("failures", String(failures)))
            suite.addAttribute(attribute("errors", String(errors)))
            totalTests += members.count
            totalFailures += failures
            totalErrors += errors
            root.addChild(suite)
        }
        root.addAttribute(attribute("tests", String(totalTests)))
        root.addAttribute(attribute("failures", String(totalFailures)))
        root.addAttribute(attribute("errors", String(totalErrors)))
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return document.xmlString(options: [.nodePrettyPrint]) + "\n"
    }

    static func attribute(_ name: String, _ value: String) -> XMLNode {
        XMLNode.attribute(withName: name, stringValue: value) as! XMLNode
    }

    static func line(_ d: Diagnostic) -> String {
        var place = TextRenderer.label(for: d)
        if let loc = d.location { place += ":\(loc.line):\(loc.column)" }
        return "\(place): \(d.severity.rawValue)[\(d.code)]: \(d.message)" + (d.hint.map { " (hint: \($0))" } ?? "")
    }

    /// Text XML 1.0 can hold: control characters other than tab, LF and CR become visible escapes.
    static func clean(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if (u.value < 0x20 && u.value != 0x09 && u.value != 0x0A && u.value != 0x0D) || u.value == 0xFFFE || u.value == 0xFFFF {
                out += "\\u{\(String(u.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=AASA…::message`,
/// `::warning` and `::notice`; values escaped as the workflow-command syntax requires, so no
/// text from a server can start a command of its own, and control characters (ESC, BEL, …)
/// from file contents or names made visible as ``SafeText`` does, so none reaches a log viewer.
public enum GitHubRenderer {
    public static func render(_ report: Report) -> String {
        var out = ""
        for d in report.diagnostics {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            if let file = d.file {
                properties.append("file=" + property(file))
                if let loc = d.location {
                    properties.append("line=\(loc.line)")
                    properties.append("col=\(loc.column)")
                }
            }
            let doc = CodeDoc.lookup(d.code)
            properties.append("title=" + property("\(d.code) \(doc?.title ?? "")".trimmingCharacters(in: .whitespaces)))
            var message = d.message
            if d.file == nil, d.target != nil {
                // Not a file of the repository: name the served file in the message instead.
                var place = TextRenderer.label(for: d)
                if let loc = d.location { place += ":\(loc.line):\(loc.column)" }
                message = "\(place): " + message
            }
            if let hint = d.hint { message += "\nHint: " + hint }
            out += "::\(command) \(properties.joined(separator: ","))::\(data(message))\n"
        }
        for input in report.unreadableInputs {
            let file = input.subject.map { "file=" + property($0) + "," } ?? ""
            out += "::error \(file)title=\(property("aasa-check: input not read"))::\(data(input.message))\n"
        }
        return out
    }

    /// Escapes a command's message: control characters other than line feeds become visible
    /// (``SafeText``), then `%`, CR and LF are encoded as the workflow-command syntax requires.
    static func data(_ s: String) -> String {
        workflowEscaped(SafeText.escape(s, keepNewlines: true))
    }

    /// Escapes a property value: the message escapes plus `:` and `,`.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func workflowEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
