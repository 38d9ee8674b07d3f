import Foundation
import Testing
import AASACore
@testable import AASACheckKit

/// Long user, file and network text is quoted cut: first part, `…`, full length.
@Suite struct ClippedTextTests {
    @Test func valueIsCutToTheLimitWithItsFullLength() {
        let long = String(repeating: "x", count: 1_000)
        #expect(SafeText.value(long) == String(repeating: "x", count: 199) + "… (1000 characters)")
        #expect(SafeText.value(String(repeating: "x", count: 200)) == String(repeating: "x", count: 200))
        // Escapes count as shown and are never split; the full length is the original's.
        let controls = String(repeating: "\u{1}", count: 300)
        #expect(SafeText.value(controls) == String(repeating: "\\u{1}", count: 39) + "… (300 characters)")
    }

    @Test func clipRunsCutsQuotedAndUnbrokenRunsOnly() {
        let quoted = "found \"" + String(repeating: "a b ", count: 100) + "\" after the route"
        #expect(SafeText.clipRuns(quoted) == "found \"" + String(String(repeating: "a b ", count: 100).prefix(199)) + "…\" (400 characters) after the route")
        let path = "does not match the path /" + String(repeating: "y", count: 500)
        #expect(SafeText.clipRuns(path) == "does not match the path /" + String(repeating: "y", count: 198) + "… (501 characters)")
        let short = "the file is \"fine\""
        #expect(SafeText.clipRuns(short) == short)
        // Cutting again changes nothing, escaped or not.
        #expect(SafeText.clipRuns(SafeText.clipRuns(quoted)) == SafeText.clipRuns(quoted))
        let nuls = "\"" + String(repeating: "\u{0}", count: 10_000) + "\" is not a route"
        let once = SafeText.clipRuns(nuls)
        #expect(once == "\"" + String(repeating: "\u{0}", count: 39) + "…\" (10000 characters) is not a route")
        #expect(SafeText.message(once) == "\"" + String(repeating: "\\u{0}", count: 39) + "…\" (10000 characters) is not a route")
        #expect(SafeText.message(SafeText.message(nuls)) == SafeText.message(nuls))
    }

    /// The punctuation that ends a cut run is the sentence's: it stays, after the count (a
    /// diff's AASA801 said "e.g. /aaa… (302 characters) it was", its colon counted and lost).
    @Test func aCutRunKeepsTheSentencesPunctuationAfterItsCount() {
        let url = "/" + String(repeating: "a", count: 300)
        let message = "URLs no longer open the app, e.g. \(url): it was opened, now excluded"
        let cut = SafeText.clipRuns(message)
        #expect(cut == "URLs no longer open the app, e.g. /" + String(repeating: "a", count: 198) + "… (301 characters): it was opened, now excluded")
        #expect(SafeText.clipRuns(cut) == cut)
        #expect(SafeText.clipRuns("see \(url)).") == "see /" + String(repeating: "a", count: 198) + "… (301 characters)).")
        // A run that fits is left whole, punctuation and all.
        #expect(SafeText.clipRuns("e.g. /abc: it was") == "e.g. /abc: it was")
        // Only two closing marks are the sentence's: a run of them is the value's.
        let dots = String(repeating: ".", count: 300)
        #expect(SafeText.clipRuns("x " + dots) == "x " + String(repeating: ".", count: 199) + "… (300 characters)")
    }

    /// `diff`'s text output counts an example and a rule at their full lengths: it shows what
    /// the one output pipeline cut, not a second cut of the cut text (which counted 217).
    @Test func diffTextCountsLongExamplesAndRulesAtTheirFullLength() throws {
        let pattern = "/" + String(repeating: "a", count: 300) + "*"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clip-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("old.json"), new = dir.appendingPathComponent("new.json")
        try #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "\#(pattern)"}]}]}}"#.write(to: old, atomically: true, encoding: .utf8)
        try #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "\#(pattern)", "exclude": true}]}]}}"#.write(to: new, atomically: true, encoding: .utf8)
        let r = run(["diff", old.path, new.path, "--no-color"])
        #expect(r.status == 0, "\(r.stderr)")
        let a = String(repeating: "a", count: 198)
        #expect(r.stdout.contains("  /\(a)… (301 characters) match → exclude\n"), "\(r.stdout)")
        #expect(r.stdout.contains("      old: details[0].components[0] `{\"/\":\"/\(a)…\" (302 characters)}`\n"))
        #expect(r.stdout.contains("e.g. /\(a)… (301 characters): it was opened by"))
        let json = try run(["diff", old.path, new.path, "--format", "json"]).json()
        let change = try #require((json["changes"] as? [[String: Any]])?.first)
        #expect(change["example"] as? String == "/\(a)… (301 characters)")
    }

    @Test func manyQuotedValuesStayWithinTheMessageLimit() {
        let many = (0..<1_000).map { "\"value\($0)\"" }.joined(separator: " and ")
        let cut = SafeText.clipRuns(many)
        #expect(cut.unicodeScalars.count == SafeText.messageLimit)
        #expect(cut.hasSuffix("… (\(many.unicodeScalars.count) characters)"))
    }

    @Test func aLongRouteLineIsQuotedCutInEveryFormat() throws {
        let word = String(repeating: "z", count: 100_000)
        let routes = try temporaryFile(Array("/ok\n\(word)\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let aasa = fixturePath("routes/soar-starter-aasa.json")
        let text = run(["routes", aasa, "--routes", routes, "--domain", "soar.example"])
        #expect(text.status == 2)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.contains("AASA705") })
        #expect(line == "\(routes):2:1: error[AASA705]: \"\(word.prefix(199))…\" (100000 characters) is not a route: start it with /, or write a full URL (https://host/path or scheme://route)")
        #expect(text.stdout.utf8.count < 20_000)
        let json = run(["routes", aasa, "--routes", routes, "--domain", "soar.example", "--json"])
        let d = try #require((try json.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA705" })
        #expect(d["message"] as? String == "\"\(word.prefix(199))…\" (100000 characters) is not a route: start it with /, or write a full URL (https://host/path or scheme://route)")
        for format in ["sarif", "junit", "github"] {
            let r = run(["routes", aasa, "--routes", routes, "--domain", "soar.example", "--format", format])
            #expect(r.status == 2)
            #expect(r.stdout.utf8.count < 40_000, "\(format) output is \(r.stdout.utf8.count) bytes")
            #expect(r.stdout.contains("(100000 characters)"))
        }
    }

    @Test func longValuesInUsageErrorsAndMatchAreCut() {
        let long = String(repeating: "q", count: 50_000)
        let format = run(["validate", "--format", long, "x.json"])
        #expect(format.status == 2)
        #expect(format.stderr == "aasa-check validate: --format must be one of text, json, sarif, junit, github, html, markdown, xcode for `aasa-check validate`; got \(long.prefix(199))… (50000 characters)\n")
        let match = run(["match", fixturePath("routes/soar-starter-aasa.json"), "--domain", "soar.example", "/" + long])
        #expect(match.stdout.utf8.count < 4_000)
        #expect(match.stdout.hasPrefix("https://soar.example/" + String(long.prefix(178)) + "… (50021 characters)\n"))
    }
}
