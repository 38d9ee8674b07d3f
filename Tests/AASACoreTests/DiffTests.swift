import Foundation
import SplitMix
import Testing
@testable import AASACore

let diffApp = "ABCDE12345.com.example.app"

/// One expected decision change: the example's decisions and deciding rules (component
/// indices, `nil` for none) on OLD and NEW.
struct ExpectedChange: CustomStringConvertible {
    var from: MatchDecision
    var to: MatchDecision
    var old: Int?
    var new: Int?
    var description: String { "\(from.rawValue)(\(old.map(String.init) ?? "-")) → \(to.rawValue)(\(new.map(String.init) ?? "-"))" }
}

func change(_ from: MatchDecision, _ old: Int?, _ to: MatchDecision, _ new: Int?) -> ExpectedChange {
    ExpectedChange(from: from, to: to, old: old, new: new)
}

/// A pair of files and the decision changes their diff must give.
struct DiffCase: CustomStringConvertible, Sendable {
    var name: String
    var old: String
    var new: String
    var expected: [ExpectedChangeValue]
    /// Why the comparison may not be complete, when it cannot be.
    var incomplete: DiffIncompleteReason? = nil
    var description: String { name }
}

/// Sendable form of ``ExpectedChange`` for test arguments.
struct ExpectedChangeValue: Sendable, Hashable {
    var from: String
    var to: String
    var old: Int?
    var new: Int?
}

func diffCase(_ name: String, _ old: String, _ new: String, _ changes: [ExpectedChange],
              incomplete: DiffIncompleteReason? = nil) -> DiffCase {
    DiffCase(name: name, old: old, new: new,
             expected: changes.map { ExpectedChangeValue(from: $0.from.rawValue, to: $0.to.rawValue, old: $0.old, new: $0.new) },
             incomplete: incomplete)
}

/// Decides every example again with the matcher on both files: what does not give the
/// change's decisions and deciding rules (and the same decision on the fast path).
func reproductionProblems(_ diff: DocumentDiff, old: AASADocument, new: AASADocument) -> [String] {
    let oldMatcher = DocumentMatcher(document: old, host: "example.com")
    let newMatcher = DocumentMatcher(document: new, host: "example.com")
    var problems: [String] = []
    for c in diff.changes where c.kind == .decision {
        guard let example = c.example else { problems.append("a decision change without an example"); continue }
        let url = "https://example.com" + example
        guard let before = oldMatcher.decide(url, appID: c.appID), let after = newMatcher.decide(url, appID: c.appID) else {
            problems.append("\(example) is not a URL")
            continue
        }
        if ChangeState.decision(before.decision) != c.from { problems.append("\(example) on OLD: \(before.explanation)") }
        if ChangeState.decision(after.decision) != c.to { problems.append("\(example) on NEW: \(after.explanation)") }
        if before.component != c.old?.component || (before.decision == .noMatch) != (c.old == nil) { problems.append("\(example): OLD rule") }
        if after.component != c.new?.component || (after.decision == .noMatch) != (c.new == nil) { problems.append("\(example): NEW rule") }
        if oldMatcher.decision(url, appID: c.appID)?.decision != before.decision { problems.append("\(example): OLD fast path") }
        if newMatcher.decision(url, appID: c.appID)?.decision != after.decision { problems.append("\(example): NEW fast path") }
    }
    return problems
}

func expectExamplesReproduce(_ diff: DocumentDiff, old: AASADocument, new: AASADocument,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let problems = reproductionProblems(diff, old: old, new: new)
    #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
}

/// Runs long, CPU-bound work on a thread of its own, so it blocks none of the cooperative
/// threads other tests (network ones with deadlines) need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

func documents(_ old: String, _ new: String) throws -> (AASADocument, AASADocument) {
    let o = try #require(validate(old).document, "OLD does not decode")
    let n = try #require(validate(new).document, "NEW does not decode")
    return (o, n)
}

