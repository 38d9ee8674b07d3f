extension CodeDoc {
    /// An advanced pattern (pathAdvancedPattern, sspAdvancedPattern, queryAdvancedPattern, fragmentAdvancedPattern) Android refuses to parse. Reported by ManifestLint.
    static let dal612 = CodeDoc(
        code: .dal612, severity: .error,
        title: "An advanced pattern (pathAdvancedPattern, sspAdvancedPattern, queryAdvancedPattern, fragmentAdvancedPattern) Android refuses to parse",
        why: "PatternMatcher parses advanced patterns when the package is parsed and throws on a malformed one (a modifier after nothing, an empty or unterminated set, a bad {n,m}, a trailing \\, more than 2,045 parsed slots): the package fails to parse and the app does not install.",
        fix: "Fix the pattern: *, + and {n,m} follow a token, a set [...] holds at least one character and is closed, \\ escapes the next character.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathAdvancedPattern="/item/[0-9""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathAdvancedPattern="/item/[0-9]+""#)]))
}

extension DiagnosticCode {
    /// DAL612: see ``CodeDoc/dal612``.
    public static let dal612 = DiagnosticCode(rawValue: "DAL612")
}
