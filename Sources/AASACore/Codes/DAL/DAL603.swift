extension CodeDoc {
    /// A link filter has no category DEFAULT. Reported by ManifestLint.
    static let dal603 = CodeDoc(
        code: .dal603, severity: .error,
        title: "A link filter has no category DEFAULT",
        why: "With target SDK 31 and later Android collects hosts only from autoVerify filters with category DEFAULT (DomainVerificationCollector), and on any version a link resolved for a browser reaches only filters with DEFAULT: the filter's hosts are never verified and its links never open the app.",
        fix: "Add <category android:name=\"android.intent.category.DEFAULT\"/> to the filter.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#)], categories: ["BROWSABLE"])])),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL603: see ``CodeDoc/dal603``.
    public static let dal603 = DiagnosticCode(rawValue: "DAL603")
}
