import Testing
@testable import AASACore

/// `PatternMatcher` with AOSP's semantics (spec `assetlinks-reference.md` §4.2, §6.4):
/// tables of (kind, pattern, string, expected).
@Suite struct AndroidPatternMatcherTests {
    typealias Row = (AndroidPatternMatcher.Kind, String, String, Bool)

    /// The reference's §6.4 table, row by row (the decoded-path row is in AndroidURITests and
    /// the filter tests, since it needs a URL).
    static let referenceTable: [Row] = [
        (.literal, "/a", "/a", true), (.literal, "/a", "/a/", false), (.literal, "/a", "/A", false),
        (.prefix, "/shop", "/shopping", true),
        (.simpleGlob, "/a.*", "/a", true), (.simpleGlob, "/a.*", "/abc/d", true),
        (.simpleGlob, "/.*/foo", "/a/foo", true), (.simpleGlob, "/.*/foo", "/a/b/foo", false),
        (.simpleGlob, "/a*", "/", false), (.simpleGlob, "/a*", "/a", true),
        (.simpleGlob, "/a*", "/aaa", true), (.simpleGlob, "/a*", "/b", false),
        (.simpleGlob, "/file\\.html", "/fileXhtml", true),
        (.advancedGlob, "/[0-9]+", "/123", true), (.advancedGlob, "/[0-9]+", "/12a", false),
        (.advancedGlob, "/a.*b", "/axb", false),
        (.suffix, ".pdf", "/doc.pdf", true),
        (.literal, "/", "", false),
    ]

    /// Every kind, and the quirks of the simple and advanced globs.
    static let ownRows: [Row] = [
        // literal, prefix, suffix: whole, start, end; case-sensitive; UTF-16.
        (.literal, "", "", true), (.literal, "", "/", false), (.literal, "/café", "/café", true),
        (.prefix, "", "/anything", true), (.prefix, "/shop/", "/shop", false), (.prefix, "/Shop", "/shop", false),
        (.suffix, ".pdf", ".pdf", true), (.suffix, ".pdf", "/doc.PDF", false), (.suffix, "", "", true),
        (.suffix, "/x.pdf", ".pdf", false),
        // simple glob: `.` one character, `x*` runs, `.*` to the first next character.
        (.simpleGlob, "", "", true), (.simpleGlob, "", "/", false),
        (.simpleGlob, "/.", "/a", true), (.simpleGlob, "/.", "/", false), (.simpleGlob, "/.", "/ab", false),
        (.simpleGlob, ".*", "", true), (.simpleGlob, ".*", "/any/thing", true),
        (.simpleGlob, "/.*", "/", true), (.simpleGlob, "/.*", "", false),
        (.simpleGlob, "/a.*z", "/abcz", true), (.simpleGlob, "/a.*z", "/azbz", false),
        (.simpleGlob, "/.*\\.pdf", "/x.pdf", true), (.simpleGlob, "/.*\\.pdf", "/a.b.pdf", false),
        (.simpleGlob, "/.*.html", "/page.html", true), (.simpleGlob, "/.*.html", "/pageXhtml", false),
        (.simpleGlob, "/ab*c", "/ac", true), (.simpleGlob, "/ab*c", "/abbbc", true), (.simpleGlob, "/ab*c", "/abxc", false),
        (.simpleGlob, "/a\\*", "/a*", true), (.simpleGlob, "/a\\*", "/a", false),
        (.simpleGlob, "/a\\.*", "/a...", true), (.simpleGlob, "/a\\.*", "/a", false), (.simpleGlob, "/a\\.*", "/ab", false),
        (.simpleGlob, "/x*y*", "/x", false), (.simpleGlob, "/x*y*", "/xy", true),
        (.simpleGlob, "/p/.*/reviews", "/p/1/reviews", true), (.simpleGlob, "/p/.*/reviews", "/p/1/2/reviews", false),
        (.simpleGlob, "/a\\", "/a", false),
        // advanced glob: sets, ranges, negation, modifiers, greedy without backtracking.
        (.advancedGlob, ".", "a", true), (.advancedGlob, ".", "", false), (.advancedGlob, "", "", true),
        (.advancedGlob, "[a]", "a", true), (.advancedGlob, "[a]", "b", false),
        (.advancedGlob, "[^a-c]", "d", true), (.advancedGlob, "[^a-c]", "b", false),
        (.advancedGlob, "[a-cx-z]+", "abzy", true), (.advancedGlob, "[a-cx-z]+", "abm", false),
        (.advancedGlob, "a{3}", "aaa", true), (.advancedGlob, "a{3}", "aa", false), (.advancedGlob, "a{3}", "aaaa", false),
        (.advancedGlob, "a{2,}", "aaaaa", true), (.advancedGlob, "a{2,}", "a", false),
        (.advancedGlob, "a{1,2}b", "aab", true), (.advancedGlob, "a{1,2}b", "aaab", false),
        (.advancedGlob, "a*", "", true), (.advancedGlob, "a+", "", false),
        (.advancedGlob, "/p/[0-9]+/.*", "/p/12/x", true), (.advancedGlob, "/p/[0-9]+/.*", "/p//x", false),
        (.advancedGlob, "/a.*", "/abc", true), (.advancedGlob, "[a-z]*z", "abz", false),
        (.advancedGlob, "\\.", ".", true), (.advancedGlob, "\\.", "x", false),
        (.advancedGlob, "[.*{]+", ".*{", true), (.advancedGlob, "[.*{]+", "x", false),
        (.advancedGlob, "/a}b", "/ab", true), (.advancedGlob, "/a}b", "/a}b", false),
        (.advancedGlob, "]", "]", true),
        (.advancedGlob, "[z-a]", "m", false), (.advancedGlob, "[z-a]", "z", false),
        (.advancedGlob, "a{+2}", "aa", true), (.advancedGlob, "a{-1}b", "b", true), (.advancedGlob, "a{-1}b", "ab", false),
        (.advancedGlob, "a{\u{0663}}", "aaa", true),
        (.advancedGlob, "[\\]]", "]", true), (.advancedGlob, "[a\\-z]", "-", true), (.advancedGlob, "[a\\-z]", "m", false),
    ]

