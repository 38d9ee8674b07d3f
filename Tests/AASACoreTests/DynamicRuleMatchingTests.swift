import Testing
@testable import AASACore

/// Dynamic App Links rules matched by the policy algorithm of spec `assetlinks-reference.md`
/// §3.2: tables of (rules, URL, expected decision), the worked examples of §6.3 first.
@Suite struct DynamicRuleMatchingTests {
    /// The statement list of §3.1, with `rules` as its dynamic_app_link_components.
    static func list(_ rules: String) -> String {
        """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.shopwave.app",
                     "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \(rules)}}}]
        """
    }

    static let file31 = ##"[{"/": "/products/*"}, {"/": "/shoes", "?": {"in_app": "true"}}, {"#": "app"}, {"?": {"dl": "*"}, "exclude": false}]"##

    static func rules(_ json: String) throws -> DynamicRuleList {
        let file = StatementListParser.parse(Array(list(json).utf8), url: "assetlinks.json")
        let statement = try #require(file.statements.first)
        return try #require(statement.dynamicRules.applied, "\(file.diagnostics.map(\.message))")
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var rules: String
        var url: String
        var decision: DynamicDecision
        var rule: Int?
        var mayDiffer: [UnknownReading] = []
        var testDescription: String { "\(url) against \(rules)" }
    }

