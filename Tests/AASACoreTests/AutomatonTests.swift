import Foundation
import Testing
@testable import AASACore

/// The compiled automaton (issue 15) against the rule-by-rule matcher and the reference
/// matcher of spec §5, on random documents — with its cache at its normal size and so small
/// that it is emptied at almost every new state — and its bounds on hostile files.
@Suite struct AutomatonTests {
    static let app = RandomDocuments.app
    static let host = RandomDocuments.host

    /// The decision of every path of the matcher for `url`: the fast path and the general one,
    /// with the automaton and rule by rule, and the explaining one.
    static func decisions(_ compiled: CompiledDocument, _ url: String, app: String = app)
        -> [(String, MatchDecision?, Int?)] {
        var out: [(String, MatchDecision?, Int?)] = []
        for strategy in MatchStrategy.allCases {
            let m = DocumentMatcher(compiled: compiled, host: host, strategy: strategy)
            let fast = m.decision(url, appID: app)
            out.append(("\(strategy) fast", fast?.decision, fast?.component))
            let parts = URLParts(url)
            let general = parts.map { m.decision($0, appID: app) }
            out.append(("\(strategy) general", general?.decision, general?.component))
            let explained = parts.map { m.decide($0, appID: app) }
            out.append(("\(strategy) explained", explained?.decision, explained?.decision == .noMatch ? nil : explained?.component))
        }
        return out
    }

