import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import AASACheckKit
import AASACore

/// Issue 22: text a server or a file controls is inert in every format — no markup in HTML,
/// no link, image, tag, mention or table cell in Markdown, no workflow command for GitHub, no
/// extra issue for Xcode, no character XML 1.0 forbids in JUnit — and the machine formats stay
/// well formed, as their consumers read them (Python's `json` and `xml.etree`).
@Suite("hostile text is inert in every format")
struct InertOutputTests {
    /// The strings of the issue, one per line of a message.
    static let hostile = [
        "</table></td></tr><img src=x onerror=alert(1)>", "<script>alert(2)</script>", "[x](javascript:alert(3))",
        "![](https://evil.example/pixel.png)", "@mention @octocat/team", "| cell | cell |", "``` fence ``` and `tick`",
        "::set-output name=x::y", "::error file=a,line=1::forged", "100%0A%0D%25", "CR\rLF\n::warning::forged",
        "NUL\u{0}ESC\u{1B}[31mBEL\u{7}DEL\u{7F}C1\u{85}", "bidi \u{202E}txet\u{202C} \u{2066}iso\u{2069}", "ZW\u{200B}J\u{200D}BOM\u{FEFF}",
        "nonchar \u{FFFE}\u{FFFF}", "links https://evil.example http://evil.example www.evil.example WWW.Evil.Example",
        "mail someone@evil.example #12 GH-12", "*bold* _it_ ~~gone~~ \\back", "&amp; &lt;b&gt; &#64;", "line 1\u{2028}line 2",
        String(repeating: "long", count: 5_000),
    ].joined(separator: "\n")

