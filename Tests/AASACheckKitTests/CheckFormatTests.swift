import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import AASACheckKit

/// `check` in the CI formats, each read the way its consumer reads it, and the configuration's
/// `ignore` applied to `check` in every format.
@Suite("check in CI formats")
struct CheckFormatTests {
    /// Runs off the cooperative pool: these runs block for seconds, and async tests need the pool.
    func check(_ args: [String]) async throws -> Run {
        let args = ["check"] + args + (try harnessNetwork())
        return await offPool { run(args) }
    }

    static let hosts = ["good.aasa.test", "notfound.aasa.test", "stale.aasa.test"]

    @Test func sarifHasOneResultPerFindingWithTheServedFileAsArtifact() async throws {
        let r = try await check(Self.hosts + ["--format", "sarif"])
        #expect(r.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run0 = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require((((run0["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]) as? [[String: Any]])
        let results = try #require(run0["results"] as? [[String: Any]])
        let ids = results.compactMap { $0["ruleId"] as? String }
        #expect(ids == ["AASA503", "AASA105", "AASA501", "AASA502", "AASA503"])
        #expect(rules.compactMap { $0["id"] as? String } == ["AASA105", "AASA501", "AASA502", "AASA503"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let notFound = try #require(results.first { $0["ruleId"] as? String == "AASA105" })
        #expect(notFound["level"] as? String == "error")
        let uri = ((((notFound["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(uri == "https://notfound.aasa.test/.well-known/apple-app-site-association")
        let stale = try #require(results.first { $0["ruleId"] as? String == "AASA502" })
        let staleURI = ((((stale["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(staleURI == "https://app-site-association.cdn-apple.com/a/v1/stale.aasa.test")
        #expect((stale["properties"] as? [String: Any])?["target"] as? String == "stale.aasa.test")
        let invocation = try #require((run0["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
    }

    @Test func junitHasOneSuitePerDomainInInputOrder() async throws {
        let r = try await check(Self.hosts + ["--format", "junit", "--fail-on", "warning"])
        #expect(r.status == 1)
        let root = try #require(try XMLDocument(xmlString: r.stdout).rootElement())
        let suites = try root.nodes(forXPath: "/testsuites/testsuite").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        // Then the run's notes (the address check skipped), in a suite without cases.
        #expect(suites == Self.hosts + ["aasa-check"])
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        // notfound fails on its errors, stale on its warning (--fail-on warning); good passes,
        // its info in system-out.
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let good = try #require(try root.nodes(forXPath: "//testsuite[@name='good.aasa.test']/testcase").first as? XMLElement)
        #expect(good.elements(forName: "failure").isEmpty)
        #expect(good.elements(forName: "system-out").first?.stringValue?.contains("info[AASA503]") == true)
        let failure = try #require(try root.nodes(forXPath: "//testsuite[@name='notfound.aasa.test']/testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "AASA105")
    }

    @Test func githubAnnotatesEachFindingAndNamesTheServedFile() async throws {
        let r = try await check(Self.hosts + ["--format", "github"])
        #expect(r.status == 1)
        // One annotation per finding; the notice about the address check skipped is the last line.
        var lines = r.stdout.split(separator: "\n").map(String.init)
        // What annotations have no place for is named last.
        #expect(lines.last == "::notice title=aasa-check::--format github leaves out 7 requests (--format json shows them)")
        lines.removeLast()
        #expect(lines.last?.hasPrefix("::notice title=aasa-check::the address check (AASA110) was skipped") == true)
        lines.removeLast()
        #expect(lines.count == 5)
        #expect(lines.map { $0.prefix { $0 != " " } } == ["::notice", "::error", "::error", "::warning", "::notice"])
        // No file of the repository: the served file is named in the message, not as file=.
        let notFound = try #require(lines.first { $0.contains("AASA105") })
        #expect(notFound.hasPrefix("::error title=AASA105 "))
        #expect(notFound.contains("::notfound.aasa.test/.well-known/apple-app-site-association: https://notfound.aasa.test/"))
        #expect(!lines.contains { $0.contains("file=") })
    }

    static let ignoreCDN = #"{"ignore": [{"code": "AASA501", "reason": "the CDN is checked by another job"}]}"#

    @Test(arguments: ["text", "json", "sarif", "junit", "github"])
    func ignoredCodesAreDroppedInEveryFormatAndDoNotFail(format: String) async throws {
        let config = try temporaryFile(Array(Self.ignoreCDN.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: config) }
        // expired.aasa.test has no CDN copy (AASA501) and a bad certificate (AASA102); with
        // AASA501 ignored only the certificate fails.
        let r = try await check(["expired.aasa.test", "--config", config, "--format", format])
        #expect(r.status == 1)
        #expect(r.stdout.contains("AASA102"))
        switch format {
        case "json":
            // Not a finding, but listed with its reason (issue 10, item 20).
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect((json["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["AASA102"])
            let ignored = try #require(json["ignored"] as? [[String: Any]])
            #expect(ignored.compactMap { $0["code"] as? String } == ["AASA501"])
            #expect(ignored.first?["reason"] as? String == "the CDN is checked by another job")
            #expect((json["summary"] as? [String: Any])?["ignored"] as? Int == 1)
        case "sarif":
            // A suppressed result, with the reason.
            let sarif = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            let cdn = try #require(results.first { $0["ruleId"] as? String == "AASA501" })
            let suppression = try #require((cdn["suppressions"] as? [[String: Any]])?.first)
            #expect(suppression["kind"] as? String == "external")
            #expect(suppression["justification"] as? String == "the CDN is checked by another job")
            #expect(results.first { $0["ruleId"] as? String == "AASA102" }?["suppressions"] == nil)
        case "text":
            #expect(!r.stdout.contains("AASA501"))
            #expect(r.stdout.contains("expired.aasa.test: 1 error, 0 warnings, 0 infos, 1 ignored by the configuration — failed"))
        case "junit":
            // A trace in the domain's output, with the reason; never a failure.
            let root = try #require(try XMLDocument(xmlString: r.stdout).rootElement())
            let out = try root.nodes(forXPath: "//testsuite[@name='expired.aasa.test']/testcase/system-out").first?.stringValue ?? ""
            #expect(out.contains("ignored by the configuration (the CDN is checked by another job): expired.aasa.test (Apple CDN copy): error[AASA501]"))
            let failures = try root.nodes(forXPath: "//failure").compactMap { ($0 as? XMLElement)?.attribute(forName: "type")?.stringValue }
            #expect(failures == ["AASA102"])
        default:
            // No annotation; counted in the closing notice.
            #expect(r.stdout.components(separatedBy: "AASA501").count == 1)
            #expect(r.stdout.contains("1 finding the configuration ignores"))
        }
        let withoutConfig = try await check(["expired.aasa.test", "--format", format])
        #expect(withoutConfig.stdout.contains("AASA501"))
    }

    @Test func ignoringTheOnlyFailingCodeMakesTheRunPass() async throws {
        let config = try temporaryFile(Array(#"{"ignore": [{"code": "AASA105", "reason": "x"}, {"code": "AASA501", "reason": "y"}]}"#.utf8),
                                       name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let r = try await check(["notfound.aasa.test", "--config", config, "--json"])
        #expect(r.status == 0)
        let summary = try #require(try r.json()["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["exitCode"] as? Int == 0)
        let text = try await check(["notfound.aasa.test", "--config", config, "--no-color"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("notfound.aasa.test: 0 errors, 0 warnings, 0 infos, 2 ignored by the configuration — ok"))
    }
}
