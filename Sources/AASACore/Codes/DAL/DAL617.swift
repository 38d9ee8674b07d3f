extension CodeDoc {
    /// Target SDK 30 or lower: hosts of filters without autoVerify are verified too. Reported by ManifestLint.
    static let dal617 = CodeDoc(
        code: .dal617, severity: .warning,
        title: "Target SDK 30 or lower: hosts of filters without autoVerify are verified too",
        why: "With target SDK 30 and lower, autoVerify on one filter makes Android collect the hosts of every filter with VIEW, BROWSABLE and an http(s) scheme (the collector's legacy rules): each of those hosts needs an assetlinks.json listing the app, or its verification fails (and on Android 11 and lower every host's with it).",
        fix: "Publish assetlinks.json on those hosts too, or raise the target SDK to 31 or later, where only autoVerify filters count.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.goodFilter, ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="blog.example.com""#)], autoVerify: false)], minimum: 30, target: 30)),
        passing: ManifestExample.source(ManifestSample.manifest([ManifestSample.goodFilter], minimum: 30, target: 30)))
}

extension DiagnosticCode {
    /// DAL617: see ``CodeDoc/dal617``.
    public static let dal617 = DiagnosticCode(rawValue: "DAL617")
}
