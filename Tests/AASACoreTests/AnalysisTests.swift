import Testing
@testable import AASACore

/// Coverage is decided by reasoning over the patterns; these tables pin the answers.
@Suite struct AnalysisTests {
    func rules(_ json: String, variables: String = "") throws -> [CompiledRule] {
        let doc = try #require(validate(components(json, applinksExtra: variables)).document)
        return DocumentMatcher(document: doc).entries[0].rules
    }

    @Test(arguments: [
        // (earlier, later, earlier covers later)
        (#"{"/":"/shop/*"}"#, #"{"/":"/shop/sale/*"}"#, true),
        (#"{"/":"/shop/sale/*"}"#, #"{"/":"/shop/*"}"#, false),
        (#"{"/":"*"}"#, #"{"/":"/a","?":"x","\u0023":"y"}"#, true),
        (#"{"/":"/a/*"}"#, #"{"/":"/a"}"#, true),
        (#"{"/":"/a/?"}"#, #"{"/":"/a/$(digit)"}"#, true),
        (#"{"/":"/a/$(digit)"}"#, #"{"/":"/a/?"}"#, false),
        (#"{"/":"/a/$(alnum)"}"#, #"{"/":"/a/$(xdigit)"}"#, true),
        (#"{"/":"/a/$(xdigit)"}"#, #"{"/":"/a/$(alnum)"}"#, false),
        (#"{"/":"/*/x/*"}"#, #"{"/":"/a/x/b/*"}"#, true),
        (#"{"/":"/a*b*c"}"#, #"{"/":"/abc"}"#, true),
        (#"{"/":"/a/*","caseSensitive":false}"#, #"{"/":"/A/b"}"#, true),
        (#"{"/":"/A/*"}"#, #"{"/":"/a/b","caseSensitive":false}"#, false),
        (#"{"/":"/a/*","?":{"ref":"*"}}"#, #"{"/":"/a/b"}"#, true),
        (#"{"/":"/a/*","?":{"ref":"?*"}}"#, #"{"/":"/a/b"}"#, false),
        (#"{"/":"/a/*","?":{"ref":"?*"}}"#, #"{"/":"/a/b","?":{"ref":"x","o":"1"}}"#, true),
        (#"{"/":"/a/*","?":"*"}"#, #"{"/":"/a/b","?":{"ref":"x"}}"#, true),
        (#"{"/":"/a/*","?":"ref=*"}"#, #"{"/":"/a/b","?":{"ref":"x"}}"#, false),
        (#"{"/":"/a/*","\u0023":"top"}"#, #"{"/":"/a/b"}"#, false),
        (#"{"/":"/a/*","percentEncoded":false}"#, #"{"/":"/a/b"}"#, false),
        (#"{"/":"*","percentEncoded":false}"#, #"{"/":"/a/b"}"#, true),
        (#"{"/":"/$(food)/*"}"#, #"{"/":"/pizza/x"}"#, true),
        (#"{"/":"/$(food)/*"}"#, #"{"/":"/pasta/x"}"#, false),
        (#"{"/":"/$(lang)/*"}"#, #"{"/":"/en/x"}"#, true),
    ])
    func coverage(_ earlier: String, _ later: String, _ expected: Bool) throws {
        let r = try rules("[\(earlier), \(later)]", variables: #""substitutionVariables": {"food": ["pizza", "sushi"]}, "#)
        #expect(RuleCoverage.covers(r[0], r[1]) == expected)
    }

    @Test func searchFindsShortestWitness() {
        let sometimes = PatternSearch.find([SearchAutomaton(CompiledPattern("/a/*")), SearchAutomaton(CompiledPattern("/a/??"))],
                                           where: { $0[0] && !$0[1] })
        #expect(sometimes == .found(Array("/a/".unicodeScalars.map(\.value))))
        let never = PatternSearch.find([SearchAutomaton(CompiledPattern("/a/?")), SearchAutomaton(CompiledPattern("/a/*"))],
                                       where: { $0[0] && !$0[1] })
        #expect(never == .none)
    }

    @Test func ruleFindingsNameTheEarlierRule() {
        let found = validate(components(#"[{"/":"/account/*"},{"/":"/account/delete","exclude":true},{"/":"/account/x"}]"#)).diagnostics
        let exclude = found.first { $0.code == "AASA404" }
        #expect(exclude?.message.contains("details[0].components[0] `{\"/\":\"/account/*\"}`") == true)
        #expect(exclude?.pointer == "/applinks/details/0/components/1")
        let dead = found.first { $0.code == "AASA402" }
        #expect(dead?.pointer == "/applinks/details/0/components/2")
    }

    @Test func catchAllAndLegacyQueryWarnings() {
        let catchAll = validate(paths(#"["*", "/a"]"#)).diagnostics
        #expect(catchAll.filter { $0.code == "AASA401" }.count == 1)
        #expect(catchAll.contains(code: "AASA402"))
        let query = validate(paths(#"["/search?q=*", "/x?y"]"#)).diagnostics
        #expect(query.filter { $0.code == "AASA403" }.count == 1)
    }

    /// AASA401: a catch-all with rules after it hides them (warning); the last rule is a
    /// deliberate catch-all (info) whose message accounts for the rules before it.
    @Test(arguments: [
        // Apple's own sample shape: excludes, then everything else.
        (#"[{"/":"/api/*","exclude":true},{"/":"*"}]"#, Severity.info,
         "details[0].components[1] `{\"/\":\"*\"}` is the last rule and matches every URL: it opens in the app every URL except those the exclude rule before it keeps on the web (`/api/*`)"),
        (#"[{"/":"/api/*","exclude":true},{"\u0023":"web","exclude":true},{}]"#, .info,
         "details[0].components[2] `{}` is the last rule and matches every URL: it opens in the app every URL except those the 2 exclude rules before it keep on the web (`/api/*`, `{\"#\":\"web\",\"exclude\":true}`)"),
        (#"[{"/":"*"}]"#, .info, "details[0].components[0] `{\"/\":\"*\"}` is the last rule and matches every URL: it opens every URL of the domain in the app"),
        (#"[{"/":"/a"},{"/":"/*"}]"#, .info,
         "details[0].components[1] `{\"/\":\"/*\"}` is the last rule and matches every URL: it opens every URL of the domain in the app (the rule before it decides the same)"),
        (#"[{"/":"/a"},{"/":"*","exclude":true}]"#, .info,
         "details[0].components[1] `{\"/\":\"*\",\"exclude\":true}` is the last rule and matches every URL: it keeps in the browser every URL except those the include rule before it opens in the app (`/a`)"),
        // An exclude narrowed by a query is shown whole: its path alone would overstate it.
        (#"[{"/":"/a","?":{"x":"1"},"exclude":true},{"/":"/b/*","exclude":true},{"/":"*","caseSensitive":false}]"#, .info,
         "details[0].components[2] `{\"/\":\"*\",\"caseSensitive\":false}` is the last rule and matches every URL: it opens in the app every URL except those the 2 exclude rules before it keep on the web (`{\"/\":\"/a\",\"?\":{\"x\":\"1\"},\"exclude\":true}`, `/b/*`)"),
        (#"[{"/":"*"},{"/":"/admin/*","exclude":true}]"#, .warning,
         "details[0].components[0] `{\"/\":\"*\"}` matches every URL: it opens every URL of the domain in the app; the 1 rule after it can never decide"),
        (#"[{"/":"/api/*","exclude":true},{"/":"*"},{"/":"/b"},{"/":"/c"}]"#, .warning,
         "details[0].components[1] `{\"/\":\"*\"}` matches every URL: it opens in the app every URL except those the exclude rule before it keeps on the web (`/api/*`); the 2 rules after it can never decide"),
    ] as [(String, Severity, String)])
    func catchAll(_ rules: String, _ severity: Severity, _ message: String) throws {
        let found = validate(components(rules)).diagnostics.filter { $0.code == "AASA401" }
        try #require(found.count == 1)
        #expect(found[0].severity == severity)
        #expect(found[0].message == message)
    }

    @Test func legacyCatchAllLastIsInfo() {
        let found = validate(paths(#"["NOT /api/*", "*"]"#)).diagnostics.filter { $0.code == "AASA401" }
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.message.contains("except those the exclude rule before it keeps on the web (`/api/*`)") == true)
    }

    /// AASA403 (info): a legacy path ending in `?*` right after a word, meant as "any query",
    /// opens other pages; the example it gives does open the app.
    @Test func legacyQueryWildcardIsInfoWithAnExampleItOpens() throws {
        let json = paths(#"["/join?*"]"#)
        let found = validate(json, domain: "example.com").diagnostics.filter { $0.code == "AASA403" }
        try #require(found.count == 1)
        #expect(found[0].severity == .info)
        let start = try #require(found[0].message.range(of: "it opens https://example.com"))
        let example = "https://example.com" + found[0].message[start.upperBound...].prefix(while: { $0 != " " })
        #expect(found[0].message.contains("reads like \"/join\" with any query"))
        for url in [example, "https://example.com/joinery", "https://example.com/join/x"] {
            #expect(try decide(MatchCase(json, url, .match)).decision == .match, "\(url)")
        }
        #expect(found[0].hint == #"For /join with any query, write "/join" (paths ignore the query); for everything under it, "/join/*"."#)
    }

    @Test(arguments: [#"["/join/?*"]"#, #"["/join?"]"#, #"["/a?*/b"]"#, #"["*?*"]"#, #"["/$(lang)?*"]"#, #"["/join\\?*"]"#])
    func otherQuestionMarksInLegacyPathsAreFine(_ list: String) {
        #expect(!validate(paths(list)).diagnostics.contains(code: "AASA403"), "\(list)")
    }

    /// The same `?*` in a component's `/` pattern: info, with the example it opens and the rule
    /// rewritten; not when the rule (or its defaults) has a `?` of its own.
    @Test func componentQueryWildcardIsInfoWithAnExampleItOpens() throws {
        let json = components(#"[{"/":"/join?*","caseSensitive":false}]"#)
        let found = validate(json, domain: "example.com").diagnostics.filter { $0.code == "AASA403" }
        try #require(found.count == 1)
        #expect(found[0].severity == .info)
        #expect(found[0].pointer == "/applinks/details/0/components/0")
        #expect(found[0].message.hasPrefix(#"the path pattern "/join?*" of details[0].components[0] reads like "/join" with any query"#))
        let start = try #require(found[0].message.range(of: "it opens https://example.com"))
        let example = "https://example.com" + found[0].message[start.upperBound...].prefix(while: { $0 != " " })
        for url in [example, "https://example.com/joinery", "https://example.com/join/x", "https://example.com/join?x=1"] {
            #expect(try decide(MatchCase(json, url, .match)).decision == .match, "\(url)")
        }
        #expect(found[0].hint == #"For /join with any query, write {"/": "/join", "caseSensitive": false} (a rule without "?" accepts any query); for everything under it, {"/": "/join/*", "caseSensitive": false}."#)
    }

    @Test(arguments: [#"[{"/":"/join/?*"}]"#, #"[{"/":"/join?"}]"#, #"[{"/":"*?*"}]"#, #"[{"/":"/join?*","?":{"ref":"*"}}]"#,
                      #"[{"/":"/join\\?*"}]"#])
    func otherQuestionMarksInComponentsAreFine(_ list: String) {
        #expect(!validate(components(list)).diagnostics.contains(code: "AASA403"), "\(list)")
    }

    @Test func componentWithADefaultQueryIsFine() {
        let json = #"{"applinks": {"defaults": {"?": {"ref": "*"}}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/join?*"}]}]}}"#
        #expect(!validate(json).diagnostics.contains(code: "AASA403"))
    }
}
