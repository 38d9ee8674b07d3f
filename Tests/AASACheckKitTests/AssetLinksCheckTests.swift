import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `check DOMAIN` with Android's kind (issue 23): `--platform`, `--android`, `--package`,
/// `--fingerprint`, against the harness's assetlinks.json files (Fixtures/harness/README.md).
@Suite("check --platform android against the harness")
struct AssetLinksCheckTests {
    static let shopFingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func check(_ args: [String]) throws -> Run {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
        return run(["check"] + args + network)
    }

    func array(_ r: Run, _ key: String) throws -> [[String: Any]] { try r.json()[key] as? [[String: Any]] ?? [] }

    /// Host → the DAL codes in report order, each finding's Google error code (or "-"), exit status.
    @Test(arguments: [
        ("good.aasa.test", [String](), [String](), Int32(0)),
        ("www.redirect.aasa.test", [], [], 0),
        ("redirect.aasa.test", ["DAL103"], ["ERROR_CODE_REDIRECT"], 1),
        ("textplain.aasa.test", ["DAL105"], ["ERROR_CODE_WRONG_CONTENT_TYPE"], 1),
        ("notfound.aasa.test", ["DAL104"], ["ERROR_CODE_FETCH_ERROR"], 1),
        ("refused.aasa.test", ["DAL101"], ["ERROR_CODE_FETCH_ERROR"], 1),
        ("expired.aasa.test", ["DAL102"], ["ERROR_CODE_FAILED_SSL_VALIDATION"], 1),
        ("links.aasa.test", ["DAL111", "DAL319", "DAL110"], ["ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE", "-", "-"], 1),
    ])
    func eachHostYieldsItsCodes(host: String, codes: [String], google: [String], status: Int32) throws {
        let r = try check([host, "--platform", "android", "--json"])
        #expect(try r.codes() == codes)
        #expect(try array(r, "diagnostics").map { $0["dalErrorCode"] as? String ?? "-" } == google)
        #expect(try array(r, "diagnostics").allSatisfy { $0["target"] as? String == host })
        #expect(r.status == status)
        let sections = try array(r, "sections")
        #expect(sections.map { $0["kind"] as? String } == ["assetlinks"])
        #expect(sections.first?["platform"] as? String == "android")
        #expect(sections.first?["url"] as? String == "https://\(host)/.well-known/assetlinks.json")
        #expect(sections.first?["verdict"] as? String == (status == 0 ? "ok" : "failed"))
    }

