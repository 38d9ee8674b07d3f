extension CodeDoc {
    /// A relation and target is no longer granted. Reported by AssetLinksDiff.
    static let dal803 = CodeDoc(
        code: .dal803, severity: .warning,
        title: "A relation and target is no longer granted",
        why: "Removing an app's handle_all_urls statement (or a fingerprint devices see) leaves the app unverified for the host: its links open the browser.",
        fix: "Keep the statement unless the app is meant to lose it.",
        failing: AssetLinksExample.diff(old: DALSample.list(DALSample.app(), DALSample.app(package: "com.shopwave.seller", fingerprints: [DALSample.otherFingerprint])), new: DALSample.list(DALSample.app())),
        passing: AssetLinksExample.diff(old: DALSample.good, new: DALSample.good))
}

extension DiagnosticCode {
    /// DAL803: see ``CodeDoc/dal803``.
    public static let dal803 = DiagnosticCode(rawValue: "DAL803")
}
