extension CodeDoc {
    /// A filter's <data> elements combine into combinations none of them writes. Reported by ManifestLint.
    static let dal609 = CodeDoc(
        code: .dal609, severity: .warning,
        title: "A filter's <data> elements combine into combinations none of them writes",
        why: "Android merges all <data> elements of one filter: every scheme goes with every host and every path (assetlinks-reference.md §4.1). Elements written as separate combinations (this host with this path, that host with that path) also accept the crossed ones.",
        fix: "Give each combination that must stay apart an intent filter of its own.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com" android:path="/a""#), ManifestSample.data(#"android:scheme="https" android:host="www.example.com" android:path="/b""#)], minimum: 31),
        passing: ManifestExample.source(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com" android:path="/a""#)]), ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="www.example.com" android:path="/b""#)])])))
}

extension DiagnosticCode {
    /// DAL609: see ``CodeDoc/dal609``.
    public static let dal609 = DiagnosticCode(rawValue: "DAL609")
}
