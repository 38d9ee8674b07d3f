import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import AASACore
@testable import AASACheckKit

/// Each CI format is checked by parsing it the way its consumer does.
@Suite struct FormatTests {
    static let broken = fixturePath("corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association")
    static let invalid = fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")
    static let clean = fixturePath("corpus/aasa/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association")

    @Test func sarifNamesEveryCodeItUsesAsARule() throws {
        let r = run(["validate", "--format", "sarif", FormatTests.broken, FormatTests.invalid])
        #expect(r.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run0 = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run0["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        let results = try #require(run0["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs[index] == id)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
        }
        #expect(Set(results.compactMap { $0["ruleId"] as? String }) == Set(ruleIDs))
        for rule in rules {
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let trailing = try #require(results.first { $0["ruleId"] as? String == "AASA203" })
        let physical = try #require(((trailing["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == URL(fileURLWithPath: FormatTests.invalid).absoluteString)
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 17 && region["startColumn"] as? Int == 14)
    }

    @Test func junitParsesAsXMLWithOneCasePerFile() throws {
        let r = run(["validate", "--format", "junit", FormatTests.invalid, FormatTests.clean])
        #expect(r.status == 1)
        let doc = try XMLDocument(xmlString: r.stdout)
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let cases = try root.nodes(forXPath: "//testcase")
        #expect(cases.count == 2)
        let failure = try #require(try root.nodes(forXPath: "//failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "AASA203")
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("trailing comma") == true)
    }

    @Test func junitRoutesHaveOneCasePerRoute() throws {
        let r = run(["routes", fixturePath("routes/soar-starter-aasa.json"), "--routes", fixturePath("routes/soar-starter.routes"),
                     "--domain", "soar.example", "--format", "junit"])
        #expect(r.status == 1)
        let root = try #require(try XMLDocument(xmlString: r.stdout).rootElement())
        let routeCases = try root.nodes(forXPath: "//testsuite[starts-with(@name, 'routes ')]/testcase")
        #expect(routeCases.count == 17)
        let failures = try root.nodes(forXPath: "//testsuite[starts-with(@name, 'routes ')]/testcase[failure]")
        #expect(failures.count == 1)
        #expect((failures.first as? XMLElement)?.attribute(forName: "name")?.stringValue == "/redeem-code (app)")
    }

    @Test func githubAnnotationsAreWorkflowCommands() {
        let r = run(["validate", "--format", "github", FormatTests.invalid, FormatTests.broken])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
        #expect(lines.contains { $0.hasPrefix("::error file=\(FormatTests.invalid),line=17,col=14,title=AASA203 ") })
    }

    @Test func githubEscapingStopsInjectedCommands() {
        // A message with a newline followed by a workflow command, as a hostile server could send.
        let d = AASACore.Diagnostic(code: "AASA105", message: "status 500\n::error::injected, 100%", target: "evil.example", source: .origin)
        let out = render("github", [d])
        #expect(out.split(separator: "\n").count == 1)
        #expect(out.contains("status 500%0A::error::injected, 100%25"))
        #expect(GitHubRenderer.property("a:b,c\nd") == "a%3Ab%2Cc%0Ad")
    }

    // MARK: An input that could not be read is a failure in every format (exit status 2).

    static let missing = "/nonexistent/aasa-check-missing.json"

    @Test func junitShowsAnUnreadableInputAsAnError() throws {
        let r = run(["validate", "--format", "junit", FormatTests.missing, FormatTests.clean])
        #expect(r.status == 2)
        let root = try #require(try XMLDocument(xmlString: r.stdout).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        let suite = try #require(try root.nodes(forXPath: "//testsuite[@name='\(FormatTests.missing)']").first as? XMLElement)
        #expect(suite.attribute(forName: "errors")?.stringValue == "1")
        let error = try #require(try suite.nodes(forXPath: "testcase/error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue == "\(FormatTests.missing): no such file")
        let clean = try #require(try root.nodes(forXPath: "//testsuite[@name='\(FormatTests.clean)']").first as? XMLElement)
        #expect(clean.attribute(forName: "errors")?.stringValue == "0")
    }

    @Test func junitShowsAnUnreadableRouteListAsAnErrorCase() throws {
        let routes = try temporaryFile(Array("/todos\nnot-a-route\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let r = run(["routes", fixturePath("routes/soar-starter-aasa.json"), "--routes", routes, "--domain", "soar.example", "--format", "junit"])
        #expect(r.status == 2)
        let root = try #require(try XMLDocument(xmlString: r.stdout).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let error = try #require(try root.nodes(forXPath: "//testsuite[@name='\(routes)']/testcase/error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue == "\(routes): the route list has 1 line that cannot be read (AASA705)")
        // The unreadable line itself is not lost: it is the failure of the route list's case.
        let failure = try #require(try root.nodes(forXPath: "//testsuite[@name='\(routes)']/testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "AASA705")
        #expect(failure.stringValue?.contains("\(routes):2:1: error[AASA705]: \"not-a-route\" is not a route") == true)
    }

    @Test func sarifInvocationIsUnsuccessfulWithANotificationPerUnreadableInput() throws {
        let r = run(["validate", "--format", "sarif", FormatTests.missing, FormatTests.clean])
        #expect(r.status == 2)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run0 = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run0["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["level"] as? String == "error")
        #expect((notes.first?["message"] as? [String: Any])?["text"] as? String == "\(FormatTests.missing): no such file")
        let location = (notes.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + FormatTests.missing)

        let ok = run(["validate", "--format", "sarif", FormatTests.clean])
        let okSarif = try #require(try JSONSerialization.jsonObject(with: Data(ok.stdout.utf8)) as? [String: Any])
        let okInvocation = try #require(((okSarif["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(okInvocation["executionSuccessful"] as? Bool == true)
        #expect((okInvocation["toolExecutionNotifications"] as? [Any])?.isEmpty == true)
    }

    @Test func githubHasAnErrorLineForAnUnreadableInput() {
        let r = run(["validate", "--format", "github", FormatTests.missing, FormatTests.clean])
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("::error ") } == [
            "::error file=\(FormatTests.missing),title=aasa-check%3A input not read::\(FormatTests.missing): no such file",
        ])
    }

    // MARK: Control characters from file contents and names never reach the output raw.

    @Test func githubAnnotationsEscapeControlCharactersFromContentsAndNames() throws {
        let content = #"{"applinks":{"details":[{"appIDs":["Q1W2E3R4T5.com.x.app\u001b[31mRED\u0007"],"components":[]}]}}"#
        let path = try temporaryFile(Array(content.utf8), name: "esc\u{1B}[2J\u{07}.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--format", "github", path])
        #expect(r.status == 1)
        #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character")
        let shownPath = path.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(of: "\u{07}", with: "\\u{7}")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains("AASA305") })
        #expect(line.hasPrefix("::error file=\(shownPath),line=1,col=36,title=AASA305 "))
        #expect(line.contains(#"the applinks app ID "Q1W2E3R4T5.com.x.app\u{1B}[31mRED\u{7}" is malformed"#))
    }

    @Test func unknownOptionDoesNotEchoRawEscapes() {
        let r = run(["validate", "--fo\u{1B}[2J"])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check validate: unknown option --fo\\u{1B}[2J for `aasa-check validate`; see `aasa-check validate --help`\n")
    }

    @Test func configErrorsDoNotEchoRawEscapes() throws {
        let path = try temporaryFile(Array(#"{"dom\u001b]0;x\u0007ains": []}"#.utf8), name: "cfg\u{1B}.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--config", path, FormatTests.clean])
        #expect(r.status == 2)
        #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(r.stderr.contains(#"unknown key "dom\u{1B}]0;x\u{7}ains""#))
    }

    // MARK: SARIF artifact locations are valid URI references.

    @Test func sarifArtifactURIsArePercentEncoded() throws {
        let name = "aasa-check-tests-my file#1?%.json"
        let dir = FileManager.default.temporaryDirectory.path
        let path = dir + "/" + name
        try Data("{\"applinks\": {\"details\": [],}}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func uris(_ r: Run) throws -> [String] {
            let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            return results.compactMap { result in
                let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
        let absolute = try uris(run(["validate", "--format", "sarif", path]))
        #expect(!absolute.isEmpty)
        #expect(absolute.allSatisfy { $0 == "file://" + dir + "/aasa-check-tests-my%20file%231%3F%25.json" })
        #expect(absolute.allSatisfy { URL(string: $0)?.path == path })
        let relative = try uris(Run(status: 1, stdout: render("sarif", [AASACore.Diagnostic(code: "AASA203", message: "m", source: .file, file: "my file#1?.json")]), stderr: ""))
        #expect(relative == ["my%20file%231%3F.json"])
        #expect(SARIFRenderer.fileURI("a:b/c d") == "a%3Ab/c%20d")
        #expect(SARIFRenderer.fileURI("<stdin>") == "%3Cstdin%3E")
        #expect(SARIFRenderer.fileURI("/tmp/caf\u{E9}.json") == "file:///tmp/caf%C3%A9.json")
    }
}