    /// Every kind of result a command can hand over, each carrying the hostile text.
    static func run(_ format: String, command: String = "validate") -> (out: String, err: String) {
        let capture = Capture()
        let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) })
        let output = RunOutput(format: OutputFormat(rawValue: format)!, info: RunInfo(command: command), console: console)
        let file = "evil</table>|@x`.json"
        output.subject(file, kind: .domainFile)
        output.source(file, Array(("{\"applinks\": " + hostile.replacingOccurrences(of: "\n", with: " ") + "}\n").utf8))
        output.findings([
            Diagnostic(code: .aasa201, message: hostile, hint: hostile, location: AASACore.SourceLocation(offset: 14, line: 1, column: 15),
                       target: "evil.example", source: .file, file: file),
            Diagnostic(code: .aasa105, message: "served " + hostile, target: "evil.example", source: .origin),
        ])
        output.note(hostile, kind: .notice)
        output.note("remark " + hostile)
        output.unreadable("not read: " + hostile, subject: file)
        output.finish(subject: "1 file")
        return (capture.out, capture.err)
    }

    /// Runs `python3` with `script` on `input` (standard input); its status and output.
    static func python(_ script: String, _ input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// No raw control, format, separator or noncharacter in what a person or a CI log reads
    /// (line feeds lay the output out; tab is allowed nowhere either).
    static func rawUnsafe(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { $0 != "\n" && $0 != "\u{200D}" && SafeText.isUnsafe($0) }
    }

    @Test(arguments: OutputFormat.all.map(\.rawValue).filter { $0 != "jsonl" })
    func noRawControlCharacterReachesTheOutput(format: String) {
        let r = Self.run(format)
        #expect(Self.rawUnsafe(r.out).isEmpty, "\(format): \(Self.rawUnsafe(r.out).prefix(5).map { String($0.value, radix: 16) })")
        #expect(Self.rawUnsafe(r.err).isEmpty, "\(format) stderr")
        // Long runs are cut once, for every format.
        #expect(!r.out.contains(String(repeating: "long", count: 100)), "\(format)")
        #expect(r.out.utf8.count < 64_000, "\(format): \(r.out.utf8.count) bytes")
    }

    @Test func htmlHasNoMarkupOfTheServers() throws {
        let r = Self.run("html")
        let page = try PageOutline(html: r.out)
        #expect(page.isSelfContained, "\(page.problems) \(page.external)")
        for tag in ["img", "script", "i", "b", "em"] { #expect(page.tags[tag] == nil, "<\(tag)>") }
        // The only links are the overview's, to the page's own sections.
        #expect(r.out.components(separatedBy: "<a ").count - 1 == page.tags["a"] ?? 0)
        #expect(r.out.components(separatedBy: "<a href=\"#").count == r.out.components(separatedBy: "<a ").count)
        #expect(!r.out.contains("<img") && !r.out.contains("<script") && !r.out.contains("</table></td>"))
        #expect(page.text.contains("</table></td></tr><img src=x onerror=alert(1)>"), "shown as text")
        #expect(page.text.contains("\\u{202E}txet"), "a bidi override shown, not applied")
    }

    @Test func markdownHasNoLinkImageTagMentionOrCell() {
        let md = Self.run("markdown").out
        #expect(md.firstMatch(of: #/[^\\]\]\(/#) == nil && md.firstMatch(of: #/!\[/#) == nil, "no link or image")
        #expect(!md.contains("<img") && !md.contains("<script") && !md.contains("</table>"), "no tag")
        for autolink in ["https://", "http://", "www.", "WWW.", "@mention", "@octocat", "@evil", "#12"] {
            #expect(!md.contains(autolink), "GitHub would link \(autolink)")
        }
        #expect(md.contains("https\u{200D}:\u{200D}//evil.example") || md.contains("https:\u{200D}//evil.example"))
        #expect(md.contains("www\u{200D}.evil.example"))
        #expect(!md.contains("*bold*") && !md.contains("_it_") && !md.contains("~~gone~~"), "no emphasis")
        // Every table row keeps its cells: no text added one.
        for row in md.split(separator: "\n") where row.hasPrefix("| ") {
            let cells = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count - 1
            #expect([4, 5].contains(cells), "\(row.prefix(120))")
        }
        #expect(!md.contains("``` fence"), "no code fence")
    }

    @Test func githubAnnotationsStayOneCommandALine() {
        let out = Self.run("github").out
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Two findings, two notices (the remark, the notice), one input not read.
        #expect(lines.count == 5, "\(lines.map { $0.prefix(40) })")
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::notice ") })
        for line in lines {
            // The command's own `::` is the only one before the message; the rest is data.
            let afterCommand = line.dropFirst(2)
            let message = afterCommand[afterCommand.range(of: "::")!.upperBound...]
            #expect(!message.contains("\r") && !message.contains("%0A%0D%25\n"))
            #expect(message.contains("%0A"), "line breaks encoded")
        }
        #expect(out.contains("100%250A%250D%2525"), "a % in the text is encoded, so %0A stays text")
        #expect(out.contains("file=evil</table>|@x`.json"))
    }

    @Test func xcodeIssuesStayOneALine() {
        let out = Self.run("xcode").out
        let lines = out.split(separator: "\n")
        // Issue, its hint, the served file's issue, two log lines, the input not read.
        #expect(lines.count == 6, "\(lines.map { $0.prefix(60) })")
        let issue = #/^(.+):(\d+):(\d+): (error|warning|note): /#
        #expect(lines[0].hasPrefix("evil</table>|@x`.json:1:15: error: ") && lines[0].hasSuffix(" [AASA201]"))
        #expect(lines[1].hasPrefix("evil</table>|@x`.json:1:15: note: "))
        #expect(lines[2].hasPrefix("error: evil.example/.well-known/apple-app-site-association: served ") && lines[2].hasSuffix(" [AASA105]"))
        #expect(lines[3].hasPrefix("aasa-check: ") && lines[4].hasPrefix("aasa-check: remark "))
        #expect(lines[5].hasPrefix("evil</table>|@x`.json: error: not read: "))
        // The forged `::error file=a,line=1::` and `::warning::` stay inside their line.
        #expect(lines.filter { $0.firstMatch(of: issue) != nil }.count == 2)
        #expect(!lines[3].contains(" error:") && !lines[3].contains(" warning:"), "a log line is no issue")
    }

    @Test func junitIsWellFormedXMLWithoutForbiddenCharacters() throws {
        let out = Self.run("junit").out
        let doc = try XMLDocument(xmlString: out)
        #expect(doc.rootElement()?.name == "testsuites")
        // XML 1.0 allows tab, LF, CR and U+0020 and above except surrogates, U+FFFE, U+FFFF.
        let forbidden = out.unicodeScalars.filter { u in
            (u.value < 0x20 && u != "\n" && u != "\t" && u != "\r") || u.value == 0xFFFE || u.value == 0xFFFF
        }
        #expect(forbidden.isEmpty)
        let python = try Self.python("""
        import sys, xml.etree.ElementTree as ET
        root = ET.fromstring(sys.stdin.buffer.read())
        cases = root.findall('.//testcase')
        print(len(cases), root.get('tests'), root.get('errors'))
        """, out)
        #expect(python.status == 0, "\(python.output)")
        // The file's case and the served file's case; the file not read is an error of its case.
        #expect(python.output == "2 2 1\n", "\(python.output)")
    }

    /// A JSON Lines record is written as bytes, the report's JSON as text: the same escapes, on
    /// one line. Every hostile string, each kind of leaf, nesting, keys that need escapes.
    @Test func aJSONLinesRecordEscapesAsTheReportDoes() throws {
        let strings = Self.hostile.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            + ["", "plain", "é", "\u{C2}\u{A0}", "\u{2029}", "quote \" and \\ back", "\u{7F}\u{80}\u{9F}\u{A0}", "𝒳\u{FE0F}"]
        let value = OutputJSON.object(
            strings.enumerated().map { ("k\($0.offset) \($0.element)", .string($0.element)) }
                + [("list", .array([.int(-3), .bool(true), .bool(false), .null, .raw("{\"a\":1}"), .object([]), .array([])]))])
        let line = value.jsonLine()
        #expect(line.hasSuffix("\n"))
        #expect(!line.dropLast().contains("\n") && !line.dropLast().contains("\r"))
        var pretty = ""
        for u in value.render().unicodeScalars where u != "\n" { pretty.unicodeScalars.append(u) }
        // The pretty layout without its line breaks and indentation is the line.
        let compact = pretty.replacingOccurrences(of: "\": ", with: "\":").replacingOccurrences(of: "  ", with: "")
        #expect(compact == String(line.dropLast()))
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(parsed?["k0 \(strings[0])"] as? String == strings[0])
        #expect(parsed?.count == strings.count + 1)
    }

    @Test(arguments: ["json", "sarif"])
    func jsonFormatsParseAndKeepTheText(format: String) throws {
        let out = Self.run(format).out
        let python = try Self.python("""
        import json, sys
        doc = json.loads(sys.stdin.read())
        text = json.dumps(doc)
        print('ok' if 'onerror=alert(1)' in text and '::set-output' in text else 'lost')
        """, out)
        #expect(python.status == 0 && python.output == "ok\n", "\(format): \(python.output.prefix(300))")
        if format == "sarif" {
            let shape = try Self.python("""
            import json, sys
            doc = json.loads(sys.stdin.read())
            assert doc['version'] == '2.1.0' and isinstance(doc['runs'], list) and len(doc['runs']) == 1
            run = doc['runs'][0]
            rules = run['tool']['driver']['rules']
            for r in run['results']:
                assert rules[r['ruleIndex']]['id'] == r['ruleId'], r
                assert r['level'] in ('error', 'warning', 'note', 'none')
                assert isinstance(r['message']['text'], str)
                for l in r['locations']:
                    assert isinstance(l['physicalLocation']['artifactLocation']['uri'], str)
            for inv in run['invocations']:
                assert isinstance(inv['executionSuccessful'], bool)
                for n in inv['toolExecutionNotifications']:
                    assert isinstance(n['message']['text'], str)
            print('shape ok')
            """, out)
            #expect(shape.output == "shape ok\n", "\(shape.output.prefix(400))")
        }
    }

    /// A file with invalid UTF-8 and hostile text read by the strict JSON reader: its
    /// messages and excerpts reach every format inert and well formed.
    @Test(arguments: OutputFormat.all.map(\.rawValue).filter { $0 != "jsonl" })
    func invalidUTF8ThroughTheJSONReader(format: String) throws {
        var bytes = Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x</table><img src=x>"], "components": [{"/": "/a"#.utf8)
        bytes += [0xFF, 0xC3, 0x28, 0xE2, 0x82]  // invalid sequences
        bytes += Array(#"\u0000[x](javascript:1) @team https://evil.example"}]}]}}"#.utf8)
        let path = try temporaryFile(bytes, name: UUID().uuidString + "-evil|`.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = AASACheckKitTests.run(["validate", "--format", format, path])
        #expect(r.status == 1)
        #expect(Self.rawUnsafe(r.stdout).isEmpty, "\(format)")
        #expect(r.stdout.contains("AASA2"), "\(format): the JSON reader's finding")
        switch format {
        case "json", "sarif":
            #expect((try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) != nil)
        case "junit":
            #expect((try? XMLDocument(xmlString: r.stdout)) != nil)
        case "html":
            let page = try PageOutline(html: r.stdout)
            #expect(page.isSelfContained && page.tags["img"] == nil, "\(page.problems)")
        case "markdown":
            #expect(!r.stdout.contains("](") && !r.stdout.contains("https://") && !r.stdout.contains("<img"))
        default:
            break
        }
    }
}
