extension CodeDoc {
    /// A verified *. host also approves the app's other hosts that merely end in its domain. Reported by ManifestLint.
    static let dal620 = CodeDoc(
        code: .dal620, severity: .info,
        title: "A verified *. host also approves the app's other hosts that merely end in its domain",
        why: "Android approves a host for an app when it ends with the characters of a verified *.X host of the same app (host.endsWith in DomainVerificationService), so *.example.com also approves myexample.com without its own file: a quirk not to rely on.",
        fix: "Give each host its own assetlinks.json, whatever the quirk approves.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#), ManifestSample.data(#"android:host="example.com""#), ManifestSample.data(#"android:host="myexample.com""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="*.example.com""#), ManifestSample.data(#"android:host="example.com""#)]))
}

extension DiagnosticCode {
    /// DAL620: see ``CodeDoc/dal620``.
    public static let dal620 = DiagnosticCode(rawValue: "DAL620")
}
