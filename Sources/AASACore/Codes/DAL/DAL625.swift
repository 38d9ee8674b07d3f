extension CodeDoc {
    /// An activity with intent filters does not set android:exported (target SDK 31+). Reported by ManifestLint.
    static let dal625 = CodeDoc(
        code: .dal625, severity: .error,
        title: "An activity with intent filters does not set android:exported (target SDK 31+)",
        why: "Apps that target Android 12 (API 31) or later must declare android:exported on every activity with intent filters; Android refuses to install an app that does not (Android 12 behaviour changes: safer component exporting).",
        fix: "Add android:exported=\"true\" to the activity that opens links.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.goodFilter], exported: nil)),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL625: see ``CodeDoc/dal625``.
    public static let dal625 = DiagnosticCode(rawValue: "DAL625")
}
