extension CodeDoc {
    /// A pathPattern that does not do what it looks like: \. still matches any character, .* stops at the first next character, regular-expression syntax is literal. Reported by ManifestLint.
    static let dal611 = CodeDoc(
        code: .dal611, severity: .warning,
        title: "A pathPattern that does not do what it looks like: \\. still matches any character, .* stops at the first next character, regular-expression syntax is literal",
        why: "pathPattern is Android's simple glob (PatternMatcher.PATTERN_SIMPLE_GLOB): only ., x* and .* are special, .* skips to the first occurrence of the next character and never backtracks, and an escaped \\. not followed by * still matches any character. A pattern written as a regular expression matches other paths than meant.",
        fix: "Use pathPrefix or path where they do, or pathAdvancedPattern (API 31+) for sets and ranges, and test the pattern against real URLs.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathPattern="/file\\.html""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathPattern="/docs/.*""#)]))
}

extension DiagnosticCode {
    /// DAL611: see ``CodeDoc/dal611``.
    public static let dal611 = DiagnosticCode(rawValue: "DAL611")
}
