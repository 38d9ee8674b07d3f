extension CodeDoc {
    /// A statement repeats a relation and target already granted. Reported by AssetLinksCrossChecks.
    static let dal313 = CodeDoc(
        code: .dal313, severity: .warning,
        title: "A statement repeats a relation and target already granted",
        why: "Repeats add nothing, and with dynamic rules Android does not guarantee which statement it uses for the site and app (configure-assetlinks): the rules of the other one may be the ones applied.",
        fix: "Keep one statement per relation and target; merge fingerprints into one list.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(), DALSample.app())),
        passing: AssetLinksExample.list(DALSample.list(DALSample.app(fingerprints: [DALSample.fingerprint, DALSample.otherFingerprint]))))
}

extension DiagnosticCode {
    /// DAL313: see ``CodeDoc/dal313``.
    public static let dal313 = DiagnosticCode(rawValue: "DAL313")
}
