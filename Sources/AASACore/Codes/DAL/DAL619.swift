extension CodeDoc {
    /// A *. wildcard host does not cover its apex, and no filter declares the apex. Reported by ManifestLint.
    static let dal619 = CodeDoc(
        code: .dal619, severity: .info,
        title: "A *. wildcard host does not cover its apex, and no filter declares the apex",
        why: "*.example.com matches a.example.com and a.b.example.com, not example.com (IntentFilter.AuthorityEntry.match): links to the apex open the browser unless the apex is a host of its own. The wildcard is verified with the apex's file.",
        fix: "Add <data android:host=\"example.com\"/> if links to the apex must open the app.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#), ManifestSample.data(#"android:host="example.com""#)]))
}

extension DiagnosticCode {
    /// DAL619: see ``CodeDoc/dal619``.
    public static let dal619 = DiagnosticCode(rawValue: "DAL619")
}
