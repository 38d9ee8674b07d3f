extension CodeDoc {
    /// minSdkVersion 30 or lower with several hosts: on Android 11 and lower one failing host unverifies them all. Reported by ManifestLint.
    static let dal618 = CodeDoc(
        code: .dal618, severity: .info,
        title: "minSdkVersion 30 or lower with several hosts: on Android 11 and lower one failing host unverifies them all",
        why: "Android 12 and later verify each host on its own; devices on Android 11 and lower verify the app's hosts together, and one host whose file is missing or wrong leaves every App Link of the app unverified there (assetlinks-reference.md §1.2).",
        fix: "Make sure every host's assetlinks.json lists the app, or raise minSdkVersion to 31.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:host="www.example.com""#)], minimum: 24),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:host="www.example.com""#)]))
}

extension DiagnosticCode {
    /// DAL618: see ``CodeDoc/dal618``.
    public static let dal618 = DiagnosticCode(rawValue: "DAL618")
}
