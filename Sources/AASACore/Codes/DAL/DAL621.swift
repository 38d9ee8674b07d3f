extension CodeDoc {
    /// <uri-relative-filter-group>s with minSdkVersion below 35: ignored on Android 14 and lower. Reported by ManifestLint.
    static let dal621 = CodeDoc(
        code: .dal621, severity: .warning,
        title: "<uri-relative-filter-group>s with minSdkVersion below 35: ignored on Android 14 and lower",
        why: "Relative filter groups are read from Android 15 (API 35) on; older devices skip the element, so there the filter accepts every path (or only its top-level paths), including the URLs the groups block.",
        fix: "Expect the wider match on older devices, or raise minSdkVersion to 35.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), #"<uri-relative-filter-group android:allow="false"><data android:pathPrefix="/account" /></uri-relative-filter-group>"#], minimum: 31, target: 35),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), #"<uri-relative-filter-group android:allow="false"><data android:pathPrefix="/account" /></uri-relative-filter-group>"#], minimum: 35, target: 35))
}

extension DiagnosticCode {
    /// DAL621: see ``CodeDoc/dal621``.
    public static let dal621 = DiagnosticCode(rawValue: "DAL621")
}