    /// §6.3, row by row (the manifest accepts every path; the host is verified).
    static let worked63: [Row] = [
        Row(rules: file31, url: "https://shop.example/products/123", decision: .match, rule: 0),
        Row(rules: file31, url: "https://shop.example/products", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/products/*/reviews"}]"#, url: "https://shop.example/products/a/b/reviews", decision: .noMatch, rule: nil,
            mayDiffer: [.backtracking]),
        Row(rules: file31, url: "https://shop.example/shoes?in_app=true", decision: .match, rule: 1),
        Row(rules: file31, url: "https://shop.example/shoes?in_app=false", decision: .noMatch, rule: nil),
        Row(rules: file31, url: "https://shop.example/shoes?x=1&in_app=true", decision: .match, rule: 1),
        Row(rules: file31, url: "https://shop.example/x#app", decision: .match, rule: 2),
        Row(rules: file31, url: "https://shop.example/x#application", decision: .noMatch, rule: nil),
        Row(rules: file31, url: "https://shop.example/x", decision: .noMatch, rule: nil),
        Row(rules: file31, url: "https://shop.example/x?dl=abc", decision: .match, rule: 3),
        Row(rules: file31, url: "https://shop.example/x?DL=abc", decision: .noMatch, rule: nil),
        Row(rules: file31, url: "https://shop.example/x?dl", decision: .noMatch, rule: nil, mayDiffer: [.parameterWithoutEquals]),
        Row(rules: #"[{"/": "/café"}]"#, url: "https://shop.example/caf%C3%A9", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/p/?"}]"#, url: "https://shop.example/p/1", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/p/?"}]"#, url: "https://shop.example/p/12", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/p/?"}]"#, url: "https://shop.example/p/", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/p/?*"}]"#, url: "https://shop.example/p/", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/p/?*"}]"#, url: "https://shop.example/p/12", decision: .match, rule: 0),
    ]

    /// The policy algorithm's consequences (§3.2) and the decoding of `Uri.getPath()` & co.
    static let policy: [Row] = [
        // No backtracking: STAR before `c` takes the first `c`.
        Row(rules: #"[{"/": "/a*bc"}]"#, url: "/axbxbc", decision: .noMatch, rule: nil, mayDiffer: [.backtracking]),
        Row(rules: #"[{"/": "/a*bc"}]"#, url: "/axxbc", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/a/*/c"}]"#, url: "/a/b/x/c", decision: .noMatch, rule: nil, mayDiffer: [.backtracking]),
        Row(rules: #"[{"/": "/a/*/c"}]"#, url: "/a/b/c", decision: .match, rule: 0),
        // A trailing STAR takes the rest, nothing included; `/p/*` needs the slash.
        Row(rules: #"[{"/": "/p/*"}]"#, url: "/p", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/p/*"}]"#, url: "/p/", decision: .match, rule: 0),
        // The bare host's path is empty: `*` matches it, `/*` and `/` do not.
        Row(rules: #"[{"/": "/*"}, {"/": "*", "exclude": true}]"#, url: "https://shop.example", decision: .exclude, rule: 1),
        Row(rules: #"[{"/": "/"}]"#, url: "https://shop.example", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/"}]"#, url: "https://shop.example/", decision: .match, rule: 0),
        // Wildcard runs: k ONE and a STAR is "skip k, then STAR".
        Row(rules: #"[{"/": "/*?"}]"#, url: "/", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/*?"}]"#, url: "/a", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/?*?x"}]"#, url: "/abx", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/?*?x"}]"#, url: "/ax", decision: .noMatch, rule: nil),
        // Case-sensitive everywhere; `\` is an ordinary character.
        Row(rules: #"[{"/": "/Shop/*"}]"#, url: "/shop/1", decision: .noMatch, rule: nil),
        Row(rules: #"[{"/": "/a\\b"}]"#, url: "/a%5Cb", decision: .match, rule: 0),
        // `.` is literal by policy; a simple glob would read it as any character.
        Row(rules: #"[{"/": "/file.html"}]"#, url: "/fileXhtml", decision: .noMatch, rule: nil, mayDiffer: [.dotAsAnyCharacter]),
        Row(rules: #"[{"/": "/file.html"}]"#, url: "/file.html", decision: .match, rule: 0),
        // First match decides; exclude keeps the link in the browser.
        Row(rules: #"[{"/": "/checkout/*", "exclude": true}, {"/": "/*"}]"#, url: "/checkout/pay", decision: .exclude, rule: 0),
        Row(rules: #"[{"/": "/checkout/*", "exclude": true}, {"/": "/*"}]"#, url: "/cart", decision: .match, rule: 1),
        // Every key of a rule must match; a missing fragment never matches.
        Row(rules: ##"[{"/": "/p/*", "#": "top"}]"##, url: "/p/1", decision: .noMatch, rule: nil),
        Row(rules: ##"[{"/": "/p/*", "#": "top"}]"##, url: "/p/1#top", decision: .match, rule: 0),
        Row(rules: ##"[{"#": "*"}]"##, url: "/p#", decision: .match, rule: 0),
        Row(rules: ##"[{"#": "*"}]"##, url: "/p", decision: .noMatch, rule: nil),
        // Query: every entry matches some parameter (name= + pattern); `;` splits a lone parameter.
        Row(rules: #"[{"?": {"a": "1", "b": "2"}}]"#, url: "/?b=2&x=0&a=1", decision: .match, rule: 0),
        Row(rules: #"[{"?": {"a": "1", "b": "2"}}]"#, url: "/?a=1", decision: .noMatch, rule: nil),
        Row(rules: #"[{"?": {"a": "1", "b": "2"}}]"#, url: "/?a=1;b=2", decision: .match, rule: 0),
        Row(rules: #"[{"?": {"a": "1"}}]"#, url: "/?a=1;b=2&c=3", decision: .noMatch, rule: nil),
        Row(rules: #"[{"?": {"a": "*"}}]"#, url: "/?a=", decision: .match, rule: 0),
        Row(rules: #"[{"?": {"a": "*"}}]"#, url: "/", decision: .noMatch, rule: nil),
        // Java's split drops trailing empty parts: `a=1&` is one part, then split on `;` whole.
        Row(rules: #"[{"?": {"a": "1"}}]"#, url: "/?a=1&", decision: .noMatch, rule: nil),
        Row(rules: #"[{"?": {"a": "1*"}}]"#, url: "/?a=1&", decision: .match, rule: 0),
        // Decoded before split: %26 splits, `+` stays `+`.
        Row(rules: #"[{"?": {"b": "2"}}]"#, url: "/?a=1%26b=2", decision: .match, rule: 0),
        Row(rules: #"[{"?": {"q": "a+b"}}]"#, url: "/?q=a+b", decision: .match, rule: 0),
        Row(rules: #"[{"?": {"q": "a b"}}]"#, url: "/?q=a+b", decision: .noMatch, rule: nil),
        // UTF-16 code units: an emoji is two `?`.
        Row(rules: #"[{"/": "/??"}]"#, url: "/%F0%9F%98%80", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/?"}]"#, url: "/%F0%9F%98%80", decision: .noMatch, rule: nil),
        // Invalid escapes: U+FFFD, and AOSP keeps the byte read so far (`%zz` is U+FFFD U+0000 z).
        Row(rules: #"[{"/": "/?"}]"#, url: "/%E9", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/???"}]"#, url: "/%zz", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/\uFFFD\u0000z"}]"#, url: "/%zz", decision: .match, rule: 0),
        Row(rules: #"[{"/": "/a\uFFFD"}]"#, url: "/a%4", decision: .match, rule: 0),
    ]

    @Test(arguments: worked63 + policy)
    func decides(_ row: Row) throws {
        let list = try Self.rules(row.rules)
        let d = list.decide(url: row.url)
        #expect(d.decision == row.decision)
        #expect(d.rule == row.rule)
        #expect(d.mayDiffer == row.mayDiffer)
    }

    /// §6.3: a malformed or empty field voids every rule: the manifest decides, every path opens.
    @Test(arguments: [#"[{"/": "/products/*"}, {"/": 5}]"#, #"[{"/": "/products/*"}, {"/": ""}]"#, "[]"])
    func voidRulesLeaveTheManifestToDecide(_ rules: String) throws {
        let file = StatementListParser.parse(Array(Self.list(rules).utf8), url: "assetlinks.json")
        let outcome = AppLinksPrediction.decide(file.statements, packageName: "com.shopwave.app", fingerprints: nil,
                                                url: "https://shop.example/anything/at/all")
        guard case .manifestDecides(_, let reason) = outcome else {
            Issue.record("expected the manifest to decide, got \(outcome)")
            return
        }
        #expect(reason != nil)
        #expect(outcome.opensApp)
        #expect(file.diagnostics.contains { ["DAL401", "DAL402", "DAL403"].contains($0.code.rawValue) && $0.severity == .error })
    }

    @Test func anAppWithoutAStatementIsNotVerified() throws {
        let file = StatementListParser.parse(Array(Self.list(Self.file31).utf8), url: "assetlinks.json")
        #expect(AppLinksPrediction.decide(file.statements, packageName: "com.other.app", fingerprints: nil, url: "/products/1") == .notVerified)
        let wrongKey = AppLinksPrediction.decide(file.statements, packageName: "com.shopwave.app",
                                                 fingerprints: [String(repeating: "AB:", count: 31) + "CD"], url: "/products/1")
        #expect(wrongKey == .notVerified)
        guard case .rules(let d, let place) = AppLinksPrediction.decide(file.statements, packageName: "com.shopwave.app", fingerprints: nil, url: "/products/1") else {
            Issue.record("expected the rules to decide")
            return
        }
        #expect(d.decision == .match && d.rule == 0 && place.pointer == "/0")
    }

    /// The parts rules see (`Uri.getPath()` & co. through ``AndroidURI``) and Java's split.
    @Test func ruleInputParts() {
        let u = RuleInput(AndroidURI("https://User@Shop.Example.:8443/a%2Fb/c?x=1%262#frag%20ment?"))
        #expect(u.path.map { String(decoding: $0, as: UTF16.self) } == "/a/b/c")
        #expect(u.query.map { String(decoding: $0, as: UTF16.self) } == "x=1&2")
        #expect(u.fragment.map { String(decoding: $0, as: UTF16.self) } == "frag ment?")
        #expect(RuleInput(AndroidURI("https://shop.example")).path == [])
        #expect(RuleInput(AndroidURI("https://shop.example?q")).query == Array("q".utf16))
        #expect(RuleInput(AndroidURI("https://shop.example/p?")).query == [])
        #expect(RuleInput(AndroidURI("https://shop.example/p")).query == nil)
        #expect(RuleInput.javaSplit(Array("a&&b&&".utf16), on: 0x26).map(Array.init) == [Array("a".utf16), [], Array("b".utf16)])
        #expect(RuleInput.javaSplit([], on: 0x26).count == 1)
        #expect(RuleInput(path: [], query: Array("&&".utf16)).queryParameters?.isEmpty == true)
        #expect(RuleInput(path: [], query: Array("a=1;b=2".utf16)).queryParameters?.count == 2)
        #expect(RuleInput(path: [], query: Array("a=1;b=2&c".utf16)).queryParameters?.count == 2)
        // An opaque URI has no path: no `/` rule matches it.
        #expect(RuleInput(AndroidURI("mailto:x")).path == nil)
    }

    /// Matching is one pass per pattern: hostile patterns and long inputs cost their length.
    @Test func hostilePatternsAreDecidedInOnePass() throws {
        let stars = "/" + String(repeating: "*a", count: 2_000) + "b"
        let list = try Self.rules("[{\"/\": \"\(stars)\"}, {\"/\": \"/" + String(repeating: "?*", count: 2_000) + "\"}]")
        let long = "/" + String(repeating: "a", count: 200_000)
        #expect(list.decide(url: long).rule == 1)
        #expect(list.decide(url: long + "b").rule == 1)
        #expect(list.decide(url: "/" + String(repeating: "a", count: 2_000) + "b").rule == 0)
        // With backtracking a device could match where the policy does not: flagged.
        let p = RulePattern("/*ab")
        #expect(p.matches(Array("/ab".utf16)))
        #expect(!p.matches(Array("/aab".utf16)))
        #expect(p.matchesWithBacktracking(Array("/aab".utf16)))
        #expect(!p.matches(Array("/xaxab".utf16)))
        #expect(p.matchesWithBacktracking(Array("/xaxab".utf16)))
    }
}
