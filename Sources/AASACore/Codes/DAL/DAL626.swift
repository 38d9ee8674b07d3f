extension CodeDoc {
    /// An activity that takes web links sets android:exported="false". Reported by ManifestLint.
    static let dal626 = CodeDoc(
        code: .dal626, severity: .error,
        title: "An activity that takes web links sets android:exported=\"false\"",
        why: "A browser starts the link's activity from another app: a non-exported activity cannot be started that way, so its links never open the app, verified or not.",
        fix: "Set android:exported=\"true\" on the activity that handles the links.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.goodFilter], exported: "false")),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL626: see ``CodeDoc/dal626``.
    public static let dal626 = DiagnosticCode(rawValue: "DAL626")
}
