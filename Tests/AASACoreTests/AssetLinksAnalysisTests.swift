import Foundation
import SplitMix
import Testing
@testable import AASACore

/// Rule analysis of dynamic rules (DAL407–DAL412) on Android's semantics, the diff of two
/// statement lists (DAL801–DAL805), and real files.
@Suite struct DynamicRuleAnalysisTests {
    static func findings(_ rules: String) -> [Diagnostic] {
        StatementListParser.parse(Array(DynamicRuleMatchingTests.list(rules).utf8), url: "assetlinks.json").diagnostics
            .filter { $0.code.number.hasPrefix("4") }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var rules: String
        /// (code, rule index) pairs expected, in file order.
        var expected: [String]
        var testDescription: String { rules }
    }

    static func rule(_ d: Diagnostic) -> String {
        let index = d.pointer?.split(separator: "/").last.map(String.init) ?? "?"
        return "\(d.code.rawValue)@\(index)"
    }

    static let rows: [Row] = [
        Row(rules: #"[{"/": "/products/*"}, {"/": "/checkout/*", "exclude": true}, {"/": "*"}]"#, expected: ["DAL407@2"]),
        Row(rules: #"[{"/": "*"}, {"/": "/a/*"}, {"/": "/b/*"}]"#, expected: ["DAL407@0"]),
        Row(rules: #"[{"/": "/a/*"}, {"/": "*", "exclude": true}]"#, expected: ["DAL412@1"]),
        // Single cover, named; an exclude after the include that covers it never excludes.
        Row(rules: #"[{"/": "/products/*"}, {"/": "/products/shoes"}]"#, expected: ["DAL408@1"]),
        Row(rules: #"[{"/": "/products/*"}, {"/": "/products/sale", "exclude": true}, {"/": "/x"}]"#, expected: ["DAL408@1"]),
        // Covered only by the rules before it together.
        Row(rules: #"[{"/": "/?"}, {"/": "/??*"}, {"/": "/?*"}]"#, expected: ["DAL408@2"]),
        // Not covered: the fragment, the query and the empty path each leave URLs.
        Row(rules: ##"[{"/": "/p/*"}, {"/": "/p/*", "#": "x"}]"##, expected: ["DAL408@1"]),
        Row(rules: ##"[{"/": "/p/*", "#": "x"}, {"/": "/p/*"}]"##, expected: []),
        Row(rules: #"[{"/": "/*"}, {"/": "*"}]"#, expected: ["DAL407@1"]),
        Row(rules: #"[{"?": {"a": "*"}}, {"?": {"a": "1", "b": "2"}}]"#, expected: ["DAL408@1"]),
        Row(rules: #"[{"?": {"a": "1", "b": "2"}}, {"?": {"a": "*"}}]"#, expected: []),
        // No backtracking: `/a*c` stops at the first `c`, so it does not cover `/abcc`'s rule.
        Row(rules: #"[{"/": "/a*c"}, {"/": "/abcc"}]"#, expected: ["DAL410@0"]),
        Row(rules: #"[{"/": "/a*c"}, {"/": "/abc"}]"#, expected: ["DAL410@0", "DAL408@1"]),
        Row(rules: #"[{"/": "products/*"}]"#, expected: ["DAL409@0"]),
        Row(rules: #"[{"/": "/a/*"}, {"?": {"q": "x;y"}}]"#, expected: ["DAL411@dynamic_app_link_components"]),
        Row(rules: #"[{"/": "/file.html"}]"#, expected: ["DAL410@0"]),
    ]

    @Test(arguments: rows)
    func analyses(_ row: Row) {
        let found = Self.findings(row.rules).map(Self.rule)
        #expect(found == row.expected)
    }

    /// The search keeps its states packed in one integer when the automata are few and small,
    /// and reads the shortest string of a pattern alone off its steps; it must answer exactly
    /// as the plain search does, witness URL and work counted included: for each rule of the
    /// table's lists and of random ones, "a URL this rule matches and no earlier rule does",
    /// and "a URL this rule matches and the rule just before does not", with a budget that
    /// suffices and with one that runs out.
    @Test func shortcutsAnswerAsThePlainSearchDoes() throws {
        var lists = Self.rows.map(\.rules)
        var rng = SplitMix64(seed: 23)
        let pieces = ["/", "/a", "/b", "*", "?", "c", ".", "/a/*", "/?*", "x", "%", "é", "&", ";", "="]
        func pattern() -> String {
            (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }
        for _ in 0..<120 {
            let rules = (0..<Int.random(in: 1...5, using: &rng)).map { _ -> String in
                var keys = ["\"/\": \"\(pattern())\""]
                if Bool.random(using: &rng) { keys.append("\"#\": \"\(pattern())\"") }
                if Int.random(in: 0..<3, using: &rng) == 0 { keys.append("\"?\": {\"q\": \"\(pattern())\"}") }
                if Bool.random(using: &rng) { keys.append("\"exclude\": true") }
                return "{" + keys.shuffled(using: &rng).joined(separator: ", ") + "}"
            }
            lists.append("[" + rules.joined(separator: ", ") + "]")
        }
        var compared = 0
        for text in lists {
            let parsed = StatementListParser.parse(Array(DynamicRuleMatchingTests.list(text).utf8), url: "assetlinks.json")
            guard let list = parsed.statements.first?.dynamicRules.applied else { continue }
            for rule in list.rules {
                for states in [200_000, 1, 12, 40] {
                    var fast = DynamicRuleSearch(budget: SearchBudget(states: states)), plain = fast
                    plain.packsStates = false
                    plain.readsLonePatterns = false
                    for others in [list.rules[..<rule.index], list.rules[max(0, rule.index - 1)..<rule.index]] {
                        #expect(fast.find(matching: [rule], notMatching: others) == plain.find(matching: [rule], notMatching: others), "\(text)")
                        #expect(fast.budget.states == plain.budget.states && fast.exhausted == plain.exhausted, "\(text)")
                    }
                }
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    @Test func namesTheCoveringRule() throws {
        let d = try #require(Self.findings(#"[{"/": "/products/*"}, {"/": "/x"}, {"/": "/products/sale", "exclude": true}]"#).first)
        #expect(d.message.contains("rule 0 `{\"/\":\"/products/*\"}`"))
        #expect(d.message.contains("never excludes anything"))
        let union = try #require(Self.findings(#"[{"/": "/?"}, {"/": "/??*"}, {"/": "/?*"}]"#).first)
        #expect(union.message.contains("together"))
    }

    /// Past maxRules the rest is named as not analysed; the work stays bounded.
    @Test func analysisIsBounded() throws {
        let rules = "[" + (0..<1_100).map { "{\"/\": \"/s\($0)\"}" }.joined(separator: ",") + "]"
        let found = Self.findings(rules)
        #expect(found.map(\.code.rawValue) == ["DAL411"])
        #expect(try #require(found.first).message.contains("100 rules"))
    }
}

@Suite struct AssetLinksDiffTests {
    typealias T = AssetLinksSiteTestSupport

    static func list(_ rules: String?) -> String {
        rules.map { DynamicRuleMatchingTests.list($0) } ?? T.list(T.app("com.shopwave.app"))
    }

    static func diff(_ old: String?, _ new: String?) -> AssetLinksDiff {
        AssetLinksDiff(oldFile: Array(list(old).utf8), newFile: Array(list(new).utf8), site: T.site)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var old: String?
        var new: String?
        /// Each change: "oldRule>newRule from>to", `m` for the manifest, `-` for no rule.
        var changes: [String]
        var testDescription: String { "\(old ?? "manifest") → \(new ?? "manifest")" }
    }

    static func describe(_ c: AssetLinksDiff.DecisionChange) -> String {
        func r(_ s: AssetLinksDiff.Side) -> String { s.manifestDecides ? "m" : s.rule.map(String.init) ?? "-" }
        return "\(r(c.old))>\(r(c.new)) \(c.old.decision.rawValue)>\(c.new.decision.rawValue)"
    }

    static let rows: [Row] = [
        Row(old: #"[{"/": "/products/*"}]"#, new: #"[{"/": "/products/*"}]"#, changes: []),
        // Reordered rules that do not overlap; JSON written differently: no change.
        Row(old: #"[{"/": "/a/*"}, {"/": "/b/*"}]"#, new: #"[{"/":"/b/*"},{"exclude":false,"/":"/a/*"}]"#, changes: []),
        // A dead rule removed: no change.
        Row(old: #"[{"/": "/a/*"}, {"/": "/a/x"}]"#, new: #"[{"/": "/a/*"}]"#, changes: []),
        Row(old: #"[{"/": "/products/*"}]"#, new: #"[{"/": "/products/sale/*", "exclude": true}, {"/": "/products/*"}]"#,
            changes: ["0>0 match>exclude"]),
        Row(old: #"[{"/": "/products/*"}]"#, new: #"[{"/": "/products/*"}, {"/": "/shoes/*"}]"#, changes: ["->1 no_match>match"]),
        // From the manifest deciding to rules: what the rules do not open stops opening.
        Row(old: nil, new: #"[{"/": "/products/*"}]"#, changes: ["m>- match>no_match"]),
        Row(old: #"[{"/": "/checkout/*", "exclude": true}, {"/": "*"}]"#, new: nil, changes: ["0>m exclude>match"]),
        // A query condition added narrows the rule.
        Row(old: #"[{"/": "/shoes"}]"#, new: #"[{"/": "/shoes", "?": {"in_app": "true"}}]"#, changes: ["0>- match>no_match"]),
    ]

    @Test(arguments: rows)
    func findsTheChanges(_ row: Row) {
        let d = Self.diff(row.old, row.new)
        #expect(d.isComplete, "\(d.incomplete)")
        #expect(d.changes.map(Self.describe) == row.changes)
        #expect(d.lost.isEmpty && d.gained.isEmpty)
    }

    /// Every example decides as reported on both files.
    @Test(arguments: rows)
    func examplesReproduce(_ row: Row) {
        let d = Self.diff(row.old, row.new)
        let old = StatementListParser.parse(Array(Self.list(row.old).utf8), url: "OLD").statements
        let new = StatementListParser.parse(Array(Self.list(row.new).utf8), url: "NEW").statements
        for c in d.changes {
            let a = AppLinksPrediction.decide(old, packageName: c.packageName, fingerprints: nil, url: c.example)
            let b = AppLinksPrediction.decide(new, packageName: c.packageName, fingerprints: nil, url: c.example)
            #expect(a.opensApp == c.old.decision.opensApp && b.opensApp == c.new.decision.opensApp, "\(c.example)")
        }
    }

    @Test func statementsGainedAndLost() {
        let before = T.list(T.app("com.shop.a"), T.app("com.shop.b"), #"{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://login.shop.example"}}"#)
        let after = T.list(T.app("com.shop.a"), T.app("com.shop.c"))
        let d = AssetLinksDiff(oldFile: Array(before.utf8), newFile: Array(after.utf8), site: T.site)
        #expect(d.lost.map(\.statement.relation) == [AssetLinksRelation.handleAllURLs, AssetLinksRelation.getLoginCreds])
        #expect(d.gained.map(\.statement.target) == [.androidApp(packageName: "com.shop.c", fingerprint: T.fp)])
        #expect(d.diagnostics().map(\.code.rawValue) == ["DAL803", "DAL803", "DAL804"])
    }

    /// Completeness against brute force: for random small rule lists, every URL of a set
    /// built from the patterns' own characters that the two lists decide differently falls in
    /// a reported change (by its two deciding rules), unless the diff says it is incomplete.
    @Test func completeAgainstBruteForce() {
        var s = SeededChoices(seed: 0x0A55E7)
        var compared = 0
        for _ in 0..<300 {
            let old = RandomRules.rules(&s, max: 3)
            let new = RandomRules.rules(&s, max: 3)
            let a = StatementListParser.parse(Array(RandomRules.json(old).utf8), url: "OLD").statements
            let b = StatementListParser.parse(Array(RandomRules.json(new).utf8), url: "NEW").statements
            guard let ra = a.first?.dynamicRules.applied, let rb = b.first?.dynamicRules.applied else { continue }
            let d = AssetLinksDiff(old: a, new: b, site: T.site)
            guard d.isComplete else { continue }
            compared += 1
            let reported = Set(d.changes.map { [$0.old.rule ?? -1, $0.new.rule ?? -1] })
            for _ in 0..<40 {
                let url = RandomRules.url(&s)
                let x = ra.decide(url: url), y = rb.decide(url: url)
                guard x.decision.opensApp != y.decision.opensApp else { continue }
                #expect(reported.contains([x.rule ?? -1, y.rule ?? -1]), "\(url): OLD \(RandomRules.json(old)) NEW \(RandomRules.json(new))")
            }
        }
        #expect(compared > 100)
    }
}

/// Real statement lists (Fixtures/assetlinks/corpus, SOURCES.tsv gives each one's origin).
@Suite struct AssetLinksCorpusTests {
    static let expected: [String: [String]] = [
        "0x01-a2a__pilot.json": ["DAL315"],
        "19lmyers__tasks.chara.dev.json": ["DAL319"],
        "1John419__kjs.json": [],
        "2keyapp__2keyapp.github.io.json": ["DAL315", "DAL308"],
        "314-Apps__314-apps.com.json": [],
        "3615git__tinybattle.json": [],
        "3llomi__FireAppSubDomain.json": [],
        "Expensify__App.json": [],
    ]

    @Test func everyFileHasItsExpectedFindings() throws {
        let folder = fixture("assetlinks/corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == Self.expected.keys.sorted())
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            let v = AssetLinksValidator.validate(bytes, name: name)
            #expect(v.diagnostics.map(\.code.rawValue) == Self.expected[name], "\(name): \(v.diagnostics.map(\.message))")
            #expect(!v.resolved.listing().isEmpty || name.hasPrefix("2keyapp"))
        }
    }
}
