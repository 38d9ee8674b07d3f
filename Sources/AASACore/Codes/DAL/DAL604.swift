extension CodeDoc {
    /// An autoVerify filter declares a custom scheme beside http/https. Reported by ManifestLint.
    static let dal604 = CodeDoc(
        code: .dal604, severity: .error,
        title: "An autoVerify filter declares a custom scheme beside http/https",
        why: "With target SDK 31 and later a filter takes part in verification only when all its schemes are http or https: one custom scheme (myapp) in it, and none of its hosts is verified. With target SDK 30 and lower the filter asks for no verification at all (IntentFilter.needsVerification wants web schemes only).",
        fix: "Move the custom scheme to an intent filter of its own without autoVerify, and keep the App Links filter to https (and http).",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:scheme="myapp" android:host="open""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL604: see ``CodeDoc/dal604``.
    public static let dal604 = DiagnosticCode(rawValue: "DAL604")
}