    @Test(arguments: [(0, CompiledDocument.defaultCacheLimit), (1, CompiledDocument.defaultCacheLimit), (2, 1), (3, 600)])
    func automatonAgreesWithTheReference(_ batch: Int, _ cacheLimit: Int) throws {
        var choices = SeededChoices(seed: 0xA070_0000 + UInt64(batch))
        var decided = [MatchDecision: Int]()
        for _ in 0..<150 {
            let json = RandomDocuments.document(&choices, maxRules: 24)
            guard let document = RandomDocuments.decode(json) else { continue }
            let compiled = CompiledDocument(document, cacheLimit: cacheLimit)
            for _ in 0..<12 {
                let url = RandomDocuments.url(&choices)
                let expected = ReferenceMatcher.decide(document, host: Self.host, url: url, appID: Self.app)
                for (path, decision, component) in Self.decisions(compiled, url) {
                    #expect(decision == expected?.decision && component == (expected?.decision == .noMatch ? nil : expected?.component),
                            "\(path): \(json)\n\(url): \(String(describing: decision)) \(String(describing: component)), expected \(String(describing: expected))")
                }
                if let d = expected?.decision { decided[d, default: 0] += 1 }
            }
        }
        // The documents and URLs reach every outcome.
        #expect(decided.count == 3, "\(decided)")
    }

    /// The fast path reads `https://` and the host in one comparison and normalises the path
    /// without copying it when it has no `//`: URLs at the edges of that reading decide as the
    /// general path decides (the host is example.com).
    @Test(arguments: [
        ("https://example.com/a/x", MatchDecision.match, 0 as Int?),
        ("HTTPS://Example.COM/a/x", .match, 0),
        ("https://example.com", .noMatch, nil),
        ("https://example.com?q=1#f", .noMatch, nil),
        ("https://example.com/a", .match, 0),
        ("https://example.community/a/x", .noMatch, nil),
        ("https://example.co/a/x", .noMatch, nil),
        ("https://user@example.com/a/x", .match, 0),
        ("https://example.com:8443/a/x", .match, 0),
        ("https://example.com//a//x", .match, 0),
        ("https://example.com/q//b", .match, 1),
        ("https://example.com/q/b", .match, 1),
        ("https://example.com/q/b?x=1", .match, 1),
        ("https://example.com/abcdefgh//b#x", .match, 1),
        ("https://example.com/abcdef//b#x", .match, 1),
        ("https://example.com/abcdefg/b", .match, 1),
        ("https://example.com/Q/B", .noMatch, nil),
        ("https://example.com/c/D", .exclude, 2),
        ("/c/d", .exclude, 2),
        ("https://example.com/e/x?k=V", .match, 3),
        ("https://example.com/E/X?k=v", .match, 3),
        ("https://example.com/e/x?k=w", .noMatch, nil),
        ("c/d", nil, nil),
    ] as [(String, MatchDecision?, Int?)])
    func fastPathEdges(_ url: String, _ decision: MatchDecision?, _ component: Int?) throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}, {"/": "*//b/"}, {"/": "/c/d", "caseSensitive": false, "exclude": true}, {"/": "/e/*", "?": {"k": "V"}, "caseSensitive": false}]}]}}"#
        let document = try #require(RandomDocuments.decode(json))
        for (path, got, gotComponent) in Self.decisions(CompiledDocument(document), url) {
            #expect(got == decision && gotComponent == component, "\(path): \(url)")
        }
    }

    /// Explanations, closest rules and deciding rules are the same whichever strategy found
    /// the rule (the automaton offers only the rules whose path matched).
    @Test func explanationsAreTheSameEitherWay() throws {
        var choices = SeededChoices(seed: 0xE4B1_A1E5)
        for _ in 0..<200 {
            let json = RandomDocuments.document(&choices, maxRules: 10)
            guard let document = RandomDocuments.decode(json) else { continue }
            let compiled = CompiledDocument(document)
            let automaton = DocumentMatcher(compiled: compiled, host: Self.host)
            let ruleByRule = DocumentMatcher(compiled: compiled, host: Self.host, strategy: .ruleByRule)
            for _ in 0..<8 {
                guard let url = URLParts(RandomDocuments.url(&choices)) else { continue }
                let a = automaton.decide(url, appID: Self.app), b = ruleByRule.decide(url, appID: Self.app)
                #expect(a.decision == b.decision && a.component == b.component && a.explanation == b.explanation
                        && a.closest?.index == b.closest?.index, "\(json)\n\(url.original)\n\(a.explanation)\n\(b.explanation)")
            }
        }
    }

    /// Many rules sharing prefixes, every view of the path (case folding, decoding), query
    /// objects, fragments, variables and legacy `NOT ` paths: the automaton decides exactly as
    /// rule by rule on URLs built from the rules' own text.
    @Test func manyRulesAgree() throws {
        var rules: [String] = [##"{"#": "no_universal_links", "exclude": true}"##]
        let sections = ["p", "product", "Help", "c", "search", "d", "caf%C3%A9", "$(lang)", "s"]
        for (i, s) in sections.enumerated() {
            for locale in ["en-us", "fr-fr", "de-DE"] {
                rules.append(#"{"/": "/\#(locale)/\#(s)/?*", "exclude": \#(i % 3 == 0)}"#)
                rules.append(#"{"/": "/\#(locale)/\#(s)/*", "?": {"q": "?*"}, "caseSensitive": \#(i % 2 == 0)}"#)
                rules.append(#"{"/": "/\#(locale)/\#(s)/????", "percentEncoded": \#(i % 4 != 1)}"#)
                rules.append(##"{"/": "*/\##(s)/$(digit)*", "#": "x*"}"##)
            }
        }
        rules.append(#"{"/": "/$(v)/*"}"#)
        let json = #"{"applinks": {"substitutionVariables": {"v": ["a*b", "caf\u00e9", "x?"]}, "details": [{"appIDs": ["\#(Self.app)"], "components": [\#(rules.joined(separator: ","))]}]}}"#
        let document = try #require(RandomDocuments.decode(json))
        let urls = ["/en-us/p/x", "/EN-US/p/shoe", "/en-us/Help/me", "/fr-fr/help/me?q=1", "/de-DE/c/abcd", "/de-de/c/abcd",
                    "/en-us/caf%C3%A9/1234", "/en-us/café/1234", "/fr-fr/d/%41bcd", "/x/s/7a#x1", "/x/s/7a#y", "/en-us/search/?q=",
                    "/en-us/search/a?q=b&q=", "/aXYb/z", "/café/", "/x?/1", "/en-us/en/1", "/en-us/p/a#no_universal_links", "/",
                    "//en-us//p//x//", "/fr-fr/s/%2F%2F", "/de-DE/Help/a?Q=1"]
        for limit in [CompiledDocument.defaultCacheLimit, 1, 2_000] {
            let compiled = CompiledDocument(document, cacheLimit: limit)
            for path in urls {
                let url = "https://\(Self.host)\(path)"
                let expected = ReferenceMatcher.decide(document, host: Self.host, url: url, appID: Self.app)
                for (way, decision, component) in Self.decisions(compiled, url) {
                    #expect(decision == expected?.decision && component == (expected?.decision == .noMatch ? nil : expected?.component),
                            "\(way), cache \(limit): \(url)")
                }
            }
        }
    }

    /// A hostile rule list: states hold many places each and every path needs new ones. The
    /// cache stays within its limit (plus the one state being built), the automaton gives up on
    /// paths that would cost more than rule by rule, and decisions stay right.
    @Test func cacheStaysBoundedOnHostileRules() throws {
        let stars = (0..<60).map { i in #"{"/": "\#(String(repeating: "*a", count: 8 + i % 5))*b\#(i)"}"# }
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [\#(stars.joined(separator: ","))]}]}}"#
        let document = try #require(RandomDocuments.decode(json))
        let limit = 64 * 1024
        let compiled = CompiledDocument(document, cacheLimit: limit)
        let matcher = DocumentMatcher(compiled: compiled, host: Self.host)
        let ruleByRule = DocumentMatcher(compiled: compiled, host: Self.host, strategy: .ruleByRule)
        let decider = matcher.decider(appIDs: [Self.app])
        var choices = SeededChoices(seed: 42)
        for n in 0..<300 {
            let path = (0..<(20 + n % 200)).map { _ in ["a", "b", "/", "3"][choices.next(4)] }.joined()
            let url = "https://\(Self.host)/\(path)b\(n % 60)"
            #expect(decider.decide(url, app: 0)?.decision == ruleByRule.decision(url, appID: Self.app)?.decision, "\(url)")
            let stats = decider.statistics
            // One state past the limit at most: the one being added when the cache was emptied.
            #expect(stats.bytes <= limit + 8 * 60 * 40 + 4096, "\(stats)")
        }
        let stats = decider.statistics
        #expect(stats.flushes > 0, "\(stats)")
        #expect(stats.paths == 300, "\(stats)")
    }

    /// A path far longer than any state budget allows: the automaton gives up on it and the
    /// rule-by-rule matcher (linear, issue 17) decides; after many such paths the cache stops
    /// trying.
    @Test func automatonGivesUpOnCostlyPaths() throws {
        let pattern = String(repeating: "*a", count: 400) + "*b"
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "\#(pattern)"}, {"/": "/x/*"}]}]}}"#
        let document = try #require(RandomDocuments.decode(json))
        let matcher = DocumentMatcher(compiled: CompiledDocument(document), host: Self.host)
        let decider = matcher.decider(appIDs: [Self.app])
        for i in 0..<100 {
            // Each path is new: the places alive grow with every `a`.
            let url = "https://\(Self.host)/\(String(repeating: "a", count: 2_000 + i))\(i % 2 == 0 ? "b" : "")"
            #expect(decider.decide(url, app: 0)?.decision == (i % 2 == 0 ? .match : .noMatch), "\(i)")
        }
        let many = "https://\(Self.host)/" + String(repeating: "a", count: 500) + "b"
        #expect(decider.decide(many, app: 0) == URLDecision(decision: .match, detail: 0, component: 0))
        let stats = decider.statistics
        #expect(stats.gaveUp > 0, "\(stats)")
    }

    @Test func ruleIdentitiesAreStable() throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}, {"/": "/b", "exclude": true}]}, "skipped", {"appID": "ZZZZZ99999.com.other", "paths": ["NOT /x/*", "*"]}]}}"#
        let result = validate(json, domain: Self.host)
        let compiled = try #require(result.compiled)
        let again = CompiledDocument(try #require(result.document))
        #expect(compiled.rules.map(\.id) == again.rules.map(\.id))
        #expect(compiled.rules.map(\.id.pointer) == ["/applinks/details/0/components/0", "/applinks/details/0/components/1",
                                                     "/applinks/details/2/paths/0", "/applinks/details/2/paths/1"])
        #expect(compiled.rules.map(\.id.description) == ["details[0].components[0]", "details[0].components[1]",
                                                         "details[2].paths[0]", "details[2].paths[1]"])
        let id = compiled.rules[2].id
        #expect(compiled.rule(id) === compiled.rules[2])
        #expect(compiled.rule(detail: 2, component: 1)?.rule.text == "*")
        #expect(compiled.rule(detail: 1, component: 0) == nil)
        #expect(compiled.rule(RuleID(detail: 2, component: 0, isLegacyPath: false, pointer: id.pointer)) == nil)
        #expect(compiled.rules.map(\.id).sorted() == compiled.rules.map(\.id))
        // The deciding rule of a match, named by its identity.
        let m = DocumentMatcher(compiled: compiled, host: Self.host)
        let d = try #require(m.decision("https://\(Self.host)/x/1", appID: "ZZZZZ99999.com.other"))
        #expect(compiled.rule(detail: try #require(d.detail), component: try #require(d.component))?.id == id)
    }

    /// Validation compiles once and hands the compiled document on; the checks used it.
    @Test func validationSharesItsCompiledDocument() throws {
        let result = validate(components(appleRules), domain: Self.host)
        let compiled = try #require(result.compiled)
        #expect(compiled.document.applinks?.details.count == 1)
        let context = CheckContext(compiled: compiled, sourceMap: result.sourceMap, domain: Self.host)
        #expect(context.matcher.compiled === compiled)
        #expect(validate("[1]").compiled == nil)
    }

    @Test func deciderGroupsAppsAndKeepsOrder() throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.a", "ABCDE12345.com.b"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ABCDE12345.com.c", "abcde12345.com.a"], "components": [{"/": "/c/*"}]}]}}"#
        let compiled = try #require(validate(json, domain: Self.host).compiled)
        let matcher = DocumentMatcher(compiled: compiled, host: Self.host)
        let apps = ["ABCDE12345.com.c", "ABCDE12345.com.a", "ZZZZZ99999.com.none", "abcde12345.com.b"]
        let decider = matcher.decider(appIDs: apps)
        #expect(decider.decide("https://\(Self.host)/a/1") == [
            URLDecision(decision: .noMatch, detail: 1), URLDecision(decision: .match, detail: 0, component: 0),
            URLDecision(decision: .noMatch), URLDecision(decision: .match, detail: 0, component: 0),
        ])
        #expect(decider.decide("https://other.example/a/1")?.map(\.decision) == [.noMatch, .noMatch, .noMatch, .noMatch])
        #expect(decider.decide("not a url") == nil)
        #expect(decider.decide("/c/x", app: 0) == URLDecision(decision: .match, detail: 1, component: 0))
        let explained = decider.explain(try #require(URLParts("https://\(Self.host)/c/2")))
        #expect(explained.map(\.decision) == [.match, .noMatch, .noMatch, .noMatch])
        #expect(explained[0].explanation.contains("details[1].components[0]"))
        // Every app of the file when none is given.
        #expect(matcher.decider().appIDs == ["ABCDE12345.com.a", "ABCDE12345.com.b", "ABCDE12345.com.c"])
    }

    /// The bulk call over threads, deciders on several threads at once and single-URL calls
    /// racing for the shared caches all give the decisions of one thread.
    @Test func bulkAndConcurrentDecisionsAgree() async throws {
        let document = try #require(validate(components(appleRules + ""), domain: Self.host).document)
        let compiled = CompiledDocument(document)
        let matcher = DocumentMatcher(compiled: compiled, host: Self.host)
        var choices = SeededChoices(seed: 7)
        let tails = ["buy/shoes", "help/website/x", "help/x?articleNumber=1234", "help/x?articleNumber=12", "about", "buy/x#no_universal_links"]
        let urls = (0..<20_000).map { i in "https://\(Self.host)/\(tails[choices.next(tails.count)])\(i % 7 == 0 ? "/\(i)" : "")" }
        let sequential = urls.map { url in
            DocumentMatcher(compiled: compiled, host: Self.host, strategy: .ruleByRule).decision(url, appID: Self.app)
                .map { [URLDecision(decision: $0.decision, detail: $0.detail, component: $0.component)] }
        }
        #expect(matcher.decisions(urls, appIDs: [Self.app], threads: 3) == sequential)
        let racing = await withTaskGroup(of: Bool.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var same = true
                    let decider = matcher.decider(appIDs: [Self.app])
                    for (i, url) in urls.enumerated() where i % 4 == t {
                        let single = matcher.decision(url, appID: Self.app).map { [URLDecision(decision: $0.decision, detail: $0.detail, component: $0.component)] }
                        same = same && decider.decide(url) == sequential[i] && single == sequential[i]
                    }
                    return same
                }
            }
            return await group.allSatisfy { $0 }
        }
        #expect(racing)
    }
}
