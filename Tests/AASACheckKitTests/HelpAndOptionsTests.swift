import Foundation
import Testing
@testable import AASACheckKit

/// Runs the CLI in-process with `aasa-check.json` looked for in `directory`, and the console
/// given.
private func run(_ args: [String], directory: String, terminal: Bool = false, env: [String: String] = [:]) -> Run {
    let capture = Capture()
    let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) }, stdoutIsTerminal: terminal, environment: env)
    let status = AASACheck.run(args, console: console, directory: directory)
    return Run(status: status, stdout: capture.out, stderr: capture.err)
}

/// A fresh directory for a test, removed by the caller.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-tests-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct HelpAndOptionsTests {
    static let aasa = fixturePath("routes/soar-starter-aasa.json")

    @Test func helpOfAnUnknownCommandIsAUsageErrorNamingTheCommands() {
        let r = run(["help", "nope"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "aasa-check help: unknown command nope; the commands are check, validate, match, routes, diff, coverage, explain, entitlements, apk, passkeys\n")
    }

    @Test func helpOfEachCommandIsItsHelp() {
        for command in AASACheck.commands {
            let r = run(["help", command.name])
            #expect(r.status == 0)
            #expect(r.stdout.hasPrefix("OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)"))
            #expect(r.stdout == run([command.name == "check" ? "check" : command.name, "--help"]).stdout)
        }
        #expect(run(["help"]).stdout == run(["--help"]).stdout)
    }

    @Test func usageLinesNameTheFormatOptionTheSameWay() {
        for command in AASACheck.commands {
            let usage = run(["help", command.name]).stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }
            #expect(usage?.contains("[--format FORMAT]") == true, "\(command.name): \(usage ?? "")")
            #expect(usage?.contains("text|json") == false)
        }
        #expect(run(["help", "explain"]).stdout.contains("  --format FORMAT  Output format: text, json, html or markdown (default text).\n"))
        #expect(run(["help", "validate"]).stdout.contains("Output format: text, json, sarif, junit, github, html, markdown or xcode (default text)."))
    }

    @Test func explainTakesTextOrJSONOnly() {
        for format in ["sarif", "junit", "github"] {
            let r = run(["explain", "--format", format, "AASA203"])
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr == "aasa-check explain: --format must be one of text, json, html, markdown for `aasa-check explain`; got \(format)\n")
        }
        #expect(run(["explain", "--format", "json", "AASA203"]).status == 0)
    }

    @Test func explainJSONHasTheExamples() throws {
        let r = run(["explain", "--json", "AASA203"])
        #expect(r.status == 0)
        let docs = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(docs.count == 1)
        let failing = try #require(docs[0]["failing"] as? String)
        let passing = try #require(docs[0]["passing"] as? String)
        #expect(failing == #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"},]}]}}"#)
        #expect(passing == #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#)
    }

    @Test func aBrokenConfigurationStopsOnlyTheCommandsThatUseIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"domains": ["#.utf8).write(to: URL(fileURLWithPath: dir + "/aasa-check.json"))
        let explain = run(["explain", "AASA203"], directory: dir)
        #expect(explain.status == 0)
        #expect(explain.stdout.hasPrefix("AASA203 (error): "))
        #expect(run(["explain"], directory: dir).status == 0)
        #expect(run(["--version"], directory: dir).stdout == "aasa-check \(AASACheck.version)\n")
        #expect(run(["--help"], directory: dir).status == 0)
        for command in AASACheck.commands {
            #expect(run([command.name, "--help"], directory: dir).status == 0)
        }
        let validate = run(["validate", HelpAndOptionsTests.aasa], directory: dir)
        #expect(validate.status == 2)
        #expect(validate.stderr.hasPrefix("aasa-check validate: \(dir)/aasa-check.json:1:"))
    }

    @Test func routesQuietPrintsOnlyTheFailures() {
        let r = run(["routes", HelpAndOptionsTests.aasa, "--routes", fixturePath("routes/soar-starter.routes"),
                     "--domain", "soar.example", "--quiet"])
        #expect(r.status == 1)
        let verdicts = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  ok") || $0.hasPrefix("  FAIL") }
        #expect(verdicts == ["  FAIL /redeem-code (app) → no_match"])
        #expect(r.stdout.hasPrefix("9JA89QQLNQ.com.soarstarter.SoarStarterSwift\n  FAIL /redeem-code (app) → no_match\n"))
        #expect(r.stdout.contains("error[AASA701]"))
        #expect(!r.stdout.contains("— failed"), "no summary")
        let loud = run(["routes", HelpAndOptionsTests.aasa, "--routes", fixturePath("routes/soar-starter.routes"), "--domain", "soar.example"])
        #expect(loud.stdout.split(separator: "\n").filter { $0.hasPrefix("  ok") }.count == 16)
    }

    @Test func anEmptyNoColorDoesNotTurnColourOff() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["validate", fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")]
        #expect(run(args, directory: dir, terminal: true).stdout.contains("\u{1B}[31m"))
        #expect(run(args, directory: dir, terminal: true, env: ["NO_COLOR": ""]).stdout.contains("\u{1B}[31m"))
        #expect(!run(args, directory: dir, terminal: true, env: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }
}
