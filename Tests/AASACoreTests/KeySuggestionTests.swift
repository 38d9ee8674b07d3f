import Testing
@testable import AASACore

/// AASA310's "did you mean" (``KeySuggestion``): a near key is suggested, a key that shares
/// nothing with any is not.
@Suite("key suggestions")
struct KeySuggestionTests {
    @Test(arguments: [
        ("appIds", ["appIDs", "components"], "appIDs"),
        ("compnents", ["appIDs", "components"], "components"),
        ("Exclude", ["exclude", "comment"], "exclude"),
        // Before: an unpaired surrogate key (U+FFFD once decoded) was taken for "/".
        ("\u{FFFD}", ["/", "?", "#"], nil),
        ("%", ["/", "?", "#"], nil),
        ("details", ["details"], nil),
        ("xyzzy", ["appIDs", "components"], nil),
    ])
    func suggestsOnlyWhatIsNear(key: String, known: [String], expected: String?) {
        #expect(KeySuggestion.nearest(to: key, in: known) == expected)
    }
}
