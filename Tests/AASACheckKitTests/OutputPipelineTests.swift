import AASACore
import AASANet
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import AASACheckKit

/// The output pipeline without the network: records of many domains through every format.
@Suite struct OutputPipelineTests {
    @Test func spillBufferGivesBackWhatWasAppendedAcrossTheFile() {
        let buffer = SpillBuffer()
        var expected = ""
        // Multi-byte characters land on every offset, so chunk ends fall inside characters.
        for i in 0..<150_000 {
            let piece = "é€\(i)😀,"
            expected += piece
            buffer.append(piece)
        }
        #expect(expected.utf8.count > 2 * SpillBuffer.memoryLimit)
        var read = ""
        var pieces = 0
        buffer.drain { read += $0; pieces += 1 }
        #expect(read == expected)
        #expect(pieces > 1, "read back from the file in pieces")
    }

    /// The fetch line says "as a browser" only for the retry made as one (AASA109); a request
    /// made with `--user-agent` names its user agent instead.
    @Test func aFetchLineNamesTheUserAgentItWasMadeWith() {
        let url = "https://example.com/.well-known/apple-app-site-association"
        func line(_ role: Fetch.Role, _ agent: String) -> String {
            TextRenderer.line(Fetch(FetchRecord(url: url, userAgent: agent, status: 200), target: "example.com", role: role))
        }
        #expect(line(.origin, "AASA-Bot/1.0.0") == "GET \(url) → 200, 0 bytes")
        #expect(line(.browser, HTTPRequest.browserUserAgent) == "GET \(url) (as a browser) → 200, 0 bytes")
        #expect(line(.origin, "curl/8.0") == "GET \(url) (User-Agent curl/8.0) → 200, 0 bytes")
        #expect(line(.origin, "") == "GET \(url) (empty User-Agent) → 200, 0 bytes")
    }

    /// A record of a domain with one finding of each severity but info.
    static func report(_ i: Int) throws -> DomainReport {
        let host = "host-\(i).example"
        let d1 = Diagnostic(code: .aasa105, message: "https://\(host)/… answered 404", target: host, source: .origin)
        let d2 = Diagnostic(code: .aasa502, message: "the CDN copy differs", target: host, source: .cdn)
        var record = FetchRecord(url: "https://\(host)/.well-known/apple-app-site-association", status: 404,
                                 headers: [HTTPHeader("Content-Type", "text/html")], body: Array(repeating: 0x20, count: 10), timeMs: 3)
        record.primaryIP = "192.0.2.1"
        return DomainReport(target: try CheckTarget.parse(host), fetches: [Fetch(record, target: host, role: .origin)], addresses: nil,
                            findings: [Finding(d1), Finding(d2)], routes: [], errors: 1, warnings: 1, infos: 0, exitCode: 1)
    }