    @Test func goodHostListsItsStatementsAndFetches() throws {
        let r = try check(["good.aasa.test", "--platform", "android", "--json"])
        let statements = try array(r, "statements")
        #expect(statements.count == 2)
        #expect(statements[0]["source"] as? String == "https://good.aasa.test")
        #expect(statements[0]["relation"] as? String == "delegate_permission/common.handle_all_urls")
        let app = try #require(statements[0]["target"] as? [String: String])
        #expect(app == ["namespace": "android_app", "packageName": "com.aasacheck.shop", "sha256CertFingerprint": Self.shopFingerprint])
        #expect(statements[1]["relation"] as? String == "delegate_permission/common.get_login_creds")
        #expect(statements[1]["target"] as? [String: String] == ["namespace": "web", "site": "https://good.aasa.test"])
        let fetches = try array(r, "fetches")
        #expect(fetches.map { $0["role"] as? String } == ["statement-list", "trailing-dot-host", "robots"])
        #expect(fetches.map { $0["url"] as? String } == [
            "https://good.aasa.test/.well-known/assetlinks.json", "https://good.aasa.test./.well-known/assetlinks.json",
            "https://good.aasa.test/robots.txt",
        ])
        #expect(fetches.map { $0["status"] as? Int } == [200, 200, 404])
        // Not Apple's fetcher's user agent: an honest one of its own (Google's is unpublished).
        let text = try check(["good.aasa.test", "--platform", "android"])
        #expect(text.stdout.contains("(User-Agent \(AssetLinksFetchPlan.defaultUserAgent))"))
        #expect(text.stdout.contains("  grants            delegate_permission/common.handle_all_urls to android_app com.aasacheck.shop \(Self.shopFingerprint)\n"))
        #expect(text.stdout.contains("good.aasa.test: 0 errors, 0 warnings, 0 infos — ok"))
        #expect(!text.stdout.contains("apple-app-site-association"))
    }

    @Test func includesAreFetchedAndTheirStatementsStandWhereTheIncludeIs() throws {
        let r = try check(["links.aasa.test", "--platform", "android", "--json"])
        let fetches = try array(r, "fetches")
        #expect(fetches.map { $0["role"] as? String } == ["statement-list", "trailing-dot-host", "robots", "include"])
        #expect(fetches.last?["url"] as? String == "https://links.aasa.test/more-links.json")
        // The http include under an https file is never fetched.
        #expect(!fetches.contains { ($0["url"] as? String)?.hasPrefix("http:") == true })
        let packages = try array(r, "statements").compactMap { ($0["target"] as? [String: String])?["packageName"] }
        #expect(packages == ["com.aasacheck.shop.beta", "com.aasacheck.shop"])
        let d = try #require(try array(r, "diagnostics").first)
        #expect(d["line"] as? Int == 3 && d["column"] as? Int == 3)
        #expect(d["pointer"] as? String == "/1")
    }

    /// Which sections each way of asking gives, and its user agent of the file (none: not fetched).
    @Test(arguments: [
        ([String](), ["aasa"]),
        (["--platform", "ios"], ["aasa"]),
        (["--platform", "android"], ["assetlinks"]),
        (["--platform", "all"], ["aasa", "assetlinks"]),
        (["--android"], ["aasa", "assetlinks"]),
        (["--package", "com.aasacheck.shop"], ["aasa", "assetlinks"]),
        (["--fingerprint", shopFingerprint], ["aasa", "assetlinks"]),
        (["--package", "com.aasacheck.shop", "--platform", "android"], ["assetlinks"]),
    ])
    func platformsChooseTheSections(args: [String], kinds: [String]) throws {
        let r = try check(["good.aasa.test", "--no-cdn", "--json"] + args)
        #expect(r.status == 0)
        #expect(try array(r, "sections").map { $0["kind"] as? String } == kinds)
        let codes = try r.codes()
        #expect(codes.contains("AASA505") == kinds.contains("aasa"))
        #expect(!codes.contains { $0.hasPrefix("DAL") })
        #expect(try array(r, "statements").count == (kinds.contains("assetlinks") ? 2 : 0))
    }

    @Test(arguments: [
        (["--platform", "windows"], "--platform windows: expected ios, android or all"),
        (["--platform", "ios", "--android"], "--android means --platform all; it contradicts --platform ios"),
        (["--package", "shop"], "--package shop: not an Android package name"),
        (["--package", "com.shop app"], "not an Android package name"),
        (["--fingerprint", "14:6D:E9"], "--fingerprint 14:6D:E9: it is 3 bytes; a SHA-256 fingerprint is 32"),
        (["--fingerprint", "REPLACE_WITH_PLAY_APP_SIGNING_SHA256"], "it is a placeholder, not a fingerprint"),
        (["--fingerprint", String(repeating: "AB:", count: 19) + "AB"], "a SHA-1 fingerprint"),
    ])
    func malformedAndroidInputsAreUsageErrors(args: [String], message: String) {
        let r = run(["check", "good.aasa.test"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message))
        #expect(r.stdout.isEmpty)
    }

    /// apksigner's spelling (lower case, no colons) and keytool's are the same fingerprint.
    @Test(arguments: [shopFingerprint, shopFingerprint.lowercased(), shopFingerprint.replacingOccurrences(of: ":", with: "").lowercased()])
    func fingerprintSpellingsAreAccepted(text: String) throws {
        #expect(try AndroidOptions.fingerprint(text) == Self.shopFingerprint)
    }

    @Test func everyFormatShowsTheAndroidSectionOrSaysWhatItLeavesOut() throws {
        for format in ["text", "sarif", "junit", "github", "html", "markdown", "xcode"] {
            let r = try check(["links.aasa.test", "--platform", "android", "--format", format])
            #expect(r.status == 1, "\(format)")
            #expect(r.stdout.contains("DAL111"), "\(format)")
            if ["sarif", "github", "html", "markdown", "xcode"].contains(format) {
                #expect(r.stdout.contains("2 listed statements"), "\(format)")
            }
        }
        let junit = try check(["good.aasa.test", "--android", "--no-cdn", "--format", "junit"])
        #expect(junit.stdout.contains("name=\"apple-app-site-association\""))
        #expect(junit.stdout.contains("name=\"assetlinks.json\""))
        #expect(junit.stdout.contains("grants: delegate_permission/common.handle_all_urls to android_app com.aasacheck.shop"))
        let jsonl = try check(["good.aasa.test", "--platform", "android", "--format", "jsonl"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(jsonl.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect((record["statements"] as? [Any])?.count == 2)
    }
}

/// The kind itself, as data: recognition, the plan's requests, the includes it asks for.
@Suite("AssetLinksKind")
struct AssetLinksKindTests {
    @Test(arguments: [
        ("[]", nil as String?, true),
        ("\u{FEFF} \n [{\"include\": \"https://x.example/a.json\"}]", nil, true),
        ("{\"applinks\": {}}", nil, false),
        ("{}", "static/.well-known/assetlinks.json", true),
        ("", nil, false),
    ])
    func recognizesAStatementList(text: String, name: String?, expected: Bool) {
        #expect(AssetLinksKind.recognizes(Array(text.utf8), name: name) == expected)
    }

    @Test func isRegisteredAfterApples() {
        #expect(DocumentKinds.all.map { $0.id } == ["aasa", "assetlinks", "webauthn"])
        #expect(DocumentKinds.kind("assetlinks")?.id == "assetlinks")
        #expect(DocumentKinds.recognize(Array("[]".utf8), name: nil).id == "assetlinks")
        #expect(DocumentKinds.recognize(Array("{}".utf8), name: nil).id == "aasa")
        // The name first, then the narrowest content (a webauthn file's first member).
        let webauthn = Array(#"{"origins": ["https://example.co.uk"]}"#.utf8)
        #expect(DocumentKinds.recognize(webauthn, name: "site/.well-known/webauthn").id == "webauthn")
        #expect(DocumentKinds.recognize(webauthn, name: nil).id == "webauthn")
        #expect(DocumentKinds.recognize(Array(#"{"related_origins": []}"#.utf8), name: "x.json").id == "webauthn")
        #expect(DocumentKinds.recognize(webauthn, name: "public/.well-known/apple-app-site-association").id == "aasa")
        #expect(DocumentKinds.recognize(Array(#"{"applinks": {"details": []}}"#.utf8), name: "site/.well-known/webauthn").id == "webauthn")
        #expect(DocumentKinds.recognize(Array(#"{"applinks": {"details": []}}"#.utf8), name: "aasa.json").id == "aasa")
    }

    @Test func planAsksForTheFileItsTwinRobotsThenTheIncludes() {
        var plan = AssetLinksKind.plan(for: HostContext(host: "shop.example"))
        let first = plan.start()
        #expect(first.map(\.url) == ["https://shop.example/.well-known/assetlinks.json", "https://shop.example./.well-known/assetlinks.json",
                                     "https://shop.example/robots.txt"])
        #expect(first.map(\.maxBodyBytes) == [1_048_577, 1_048_577, RobotsTxt.maxBytes])
        #expect(first.allSatisfy { $0.agent == .custom(AssetLinksFetchPlan.defaultUserAgent) })
        let body = #"[{"include": "https://shop.example/a.json"}, {"include": "http://shop.example/b.json"}, {"include": "https://cdn.example/c.json#x"}]"#
        let main = FetchRecord(url: first[0].url, status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
        let next = plan.received(main, for: first[0])
        #expect(next.map(\.url) == ["https://shop.example/a.json", "https://cdn.example/c.json"])
        #expect(next.allSatisfy { $0.role == AssetLinksKind.Role.include && !$0.plainHTTP })
        // Answers to the others ask for nothing more.
        #expect(plan.received(main, for: first[2]).isEmpty)
        let a = FetchRecord(url: next[0].url, status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                            body: Array(#"[{"include": "https://shop.example/a.json"}, {"include": "https://shop.example/d.json"}]"#.utf8))
        #expect(plan.received(a, for: next[0]).isEmpty)  // the wave is not finished yet
        let c = FetchRecord(url: next[1].url, status: 404)
        #expect(plan.received(c, for: next[1]).map(\.url) == ["https://shop.example/d.json"])
    }

    /// The plan parses the main file only when it may name an include (``StatementListParser/mayInclude(_:)``):
    /// a key spelled with a `\u` escape is still an include, and is still fetched.
    @Test(arguments: [
        (#"[{"include": "https://shop.example/a.json"}]"#, true, ["https://shop.example/a.json"]),
        (#"[{"incl\u0075de": "https://shop.example/a.json"}]"#, true, ["https://shop.example/a.json"]),
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://shop.example"}}]"#, false, []),
        // A string that says include, but no include statement: parsed, and nothing asked.
        (#"[{"relation": ["x/include"], "target": {"namespace": "web", "site": "https://shop.example"}}]"#, true, []),
        // The edges of the one-pass search: a cut word or escape at the end, another escape, a word at the end.
        (#"[{"relation": ["x/\n"], "target": {"namespace": "web", "site": "https://shop.example"}}] includ"#, false, []),
        (#"[{"relation": ["x/y"], "target": {"namespace": "web", "site": "https://shop.example"}}] \"#, false, []),
        (#"[{"relation": ["x/y"], "target": {"namespace": "web", "site": "https://shop.example"}}] include"#, true, []),
    ])
    func includesAreFoundWhateverTheirSpelling(body: String, mayInclude: Bool, asked: [String]) {
        #expect(StatementListParser.mayInclude(Array(body.utf8)) == mayInclude)
        var plan = AssetLinksKind.plan(for: HostContext(host: "shop.example"))
        let first = plan.start()
        let main = FetchRecord(url: first[0].url, status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
        #expect(plan.received(main, for: first[0]).map(\.url) == asked)
    }

    /// The twin's answer is compared by statements only when its bytes differ.
    @Test func theTwinIsComparedByBytesThenByStatements() {
        func record(_ url: String, _ body: String) -> FetchRecord {
            FetchRecord(url: url, status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
        }
        let list = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://shop.example"}}]"#
        let plain = record("https://shop.example/.well-known/assetlinks.json", list)
        let same = record("https://shop.example./.well-known/assetlinks.json", list)
        let respaced = record("https://shop.example./.well-known/assetlinks.json", list.replacingOccurrences(of: ", ", with: ","))
        let other = record("https://shop.example./.well-known/assetlinks.json", "[]")
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: same).isEmpty)
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: respaced).isEmpty)
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: other).map(\.code.rawValue) == ["DAL109"])
    }

    /// The twin is asked whatever --connect-to says: the network layer sends it where `HOST`
    /// goes unless an entry names `HOST.` (before, a `--connect-to HOST:…` alone skipped it
    /// without a word; a new user's third pass).
    @Test func userAgentAndRedirectedTwin() {
        var plan = AssetLinksKind.plan(for: HostContext(host: "shop.example", connectionRedirected: true, userAgent: "Probe/1"))
        let first = plan.start()
        #expect(first.map(\.role) == [AssetLinksKind.Role.statementList, AssetLinksKind.Role.trailingDotHost, AssetLinksKind.Role.robots])
        #expect(first.allSatisfy { $0.agent == .custom("Probe/1") })
    }

    @Test func judgementWithNothingAnsweredIsAFetchError() {
        let j = AssetLinksKind.judge([], host: HostContext(host: "shop.example"))
        #expect(j.diagnostics.map(\.code.rawValue) == ["DAL101"])
        #expect(j.diagnostics.first?.file == "shop.example/.well-known/assetlinks.json")
        #expect(j.diagnostics.first?.target == "shop.example")
        #expect((j.model as? ResolvedStatementList)?.statements.isEmpty == true)
    }

    /// The closing reminder says what a correct file does not prove for each platform judged:
    /// `--platform all` names both (a new user found the Android sentence dropped there).
    @Test(arguments: [
        ("ios", ["Apple's CDN"], ["Android"]),
        ("android", ["Android verifies when the app is installed"], ["Apple"]),
        ("all", ["Apple devices refresh about weekly through Apple's CDN", "Android verifies when the app is installed or updated"], []),
    ])
    func reminderNamesEachPlatformJudged(platform: String, says: [String], never: [String]) throws {
        let options = try AndroidOptions(parsing: try ParsedArguments.parse(["--platform", platform], options: AndroidOptions.specs, command: "check"),
                                         format: .text)
        let reminder = CheckCommand.reminder(kinds: options.kinds)
        for text in says { #expect(reminder.contains(text), "\(platform): \(reminder)") }
        for text in never { #expect(!reminder.contains(text), "\(platform): \(reminder)") }
    }
}
