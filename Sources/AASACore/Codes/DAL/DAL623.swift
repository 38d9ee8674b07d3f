extension CodeDoc {
    /// A wildcard host with minSdkVersion 30 or lower: wildcard verification on Android 11 and lower is unconfirmed. Reported by ManifestLint.
    static let dal623 = CodeDoc(
        code: .dal623, severity: .info,
        title: "A wildcard host with minSdkVersion 30 or lower: wildcard verification on Android 11 and lower is unconfirmed",
        why: "The reference verifier defines a status for an unsupported legacy wildcard (FAILURE_LEGACY_UNSUPPORTED_WILDCARD) and where it is set was not traced: devices on Android 11 and lower may not verify *. hosts (assetlinks-reference.md §4.4).",
        fix: "List the subdomains that matter as hosts of their own too.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#), ManifestSample.data(#"android:host="example.com""#)], minimum: 24),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#), ManifestSample.data(#"android:host="example.com""#)]))
}

extension DiagnosticCode {
    /// DAL623: see ``CodeDoc/dal623``.
    public static let dal623 = DiagnosticCode(rawValue: "DAL623")
}
