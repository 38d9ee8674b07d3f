import Testing
@testable import AASACore

/// One `/` pattern: whether AASA319 reports it, and for a reported one the rewritten rule from
/// the hint and a URL the author meant, which the rewrite opens and the original does not.
struct DeadPatternCase: CustomTestStringConvertible, Sendable {
    let rule: String
    var domain: String? = "example.com"
    /// The component the hint proposes, `nil` when nothing is reported.
    let rewrite: String?
    /// A URL the pattern was written for.
    var meant: String?

    var testDescription: String { "\(rule) → \(rewrite ?? "fine")" }
}

@Suite struct DeadPathPatternTests {
    static let dead: [DeadPatternCase] = [
        // The query written into the path; `?` there is one character.
        DeadPatternCase(rule: ##"{"/": "/search?q=*"}"##, rewrite: ##"{"/": "/search", "?": {"q": "*"}}"##, meant: "/search?q=shoes"),
        DeadPatternCase(rule: ##"{"/": "/p?id=$(digit)&ref=app"}"##, rewrite: ##"{"/": "/p", "?": {"id": "$(digit)", "ref": "app"}}"##, meant: "/p?id=7&ref=app"),
        DeadPatternCase(rule: ##"{"/": "/p?id=*", "percentEncoded": false}"##, rewrite: ##"{"/": "/p", "?": {"id": "*"}, "percentEncoded": false}"##, meant: "/p?id=1"),
        // An escaped `?` is a literal one: never in a path as written.
        DeadPatternCase(rule: ##"{"/": "/search\\?q=*&x=1#top", "exclude": true}"##,
                        rewrite: ##"{"/": "/search", "?": {"q": "*", "x": "1"}, "#": "top", "exclude": true}"##, meant: "/search?q=a&x=1#top"),
        // The fragment.
        DeadPatternCase(rule: ##"{"/": "/help#faq"}"##, rewrite: ##"{"/": "/help", "#": "faq"}"##, meant: "/help#faq"),
        DeadPatternCase(rule: ##"{"/": "*#promo*"}"##, rewrite: ##"{"/": "*", "#": "promo*"}"##, meant: "/any/page#promo2"),
        // The scheme and host, or the host alone.
        DeadPatternCase(rule: ##"{"/": "https://example.com/buy/*"}"##, rewrite: ##"{"/": "/buy/*"}"##, meant: "/buy/shoes"),
        DeadPatternCase(rule: ##"{"/": "http://www.example.com"}"##, rewrite: ##"{"/": "/"}"##, meant: "/"),
        DeadPatternCase(rule: ##"{"/": "/example.com/buy/*"}"##, rewrite: ##"{"/": "/buy/*"}"##, meant: "/buy/shoes"),
        DeadPatternCase(rule: ##"{"/": "//Example.com/buy/*"}"##, rewrite: ##"{"/": "/buy/*"}"##, meant: "/buy/shoes"),
        // Characters a path as written in a URL always carries percent-encoded.
        DeadPatternCase(rule: ##"{"/": "/café/*"}"##, rewrite: ##"{"/": "/caf%C3%A9/*"}"##, meant: "/caf%C3%A9/menu"),
        DeadPatternCase(rule: ##"{"/": "/our team"}"##, rewrite: ##"{"/": "/our%20team"}"##, meant: "/our%20team"),
        DeadPatternCase(rule: ##"{"/": "/a\"b"}"##, rewrite: ##"{"/": "/a%22b"}"##, meant: "/a%22b"),
    ]

    static let alive: [DeadPatternCase] = [
        // `?` alone is a wildcard, and `?*` after a slash is "something under it".
        DeadPatternCase(rule: ##"{"/": "/a?"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/a/?*"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/a/??=x"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/search", "?": {"q": "*"}}"##, rewrite: nil),
        // Decoded paths can hold anything: %23 is #, %20 a space, %C3%A9 an é.
        DeadPatternCase(rule: ##"{"/": "/help#faq", "percentEncoded": false}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/café/*", "percentEncoded": false}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/our team", "percentEncoded": false}"##, rewrite: nil),
        // A scheme later in the path is a path; the host only counts as the first segment.
        DeadPatternCase(rule: ##"{"/": "/go/https://*"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/sites/example.com/*"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/example.com/*"}"##, domain: nil, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/example.com/*"}"##, domain: "example.org", rewrite: nil),
        // A variable with one value a path can hold keeps the pattern alive.
        DeadPatternCase(rule: ##"{"/": "/$(mixed)/*"}"##, rewrite: nil),
        DeadPatternCase(rule: ##"{"/": "/caf%C3%A9/*"}"##, rewrite: nil),
    ]

    static let variables = ##""substitutionVariables": {"place": ["café", "bar à vin"], "mixed": ["café", "bistro"]}, "##

    func findings(_ rule: String, domain: String?) -> [Diagnostic] {
        validate(components("[\(rule)]", applinksExtra: Self.variables), domain: domain).diagnostics.filter { $0.code == "AASA319" }
    }

    @Test(arguments: dead)
    func deadPatternIsReportedWithItsRewrite(_ c: DeadPatternCase) throws {
        let found = findings(c.rule, domain: c.domain)
        try #require(found.count == 1, "\(found.map(\.message))")
        let d = found[0]
        #expect(d.severity == .warning)
        #expect(d.pointer == "/applinks/details/0/components/0")
        #expect(d.hint == "Write it as \(c.rewrite!).", "\(d.hint ?? "")")
        guard let meant = c.meant else { return }
        let before = try decide(MatchCase(components("[\(c.rule)]", applinksExtra: Self.variables), "https://example.com" + meant, .noMatch))
        #expect(before.decision == .noMatch, "the original pattern must not open \(meant)")
        let after = try decide(MatchCase(components("[\(c.rewrite!)]"), "https://example.com" + meant, .match))
        let expected: MatchDecision = c.rewrite!.contains(##""exclude": true"##) ? .exclude : .match
        #expect(after.decision == expected, "the rewrite decides \(meant): \(after.explanation)")
    }

    @Test(arguments: alive)
    func livePatternIsNotReported(_ c: DeadPatternCase) {
        #expect(findings(c.rule, domain: c.domain).isEmpty)
    }

    @Test func messagesSayWhatThePathNeverHolds() throws {
        let query = try #require(findings(##"{"/": "/search?q=*"}"##, domain: nil).first)
        #expect(query.message.contains(##""?q=*" reads as a query, but the query is never part of the path and ? there matches one character"##))
        let fragment = try #require(findings(##"{"/": "/help#faq"}"##, domain: nil).first)
        #expect(fragment.message.contains(##"it holds "#", but the fragment is never part of the path"##))
        let host = try #require(findings(##"{"/": "/example.com/x"}"##, domain: "example.com").first)
        #expect(host.message.contains("its first segment is the domain example.com itself"))
        let scheme = try #require(findings(##"{"/": "https://example.com/x"}"##, domain: nil).first)
        #expect(scheme.message.contains(##"it starts with the scheme and host "https://example.com""##))
        let space = try #require(findings(##"{"/": "/our team/é"}"##, domain: nil).first)
        #expect(space.message.contains(##"it holds a space, "é", which a URL path always carries percent-encoded"##))
        let variable = try #require(findings(##"{"/": "/$(place)/*"}"##, domain: nil).first)
        #expect(variable.message.contains("every value of its substitution variables"))
        #expect(variable.hint?.hasPrefix("Percent-encode the values of its substitution variables") == true)
    }

    /// Legacy `paths` are `/` patterns too; their `?name=` stays AASA403's.
    @Test func legacyPaths() throws {
        let fragment = validate(paths(##"["/help#faq", "NOT https://example.com/admin/*", "/search?q=*"]"##)).diagnostics
        let dead = fragment.filter { $0.code == "AASA319" }
        #expect(dead.map(\.pointer) == ["/applinks/details/0/paths/0", "/applinks/details/0/paths/1"])
        #expect(dead.first?.hint == ##"Legacy paths match the path only; write it as a component: {"/": "/help", "#": "faq"}."##)
        #expect(dead.last?.hint == ##"Write it as "NOT /admin/*"."##)
        #expect(fragment.filter { $0.code == "AASA403" }.map(\.pointer) == ["/applinks/details/0/paths/2"])
    }

    /// A `/` inherited from `defaults` is reported once, where it is written.
    @Test func patternInDefaults() throws {
        let doc = ##"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "defaults": {"/": "/app#x"}, "components": [{"?": {"a": "1"}}, {"#": "y"}]}]}}"##
        let found = validate(doc).diagnostics.filter { $0.code == "AASA319" }
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/applinks/details/0/defaults/~1")
        #expect(found.first?.message.contains("details[0].defaults") == true)
    }
}
