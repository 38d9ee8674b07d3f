import AASACore
import Foundation
import Testing
@testable import AASACheckKit

/// Issue 10's faults on the command line, each kind with a neighbour of its example.
@Suite("faults users hit")
struct FaultTests {
    static let soar = fixturePath("routes/soar-starter-aasa.json")

    // MARK: Item 2 — private addresses in an alternate mode; the check skipped under --connect-to

    @Test(arguments: ["developer", "managed", "developer+managed"])
    func privateAddressesOfAModeDomainAreInfo(mode: String) throws {
        var options = NetworkOptions()
        options.noCDN = true
        let target = try CheckTarget.parse("staging.example.com?mode=\(mode)")
        let body = Array(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/*"}]}]}}"#.utf8)
        var fetched = FetchedDomain()
        fetched.origin = FetchRecord(url: HostingJudge.fileURL(for: target.host), status: 200, statusLine: "HTTP/2 200",
                                     headers: [HTTPHeader("Content-Type", "application/json")], body: body)
        fetched.addresses = ["10.1.2.3"]
        fetched.lookedUp = true
        let d = try #require(DomainCheck.judge(target, fetched, options: options, appIDs: []).diagnostics.first { $0.code == .aasa110 })
        #expect(d.severity == .info)
        // The same host without a mode: Apple's CDN cannot fetch it.
        let plain = try CheckTarget.parse("staging.example.com")
        let e = try #require(DomainCheck.judge(plain, fetched, options: options, appIDs: []).diagnostics.first { $0.code == .aasa110 })
        #expect(e.severity == .error)
    }

    @Test func theSkippedAddressCheckIsSaidOnceForManyDomains() async throws {
        let args = ["check", "good.aasa.test", "notfound.aasa.test", "stale.aasa.test", "--no-cdn", "--no-color"] + (try harnessNetwork())
        let text = await offPool { run(args) }
        let notes = text.stdout.split(separator: "\n").filter { $0.hasPrefix("note: the address check (AASA110) was skipped") }
        #expect(notes == ["note: the address check (AASA110) was skipped for good.aasa.test, notfound.aasa.test, stale.aasa.test: --connect-to sends the connection elsewhere, so the addresses devices would reach were not looked up"])
        let json = await offPool { run(args + ["--json"]) }
        let listed = try #require(try json.json()["notes"] as? [String])
        #expect(listed.count == 1)
        #expect(listed.first?.hasPrefix("the address check (AASA110) was skipped for good.aasa.test") == true)
        #expect(try !json.codes().contains("AASA110"))
    }

    /// The same host given twice (once in developer mode, as `--domains` allows) is named once.
    @Test func aHostGivenTwiceIsNamedOnceInTheSkippedAddressCheck() {
        var options = NetworkOptions()
        options.connectTo = ["::127.0.0.1:8443"]
        var redirected = RedirectedHosts()
        for host in ["good.example", "good.example", "other.example", "good.example", "third.example", "fourth.example"] {
            redirected.note(host, options)
        }
        #expect(redirected.notice == "the address check (AASA110) was skipped for good.example, other.example, third.example "
            + "and 1 more: --connect-to sends the connection elsewhere, so the addresses devices would reach were not looked up")
        var none = RedirectedHosts()
        none.note("good.example", NetworkOptions())
        #expect(none.notice == nil)
    }

    // MARK: Item 11 — routes without --domain

    @Test func routesWithoutDomainTakeTheOneHostTheListNames() throws {
        let list = try temporaryFile(Array("https://soar.example/todos/1\n/paywall\nhttps://soar.example/auth-callback web\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = run(["routes", Self.soar, "--routes", list, "--json"])
        #expect(r.status == 0, "\(r.stdout)")
        let routes = try #require(try r.json()["routes"] as? [[String: Any]])
        #expect(routes.compactMap { $0["url"] as? String } == ["https://soar.example/todos/1", "https://soar.example/paywall",
                                                                 "https://soar.example/auth-callback"])
        #expect(routes.allSatisfy { $0["ok"] as? Bool == true })
        #expect((try r.json()["notes"] as? [String])?.first?.contains("served for soar.example") == true)
        // The same list with --domain naming another host: this file does not decide the routes
        // on soar.example; they are counted in a notice, as check --routes counts them (not an
        // AASA701 each), and the path-only route is judged on other.example.
        let other = run(["routes", Self.soar, "--routes", list, "--domain", "other.example", "--json"])
        #expect(other.status == 0, "\(other.stdout)")
        #expect(try other.codes().filter { $0 == "AASA701" }.isEmpty)
        #expect(try #require(try other.json()["routes"] as? [[String: Any]]).compactMap { $0["url"] as? String } == ["https://other.example/paywall"])
        #expect((try other.json()["notes"] as? [String])?.contains { $0.hasPrefix("2 routes of") && $0.contains("soar.example") } == true)
    }

    @Test func routesWithoutDomainNamingSeveralHostsIsAUsageError() throws {
        let list = try temporaryFile(Array("https://soar.example/todos/1\nhttps://www.soar.example/todos/2\n/paywall\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = run(["routes", Self.soar, "--routes", list])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("aasa-check routes: the route list names 2 hosts (soar.example, www.soar.example); give --domain HOST"))
        #expect(r.stdout.isEmpty)
        // With --domain, the other host's route is counted in a notice, not failed.
        let named = run(["routes", Self.soar, "--routes", list, "--domain", "soar.example"])
        #expect(named.status == 0, "\(named.stdout)")
        #expect(named.stdout.contains("1 route of") && named.stdout.contains("www.soar.example"), "\(named.stdout)")
    }

    @Test func routesOfPathsAloneNeedNoDomain() throws {
        let r = run(["routes", Self.soar, "--routes", fixturePath("routes/soar-starter.routes"), "--json"])
        #expect(r.status == 1)
        #expect((try r.json()["routes"] as? [[String: Any]])?.first?["url"] as? String == "https://example.com/")
        #expect(try r.json()["notes"] == nil)
        #expect(run(["help", "routes"]).stdout.contains("Default: the one host the route list's full URLs name"))
    }

    // MARK: Item 14 — --timeout under 1 ms

    @Test(arguments: ["0.0001", "0.0009", "0", "-1", "nan", "inf", "3600.5", "1e-9"])
    func aTimeoutUnderOneMillisecondOrOverAnHourIsAUsageError(value: String) {
        let r = run(["check", "good.aasa.test", "--timeout", value])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("aasa-check check: --timeout must be greater than 0 and at most 3600 seconds (1 ms at least); got "))
        #expect(r.stdout.isEmpty)
    }

    @Test func theLeastTimeoutIsAccepted() throws {
        #expect(try NetworkOptions.parse(ParsedArguments.parse(["--timeout", "0.001"], options: NetworkOptions.specs, command: "check")).timeout == 0.001)
        #expect(try NetworkOptions.parse(ParsedArguments.parse(["--timeout", "3600"], options: NetworkOptions.specs, command: "check")).timeout == 3600)
    }

    // MARK: Item 15 — a SOURCE that looks like a file name

    @Test(arguments: ["comp.jsn", "aasa.josn", "apple-app-site-association.jsno", "site.json", "aasa.plist", "routes.txt", "x.yml"])
    func aMistypedFileIsNoSuchFileNotADomain(source: String) {
        for command in [["match", source, "/x"], ["routes", source, "--routes", fixturePath("routes/soar-starter.routes")]] {
            let r = run(command)
            #expect(r.status == 2)
            #expect(r.stderr == "aasa-check \(command[0]): \(source): no such file\n")
        }
    }

    @Test(arguments: ["example.com", "shop.example.io", "docs.example.md", "a.jot", "x.ml"])
    func aDomainIsStillADomain(source: String) {
        #expect(!CheckTarget.looksLikeFileName(source))
    }

    // MARK: Item 17 — --domains: repeats, places, headers

    @Test func aDomainsFileSaysWhereEachBadOrRepeatedEntryIs() async throws {
        let file = try temporaryFile(Array("good.aasa.test\n# staging\nnot a domain\nGOOD.aasa.test\ngood.aasa.test?mode=developer\nhttps://good.aasa.test/\n".utf8),
                                     name: UUID().uuidString + "-domains.txt")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let args = ["check", "--domains", file, "--no-cdn", "--no-color"] + (try harnessNetwork())
        let r = await offPool { run(args) }
        #expect(r.status == 2)
        #expect(r.stderr.contains("aasa-check: \(file):3: not a domain: not a domain name (labels are letters"))
        #expect(r.stdout.contains("note: \(file):4: GOOD.aasa.test repeats line 1\n"))
        #expect(r.stdout.contains("note: \(file):6: https://good.aasa.test/ repeats line 1\n"))
        // Each report's header is the entry as written, mode included; the mode is another check.
        let headers = r.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.contains(":") && !$0.isEmpty }
        #expect(headers == ["good.aasa.test", "good.aasa.test?mode=developer"])
        let json = await offPool { run(args + ["--json"]) }
        #expect((try json.json()["notes"] as? [String])?.filter { $0.contains("repeats line 1") }.count == 2)
    }

    @Test func aRepeatedArgumentIsNotedToo() async throws {
        let args = ["check", "good.aasa.test", "Good.Aasa.Test", "--no-cdn"] + (try harnessNetwork())
        let r = await offPool { run(args) }
        #expect(r.status == 0)
        #expect(r.stdout.contains("note: argument 2: Good.Aasa.Test repeats argument 1\n"))
    }

    // MARK: Item 18 — README and explain agree

    @Test func readmeSaysWhatExplainTakes() throws {
        let readme = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent("README.md")), as: UTF8.self)
        // The README's words, with its line breaks folded.
        let words = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let common = AASACheck.commands.first { $0.name == "validate" }!.formats.map(\.rawValue)
        #expect(words.contains("Every command but `explain` takes `--format \(common.joined(separator: "|"))`"))
        let explainFormats = ExplainCommand.formats.map(\.rawValue).joined(separator: "|")
        #expect(words.contains("it takes `--format \(explainFormats)`, `--quiet` and `--no-color`, and neither `--fail-on` nor a configuration"))
        #expect(run(["explain", "--fail-on", "warning", "AASA203"]).status == 2)
        #expect(run(["explain", "--config", "x.json", "AASA203"]).status == 2)
        #expect(run(["explain", "--quiet", "--no-color", "--format", "json", "AASA203"]).status == 0)
        for command in AASACheck.commands where command.name != "explain" {
            #expect(Set(common).isSubset(of: command.formats.map(\.rawValue)) && command.usesConfig, "\(command.name)")
        }
    }

    // MARK: Item 20 — ignored codes leave a trace

    @Test func ignoredCodesAreCountedInTheTextSummaryAndListedInJSON() throws {
        let config = try temporaryFile(Array(#"{"ignore": [{"code": "AASA203", "reason": "a known trailing comma"}]}"#.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let file = fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")
        let text = run(["validate", "--config", config, file])
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("1 file: 0 errors, 0 warnings, 0 infos, 1 ignored by the configuration — ok\n"))
        let json = run(["validate", "--config", config, "--json", file])
        let ignored = try #require(try json.json()["ignored"] as? [[String: Any]])
        #expect(ignored.map { $0["code"] as? String } == ["AASA203"])
        #expect(ignored.first?["line"] as? Int == 17)
        #expect(ignored.first?["reason"] as? String == "a known trailing comma")
        // Nothing ignored: no trace either.
        #expect(try run(["validate", "--json", file]).json()["ignored"] == nil)
    }

    // MARK: Issue 17 — repeated findings of one kind are capped in every format

    @Test func manyFindingsOfOneKindAreCappedInEveryFormat() throws {
        // 3,000 malformed app IDs: one AASA305 each.
        let ids = (0..<3_000).map { "\"BAD\($0).com.example.app\"" }.joined(separator: ",")
        let path = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": [\#(ids)], "components": [{"/": "/x"}]}]}}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let json = run(["validate", "--json", path])
        #expect(json.status == 1)
        let summary = try #require(try json.json()["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int ?? 0 >= 3_000, "every finding still counts")
        let listed = try json.codes().filter { $0 == "AASA305" }
        #expect(listed.count == RunOutput.findingsPerKind)
        let folded = try #require(try json.json()["folded"] as? [[String: Any]])
        #expect(folded.first { $0["code"] as? String == "AASA305" }?["count"] as? Int == 3_000 - RunOutput.findingsPerKind)
        let text = run(["validate", path])
        #expect(text.stdout.contains("\(path): 2900 more error[AASA305] findings not listed (the first 100 are)\n"))
        for format in ["sarif", "junit", "github"] {
            let r = run(["validate", "--format", format, path])
            #expect(r.status == 1)
            #expect(r.stdout.utf8.count < 400_000, "\(format): \(r.stdout.utf8.count) bytes")
            #expect(r.stdout.contains("2900 more"), "\(format)")
        }
    }
}

/// Issue 10, item 21: `match DOMAIN` and `routes DOMAIN` decide by Apple's CDN copy when it is
/// usable, as devices on iOS 14 and later do, and warn where the origin file decides otherwise.
@Suite("the CDN copy decides")
struct CDNCopyDecidesTests {
    static let app = "Q7Z3K8M2PX.com.aasacheck.todos"

    func run(_ args: [String]) async throws -> Run {
        let all = args + (try harnessNetwork())
        return await offPool { AASACheckKitTests.run(all) }
    }

    @Test func aURLTheOriginDecidesOtherwiseIsDecidedByTheCopyWithAWarning() async throws {
        // stale.aasa.test: the origin has /share/* for two apps, the CDN copy only /todos/*.
        let r = try await run(["match", "stale.aasa.test", "/share/1", "/todos/1", "--app-id", Self.app, "--json"])
        #expect(r.status == 0)
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        #expect(matches.compactMap { $0["decision"] as? String } == ["no_match", "match"])
        let warnings = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "AASA502" }
        #expect(warnings.count == 1, "only /share/1 is decided otherwise; /todos/1 is not")
        #expect(warnings.first?["message"] as? String == "the origin file decides https://stale.aasa.test/share/1 otherwise for \(Self.app): match (details[0].components[1]) there, no_match by Apple's CDN copy, which devices follow until the CDN refreshes")
        let notes = try #require(try r.json()["notes"] as? [String])
        #expect(notes.first?.hasPrefix("decided by Apple's CDN copy of stale.aasa.test's file") == true)
        #expect((try r.json()["fetches"] as? [[String: Any]])?.compactMap { $0["source"] as? String } == ["origin", "cdn"])
        let strict = try await run(["match", "stale.aasa.test", "/share/1", "--app-id", Self.app, "--fail-on", "warning"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("note: decided by Apple's CDN copy"))
    }

    @Test func anAppOnlyTheOriginListsIsNotDecidedByTheCopy() async throws {
        let r = try await run(["match", "stale.aasa.test", "/todos/1", "--app-id", "Q7Z3K8M2PX.com.aasacheck.todos.beta", "--json"])
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        #expect(matches.first?["decision"] as? String == "no_match")
        #expect(try r.codes().contains("AASA502"))
    }

    @Test func originChoosesTheOriginFile() async throws {
        let r = try await run(["match", "stale.aasa.test", "/share/1", "--app-id", Self.app, "--origin", "--json"])
        #expect(r.status == 0)
        #expect((try r.json()["matches"] as? [[String: Any]])?.first?["decision"] as? String == "match")
        #expect(try !r.codes().contains("AASA502"))
        #expect(try r.codes().isEmpty, "the CDN skipped on request is no finding")
        #expect((try r.json()["fetches"] as? [[String: Any]])?.count == 1)
        #expect((try r.json()["notes"] as? [String])?.first?.hasPrefix("decided by the origin file of stale.aasa.test (--origin)") == true)
    }

    @Test func aModeDomainIsDecidedByTheOriginFile() async throws {
        let r = try await run(["match", "stale.aasa.test?mode=developer", "/share/1", "--app-id", Self.app, "--json"])
        #expect((try r.json()["matches"] as? [[String: Any]])?.first?["decision"] as? String == "match")
        #expect((try r.json()["notes"] as? [String])?.first?.contains("in developer mode devices fetch it directly") == true)
    }

    @Test func routesAreJudgedByTheCopyWithTheOriginsDifferences() async throws {
        let list = try temporaryFile(Array("/share/:id\n/todos/1\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = try await run(["routes", "stale.aasa.test", "--routes", list, "--app-id", Self.app, "--json"])
        #expect(r.status == 1)
        let routes = try #require(try r.json()["routes"] as? [[String: Any]])
        #expect(routes.compactMap { $0["ok"] as? Bool } == [false, true])
        let warnings = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "AASA502" }
        #expect(warnings.count == 1)
        #expect(warnings.first?["line"] as? Int == 1)
        #expect((warnings.first?["message"] as? String)?.hasPrefix("the origin file judges /share/:id otherwise") == true)
        let origin = try await run(["routes", "stale.aasa.test", "--routes", list, "--app-id", Self.app, "--origin", "--json"])
        #expect(origin.status == 0)
        #expect(try !origin.codes().contains("AASA502"))
    }

    @Test func originOfALocalFileIsAUsageError() {
        let r = AASACheckKitTests.run(["match", fixturePath("routes/soar-starter-aasa.json"), "/x", "--origin"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--origin chooses between the copies of a domain's file"))
    }
}
