extension CodeDoc {
    /// A relation and target is newly granted. Reported by AssetLinksDiff.
    static let dal804 = CodeDoc(
        code: .dal804, severity: .info,
        title: "A relation and target is newly granted",
        why: "A new statement verifies another app or site for the host.",
        fix: "Check the new app and fingerprint are the ones meant.",
        failing: AssetLinksExample.diff(old: DALSample.list(DALSample.app()), new: DALSample.list(DALSample.app(), DALSample.app(package: "com.shopwave.seller", fingerprints: [DALSample.otherFingerprint]))),
        passing: AssetLinksExample.diff(old: DALSample.good, new: DALSample.good))
}

extension DiagnosticCode {
    /// DAL804: see ``CodeDoc/dal804``.
    public static let dal804 = DiagnosticCode(rawValue: "DAL804")
}