    func runDomains(_ format: String, count: Int) throws -> (status: Int32, out: String) {
        let capture = Capture()
        let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) })
        let output = RunOutput(format: OutputFormat(rawValue: format)!, info: RunInfo(command: "check"), console: console)
        for i in 0..<count { output.domain(try Self.report(i)) }
        return (output.finish(subject: "\(count) domains"), capture.out)
    }

    @Test func jsonOfManyDomainsIsOneDocumentInInputOrder() async throws {
        // Enough domains that the arrays go through the temporary file (off the cooperative
        // pool: it takes seconds).
        let r = try await offPool { Result { try runDomains("json", count: 6_000) } }.get()
        #expect(r.status == 1)
        #expect(r.out.utf8.count > 2 * SpillBuffer.memoryLimit)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 6_000)
        #expect(summary["warnings"] as? Int == 6_000)
        #expect(summary["exitCode"] as? Int == 1)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 12_000)
        #expect(diagnostics.map { $0["target"] as? String ?? "" } == (0..<6_000).flatMap { ["host-\($0).example", "host-\($0).example"] })
        let fetches = try #require(json["fetches"] as? [[String: Any]])
        #expect(fetches.count == 6_000)
        #expect(fetches.last?["url"] as? String == "https://host-5999.example/.well-known/apple-app-site-association")
        #expect(fetches.last?["contentType"] as? String == "text/html")
        #expect((json["matches"] as? [Any])?.isEmpty == true)
        #expect(json["unreadable"] == nil)
    }

    /// SARIF of many domains goes through the temporary file (issue 22), and each result's
    /// `ruleIndex`, written as a marker while the codes used were not known, names its rule.
    @Test func sarifOfManyDomainsIsStreamedWithTheRightRuleIndices() async throws {
        let r = try await offPool { Result { try runDomains("sarif", count: 6_000) } }.get()
        #expect(r.status == 1)
        #expect(r.out.utf8.count > 2 * SpillBuffer.memoryLimit)
        #expect(!r.out.contains("\u{0}"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let run0 = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run0["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["AASA105", "AASA502"])
        let results = try #require(run0["results"] as? [[String: Any]])
        #expect(results.count == 12_000)
        for (i, result) in results.enumerated() {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(result["ruleId"] as? String == (i % 2 == 0 ? "AASA105" : "AASA502"))
        }
        let targets = results.map { ($0["properties"] as? [String: Any])?["target"] as? String ?? "" }
        #expect(targets == (0..<6_000).flatMap { ["host-\($0).example", "host-\($0).example"] })
        // The requests have no place in SARIF: counted in a notification.
        let notes = try #require(((run0["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"]) as? [[String: Any]])
        #expect(notes.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
            == ["--format sarif leaves out 6000 requests (--format json shows them)"])
    }

    /// A marker cut by the end of a chunk read back from the spill is put together again.
    @Test func ruleIndexMarkersAcrossChunkEndsAreReplaced() {
        let buffer = SpillBuffer()
        var expected = ""
        // Markers at every offset modulo the chunk size, around the chunk ends.
        for i in 0..<240_000 {
            let code = i % 3 == 0 ? "AASA105" : "AASA2\(i % 10)\(i % 7)"
            buffer.append("é\(i)" + "\u{0}" + code + "\u{0}" + ",")
            expected += "é\(i)" + (code == "AASA105" ? "0" : "1") + ","
        }
        let capture = Capture()
        let sink = OutputSink(console: Console(stdout: { capture.appendOut($0) }, stderr: { _ in }))
        var index: [String: Int] = ["AASA105": 0]
        for a in 0..<10 { for b in 0..<7 { index["AASA2\(a)\(b)"] = 1 } }
        SARIFRenderer.drain(buffer, replacingMarkersWith: index, into: sink)
        #expect(expected.utf8.count > 2 * SpillBuffer.memoryLimit)
        #expect(capture.out == expected)
    }

    /// JUnit of many domains: each domain's suite written as it comes, through the temporary
    /// file, the totals counted on the way (issue 22).
    @Test func junitOfManyDomainsIsStreamedInInputOrder() async throws {
        let r = try await offPool { Result { try runDomains("junit", count: 6_000) } }.get()
        #expect(r.status == 1)
        #expect(r.out.utf8.count > 2 * SpillBuffer.memoryLimit)
        let root = try #require(try XMLDocument(xmlString: r.out).rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "6000")
        #expect(root.attribute(forName: "failures")?.stringValue == "6000")
        let suites = try root.nodes(forXPath: "/testsuites/testsuite").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(suites == (0..<6_000).map { "host-\($0).example" })
        let last = try #require(try root.nodes(forXPath: "//testsuite[@name='host-5999.example']/testcase").first as? XMLElement)
        #expect(last.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "AASA105")
        #expect(last.elements(forName: "system-out").first?.stringValue?.contains("origin: GET https://host-5999.example/") == true)
    }

    /// `coverage --format jsonl`: decision lines stop at the byte cap; the decisions past it
    /// are counted in the last record, with a note (issue 22). Whole pages only: a page's lines
    /// are written together or not at all.
    @Test func jsonLinesDecisionsStopAtTheCapAndAreCounted() throws {
        let capture = Capture()
        let sink = OutputSink(console: Console(stdout: { capture.appendOut($0) }, stderr: { _ in }))
        let renderer = JSONLinesRenderer(run: RunInfo(command: "coverage"), sink: sink, maxPageBytes: 10_000)
        for i in 0..<1_000 {
            renderer.page(PageDecisions(url: "https://shop.example/p/\(i)", section: "/p",
                                        decisions: [("A.x", .match, 0, 1), ("A.y", .noMatch, nil, nil)]))
        }
        renderer.findings([])
        renderer.finish(RunSummary())
        let lines = capture.out.split(separator: "\n").map(String.init)
        let pages = lines.dropLast()
        #expect(pages.map { $0.utf8.count + 1 }.reduce(0, +) <= 10_000)
        #expect(pages.count % 2 == 0 && pages.count > 50, "whole pages: \(pages.count) lines")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let leftOut = try #require(last["leftOut"] as? [String: Int])
        #expect(leftOut["page"] == 2_000 - pages.count)
        #expect((last["notes"] as? [String])?.first == "\(2_000 - pages.count) page decisions past the first 10,000 bytes of lines are counted, not written; --format json has the tables by section")
    }

    @Test func textOfManyDomainsHasOneBlockEachAndOneSummary() throws {
        let r = try runDomains("text", count: 50)
        #expect(r.out.components(separatedBy: " — failed\n").count - 1 == 51)
        #expect(r.out.contains("host-49.example: 1 error, 1 warning, 0 infos — failed\n"))
        #expect(r.out.hasSuffix("50 domains: 50 errors, 50 warnings, 0 infos — failed\n"))
        #expect(r.out.contains("  origin  GET https://host-7.example/.well-known/apple-app-site-association → 404 text/html, 10 bytes, 3 ms, 192.0.2.1\n"))
    }

    @Test func ignoredCodesAreDroppedBeforeCountingAndTheExitStatus() throws {
        let capture = Capture()
        let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) })
        let output = RunOutput(format: .json, info: RunInfo(command: "validate", failOn: .warning), console: console,
                               ignored: [(.aasa401, "every page has a screen")])
        output.findings([Diagnostic(code: .aasa401, severity: .warning, message: "catch-all", target: "f", source: .file, file: "f")])
        #expect(output.finish() == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
        #expect((json["summary"] as? [String: Any])?["warnings"] as? Int == 0)
    }

    @Test func longTextIsCutOnceForEveryFormat() throws {
        let long = String(repeating: "x", count: 5_000)
        let d = Diagnostic(code: .aasa105, message: "answered \(long)", hint: "see \(long)", target: "h.example", source: .origin)
        for format in OutputFormat.all.map(\.rawValue) {
            let out = render(format, [d])
            #expect(out.contains("… (5000 characters)"), "\(format)")
            #expect(!out.contains(String(repeating: "x", count: 300)), "\(format)")
        }
    }

    @Test func everyFormatIsRegisteredOnceByName() {
        let names = OutputFormat.all.map(\.rawValue)
        #expect(names == ["text", "json", "jsonl", "sarif", "junit", "github", "html", "markdown", "xcode"])
        #expect(Set(names).count == names.count)
        for name in names { #expect(OutputFormat(rawValue: name)?.rawValue == name) }
        #expect(OutputFormat(rawValue: "xml") == nil)
    }
}
