import Testing
@testable import AASACore

/// One row: a document, a URL, the expected decision (and optionally the deciding rule).
struct MatchCase: CustomTestStringConvertible, Sendable {
    let document: String
    let url: String
    let expected: MatchDecision
    var app = "ABCDE12345.com.example.app"
    var host: String? = "example.com"
    var component: Int?? = .none

    var testDescription: String { "\(url) → \(expected.rawValue)" }

    init(_ document: String, _ url: String, _ expected: MatchDecision, app: String = "ABCDE12345.com.example.app",
         host: String? = "example.com", component: Int?? = .none) {
        self.document = document
        self.url = url
        self.expected = expected
        self.app = app
        self.host = host
        self.component = component
    }
}

/// A document with one entry for the default app and these components.
func components(_ rules: String, defaults: String? = nil, applinksExtra: String = "") -> String {
    let d = defaults.map { #", "defaults": \#($0)"# } ?? ""
    return #"{"applinks": {\#(applinksExtra)"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": \#(rules)\#(d)}]}}"#
}

func paths(_ list: String) -> String {
    #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": \#(list)}]}}"#
}

func decide(_ c: MatchCase) throws -> MatchResult {
    let result = validate(c.document, domain: c.host)
    let document = try #require(result.document, "document did not decode: \(result.diagnostics.map(\.message))")
    let matcher = DocumentMatcher(document: document, host: c.host)
    let decided = try #require(matcher.decide(c.url, appID: c.app))
    // Every row also checks that the automaton and the rule-by-rule matcher agree, on the
    // explaining path and on the bulk one.
    let ruleByRule = DocumentMatcher(compiled: matcher.compiled, host: c.host, strategy: .ruleByRule)
    let other = try #require(ruleByRule.decide(c.url, appID: c.app))
    #expect(decided.decision == other.decision && decided.component == other.component && decided.explanation == other.explanation,
            "automaton and rule by rule differ on \(c.url)")
    let fast = matcher.decision(c.url, appID: c.app), baseline = ruleByRule.decision(c.url, appID: c.app)
    #expect(fast?.decision == baseline?.decision && fast?.component == baseline?.component && fast?.decision == decided.decision)
    return decided
}

let appleRules = #"[{"\u0023":"no_universal_links","exclude":true},{"/":"/buy/*"},{"/":"/help/website/*","exclude":true},{"/":"/help/*","?":{"articleNumber":"????"}}]"#

