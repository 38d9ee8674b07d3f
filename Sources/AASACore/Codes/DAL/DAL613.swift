extension CodeDoc {
    /// An advanced pattern that can never match (greedy tokens without backtracking). Reported by ManifestLint.
    static let dal613 = CodeDoc(
        code: .dal613, severity: .warning,
        title: "An advanced pattern that can never match (greedy tokens without backtracking)",
        why: "Android matches each token of an advanced pattern greedily and never backtracks: /a.*b can never match, because .* takes the b too. Such a path element accepts nothing.",
        fix: "Make the repeated token stop before what follows it: /a[^b]*b.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathAdvancedPattern="/a.*b""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathAdvancedPattern="/a[^b]*b""#)]))
}

extension DiagnosticCode {
    /// DAL613: see ``CodeDoc/dal613``.
    public static let dal613 = DiagnosticCode(rawValue: "DAL613")
}
