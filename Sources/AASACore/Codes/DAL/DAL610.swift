extension CodeDoc {
    /// A filter has both top-level paths and <uri-relative-filter-group>s. Reported by ManifestLint.
    static let dal610 = CodeDoc(
        code: .dal610, severity: .warning,
        title: "A filter has both top-level paths and <uri-relative-filter-group>s",
        why: "In IntentFilter.matchData (Android 15) the groups are an alternative to the filter's own path attributes: a URL whose path matches a top-level path passes even where a group would block it (assetlinks-reference.md §4.2).",
        fix: "Put the paths in the groups: an allow group with the path, after the block groups that must win.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathPrefix="/shop""#), #"<uri-relative-filter-group android:allow="false"><data android:query="draft=1" /></uri-relative-filter-group>"#], minimum: 35, target: 35),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), #"<uri-relative-filter-group android:allow="false"><data android:query="draft=1" /></uri-relative-filter-group>"#, #"<uri-relative-filter-group><data android:pathPrefix="/shop" /></uri-relative-filter-group>"#], minimum: 35, target: 35))
}

extension DiagnosticCode {
    /// DAL610: see ``CodeDoc/dal610``.
    public static let dal610 = DiagnosticCode(rawValue: "DAL610")
}