@Suite struct DiffTests {
    static let equivalentRewrites: [DiffCase] = [
        diffCase("disjoint rules reordered",
                 components(#"[{"/":"/shop/*"},{"/":"/help/*","exclude":true},{"/":"/account"}]"#),
                 components(#"[{"/":"/account"},{"/":"/shop/*"},{"/":"/help/*","exclude":true}]"#), []),
        diffCase("paths rewritten as components",
                 paths(#"["NOT /shop/cart", "/shop/*", "/help/*"]"#),
                 components(#"[{"/":"/shop/cart","exclude":true,"caseSensitive":true},{"/":"/shop/*"},{"/":"/help/*"}]"#), []),
        diffCase("key order and white space",
                 components(##"[{"/":"/shop/*","?":{"ref":"?*"},"#":"x"}]"##),
                 "{\n  \"applinks\": {\"details\": [ {\"components\": [ {\"#\": \"x\", \"?\": {\"ref\": \"?*\"}, \"/\": \"/shop/*\"} ],\n \"appIDs\": [\"ABCDE12345.com.example.app\"]} ] } }", []),
        diffCase("removed rule a later rule covers",
                 components(#"[{"/":"/shop/sale/*"},{"/":"/shop/*"}]"#),
                 components(#"[{"/":"/shop/*"}]"#), []),
        diffCase("dead rule removed",
                 components(#"[{"/":"/shop/*"},{"/":"/shop/x","exclude":true}]"#),
                 components(#"[{"/":"/shop/*"}]"#), []),
        diffCase("pattern rewritten with the same meaning",
                 components(#"[{"/":"/a/*"},{"/":"/b//c"}]"#),
                 components(#"[{"/":"a/**"},{"/":"/b/c/"}]"#), []),
        diffCase("defaults moved into the rules",
                 components(#"[{"/":"/Shop/*"},{"/":"/x","exclude":true}]"#, defaults: #"{"caseSensitive":false}"#),
                 components(#"[{"/":"/shop/*","caseSensitive":false},{"/":"/X","caseSensitive":false,"exclude":true}]"#), []),
        diffCase("substitution variable inlined",
                 components(#"[{"/":"/$(food)/*"}]"#, applinksExtra: #""substitutionVariables": {"food": ["pizza", "sushi"]}, "#),
                 components(#"[{"/":"/pizza/*"},{"/":"/sushi/*"}]"#), []),
        diffCase("query string and object that accept the same",
                 components(#"[{"/":"/a","?":"*"}]"#),
                 components(#"[{"/":"/a","?":{"ref":"*"}}]"#), []),
    ]

    @Test(arguments: equivalentRewrites)
    func equivalentRewriteIsNoChange(_ c: DiffCase) throws {
        let (o, n) = try documents(c.old, c.new)
        let diff = DocumentDiff(old: o, new: n)
        #expect(diff.changes.isEmpty, "\(diff.changes.map { "\($0.example ?? ""): \($0.from.name) → \($0.to.name)" })")
        #expect(diff.isComplete)
        #expect(diff.isEquivalent)
        #expect(diff.diagnostics().isEmpty)
    }

    static let changes: [DiffCase] = [
        diffCase("a new exclude",
                 components(#"[{"/":"/shop/*"}]"#),
                 components(#"[{"/":"/shop/cart","exclude":true},{"/":"/shop/*"}]"#),
                 [change(.match, 0, .exclude, 0)]),
        diffCase("a tightened query",
                 components(#"[{"/":"/help/*","?":{"article":"*"}}]"#),
                 components(#"[{"/":"/help/*","?":{"article":"????"}}]"#),
                 [change(.match, 0, .noMatch, nil)]),
        diffCase("case sensitivity changed",
                 components(#"[{"/":"/shop/*","caseSensitive":false}]"#),
                 components(#"[{"/":"/shop/*"}]"#),
                 [change(.match, 0, .noMatch, nil)]),
        diffCase("a substitution variable value removed",
                 components(#"[{"/":"/$(food)/*"}]"#, applinksExtra: #""substitutionVariables": {"food": ["pizza", "sushi"]}, "#),
                 components(#"[{"/":"/$(food)/*"}]"#, applinksExtra: #""substitutionVariables": {"food": ["pizza"]}, "#),
                 [change(.match, 0, .noMatch, nil)]),
        diffCase("an exclude moved after a broad rule",
                 components(#"[{"/":"/account/delete","exclude":true},{"/":"/account/*"}]"#),
                 components(#"[{"/":"/account/*"},{"/":"/account/delete","exclude":true}]"#),
                 [change(.exclude, 0, .match, 0)]),
        diffCase("a fragment exclude added",
                 components(#"[{"/":"/buy/*"}]"#),
                 components(##"[{"#":"nolink","exclude":true},{"/":"/buy/*"}]"##),
                 [change(.match, 0, .exclude, 0), change(.noMatch, nil, .exclude, 0)]),
        diffCase("rule widened",
                 components(#"[{"/":"/a/?"}]"#),
                 components(#"[{"/":"/a/*"}]"#),
                 [change(.noMatch, nil, .match, 0)]),
        diffCase("percent encoding changed",
                 components(#"[{"/":"/caf\u00e9/*","percentEncoded":false}]"#),
                 components(#"[{"/":"/caf\u00e9/*"}]"#),
                 [change(.match, 0, .noMatch, nil)], incomplete: .mixedPercentEncoding),
        diffCase("exclude and no match trade places",
                 components(#"[{"/":"/x","exclude":true},{"/":"/y"}]"#),
                 components(#"[{"/":"/y"}]"#),
                 [change(.exclude, 0, .noMatch, nil)]),
        diffCase("query item became required",
                 components(#"[{"/":"/p","?":{"id":"*"}}]"#),
                 components(#"[{"/":"/p","?":{"id":"?*"}}]"#),
                 [change(.match, 0, .noMatch, nil)]),
        diffCase("whole query rewritten as an item that differs",
                 components(#"[{"/":"/p","?":"id=*"}]"#),
                 components(#"[{"/":"/p","?":{"id":"?*"}}]"#),
                 [change(.match, 0, .noMatch, nil), change(.noMatch, nil, .match, 0)]),
        diffCase("entry without rules replaced by rules",
                 #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"#,
                 components(#"[{"/":"/a/*"}]"#),
                 [change(.match, 0, .noMatch, nil)]),
    ]

    @Test(arguments: changes)
    func changeIsFound(_ c: DiffCase) throws {
        let (o, n) = try documents(c.old, c.new)
        let diff = DocumentDiff(old: o, new: n)
        let found = diff.changes.map {
            ExpectedChangeValue(from: $0.from.name, to: $0.to.name, old: $0.old?.component ?? ($0.old != nil ? 0 : nil),
                                new: $0.new?.component ?? ($0.new != nil ? 0 : nil))
        }
        #expect(Set(found) == Set(c.expected), "\(diff.changes.map { "\($0.example ?? ""): \($0.from.name) → \($0.to.name)" })")
        #expect(found.count == c.expected.count)
        #expect(diff.incomplete.map(\.reason) == (c.incomplete.map { [$0] } ?? []), "\(diff.incomplete)")
        expectExamplesReproduce(diff, old: o, new: n)
    }

    @Test func examplesNameTheURL() throws {
        let (o, n) = try documents(components(#"[{"/":"/shop/*"}]"#), components(#"[{"/":"/shop/cart","exclude":true},{"/":"/shop/*"}]"#))
        let diff = DocumentDiff(old: o, new: n)
        #expect(diff.changes.map(\.example) == ["/shop/cart"])
        let findings = diff.diagnostics()
        #expect(findings.map(\.code) == [.aasa801])
        #expect(findings.first?.pointer == "/applinks/details/0/components/0")
        #expect(findings.first?.message.contains("/shop/cart") == true)
        #expect(diff.losses(for: diffApp).count == 1)
        #expect(diff.losses(for: "abcde12345.com.example.app").count == 1)
    }

    @Test func appIDsAddedAndRemoved() throws {
        let old = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.gone"], "components": [{"/": "/a/*"}]}]}, "webcredentials": {"apps": ["ABCDE12345.com.example.app"]}, "appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}}"#
        let new = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.new"], "components": [{"/": "/a/*"}, {"/": "/b"}]}]}, "webcredentials": {"apps": ["abcde12345.com.example.app"]}, "activitycontinuation": {"apps": ["ABCDE12345.com.example.app"]}}"#
        let (o, n) = try documents(old, new)
        let diff = DocumentDiff(old: o, new: n)
        let ids = diff.changes.filter { $0.kind == .appID }.map { "\($0.service.rawValue) \($0.appID) \($0.from.name)→\($0.to.name)" }
        #expect(ids == [
            "applinks ABCDE12345.com.example.gone listed→absent",
            "applinks ABCDE12345.com.example.new absent→listed",
            "appclips ABCDE12345.com.example.app.Clip listed→absent",
            "activitycontinuation ABCDE12345.com.example.app absent→listed",
        ])
        // Only the app on both sides gets decision changes; the added and removed apps none.
        let decisions = diff.changes.filter { $0.kind == .decision }
        #expect(decisions.map(\.appID) == [diffApp])
        #expect(decisions.map(\.example) == ["/b"])
        let codes = diff.diagnostics().map(\.code)
        #expect(codes.filter { $0 == .aasa803 }.count == 2)
        #expect(codes.filter { $0 == .aasa804 }.count == 2)
        #expect(codes.filter { $0 == .aasa802 }.count == 1)
        expectExamplesReproduce(diff, old: o, new: n)
    }

    @Test(arguments: [DiffLimits(work: 100_000), DiffLimits(statesPerCondition: 300)])
    func stoppedComparisonClaimsNothing(_ limits: DiffLimits) throws {
        let old = components(#"[{"/":"/x/*b*"},{"/":"/x/*a?????????????????????","exclude":true}]"#)
        let new = components(#"[{"/":"/x/*a?????????????????????","exclude":true},{"/":"/x/*b*"}]"#)
        let (o, n) = try documents(old, new)
        let diff = DocumentDiff(old: o, new: n, limits: limits)
        #expect(!diff.isComplete)
        #expect(!diff.isEquivalent)
        let gap = try #require(diff.incomplete.first)
        #expect(gap.reason == .workLimit)
        #expect(gap.new.contains { $0.component == 0 })
        #expect(diff.diagnostics().contains { $0.code == .aasa805 && $0.message.contains("components[0]") })
        expectExamplesReproduce(diff, old: o, new: n)
    }

    /// Sections of four rules (an exclude, literal segments with `*`, a query object, `*`
    /// inside the path with `?*`), `count` rules in all.
    static func large(_ count: Int, lose: Int? = nil, gain: Bool = false) -> String {
        var rules: [String] = []
        for k in 0..<(count / 4) {
            rules.append(#"{"/":"/sec\#(k)/private/*","exclude":true}"#)
            rules.append(k == lose ? #"{"/":"/sec\#(k)/items/new"}"# : #"{"/":"/sec\#(k)/items/*"}"#)
            rules.append(#"{"/":"/sec\#(k)/search","?":{"q":"?*","page":"*"}}"#)
            rules.append(#"{"/":"/sec\#(k)/*/detail/?*"}"#)
        }
        if gain { rules.append(#"{"/":"/campaign/*"}"#) }
        return components("[" + rules.joined(separator: ",") + "]")
    }

    @Test func thousandRulesOneRegionLostOneGained() async throws {
        // Decoded without the validation checks (a diff does not need them).
        let o = try DocumentDiff.decode(Array(Self.large(1000).utf8), side: "old")
        let n = try DocumentDiff.decode(Array(Self.large(1000, lose: 120, gain: true).utf8), side: "new")
        let (diff, same, problems) = await offPool {
            let diff = DocumentDiff(old: o, new: n)
            return (diff, DocumentDiff(old: o, new: o), reproductionProblems(diff, old: o, new: n))
        }
        #expect(diff.isComplete)
        let found = diff.changes.map { "\($0.example ?? "") \($0.from.name)(\($0.old?.component ?? -1)) → \($0.to.name)(\($0.new?.component ?? -1))" }
        #expect(found == ["/campaign no_match(-1) → match(1000)", "/sec120/items match(481) → no_match(-1)"])
        #expect(problems.isEmpty, "\(problems)")
        #expect(same.isEquivalent)
    }

    @Test func unreadableSideThrows() {
        #expect(throws: DocumentDiffError.self) { try DocumentDiff(old: Array("[]".utf8), new: Array("{}".utf8)) }
    }
}

/// Random pairs of small documents: every URL of a generated set that the two files decide
/// differently falls in a reported change (by its two deciding rules), and every reported
/// example reproduces.
@Suite struct DiffPropertyTests {
    struct Generator {
        var rng: SplitMix64

        mutating func next() -> UInt64 { rng.next() }

        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

        mutating func rule() -> String {
            var keys: [String] = []
            if chance(85) {
                keys.append(#""/": "\#(pick(["/a", "/a/*", "/a/?", "/*/b", "/ab*", "*", "/a/b", "/A/*", "/$(digit)*", "/a/?*", "/b/*", "/%61/*"]))""#)
            }
            if chance(30) {
                if chance(70) {
                    let name = pick(["x", "y"])
                    keys.append(#""?": {"\#(name)": "\#(pick(["*", "?*", "1", "?", ""]))"}"#)
                } else {
                    keys.append(#""?": "\#(pick(["x=*", "*1*", ""]))""#)
                }
            }
            if chance(20) { keys.append(##""#": "\##(pick(["f", "*f*", ""]))""##) }
            if chance(30) { keys.append(#""exclude": true"#) }
            if chance(20) { keys.append(#""caseSensitive": false"#) }
            if chance(8) { keys.append(#""percentEncoded": false"#) }
            return "{" + keys.joined(separator: ", ") + "}"
        }

        mutating func rules() -> [String] { (0..<(1 + Int(next() % 5))).map { _ in rule() } }

        /// NEW made from OLD by one or two edits of the kinds releases make.
        mutating func edit(_ rules: [String]) -> [String] {
            var out = rules
            for _ in 0..<(1 + Int(next() % 2)) {
                switch next() % 5 {
                case 0 where out.count > 1:
                    let i = Int(next() % UInt64(out.count)), j = Int(next() % UInt64(out.count))
                    out.swapAt(i, j)
                case 1 where !out.isEmpty:
                    out.remove(at: Int(next() % UInt64(out.count)))
                case 2:
                    out.insert(rule(), at: Int(next() % UInt64(out.count + 1)))
                case 3 where !out.isEmpty:
                    out[Int(next() % UInt64(out.count))] = rule()
                default:
                    out.append(rule())
                }
            }
            return out
        }
    }

    static let urls: [String] = {
        var out: [String] = []
        for path in ["/", "/a", "/a/", "/A", "/a/b", "/A/b", "/ab", "/abc", "/a/bc", "/b", "/b/a", "/1", "/12", "/c/b", "/%61/b", "/a/%62", "/a%2Fb"] {
            for query in ["", "?x=1", "?x=", "?x=1&x=2", "?y=1", "?x", "?x=11", "?y=a&x=1"] {
                for fragment in ["", "#f", "#F", "#xfx"] {
                    out.append(path + query + fragment)
                }
            }
        }
        return out
    }()

    @Test(arguments: 0..<6)
    func everyDifferingURLIsInAChange(_ batch: Int) async {
        let (compared, differing, problems) = await offPool { Self.check(batch: batch) }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(compared >= 30)
        #expect(differing > 0)
    }

    /// Pairs compared completely, URLs decided differently, and what went wrong.
    static func check(batch: Int) -> (Int, Int, [String]) {
        var g = Generator(rng: SplitMix64(seed: 0xD1FF_0000 + UInt64(batch)))
        var compared = 0, differing = 0
        var problems: [String] = []
        for _ in 0..<40 {
            let oldRules = g.rules()
            let newRules = g.edit(oldRules)
            let old = components("[" + oldRules.joined(separator: ", ") + "]")
            let new = components("[" + newRules.joined(separator: ", ") + "]")
            guard let o = validate(old).document, let n = validate(new).document else {
                problems.append("does not decode: \(old) / \(new)")
                continue
            }
            let diff = DocumentDiff(old: o, new: n)
            problems += reproductionProblems(diff, old: o, new: n)
            // Mixed percent decoding is compared with the usual escapes only (said as AASA805);
            // it is held to the same standard for the URLs generated here.
            guard diff.incomplete.allSatisfy({ $0.reason == .mixedPercentEncoding }) else { continue }
            compared += 1
            let reported = Set(diff.changes.map { [$0.old?.component ?? -1, $0.new?.component ?? -1] })
            let oldMatcher = DocumentMatcher(document: o), newMatcher = DocumentMatcher(document: n)
            for url in urls {
                guard let a = oldMatcher.decide(url, appID: diffApp), let b = newMatcher.decide(url, appID: diffApp) else {
                    problems.append("\(url) is not a URL")
                    continue
                }
                guard a.decision != b.decision else { continue }
                differing += 1
                let pair = [a.decision == .noMatch ? -1 : a.component ?? -1, b.decision == .noMatch ? -1 : b.component ?? -1]
                if !reported.contains(pair) {
                    problems.append("\(url): \(a.decision.rawValue) → \(b.decision.rawValue) not reported\nOLD \(old)\nNEW \(new)\nreported \(diff.changes.map { "\($0.example ?? "") \($0.from.name)→\($0.to.name)" })")
                }
            }
        }
        return (compared, differing, problems)
    }
}

/// AASA312 decided by behaviour (issue 10 item 3): info when the legacy `paths` decide every
/// URL as the `components` do, a warning with an example URL where they differ.
@Suite struct LegacyPathsComparisonTests {
    func both(_ paths: String, _ components: String, defaults: String? = nil) -> String {
        let d = defaults.map { #", "defaults": \#($0)"# } ?? ""
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": \#(paths), "components": \#(components)\#(d)}]}}"#
    }

    /// (paths, components, defaults, expected severity, URL the message gives or nil)
    static let cases: [(String, String, String?, Severity, String?)] = [
        // The example of the code and its neighbours.
        (#"["/shop/*"]"#, #"[{"/":"/buy/*"}]"#, nil, .warning, "/buy"),
        (#"["/buy/*"]"#, #"[{"/":"/buy/*"}]"#, nil, .info, nil),
        (#"["/buy/*", "/shop/*"]"#, #"[{"/":"/shop/*"},{"/":"/buy/*"}]"#, nil, .info, nil),
        (#"["NOT /buy/x", "/buy/*"]"#, #"[{"/":"/buy/x","exclude":true},{"/":"/buy/*"}]"#, nil, .info, nil),
        (#"["/buy/*", "NOT /buy/x"]"#, #"[{"/":"/buy/x","exclude":true},{"/":"/buy/*"}]"#, nil, .warning, "/buy/x"),
        (#"["*"]"#, #"[{"/":"/*"}]"#, nil, .info, nil),
        (#"["/buy/*"]"#, #"[{"/":"/buy/*","?":{"ref":"?*"}}]"#, nil, .warning, "/buy"),
        (#"["/buy/*"]"#, ##"[{"#":"nolink","exclude":true},{"/":"/buy/*"}]"##, nil, .warning, "/buy#nolink"),
        // Excluded on one side and matched by no rule on the other: both stay on the web.
        (#"["NOT /x", "/buy/*"]"#, #"[{"/":"/buy/*"}]"#, nil, .info, nil),
        (#"["/Buy/*"]"#, #"[{"/":"/buy/*"}]"#, #"{"caseSensitive": false}"#, .info, nil),
        (#"["/Buy/*"]"#, #"[{"/":"/buy/*","caseSensitive":false}]"#, nil, .warning, "/buy"),
    ]

    @Test(arguments: cases.indices)
    func decidedByBehaviour(_ i: Int) throws {
        let (paths, components, defaults, severity, url) = Self.cases[i]
        let found = validate(both(paths, components, defaults: defaults)).diagnostics.filter { $0.code == .aasa312 }
        let finding = try #require(found.first, "no AASA312 for \(paths) / \(components)")
        #expect(found.count == 1)
        #expect(finding.severity == severity, "\(finding.message)")
        #expect(finding.pointer == "/applinks/details/0/paths")
        if let url {
            #expect(finding.message.contains(" \(url) "), "\(finding.message)")
        }
        if severity == .info { #expect(finding.message.contains("exactly the same URLs")) }
    }

    @Test func withoutPathsNothingIsSaid() {
        #expect(!validate(components(#"[{"/":"/buy/*"}]"#)).diagnostics.contains(code: .aasa312))
    }

    /// Real files: those whose paths say what their components say get the info, the others
    /// the warning with the URL that differs.
    @Test(arguments: [
        ("carga-red__www.carga.red__static_.well-known_apple-app-site-association", Severity.info),
        ("edityomurti__apple-app-site-association-pls__static_.well-known_apple-app-site-association", .info),
        ("AgoraIO-Community__Universal-Links-SwiftUI__apple-app-site-association", .warning),
        ("Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association", .warning),
    ])
    func corpusFiles(_ file: String, _ severity: Severity) throws {
        let bytes = try Array(Data(contentsOf: fixture("corpus/aasa/" + file)))
        let found = Validator.validate(bytes).diagnostics.filter { $0.code == .aasa312 }
        #expect(found.map(\.severity) == [severity], "\(found.map(\.message))")
    }
}

/// Item names are compared exactly even when the rule folds case: `?Q=` and `?q=` are
/// different items, while their values fold.
@Suite struct DiffItemNameTests {
    @Test func caseInsensitiveRuleStillComparesNamesExactly() throws {
        let old = components(#"[{"/":"/p","?":{"Q":"a"},"caseSensitive":false}]"#)
        let new = components(#"[{"/":"/p","?":{"Q":"A"},"caseSensitive":false},{"/":"/p","?":{"q":"*"},"exclude":true}]"#)
        let (o, n) = try documents(old, new)
        let diff = DocumentDiff(old: o, new: n)
        #expect(diff.isComplete)
        // ?Q=a opens the app on both; without Q (or with Q=b) the new exclude decides.
        #expect(diff.changes.map { "\($0.from.name)→\($0.to.name)" } == ["no_match→exclude"])
        expectExamplesReproduce(diff, old: o, new: n)
    }
}