    @Test(arguments: referenceTable + ownRows)
    func matches(_ row: Row) {
        let matcher = AndroidPatternMatcher(row.1, kind: row.0)
        #expect(matcher.parseError == nil, "\(row.1) should parse")
        #expect(matcher.matches(row.2) == row.3, "\(row.0) \(row.1) vs \(row.2)")
    }

    @Test(arguments: [
        ("*", AdvancedPatternError.Reason.modifierWithoutToken), ("a**", .modifierWithoutToken),
        ("a+*", .modifierWithoutToken), ("a{2}*", .modifierWithoutToken), ("{2}", .modifierWithoutToken),
        ("[", .setAtEnd), ("a[", .setAtEnd), ("[^", .setNotTerminated), ("[abc", .setNotTerminated),
        ("[]", .emptySet), ("[^]", .emptySet), ("a\\", .escapeAtEnd), ("[a\\", .escapeAtEnd),
        ("a{2", .rangeNotEnded), ("a{3,2}", .rangeMinAboveMax), ("a{x}", .rangeNumberFormat),
        ("a{}", .rangeNumberFormat), ("a{,2}", .rangeNumberFormat), ("a{1,2,3}", .rangeNumberFormat),
        ("a{99999999999}", .rangeNumberFormat), ("a{ 2}", .rangeNumberFormat),
    ])
    func advancedParseErrors(_ pattern: String, _ reason: AdvancedPatternError.Reason) {
        let matcher = AndroidPatternMatcher(pattern, kind: .advancedGlob)
        #expect(matcher.parseError?.reason == reason, "\(pattern): \(String(describing: matcher.parseError))")
        #expect(!matcher.matches(""))
        #expect(!matcher.matches("a"))
    }

    /// The size limit falls where Android's does: 2,045 slots used with pattern left.
    @Test func tokenLimit() {
        // Each literal is one slot: 2,046 literals parse (the check runs before each step),
        // 2,047 do not.
        #expect(AndroidPatternMatcher(String(repeating: "a", count: 2046), kind: .advancedGlob).parseError == nil)
        #expect(AndroidPatternMatcher(String(repeating: "a", count: 2047), kind: .advancedGlob).parseError?.reason == .tooLarge)
        // A set member takes two slots: `[` + 1,022 members (2,044 slots) + more.
        let set = "[" + String(repeating: "b", count: 1022) + "]"
        #expect(AndroidPatternMatcher(set, kind: .advancedGlob).parseError == nil)
        let bigger = "[" + String(repeating: "b", count: 1023) + "]"
        #expect(AndroidPatternMatcher(bigger, kind: .advancedGlob).parseError?.reason == .tooLarge)
        #expect(AndroidPatternMatcher(String(repeating: "a", count: 2046), kind: .advancedGlob)
            .matches(String(repeating: "a", count: 2046)))
    }

    /// Time linear in pattern plus string: a long string against every kind.
    @Test func longInputsAreLinear() {
        let s = String(repeating: "ab", count: 200_000)
        for kind in AndroidPatternMatcher.Kind.allCases {
            let m = AndroidPatternMatcher(".*a.*b" + String(repeating: "a*", count: 500), kind: kind)
            _ = m.matches(s)
        }
        #expect(AndroidPatternMatcher(".*b", kind: .simpleGlob).matches("aab") == true)
        #expect(AndroidPatternMatcher("[ab]*", kind: .advancedGlob).matches(s) == true)
    }
}
