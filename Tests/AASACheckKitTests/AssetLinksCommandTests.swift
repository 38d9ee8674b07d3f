import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `validate` and `match` of an `assetlinks.json` (issue 23): findings with line and column in
/// every format, the statements as Google lists them, dynamic-rule decisions and Google's
/// check question.
@Suite("validate and match of assetlinks.json")
struct AssetLinksCommandTests {
    static let good = fixturePath("harness/assetlinks.json")
    static let fp = AssetLinksCheckTests.shopFingerprint
    static let broken = """
    [
      {"relation": ["delegate_permission/common.handle_all_urls"],
       "target": {"namespace": "android_app", "package_name": "com.shop.app",
         "sha256_cert_fingerprints": ["14:6D:E9"]}},
    ]

    """

    func array(_ r: Run, _ key: String) throws -> [[String: Any]] { try r.json()[key] as? [[String: Any]] ?? [] }

    @Test func validateListsTheStatements() throws {
        let r = run(["validate", Self.good, "--json"])
        #expect(r.status == 0)
        #expect(try r.codes() == [])
        let s = try array(r, "statements")
        #expect(s.map { $0["relation"] as? String } == ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"])
        // Without --domain the file names the source; with it, the site.
        #expect(s.allSatisfy { $0["source"] as? String == Self.good })
        let served = run(["validate", Self.good, "--json", "--domain", "good.aasa.test"])
        #expect(try array(served, "statements").allSatisfy { $0["source"] as? String == "https://good.aasa.test" })
        let text = run(["validate", Self.good])
        #expect(text.stdout.contains("\(Self.good): grants delegate_permission/common.get_login_creds to web https://good.aasa.test\n"))
        #expect(text.stdout.contains("1 file: 0 errors, 0 warnings, 0 infos — ok"))
    }

    /// The trailing comma, as each format places it (line 5, column 1: the `]` it stands before).
    @Test(arguments: [
        ("text", "bad.json:5:1: error[DAL203]: a trailing comma before ']' is not allowed in JSON"),
        ("xcode", "bad.json:5:1: error: a trailing comma before ']' is not allowed in JSON [DAL203]"),
        ("github", "::error file=", ),
        ("sarif", "\"startLine\": 5,"),
        ("junit", "DAL203"),
        ("markdown", "DAL203"),
        ("html", "DAL203"),
    ])
    func findingsHaveLineAndColumnInEveryFormat(format: String, expected: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-al-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.json").path
        try Data(Self.broken.utf8).write(to: URL(fileURLWithPath: path))
        // A JSON array: recognised as a statement list whatever its name.
        let r = run(["validate", path, "--format", format])
        #expect(r.status == 1)
        #expect(r.stdout.contains(expected), "\(r.stdout)")
        #expect(r.stdout.contains("DAL203"))
    }

