import Testing
@testable import AASACore

/// Sign-in URLs the app's own links capture (issue 24, `--auth-url`): each row decided by the
/// matcher `match` uses, the finding with the deciding rule, and the exclude rule of the hint
/// inserted where the hint says, which must keep the URL in the browser.
@Suite struct SignInURLsTests {
    static let app = "ABCDE12345.com.example.app"
    static let package = "com.example.app"

    static func aasa(_ rules: String, key: String = "components") -> String {
        #"{"applinks": {"details": [{"appIDs": [""# + app + #""], ""# + key + #"": ["# + rules + #"]}]}}"#
    }

    static func decide(_ text: String, _ url: String) -> [MatchResult] {
        let compiled = Validator.validate(Array(text.utf8)).compiled!
        let matcher = DocumentMatcher(compiled: compiled, host: "example.com")
        var parts = URLParts(url)!
        if parts.host == nil { parts = parts.on(host: "example.com") }
        return matcher.appIDs.map { matcher.decide(parts, appID: $0) }
    }

    struct AppleRow: Sendable, CustomTestStringConvertible {
        var name: String
        var rules: String
        var key = "components"
        var url: String
        /// The expected code (`nil`: stays in the browser), and text the hint holds.
        var code: String?
        var hint = ""
        var pointer: String? = nil
        /// The rules with the hint's exclude rule placed where the hint says.
        var fixed: String? = nil
        var testDescription: String { name }
    }

