extension CodeDoc {
    /// The app takes web links but no filter asks for verification. Reported by ManifestLint.
    static let dal622 = CodeDoc(
        code: .dal622, severity: .warning,
        title: "The app takes web links but no filter asks for verification",
        why: "Since Android 12 a web link opens an app only when the app is verified (or approved by the user) for its host; without a filter that takes part in verification the app's links open the browser (assetlinks-reference.md §1.2).",
        fix: "Add android:autoVerify=\"true\" to the link filter (with VIEW, BROWSABLE, DEFAULT and only http/https schemes) and publish assetlinks.json.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#)], autoVerify: false)])),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL622: see ``CodeDoc/dal622``.
    public static let dal622 = DiagnosticCode(rawValue: "DAL622")
}
