import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `--auth-url` on `check`, `match` and `passkeys`, and `check`'s common sign-in paths
/// (issue 24), against the harness: passkeys.aasa.test serves `clip.json` (the shop opens
/// `/product/*` and `/order/*`, its App Clip `/order/*`) and an `assetlinks.json` without
/// dynamic rules; good.aasa.test an `assetlinks.json` whose rules exclude `/account/*` and open
/// `/product/*`.
@Suite("sign-in URLs against the harness")
struct SignInURLCommandTests {
    static let shop = "Q7Z3K8M2PX.com.aasacheck.shop"

    func network() throws -> [String] {
        let env = try Harness.env()
        return env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
    }

    func diagnostics(_ r: Run, _ code: String) throws -> [[String: Any]] {
        ((try r.json()["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["code"] as? String == code }
    }

    func notes(_ r: Run) throws -> [String] { (try r.json()["notes"] as? [String]) ?? [] }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var args: [String]
        /// The sign-in codes expected (WAN701–WAN703), in report order, and text their hints hold.
        var codes: [String]
        var hints: [String] = []
        /// A sentence a note holds (a URL that stays in the browser, a host not checked).
        var note: String? = nil
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "check: the shop's /order/* opens the sign-in URL",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--app-id", shop, "--auth-url", "https://passkeys.aasa.test/order/login"],
            codes: ["WAN701"], hints: [#"Put {"/": "/order/login", "exclude": true} in details[0].components before components[1]"#]),
        Row(name: "check: a path is decided on the domain, for every app of the file",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--auth-url", "/order/sso"],
            codes: ["WAN701", "WAN701"], hints: ["details[0].components before components[1]", "details[1].components before components[0]"]),
        Row(name: "check: a URL no rule opens stays in the browser",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--auth-url", "/oauth/authorize"],
            codes: [], note: "the sign-in URL https://passkeys.aasa.test/oauth/authorize stays in the browser for \(shop), \(shop).Clip"),
        Row(name: "check: a URL on a host the run did not check is said, not dropped",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--auth-url", "https://login.elsewhere.test/oauth"],
            codes: [], note: "--auth-url on login.elsewhere.test was not judged"),
        Row(name: "check --platform android: a dynamic rule opens it",
            args: ["check", "good.aasa.test", "--platform", "android", "--auth-url", "/product/login"],
            codes: ["WAN702"], hints: [#"Put {"/": "/product/login", "exclude": true} first in the statement's dynamic_app_link_components, before rule 2"#]),
        Row(name: "check --platform android: the exclude rule keeps it in the browser",
            args: ["check", "good.aasa.test", "--platform", "android", "--auth-url", "/account/login"],
            codes: [], note: "the sign-in URL https://good.aasa.test/account/login stays in the browser for com.aasacheck.shop"),
        Row(name: "check --package: no dynamic rules, the manifest decides (said, not claimed)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--package", "com.aasacheck.shop", "--app-id", shop, "--auth-url", "/oauth"],
            codes: [], note: "the sign-in URL https://passkeys.aasa.test/oauth opens com.aasacheck.shop only if its intent filters accept it"),
        Row(name: "check without --auth-url: no common sign-in path is opened by the shop's rules",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--android"], codes: []),
        Row(name: "check without --auth-url: good.aasa.test's rules open none either",
            args: ["check", "good.aasa.test", "--no-cdn", "--android"], codes: []),
        Row(name: "match DOMAIN --auth-url: decided and warned",
            args: ["match", "clip.aasa.test", "--app-id", shop, "--auth-url", "/product/login"],
            codes: ["WAN701"], hints: ["before components[0]"]),
        Row(name: "match DOMAIN --package --auth-url: Android's decision",
            args: ["match", "good.aasa.test", "--package", "com.aasacheck.shop", "--auth-url", "/product/sso"],
            codes: ["WAN702"], hints: ["before rule 2"]),
        Row(name: "match DOMAIN --package --auth-url: no dynamic rules, the manifest decides (said, not claimed)",
            args: ["match", "passkeys.aasa.test", "--package", "com.aasacheck.shop", "--auth-url", "/oauth"],
            codes: [], note: "the sign-in URL https://passkeys.aasa.test/oauth opens com.aasacheck.shop only if its intent filters accept it"),
        Row(name: "passkeys --auth-url: the RP ID's files decide it",
            args: ["passkeys", "passkeys.aasa.test", "--no-cdn", "--app-id", shop, "--auth-url", "/order/sso"],
            codes: ["WAN701"], hints: ["before components[1]"]),
    ]

    @Test(arguments: rows)
    func signInURLs(_ row: Row) throws {
        let r = run(row.args + (try network()) + ["--json"])
        let found = try ["WAN701", "WAN702", "WAN703"].flatMap { try diagnostics(r, $0) }
        #expect(found.compactMap { $0["code"] as? String } == row.codes, "\(r.stdout.prefix(3000))")
        for (d, hint) in zip(found, row.hints) {
            #expect((d["hint"] as? String)?.contains(hint) == true, "\(d["hint"] ?? "")")
            #expect(d["severity"] as? String == "warning")
        }
        if let note = row.note {
            let all = try notes(r)
            #expect(all.contains { $0.contains(note) }, "\(all)")
        }
        #expect(r.status == 0, "warnings only: \(r.stderr)")
    }

    @Test func textSaysWhichRuleDecidesAndThatAURLStaysInTheBrowser() throws {
        let r = run(["check", "passkeys.aasa.test", "--no-cdn", "--app-id", Self.shop, "--auth-url", "/order/login", "--auth-url", "/oauth/authorize"]
                    + (try network()))
        #expect(r.stdout.contains("warning[WAN701]: the sign-in URL https://passkeys.aasa.test/order/login opens \(Self.shop) through its universal links: details[0].components[1]"))
        #expect(r.stdout.contains("note: the sign-in URL https://passkeys.aasa.test/oauth/authorize stays in the browser for \(Self.shop)"))
    }

    /// signin.aasa.test opens every path but `/oauth/*` (Apple) and `/login*`, `/product/*`
    /// (Android's dynamic rules): each common sign-in path opened is one info, none a warning.
    @Test func commonSignInPathsAreInfoOnly() throws {
        let r = run(["check", "signin.aasa.test", "--no-cdn", "--android"] + (try network()) + ["--json"])
        let found = try diagnostics(r, "WAN703")
        let messages = found.compactMap { $0["message"] as? String }
        let apple = messages.filter { $0.contains("universal links") }.compactMap { $0.split(separator: " ")[3].description }
        let android = messages.filter { $0.contains("App Links") }.compactMap { $0.split(separator: " ")[3].description }
        #expect(apple == ["/login", "/signin", "/auth", "/callback", "/.well-known/openid-configuration"].map { "https://signin.aasa.test" + $0 })
        #expect(android == ["https://signin.aasa.test/login"])
        #expect(found.allSatisfy { $0["severity"] as? String == "info" })
        #expect(try r.json()["summary"].flatMap { ($0 as? [String: Any])?["warnings"] as? Int } == 0)
        #expect(r.status == 0)
        // With --auth-url the named URL is judged instead, as a warning.
        let named = run(["check", "signin.aasa.test", "--no-cdn", "--auth-url", "/signin"] + (try network()) + ["--json"])
        #expect(try diagnostics(named, "WAN703").isEmpty)
        #expect(try diagnostics(named, "WAN701").count == 1)
    }

    @Test(arguments: [
        (["check", "example.com", "--auth-url", "login"], "--auth-url"),
        (["check", "example.com", "--auth-url", "ftp://example.com/login"], "--auth-url"),
        (["match", "aasa.json", "--auth-url", "https:///login"], "--auth-url"),
        (["passkeys", "example.com", "--auth-url", "sso"], "--auth-url"),
    ])
    func malformedAuthURLsAreUsageErrors(args: [String], message: String) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