    static let appleRows: [AppleRow] = [
        AppleRow(name: "catch-all opens the OAuth page", rules: #"{"/": "/*"}"#, url: "https://example.com/oauth/authorize?client_id=1",
                 code: "WAN701", hint: #"Put {"/": "/oauth/authorize", "exclude": true} in details[0].components before components[0]"#,
                 pointer: "/applinks/details/0/components/0",
                 fixed: #"{"/": "/oauth/authorize", "exclude": true}, {"/": "/*"}"#),
        AppleRow(name: "the second rule decides", rules: #"{"/": "/product/*"}, {"/": "/account/*"}"#, url: "/account/login",
                 code: "WAN701", hint: "before components[1]", pointer: "/applinks/details/0/components/1",
                 fixed: #"{"/": "/product/*"}, {"/": "/account/login", "exclude": true}, {"/": "/account/*"}"#),
        AppleRow(name: "legacy paths", rules: #""/login*""#, key: "paths", url: "/login", code: "WAN701",
                 hint: #"Put "NOT /login" in details[0].paths before paths[0]"#, fixed: #""NOT /login", "/login*""#),
        AppleRow(name: "an earlier exclude keeps it in the browser", rules: #"{"/": "/oauth/*", "exclude": true}, {"/": "/*"}"#,
                 url: "/oauth/authorize", code: nil),
        AppleRow(name: "no rule opens it", rules: #"{"/": "/product/*"}"#, url: "/signin", code: nil),
        AppleRow(name: "an exclude placed after the catch-all does not help", rules: #"{"/": "/*"}, {"/": "/oauth/*", "exclude": true}"#,
                 url: "/oauth/authorize", code: "WAN701", hint: "before components[0]"),
        AppleRow(name: "another host's URL is not this file's", rules: #"{"/": "/*"}"#, url: "https://auth.other.com/login", code: nil),
        AppleRow(name: "query rules decide too", rules: #"{"/": "/auth", "?": {"flow": "*"}}"#, url: "/auth?flow=web", code: "WAN701",
                 hint: #"{"/": "/auth", "exclude": true}"#, fixed: #"{"/": "/auth", "exclude": true}, {"/": "/auth", "?": {"flow": "*"}}"#),
    ]

    @Test(arguments: appleRows)
    func apple(_ row: AppleRow) throws {
        let text = Self.aasa(row.rules, key: row.key)
        let found = Self.decide(text, row.url).compactMap { SignInURLs.finding($0, url: row.url, host: "example.com") }
        #expect(found.map(\.code.rawValue) == (row.code.map { [$0] } ?? []))
        if let d = found.first {
            #expect(d.severity == .warning)
            #expect(d.hint?.contains(row.hint) == true, "\(d.hint ?? "")")
            if let pointer = row.pointer { #expect(d.pointer == pointer) }
            #expect(d.location != nil)
            #expect(d.message.contains("opens \(Self.app)"))
        }
        if let fixed = row.fixed {
            let again = Self.decide(Self.aasa(fixed, key: row.key), row.url)
            #expect(again.allSatisfy { $0.decision != .match }, "\(again.map(\.explanation))")
        }
    }

    @Test func anEntryWithoutRulesGetsComponentsWithTheExcludeFirst() throws {
        let text = #"{"applinks": {"details": [{"appIDs": [""# + Self.app + #""]}]}}"#
        let d = try #require(Self.decide(text, "/login").compactMap { SignInURLs.finding($0, url: "/login", host: "example.com") }.first)
        #expect(d.hint?.contains(#"Give details[0] "components": [{"/": "/login", "exclude": true}, {"/": "*"}]"#) == true, "\(d.hint ?? "")")
        let fixed = #"{"applinks": {"details": [{"appIDs": [""# + Self.app + #""], "components": [{"/": "/login", "exclude": true}, {"/": "*"}]}]}}"#
        #expect(Self.decide(fixed, "/login").allSatisfy { $0.decision == .exclude })
        #expect(Self.decide(fixed, "/product/1").allSatisfy { $0.decision == .match })
    }

    static func links(_ rules: String?) -> [AssetStatement] {
        let ext = rules.map { #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["# + $0 + "]}}" } ?? ""
        return PasskeyInputs.statements(assetLinks: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": ""#
            + package + #"", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}"# + ext + "}]")
    }

    struct AndroidRow: Sendable, CustomTestStringConvertible {
        var name: String
        var rules: String?
        var url: String
        var code: String?
        var hint = ""
        var fixed: String? = nil
        var testDescription: String { name }
    }

    static let androidRows: [AndroidRow] = [
        // The statement takes every URL; the intent filters (not in the file) decide: no claim.
        AndroidRow(name: "no dynamic rules: the manifest decides", rules: nil, url: "https://example.com/oauth/authorize", code: nil,
                   fixed: #"{"/": "/oauth/authorize", "exclude": true}, {"/": "*"}"#),
        AndroidRow(name: "a rule opens it", rules: #"{"/": "/product/*"}, {"/": "/login*"}"#, url: "https://example.com/login", code: "WAN702",
                   hint: "before rule 1", fixed: #"{"/": "/login", "exclude": true}, {"/": "/product/*"}, {"/": "/login*"}"#),
        AndroidRow(name: "an exclude first keeps it in the browser", rules: #"{"/": "/login*", "exclude": true}, {"/": "*"}"#,
                   url: "https://example.com/login", code: nil),
        AndroidRow(name: "no rule matches: the browser", rules: #"{"/": "/product/*"}"#, url: "https://example.com/login", code: nil),
    ]

    @Test(arguments: androidRows)
    func android(_ row: AndroidRow) {
        func decide(_ statements: [AssetStatement]) -> MatchResult {
            MatchResult.androidDecision(url: row.url, statements: statements, packageName: Self.package, fingerprints: nil, host: "example.com")
        }
        let found = SignInURLs.finding(decide(Self.links(row.rules)), url: row.url, host: "example.com")
        #expect(found?.code.rawValue == row.code)
        if let found {
            #expect(found.severity == .warning)
            #expect(found.hint?.contains(row.hint) == true, "\(found.hint ?? "")")
        }
        if let fixed = row.fixed { #expect(decide(Self.links(fixed)).decision == .exclude) }
    }

    /// Without dynamic rules the manifest decides: a sentence that says so, with the rule that
    /// keeps the URL in the browser whatever the filters accept; nothing for a decided URL.
    @Test func aStatementWithoutRulesLeavesItToTheManifest() throws {
        let url = "https://example.com/oauth/authorize"
        func decide(_ rules: String?) -> MatchResult {
            MatchResult.androidDecision(url: url, statements: Self.links(rules), packageName: Self.package, fingerprints: nil, host: "example.com")
        }
        let sentence = try #require(SignInURLs.manifestDecides(decide(nil), url: url))
        #expect(sentence.hasPrefix("the sign-in URL https://example.com/oauth/authorize opens \(Self.package) only if its intent filters accept it: its statement has no dynamic rules, so the manifest decides"))
        #expect(sentence.contains(#""dynamic_app_link_components": [{"/": "/oauth/authorize", "exclude": true}, {"/": "*"}]"#))
        #expect(SignInURLs.manifestDecides(decide(#"{"/": "/oauth/*"}"#), url: url) == nil)
        #expect(SignInURLs.finding(decide(#"{"/": "/oauth/*"}"#), url: url, host: "example.com")?.code.rawValue == "WAN702")
    }

    @Test func commonPathsAreInfoAndEachAppOnce() {
        let text = Self.aasa(#"{"/": "/login/*"}, {"/": "/oauth"}, {"/": "/product/*"}"#)
        let found = SignInURLs.commonPathFindings(host: "example.com") { Self.decide(text, $0) }
        #expect(found.map(\.code.rawValue) == ["WAN703", "WAN703"])
        #expect(found.allSatisfy { $0.severity == .info })
        #expect(found[0].message.contains("https://example.com/oauth "))
        // `/login/*` opens `/login` itself too, as the matcher decides.
        #expect(found[1].message.contains("https://example.com/login "))
        #expect(SignInURLs.commonPathFindings(host: "example.com") { Self.decide(Self.aasa(#"{"/": "/product/*"}"#), $0) }.isEmpty)
    }

    @Test func textIsInert() throws {
        let url = "/login\u{1B}[31m"
        let d = try #require(Self.decide(Self.aasa(#"{"/": "*"}"#), url).compactMap { SignInURLs.finding($0, url: url, host: "example.com") }.first)
        #expect(!d.message.contains("\u{1B}"))
        #expect(!(d.hint ?? "").contains("\u{1B}"))
    }
}
