extension CodeDoc {
    /// An autoVerify filter Android never verifies: no action VIEW or category BROWSABLE, no http/https scheme, or no host. Reported by ManifestLint.
    static let dal602 = CodeDoc(
        code: .dal602, severity: .error,
        title: "An autoVerify filter Android never verifies: no action VIEW or category BROWSABLE, no http/https scheme, or no host",
        why: "Android verifies only the hosts of filters that take web links: action VIEW, category BROWSABLE, an http or https scheme and a host (assetlinks-reference.md §4.1). Without one of them autoVerify asks for nothing, and the app's links keep opening the browser.",
        fix: "Give the filter <action android:name=\"android.intent.action.VIEW\"/>, the categories BROWSABLE and DEFAULT, <data android:scheme=\"https\"/> and a <data android:host> for each host.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#)], categories: ["DEFAULT"])])),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL602: see ``CodeDoc/dal602``.
    public static let dal602 = DiagnosticCode(rawValue: "DAL602")
}
