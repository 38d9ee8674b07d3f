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
}