    @Test func jsonFindingsCarryPlaceAndGoogleCode() throws {
        let path = try temporaryFile(Array(Self.broken.utf8), name: "links.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", path, "--json", "--kind", "assetlinks"])
        let d = try #require(try array(r, "diagnostics").first)
        #expect(d["code"] as? String == "DAL203")
        #expect(d["line"] as? Int == 5 && d["column"] as? Int == 1)
        #expect(d["dalErrorCode"] as? String == "ERROR_CODE_MALFORMED_CONTENT")
        // Forced the other way, the same bytes are judged as Apple's file.
        let apple = run(["validate", path, "--json", "--kind", "aasa"])
        #expect(try apple.codes().allSatisfy { $0.hasPrefix("AASA") })
        // validate reads the webauthn file too: forced so, the array is not an object (WAN2xx).
        let webauthn = run(["validate", path, "--json", "--kind", "webauthn"])
        let webauthnCodes = try webauthn.codes()
        #expect(webauthn.status == 1 && !webauthnCodes.isEmpty && webauthnCodes.allSatisfy { $0.hasPrefix("WAN") }, "\(webauthnCodes)")
        #expect(run(["validate", path, "--kind", "sitemap"]).status == 2)
    }

    @Test func validateFindsAShortFingerprint() throws {
        let path = try temporaryFile(Array(Self.broken.replacingOccurrences(of: "}},\n]", with: "}}\n]").utf8), name: "assetlinks.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", path, "--json"])
        #expect(r.status == 1)
        let d = try array(r, "diagnostics")
        #expect(d.map { $0["code"] as? String }.contains("DAL307") || d.contains { ($0["message"] as? String)?.contains("3 bytes") == true })
        #expect(d.allSatisfy { $0["line"] as? Int != nil })
        #expect(try array(r, "statements").isEmpty)
    }

    /// URL → decision and deciding rule of the fixture's dynamic rules for com.aasacheck.shop.
    @Test(arguments: [
        ("https://good.aasa.test/product/1", "match", 2 as Int?),
        ("https://good.aasa.test/product/1?ref=mail", "match", 1),
        ("/account/settings", "exclude", 0),
        ("/order/7#track", "match", 3),
        ("/order/7#other", "no_match", nil),
        ("/other", "no_match", nil),
        ("https://other.aasa.test/product/1", "no_match", nil),
    ])
    func matchDecidesByTheDynamicRules(url: String, decision: String, rule: Int?) throws {
        let r = run(["match", Self.good, url, "--package", "com.aasacheck.shop", "--domain", "good.aasa.test", "--json"])
        #expect(r.status == 0)
        let m = try #require(try array(r, "matches").first)
        #expect(m["platform"] as? String == "android")
        #expect(m["package"] as? String == "com.aasacheck.shop")
        #expect(m["appID"] == nil)
        #expect(m["decision"] as? String == decision)
        #expect(m["rule"] as? Int == rule)
        #expect((m["explanation"] as? String)?.isEmpty == false)
    }

    /// A --package (and --fingerprint) the list does not verify: every decision no_match, and
    /// DAL627 (exit status 1), as `check --package` says it; one it verifies: no finding.
    @Test(arguments: [
        (["--package", "com.aasacheck.other"], "no_match", ["DAL627"], Int32(1),
         "the site serving \(good) is not verified for com.aasacheck.other: no statement of \(good) grants delegate_permission/common.handle_all_urls to com.aasacheck.other; it grants handle_all_urls to com.aasacheck.shop"),
        (["--package", "com.aasacheck.other", "--domain", "good.aasa.test"], "no_match", ["DAL627"], 1,
         // The local file given --domain is named by its path (the file to edit), not the URL.
         "good.aasa.test is not verified for com.aasacheck.other: no statement of \(good) grants"),
        (["--package", "com.aasacheck.shop", "--fingerprint", String(repeating: "AB:", count: 31) + "AB"], "no_match", ["DAL627"], 1,
         "lists com.aasacheck.shop with 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5, not the certificate given with --fingerprint"),
        (["--package", "com.aasacheck.shop", "--fingerprint", fp], "match", [], 0, nil),
        (["--package", "com.aasacheck.shop"], "match", [], 0, nil),
    ] as [([String], String, [String], Int32, String?)])
    func matchForAnotherAppOrCertificateIsNotVerified(args: [String], decision: String, codes: [String], status: Int32, message: String?) throws {
        let r = run(["match", Self.good, "/product/1", "--json"] + args)
        #expect(r.status == status)
        #expect(try array(r, "matches").first?["decision"] as? String == decision)
        #expect(try r.codes() == codes)
        if let message {
            #expect((try array(r, "diagnostics").first?["message"] as? String)?.contains(message) == true, "\(r.stdout)")
            #expect((try array(r, "matches").first?["explanation"] as? String)?.contains("not verified") == true)
        }
    }

    @Test func matchWithoutPackageDecidesEveryVerifiedApp() throws {
        // Without --package: every app the list verifies.
        let all = run(["match", Self.good, "/product/1", "--json"])
        #expect(try array(all, "matches").map { $0["package"] as? String } == ["com.aasacheck.shop"])
        let text = run(["match", Self.good, "/product/1", "--package", "com.aasacheck.shop"])
        #expect(text.stdout.contains("  match    com.aasacheck.shop\n           rule 2 `{\"/\":\"/product/*\"}` of statement /0 (line 2) matches first: the app opens"))
    }

    /// Google's check question: relation, target → linked.
    @Test(arguments: [
        (["--relation", "delegate_permission/common.handle_all_urls", "--package", "com.aasacheck.shop", "--fingerprint", fp], true),
        (["--relation", "delegate_permission/common.get_login_creds", "--package", "com.aasacheck.shop", "--fingerprint", fp], false),
        (["--relation", "delegate_permission/common.handle_all_urls", "--package", "com.aasacheck.shopx", "--fingerprint", fp], false),
        (["--relation", "delegate_permission/common.get_login_creds", "--site", "https://good.aasa.test"], true),
        (["--relation", "delegate_permission/common.get_login_creds", "--site", "HTTPS://Good.Aasa.Test:443"], true),
        (["--relation", "delegate_permission/common.get_login_creds", "--site", "http://good.aasa.test"], false),
    ])
    func checkQuestion(args: [String], linked: Bool) throws {
        let r = run(["match", Self.good, "--domain", "good.aasa.test", "--json"] + args)
        #expect(r.status == 0)
        let links = try array(r, "links")
        #expect(links.count == 1)
        #expect(links.first?["linked"] as? Bool == linked)
        #expect(links.first?["source"] as? String == "https://good.aasa.test")
        #expect(links.first?["relation"] as? String == args[1])
        let text = run(["match", Self.good, "--domain", "good.aasa.test"] + args)
        #expect(text.stdout.contains(linked ? "linked     https://good.aasa.test grants " : "not linked https://good.aasa.test does not grant "))
        #expect(text.stdout.contains(linked ? "1 of 1 linked" : "0 of 1 linked"))
    }

    @Test(arguments: [
        (["--relation", "handle_all_urls", "--package", "com.a.b", "--fingerprint", fp], "--relation handle_all_urls: Invalid relation string"),
        (["--relation", "delegate_permission/common.handle_all_urls", "--site", "https://good.aasa.test/"], "cannot contain a path"),
        (["--relation", "delegate_permission/common.handle_all_urls", "--site", "ftp://good.aasa.test"], "--site ftp://good.aasa.test"),
        (["--relation", "delegate_permission/common.handle_all_urls", "--package", "com.a.b"], "needs the app's certificate"),
        (["--relation", "delegate_permission/common.handle_all_urls"], "needs the target"),
        // Google's question refuses a lower-case fingerprint (spec §2.3, 1400-check-target).
        (["--relation", "delegate_permission/common.handle_all_urls", "--package", "com.aasacheck.shop", "--fingerprint", fp.lowercased()],
         "Invalid sha256_fingerprint field"),
        (["--relation", "delegate_permission/common.handle_all_urls", "--site", "https://a.example", "--package", "com.a.b"], "not both"),
        (["--site", "https://a.example"], "give --relation REL too"),
        (["/x", "--package", "not a package"], "--package not a package: not an Android package name"),
        (["/x", "--package", "com.a.b", "--fingerprint", "AA:BB"], "--fingerprint AA:BB: it is 2 bytes"),
    ])
    func malformedQuestionsAreUsageErrors(args: [String], message: String) {
        let r = run(["match", Self.good] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    /// `match DOMAIN --package P` for an app the domain's list does not verify states check's DAL627, word for word.
    @Test func matchOfADomainStatesChecksDAL627() throws {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
        let m = run(["match", "good.aasa.test", "/product/9", "--package", "com.aasacheck.other", "--json"] + network)
        let c = run(["check", "good.aasa.test", "--platform", "android", "--package", "com.aasacheck.other", "--json"] + network)
        #expect(m.status == 1)
        #expect(c.status == 1)
        func dal627(_ r: Run) throws -> [String] {
            try (r.json()["domains"] as? [[String: Any]] ?? [["diagnostics": try array(r, "diagnostics")]])
                .flatMap { $0["diagnostics"] as? [[String: Any]] ?? [] }
                .filter { $0["code"] as? String == "DAL627" }.compactMap { $0["message"] as? String }
        }
        let said = try dal627(m)
        #expect(said.count == 1)
        #expect(said == (try dal627(c)), "\(m.stdout)\n\(c.stdout)")
    }

    @Test func matchAndQuestionOfADomain() throws {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
        let r = run(["match", "good.aasa.test", "/product/9", "/account/x", "--package", "com.aasacheck.shop", "--json"] + network)
        #expect(r.status == 0)
        #expect(try array(r, "matches").map { $0["decision"] as? String } == ["match", "exclude"])
        #expect(try array(r, "fetches").first?["url"] as? String == "https://good.aasa.test/.well-known/assetlinks.json")
        #expect(try array(r, "statements").count == 2)
        let q = run(["match", "links.aasa.test", "--relation", "delegate_permission/common.handle_all_urls", "--package", "com.aasacheck.shop.beta",
                     "--fingerprint", "0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9", "--json"] + network)
        // Linked through the https include, and the http include's refusal is still an error.
        #expect(try array(q, "links").first?["linked"] as? Bool == true)
        #expect(try q.codes().contains("DAL111"))
        #expect(q.status == 1)
    }

    /// `diff` of two statement lists: the edit → the codes, and the exit status with --fail-on warning.
    @Test(arguments: [
        ("", [String](), Int32(0)),
        ("drop-product", ["DAL801"], 1),
        ("rename", ["DAL803", "DAL804"], 1),
        ("drop-exclude", [], 0),  // exclude → no_match: both stay in the browser, no change
    ])
    func diffOfTwoStatementLists(edit: String, codes: [String], status: Int32) throws {
        var text = try String(contentsOfFile: Self.good, encoding: .utf8)
        switch edit {
        case "drop-product": text = text.replacingOccurrences(of: #"{"/": "/product/*"},"#, with: "")
        case "rename": text = text.replacingOccurrences(of: #""com.aasacheck.shop""#, with: #""com.aasacheck.shop2""#)
        case "drop-exclude": text = text.replacingOccurrences(of: #"{"/": "/account/*", "exclude": true},"#, with: "")
        default: break
        }
        // One file per case: the cases run in parallel.
        let path = try temporaryFile(Array(text.utf8), name: UUID().uuidString + "-assetlinks.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["diff", Self.good, path, "--json", "--fail-on", "warning"])
        #expect(try r.codes() == codes)
        #expect(r.status == status)
        if edit == "drop-product" {
            let d = try #require(try array(r, "diagnostics").first)
            #expect((d["message"] as? String)?.contains("no longer opens com.aasacheck.shop: match → no_match") == true)
            #expect(d["file"] as? String == path)
        }
        let plain = run(["diff", Self.good, path])
        #expect(plain.stdout.contains(edit.isEmpty || edit == "drop-exclude" ? "no change between" : "between"))
    }
}
