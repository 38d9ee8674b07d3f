import Foundation
import Testing
@testable import AASACore

/// Issue 17: the minimized inputs of each kind that took tens of seconds or gigabytes, with
/// the outcome they must have. Times live in scripts/bench-limits.sh, not here.
@Suite struct BoundedWorkTests {
    let app = "ABCDE12345.com.example.app"

    func document(_ components: [String], variables: String = "") -> String {
        let extra = variables.isEmpty ? "" : #""substitutionVariables": \#(variables), "#
        return #"{"applinks": {\#(extra)"details": [{"appIDs": ["\#(app)"], "components": [\#(components.joined(separator: ","))]}]}}"#
    }

    func matcher(_ json: String) throws -> DocumentMatcher {
        let result = validate(json, domain: "example.com")
        return DocumentMatcher(document: try #require(result.document), host: "example.com")
    }

    /// Kind 2: a 100,000-character literal pattern beside `/buy/*` (the candidate index was
    /// quadratic in the prefix length), and its neighbours: a `%2F` run, the literal first, a
    /// long literal after a star. Each row: the two rules (by shape) and whether the first
    /// covers the second.
    @Test(arguments: [
        ("buy", "literal a", false), ("buy", "literal %2F", false), ("literal a", "buy", false),
        ("/a*", "literal a*", true), ("*a…", "*a…b", false),
    ])
    func longLiteralPatterns(_ first: String, _ second: String, _ covered: Bool) {
        func rule(_ shape: String) -> String {
            switch shape {
            case "buy": return #"{"/": "/buy/*"}"#
            case "literal a": return #"{"/": "/\#(String(repeating: "a", count: 100_000))"}"#
            case "literal %2F": return #"{"/": "/\#(String(repeating: "%2F", count: 33_000))"}"#
            case "literal a*": return #"{"/": "/\#(String(repeating: "a", count: 100_000))*"}"#
            case "*a…": return #"{"/": "*\#(String(repeating: "a", count: 50_000))"}"#
            case "*a…b": return #"{"/": "*\#(String(repeating: "a", count: 50_000))b"}"#
            default: return #"{"/": "\#(shape)"}"#
            }
        }
        let found = codes(validate(document([rule(first), rule(second)])).diagnostics)
        #expect(!found.contains("AASA405"), "decided, not stopped: \(found)")
        #expect(found.contains("AASA402") == covered)
    }

    /// Kind 2 in `match`: a long pattern and a long URL, decided linearly (200,000 characters
    /// here, as the debug build runs the tests; bench-limits.sh times 1 MB).
    @Test func megabytePatternAndURL() throws {
        let n = 200_000
        let m = try matcher(document([
            #"{"/": "/\#(String(repeating: "a", count: n))*"}"#,
            #"{"/": "*\#(String(repeating: "ab", count: n / 4))?*c"}"#,
            #"{"/": "*a?a?a?a?a?a*b*"}"#,
        ]))
        let long = String(repeating: "a", count: n)
        #expect(m.decision("/" + long + "x", appID: app)?.component == 0)
        #expect(m.decision("/" + long.dropLast(), appID: app)?.decision == .noMatch)
        #expect(m.decision("/" + String(repeating: "ab", count: n / 4) + "zc", appID: app)?.component == 1)
        // Rule 1 needs a character between the run and `c`; rule 2's `a?a?…` then takes it.
        #expect(m.decision("/" + String(repeating: "ab", count: n / 4) + "c", appID: app)?.component == 2)
        // First match: the long literal prefix of rule 0 decides before rule 2.
        #expect(m.decision("/" + long + "b", appID: app)?.component == 0)
        #expect(m.decide("https://example.com/" + long + "b", appID: app)?.component == 0)
        #expect(m.decision("/b" + long + "b", appID: app)?.component == 2)
    }

    /// Kind 2's neighbour: 300 `*` before a variable (alternatives, so no near-linear plan)
    /// kept one live place per `*` in the NFA simulation, 300 × the URL's length. A `*` that
    /// every way passes accepts whatever the places before it would, so they are dropped.
    @Test func manyStarsBeforeAVariable() throws {
        let stars = String(repeating: "*a", count: 300)
        let m = try matcher(document([#"{"/": "/\#(stars)$(v)"}"#, #"{"/": "/b/*"}"#],
                                     variables: #"{"v": ["x", "y*"]}"#))
        let long = String(repeating: "a", count: 100_000)
        #expect(m.decision("/" + long + "x", appID: app)?.component == 0)
        #expect(m.decision("/" + long + "yzz", appID: app)?.component == 0)
        #expect(m.decision("/" + long, appID: app)?.decision == .noMatch)
        #expect(m.decision("/" + long + "xz", appID: app)?.decision == .noMatch)
        #expect(m.decision("/" + String(repeating: "a", count: 299) + "x", appID: app)?.decision == .noMatch)
        #expect(m.decision("/" + String(repeating: "a", count: 300) + "x", appID: app)?.component == 0)
        #expect(m.decision("/" + String(repeating: "ba", count: 50_000) + "y", appID: app)?.component == 0)
        #expect(m.decision("/b/" + String(repeating: "ba", count: 50_000), appID: app)?.component == 1)
    }

    /// Kind 3: a thousand substitution-variable values with `*`, `?` and non-ASCII text.
    @Test func thousandVariableValues() throws {
        let values = (0..<1000).map { #""*é\#($0)?""# }.joined(separator: ",")
        let json = document([#"{"/": "/account/$(v)", "percentEncoded": false}"#, #"{"/": "/account/$(v)x", "percentEncoded": false}"#,
                             #"{"/": "/account/*", "percentEncoded": false}"#],
                            variables: #"{"v": [\#(values)]}"#)
        let result = validate(json)
        // Every finding is either a decided overlap or says the limits stopped it (AASA318:
        // the example app ID is Apple's placeholder).
        #expect(codes(result.diagnostics).allSatisfy { ["AASA318", "AASA402", "AASA404", "AASA405"].contains($0) })
        let m = try matcher(json)
        #expect(m.decision("/account/*", appID: app)?.component == 2)
        #expect(m.decision("/account/xé17z", appID: app)?.component == 0)
        #expect(m.decision("/account/é999zx", appID: app)?.component == 1)
        #expect(m.decision("/account/é1000z", appID: app)?.component == 2)
        // The values share one trie: their common `*` is one loop, so after `/account/x` two
        // places are alive (the loop and `é`), not a thousand.
        let pattern = CompiledPattern("/account/$(v)", variables: ["v": (0..<1000).map { "*é\($0)?" }])
        var places = pattern.startSet()
        for c in "/account/x".unicodeScalars { places = pattern.step(places, c.value) }
        #expect(places.count == 2)
    }

    /// Kind 5: 20,000 legacy paths sharing a prefix, and wildcard rules sharing a prefix: the
    /// candidate index finds each rule's few possible coverers, so every pair is decided (no
    /// AASA405). `/item/*/p17?` ends in `p17` and one scalar, which `/item/*/p1?` never does;
    /// `*/p1*x*` holds every URL `*/p17*x*` does, so each of the 19,990 rules past the first ten
    /// is hidden by the rule of its first digit.
    @Test(arguments: [("/item/*/p%d?", 0), ("*/p%d*x*", 19_990)])
    func manyRulesSharingAPrefix(_ shape: String, hidden: Int) {
        let list = (0..<20_000).map { "\"\(shape.replacingOccurrences(of: "%d", with: String($0)))\"" }.joined(separator: ",")
        let result = validate(#"{"applinks": {"details": [{"appID": "\#(app)", "paths": [\#(list)]}]}}"#)
        let found = codes(result.diagnostics)
        #expect(found.contains("AASA107"))
        #expect(!found.contains("AASA405"))
        let shadowed = result.diagnostics.filter { $0.code == .aasa402 }
        #expect(shadowed.count == hidden)
        if hidden > 0 {
            #expect(shadowed.first { $0.message.contains("paths[17] `") }?.message.contains("paths[1] `*/p1*x*`") == true)
            #expect(shadowed.first { $0.message.contains("paths[12345] `") }?.message.contains("paths[1] `*/p1*x*`") == true)
        }
    }

    /// Kind 6: long routes with placeholders against many overlapping rules: each verdict is
    /// decided or undecided (AASA405), never a failure the analysis did not prove.
    @Test func longRoutesAgainstManyRules() throws {
        let heads = ["a", "b", "c", "shop", "help"]
        let rules = (0..<600).map { i in
            #"{"/": "/\#(heads[i % 5])/*/\#(["x", "y", "z"][i % 3])\#(i)*"\#(i % 5 == 0 ? #", "exclude": true"# : "")}"#
        }
        let json = document(rules)
        let m = try matcher(json)
        let segments = ["a", "shop", ":id", "{x}", "b"]
        let routes = (0..<4).map { r in "/" + (0..<30).map { segments[($0 * 7 + r * 3) % 5] }.joined(separator: "/") }
        let result = RouteCheck.run(matcher: m, domain: "example.com",
                                    routes: RouteList.parse(Array(routes.joined(separator: "\n").utf8)).routes,
                                    appIDs: [], routesFile: "routes")
        #expect(result.verdicts.count == 4)
        for v in result.verdicts where v.coverage == .undecided {
            #expect(v.ok)
            #expect(result.diagnostics.contains { $0.code == .aasa405 && $0.message.hasPrefix(v.route.text) })
        }
        for v in result.verdicts where v.coverage != .undecided && v.coverage != .sometimes {
            // A decided verdict agrees with the matcher on its own example.
            let example = v.route.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { RouteList.placeholderName($0) != nil ? "v" : String($0) }.joined(separator: "/")
            let decision = m.decision(example, appID: app)?.decision
            #expect((decision == .match) == (v.coverage == .always))
        }
    }
}