@Suite struct MatchingTests {
    /// The worked examples of spec `aasa-reference.md` §5.
    @Test(arguments: [
        MatchCase(components(appleRules), "https://example.com/buy/shoes", .match, component: 1),
        MatchCase(components(appleRules), "https://example.com/buy/shoes#no_universal_links", .exclude, component: 0),
        MatchCase(components(appleRules), "https://example.com/help/website/contact", .exclude, component: 2),
        MatchCase(components(appleRules), "https://example.com/help/x?articleNumber=1234", .match, component: 3),
        MatchCase(components(appleRules), "https://example.com/help/x?articleNumber=123", .noMatch, component: .some(nil)),
        MatchCase(components(appleRules), "https://example.com/help/x", .noMatch),
        MatchCase(components(appleRules), "https://example.com/about", .noMatch),
        MatchCase(components(#"[{"/":"/abc","?":"def","\u0023":"*"}]"#), "https://example.com/abc?def", .match),
        MatchCase(components(#"[{"/":"/abc","?":"def","\u0023":"*"}]"#), "https://example.com/abc", .noMatch),
        MatchCase(components(#"[{"/":"/abc","?":"def","\u0023":"*"}]"#), "https://example.com?def", .noMatch),
        MatchCase(components(#"[{"/":"/test/*"},{"/":"/path/1/*","exclude":true}]"#), "https://example.com/test", .match),
        MatchCase(components(#"[{"/":"/test/*"},{"/":"/path/1/*","exclude":true}]"#), "https://example.com/path/1", .exclude),
        MatchCase(components(#"[{"/":"/$(lang)_$(region)/$(food)/"}]"#, applinksExtra: #""substitutionVariables": {"food":["burrito","pizza","sushi","samosa"]}, "#),
                  "https://example.com/en_US/pizza/", .match),
        MatchCase(components(#"[{"/":"/$(lang)_$(region)/$(food)/"}]"#, applinksExtra: #""substitutionVariables": {"food":["burrito","pizza","sushi","samosa"]}, "#),
                  "https://example.com/en_US/pasta/", .noMatch),
        MatchCase(components(#"[{"/":"/help/*","?":{"articleNumber":"????","articleName":"?*"}}]"#),
                  "https://example.com/help/a?articleNumber=1234&articleName=foo", .match),
        MatchCase(components(#"[{"/":"/help/*","?":{"articleNumber":"????","articleName":"?*"}}]"#),
                  "https://example.com/help/a?articleNumber=1234", .noMatch),
    ])
    func workedExamples(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
        if case .some(let component) = c.component { #expect(r.component == component) }
    }

    /// Step 1, 2 and 3: host, scheme, first entry per app ID, rule list choice.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"*"}]"#), "https://other.com/a", .noMatch),
        MatchCase(components(#"[{"/":"*"}]"#), "https://EXAMPLE.com/a", .match),
        MatchCase(components(#"[{"/":"*"}]"#), "http://example.com/a", .match),
        MatchCase(components(#"[{"/":"*"}]"#), "ftp://example.com/a", .noMatch),
        MatchCase(components(#"[{"/":"*"}]"#), "https://example.com:443/a", .match),
        MatchCase(components(#"[{"/":"*"}]"#), "https://other.com/a", .match, host: nil),
        MatchCase(components(#"[{"/":"*"}]"#), "https://example.com/a", .noMatch, app: "ABCDE12345.com.example.other"),
        MatchCase(components(#"[{"/":"*"}]"#), "https://example.com/a", .match, app: "abcde12345.com.example.app"),
        MatchCase(components(#"[{"/":"*"}]"#), "https://example.com/a", .noMatch, app: "ABCDE12345.com.example.App"),
        // The first entry that lists the app decides; a later one is never used.
        MatchCase(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}]},{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*"}]}]}}"#,
                  "https://example.com/b", .noMatch),
        // components wins over paths.
        MatchCase(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["*"],"components":[{"/":"/a"}]}]}}"#,
                  "https://example.com/b", .noMatch),
        // appIDs wins over appID.
        MatchCase(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"appID":"ABCDE12345.com.example.other","components":[{"/":"*"}]}]}}"#,
                  "https://example.com/b", .noMatch, app: "ABCDE12345.com.example.other"),
        // Neither components nor paths: everything; an empty components array: nothing.
        MatchCase(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"]}]}}"#, "https://example.com/any/thing", .match),
        MatchCase(components("[]"), "https://example.com/a", .noMatch),
        // A component that is not an object is an empty rule: it matches everything.
        MatchCase(components(#"["/foo/*"]"#), "https://example.com/bar", .match),
        // A rule without pattern keys matches everything.
        MatchCase(components(#"[{"comment":"all"}]"#), "https://example.com/bar?x#y", .match),
        // The legacy dictionary form.
        MatchCase(#"{"applinks":{"apps":[],"details":{"ABCDE12345.com.example.app":{"paths":["/a/*"]}}}}"#, "https://example.com/a/b", .match),
        MatchCase(#"{"applinks":{"apps":[],"details":{"ABCDE12345.com.example.app":{"paths":["/a/*"]}}}}"#, "https://example.com/b", .noMatch),
    ])
    func entriesAndHosts(_ c: MatchCase) throws {
        #expect(try decide(c).decision == c.expected)
    }

    /// Legacy paths: `NOT ` (any case, one space) excludes and matches case-sensitively.
    @Test(arguments: [
        MatchCase(paths(#"["NOT /api/*", "*"]"#), "https://example.com/api/x", .exclude),
        MatchCase(paths(#"["not /api/*", "*"]"#), "https://example.com/api/x", .exclude),
        MatchCase(paths(#"["NOT /api/*", "*"]"#), "https://example.com/API/x", .match),
        MatchCase(paths(#"["NOT\/api\/*", "*"]"#), "https://example.com/api/x", .match),
        MatchCase(paths(#"["/login*", "NOT /login/admin"]"#), "https://example.com/login/admin", .match),
        MatchCase(paths(#"["/a/b"]"#), "https://example.com/a/b?x=1#f", .match),
        MatchCase(#"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["NOT /Api/*","*"]}]}}"#,
                  "https://example.com/api/x", .match),
        MatchCase(#"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["/Api/*"]}]}}"#,
                  "https://example.com/api/x", .match),
    ])
    func legacyPaths(_ c: MatchCase) throws {
        #expect(try decide(c).decision == c.expected)
    }

    /// Path normalisation and wildcards.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"abc"}]"#), "https://example.com/abc", .match),
        MatchCase(components(#"[{"/":"/buy"}]"#), "https://example.com/buy/", .match),
        MatchCase(components(#"[{"/":"/buy/"}]"#), "https://example.com/buy", .match),
        MatchCase(components(#"[{"/":"/buy/*"}]"#), "https://example.com/buy", .match),
        MatchCase(components(#"[{"/":"/"}]"#), "https://example.com", .match),
        MatchCase(components(#"[{"/":"/"}]"#), "https://example.com/a", .noMatch),
        MatchCase(components(#"[{"/":"/buy"}]"#), "https://example.com/buy/shoes", .noMatch),
        MatchCase(components(#"[{"/":"//a///b"}]"#), "https://example.com/a/b", .match),
        MatchCase(components(#"[{"/":"/a/b"}]"#), "https://example.com//a//b//", .match),
        MatchCase(components(#"[{"/":"*"}]"#), "https://example.com", .match),
        MatchCase(components(#"[{"/":"/a*c"}]"#), "https://example.com/a/b/c", .match),
        MatchCase(components(#"[{"/":"/a/?"}]"#), "https://example.com/a/b", .match),
        MatchCase(components(#"[{"/":"/a/?"}]"#), "https://example.com/a/bc", .noMatch),
        MatchCase(components(#"[{"/":"/a/?*"}]"#), "https://example.com/a/", .noMatch),
        MatchCase(components(#"[{"/":"/a/?*"}]"#), "https://example.com/a/x", .match),
        MatchCase(components(#"[{"/":"/a/\\*"}]"#), "https://example.com/a/*", .match),
        MatchCase(components(#"[{"/":"/a/\\*"}]"#), "https://example.com/a/b", .noMatch),
        MatchCase(components(#"[{"/":"/a\\?"}]"#), "https://example.com/a%3F", .noMatch),
        // With percentEncoded (the default) the URL is compared as written: %3F is three characters.
        MatchCase(components(#"[{"/":"/a\\?b"}]"#), "https://example.com/a%3Fb", .noMatch),
        MatchCase(components(#"[{"/":"/a%3Fb"}]"#), "https://example.com/a%3Fb", .match),
        MatchCase(components(#"[{"/":"/*/*/*/*/x"}]"#), "https://example.com/a/b/c/d/x", .match),
        MatchCase(components(#"[{"/":"/?????"}]"#), "https://example.com/abcd", .noMatch),
    ])
    func pathPatterns(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
    }

    /// Substitution variables: custom, built-in classes, ISO tables, shadowing, undefined.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"/$(digit)$(digit)"}]"#), "https://example.com/42", .match),
        MatchCase(components(#"[{"/":"/$(digit)$(digit)"}]"#), "https://example.com/4a", .noMatch),
        MatchCase(components(#"[{"/":"/$(alpha)"}]"#), "https://example.com/Q", .match),
        MatchCase(components(#"[{"/":"/$(upper)"}]"#), "https://example.com/q", .noMatch),
        MatchCase(components(#"[{"/":"/$(lower)"}]"#), "https://example.com/q", .match),
        MatchCase(components(#"[{"/":"/$(alnum)"}]"#), "https://example.com/_", .noMatch),
        MatchCase(components(#"[{"/":"/$(xdigit)$(xdigit)"}]"#), "https://example.com/fA", .match),
        MatchCase(components(#"[{"/":"/$(xdigit)"}]"#), "https://example.com/g", .noMatch),
        MatchCase(components(#"[{"/":"/$(region)/"}]"#), "https://example.com/GB", .match),
        MatchCase(components(#"[{"/":"/$(region)/"}]"#), "https://example.com/UK", .noMatch),
        MatchCase(components(#"[{"/":"/$(lang)/"}]"#), "https://example.com/fr", .match),
        MatchCase(components(#"[{"/":"/$(lang)/"}]"#), "https://example.com/zz", .noMatch),
        MatchCase(components(#"[{"/":"/$(region)/", "caseSensitive": false}]"#), "https://example.com/gb", .match),
        MatchCase(components(#"[{"/":"/$(upper)", "caseSensitive": false}]"#), "https://example.com/q", .match),
        // A custom variable shadows a built-in of the same name; values may hold wildcards.
        MatchCase(components(#"[{"/":"/$(digit)"}]"#, applinksExtra: #""substitutionVariables": {"digit": ["x"]}, "#), "https://example.com/x", .match),
        MatchCase(components(#"[{"/":"/$(digit)"}]"#, applinksExtra: #""substitutionVariables": {"digit": ["x"]}, "#), "https://example.com/1", .noMatch),
        MatchCase(components(#"[{"/":"/p/$(id)"}]"#, applinksExtra: #""substitutionVariables": {"id": ["a?c", "z*"]}, "#), "https://example.com/p/abc", .match),
        MatchCase(components(#"[{"/":"/p/$(id)"}]"#, applinksExtra: #""substitutionVariables": {"id": ["a?c", "z*"]}, "#), "https://example.com/p/zoo/x", .match),
        MatchCase(components(#"[{"/":"/p/$(id)"}]"#, applinksExtra: #""substitutionVariables": {"id": "one"}, "#), "https://example.com/p/one", .match),
        // A value that refers to another variable is dropped.
        MatchCase(components(#"[{"/":"/p/$(id)"}]"#, applinksExtra: #""substitutionVariables": {"id": ["$(digit)", "b"]}, "#), "https://example.com/p/1", .noMatch),
        // Undefined variables and unclosed $( never match.
        MatchCase(components(#"[{"/":"/p/$(nope)"}]"#), "https://example.com/p/x", .noMatch),
        MatchCase(components(#"[{"/":"/p/$(digit"}]"#), "https://example.com/p/1", .noMatch),
        MatchCase(components(#"[{"/":"/p/\\$(digit)"}]"#), "https://example.com/p/$(digit)", .match),
    ])
    func variables(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
    }

    /// defaults inheritance at both levels, for options and pattern keys.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"/Help/*"}]"#, applinksExtra: #""defaults": {"caseSensitive": false}, "#), "https://example.com/help/x", .match),
        MatchCase(components(#"[{"/":"/Help/*"}]"#, defaults: #"{"caseSensitive": true}"#, applinksExtra: #""defaults": {"caseSensitive": false}, "#),
                  "https://example.com/help/x", .noMatch),
        MatchCase(components(#"[{"/":"/Help/*", "caseSensitive": false}]"#, defaults: #"{"caseSensitive": true}"#), "https://example.com/help/x", .match),
        MatchCase(components(#"[{"/":"/caf?"}]"#, defaults: #"{"percentEncoded": false}"#), "https://example.com/caf%C3%A9", .match),
        MatchCase(components(#"[{"/":"/a/*"}]"#, defaults: #"{"?": {"ref": "?*"}}"#), "https://example.com/a/b", .noMatch),
        MatchCase(components(#"[{"/":"/a/*"}]"#, defaults: #"{"?": {"ref": "?*"}}"#), "https://example.com/a/b?ref=1", .match),
        MatchCase(components(#"[{"/":"/a/*", "?": "*"}]"#, defaults: #"{"?": {"ref": "?*"}}"#), "https://example.com/a/b", .match),
        MatchCase(components(#"[{"/":"/a/*"}]"#, applinksExtra: #""defaults": {"\u0023": "x"}, "#), "https://example.com/a/b#y", .noMatch),
        MatchCase(components(#"[{"/":"/a/*"}]"#, applinksExtra: #""defaults": {"exclude": true}, "#), "https://example.com/a/b", .exclude),
        MatchCase(components(#"[{"/":"/a/*", "exclude": false}]"#, applinksExtra: #""defaults": {"exclude": true}, "#), "https://example.com/a/b", .match),
        MatchCase(components(#"[{"?":"x=1"}]"#, applinksExtra: #""defaults": {"/": "/only"}, "#), "https://example.com/other?x=1", .noMatch),
        MatchCase(components(#"[{"?":"x=1"}]"#, applinksExtra: #""defaults": {"/": "/only"}, "#), "https://example.com/only?x=1", .match),
    ])
    func defaultsInheritance(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
    }

    /// caseSensitive (Unicode-aware) and percentEncoded both ways.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"/Help"}]"#), "https://example.com/help", .noMatch),
        MatchCase(components(#"[{"/":"/Help", "caseSensitive": false}]"#), "https://example.com/HELP", .match),
        MatchCase(components(#"[{"/":"/ÉTÉ", "caseSensitive": false, "percentEncoded": false}]"#), "https://example.com/%C3%A9t%C3%A9", .match),
        MatchCase(components(#"[{"/":"/ÉTÉ", "percentEncoded": false}]"#), "https://example.com/%C3%A9t%C3%A9", .noMatch),
        MatchCase(components(#"[{"/":"/café"}]"#), "https://example.com/caf%C3%A9", .noMatch),
        MatchCase(components(#"[{"/":"/café"}]"#), "https://example.com/café", .noMatch),
        MatchCase(components(#"[{"/":"/café", "percentEncoded": false}]"#), "https://example.com/caf%C3%A9", .match),
        MatchCase(components(#"[{"/":"/caf%C3%A9"}]"#), "https://example.com/caf%C3%A9", .match),
        MatchCase(components(#"[{"/":"/caf%C3%A9"}]"#), "https://example.com/caf%c3%a9", .noMatch),
        MatchCase(components(#"[{"/":"/caf%C3%A9", "caseSensitive": false}]"#), "https://example.com/caf%c3%a9", .match),
        MatchCase(components(#"[{"/":"/a/b"}]"#), "https://example.com/a%2Fb", .noMatch),
        MatchCase(components(#"[{"/":"/a/b", "percentEncoded": false}]"#), "https://example.com/a%2Fb", .match),
        MatchCase(components(#"[{"/":"/a b", "percentEncoded": false}]"#), "https://example.com/a%20b", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "a b"}, "percentEncoded": false}]"#), "https://example.com/a?q=a%20b", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "a b"}}]"#), "https://example.com/a?q=a%20b", .noMatch),
        MatchCase(components(#"[{"/":"/a", "\u0023": "x y", "percentEncoded": false}]"#), "https://example.com/a#x%20y", .match),
    ])
    func caseAndEncoding(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
    }

    /// Query strings, query objects and fragments.
    @Test(arguments: [
        MatchCase(components(#"[{"/":"/a", "?": "x=1"}]"#), "https://example.com/a?x=1", .match),
        MatchCase(components(#"[{"/":"/a", "?": "x=1"}]"#), "https://example.com/a?x=1&y=2", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": "*"}]"#), "https://example.com/a", .match),
        MatchCase(components(#"[{"/":"/a", "?": ""}]"#), "https://example.com/a", .match),
        MatchCase(components(#"[{"/":"/a", "?": "?*"}]"#), "https://example.com/a", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": "?*"}]"#), "https://example.com/a?", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "*"}}]"#), "https://example.com/a", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": ""}}]"#), "https://example.com/a?other=1", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": ""}}]"#), "https://example.com/a?q=1", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "?*"}}]"#), "https://example.com/a?q", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "?*"}}]"#), "https://example.com/a?q=", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "?*"}}]"#), "https://example.com/a?x=1&q=v&z", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "1"}}]"#), "https://example.com/a?q=1&q=1", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "1"}}]"#), "https://example.com/a?q=1&q=2", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"Q": "1"}, "caseSensitive": false}]"#), "https://example.com/a?q=1", .noMatch),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "ab"}, "caseSensitive": false}]"#), "https://example.com/a?q=AB", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "v=w"}}]"#), "https://example.com/a?q=v=w", .match),
        // A non-string value makes the system ignore the whole object, string items included.
        MatchCase(components(#"[{"/":"/a", "?": {"q": "1", "n": 2}}]"#), "https://example.com/a?q=9", .match),
        MatchCase(components(#"[{"/":"/a", "?": {"q": "1", "n": null}}]"#), "https://example.com/a", .match),
        MatchCase(components(#"[{"/":"/a", "\u0023": "top"}]"#), "https://example.com/a#top", .match),
        MatchCase(components(#"[{"/":"/a", "\u0023": "top"}]"#), "https://example.com/a", .noMatch),
        MatchCase(components(#"[{"/":"/a", "\u0023": ""}]"#), "https://example.com/a", .match),
        MatchCase(components(#"[{"/":"/a", "\u0023": "*"}]"#), "https://example.com/a#x?y", .match),
        MatchCase(components(#"[{"\u0023":"nope", "exclude": true}, {"/":"*"}]"#), "https://example.com/a#nope", .exclude),
        MatchCase(components(#"[{"\u0023":"nope", "exclude": true}, {"/":"*"}]"#), "https://example.com/a#nope2", .match),
    ])
    func queriesAndFragments(_ c: MatchCase) throws {
        let r = try decide(c)
        #expect(r.decision == c.expected, "\(r.explanation)")
    }

    /// Explanations name the rule by index and show it as written; near misses say what failed.
    @Test func explanations() throws {
        let hit = try decide(MatchCase(components(appleRules), "https://example.com/buy/shoes", .match))
        #expect(hit.explanation.contains("details[0].components[1]"))
        #expect(hit.explanation.contains(#"`{"/":"/buy/*"}`"#))
        let miss = try decide(MatchCase(components(appleRules), "https://example.com/help/x?articleNumber=123", .noMatch))
        #expect(miss.rule == nil && miss.closest?.index == 3)
        #expect(miss.explanation.contains("`/help/*` matched the path"))
        #expect(miss.explanation.contains("`?articleNumber` `????` needs 4 characters, got 3"))
        let absent = try decide(MatchCase(components(appleRules), "https://example.com/help/x", .noMatch))
        #expect(absent.explanation.contains("but the item is absent"))
        let legacy = try decide(MatchCase(paths(#"["NOT /api/*", "*"]"#), "https://example.com/api/x", .exclude))
        #expect(legacy.explanation.contains("details[0].paths[0] `NOT /api/*`"))
        #expect(legacy.component == 0)
        let noEntry = try decide(MatchCase(components(appleRules), "https://example.com/buy/x", .noMatch, app: "ABCDE12345.other"))
        #expect(noEntry.explanation.contains("no details entry lists"))
        #expect(noEntry.detail == nil && noEntry.component == nil)
    }

    /// The closest rule of a `no_match` is the one that got furthest: its path matched (or it
    /// has none) and its query or fragment failed; `nil` when no path matched.
    @Test(arguments: [
        // The example of issue 10: the first rule's query accepts absence but its path fails.
        ("/f#x", 1 as Int?),
        ("/f", 1),
        ("/e?flag=1", 0),
        ("/e?flag=1#market", 0),
        ("/g", nil),
        ("/e/x", nil),
    ] as [(String, Int?)])
    func closestRuleGotFurthest(_ url: String, _ expected: Int?) throws {
        let rules = ##"[{"/":"/e","?":{"flag":""}},{"/":"/f","#":"*market*"}]"##
        let r = try decide(MatchCase(components(rules), "https://example.com" + url, .noMatch))
        #expect(r.decision == .noMatch)
        #expect(r.rule == nil && r.component == nil)
        #expect(r.closest?.index == expected, "\(r.explanation)")
        if let expected {
            #expect(r.explanation.contains("closest is details[0].components[\(expected)]"))
        } else {
            #expect(r.explanation == "no rule of details[0] matches: no rule's path pattern matches the path \(url)")
        }
    }

    /// Among rules whose path matched, fewer failing conditions win, then more passing ones;
    /// a rule without `/` counts as a path match but loses to one that matched a real path.
    @Test func closestPrefersTheRuleThatMatchedMost() throws {
        let rules = ##"[{"\u0023":"top","exclude":true},{"/":"/a/*","?":{"x":"1","y":"2"}},{"/":"/a/*","?":{"x":"1"},"\u0023":"z"}]"##
        let oneFails = try decide(MatchCase(components(rules), "https://example.com/a/b?x=1&y=3", .noMatch))
        #expect(oneFails.closest?.index == 1, "\(oneFails.explanation)")
        let fewerFailures = try decide(MatchCase(components(rules), "https://example.com/a/b?x=2#z", .noMatch))
        #expect(fewerFailures.closest?.index == 2, "\(fewerFailures.explanation)")
        let tie = try decide(MatchCase(components(rules), "https://example.com/a/b?x=1#q", .noMatch))
        #expect(tie.closest?.index == 1, "a tie goes to the first rule: \(tie.explanation)")
        let apple = try decide(MatchCase(components(appleRules), "https://example.com/about", .noMatch))
        #expect(apple.closest?.index == 0, "only the fragment rule's (absent) path condition holds")
    }

    /// The fast decision path agrees with the explaining one.
    @Test func fastPathAgrees() throws {
        let doc = try #require(validate(components(appleRules), domain: "example.com").document)
        let m = DocumentMatcher(document: doc, host: "example.com")
        for url in ["/buy/shoes", "/buy/shoes#no_universal_links", "/help/website/x", "/help/x?articleNumber=1234", "/help/x", "/"] {
            let parts = URLParts("https://example.com" + url)!
            let slow = m.decide(parts, appID: "ABCDE12345.com.example.app")
            let fast = m.decision(parts, appID: "ABCDE12345.com.example.app")
            #expect(slow.decision == fast.decision && slow.component == fast.component && slow.detail == fast.detail)
        }
    }

    /// No backtracking blow-up: the pathological pattern answers (run-time is measured in
    /// scripts/bench-match.sh, not here).
    @Test func pathologicalPatternDecides() {
        let p = CompiledPattern("*a*a*a*a*a*a*a*a*b", normalizePath: false)
        #expect(!p.matches(String(repeating: "a", count: 10_000)))
        #expect(p.matches(String(repeating: "a", count: 10_000) + "b"))
        let v = CompiledPattern("*$(x)*$(x)*$(x)b", variables: ["x": ["a", "aa", "a*a"]])
        #expect(!v.matches(String(repeating: "a", count: 5_000)))
        #expect(v.matches(String(repeating: "a", count: 5_000) + "b"))
    }
}

/// The byte-level bulk path decides exactly as the general path, URL by URL.
@Suite struct FastPathTests {
    static let documents = [
        components(appleRules),
        components(#"[{"/":"/Help/*","caseSensitive":false},{"/":"/a","?":{"q":"?*","r":""}},{"/":"/p/$(digit)*"},{"/":"/caf%C3%A9"}]"#),
        components(#"[{"/":"/d/*","percentEncoded":false},{"/":"*","\u0023":"x","exclude":true}]"#),
        paths(#"["NOT /api/*", "/a/*", "*"]"#),
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"]}]}}"#,
    ]
    static let urls = [
        "https://example.com/buy/shoes", "https://EXAMPLE.com:443/buy/shoes#no_universal_links", "http://u@example.com/help/website/x",
        "https://example.com/help/x?articleNumber=1234", "https://example.com/help/x?articleNumber=12&x", "https://example.com",
        "https://other.com/buy/x", "ftp://example.com/buy/x", "/buy/x", "?q=1", "#x", "https://example.com//a//?q=1&r=",
        "https://example.com/a?q=&r=", "https://example.com/a?q=1&q=2&r", "https://example.com/HELP/me", "https://example.com/p/7zz",
        "https://example.com/caf%C3%A9", "https://example.com/café", "https://example.com/d/%41", "https://example.com/a b",
        "https://example.com/api/x", "https://example.com/API/x", "https://example.com/x#x", "https://example.com/a/\"q\"", "not a url",
        "https://[::1]:8/a", "HTTPS://example.com/buy/", "https://example.com/a?q=v%26w",
    ]

    @Test(arguments: Array(0..<documents.count))
    func fastAndGeneralPathsAgree(_ index: Int) throws {
        let doc = try #require(validate(FastPathTests.documents[index], domain: "example.com").document)
        let m = DocumentMatcher(document: doc, host: "example.com")
        for url in FastPathTests.urls {
            let fast = m.decision(url, appID: "ABCDE12345.com.example.app")
            let general = URLParts(url).map { m.decide($0, appID: "ABCDE12345.com.example.app") }
            #expect(fast?.decision == general?.decision, "\(url)")
            #expect(fast?.component == general?.component, "\(url)")
        }
    }
}

/// Long patterns compile and match without deep recursion.
@Suite struct LongPatternTests {
    @Test func longPatternsNeedNoDeepRecursion() {
        let many = String(repeating: "a?", count: 60_000) + "*"
        let p = CompiledPattern(many)
        #expect(p.minLength == 120_000 && p.maxLength == nil)
        #expect(p.matches(String(repeating: "ab", count: 60_000)))
        let empties = String(repeating: "*$(e)", count: 30_000) + "x"
        let v = CompiledPattern(empties, variables: ["e": ["", "q"]])
        #expect(v.matches("zzx"))
        #expect(!v.matches("zzy"))
        let route = CompiledPattern(routePath: String(repeating: "/:id", count: 20_000))
        #expect(route.minLength == 40_001)
    }
}
