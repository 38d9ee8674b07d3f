extension CodeDoc {
    /// The target is missing, not an object, or of an unrecognized namespace. Reported by StatementListParser.
    static let dal304 = CodeDoc(
        code: .dal304, severity: .error,
        title: "The target is missing, not an object, or of an unrecognized namespace",
        why: "A statement without a valid target says nothing and is skipped (comptest2011, 2013, 2014).",
        fix: "Add \"target\" with namespace android_app (package_name, sha256_cert_fingerprints) or web (site).",
        failing: AssetLinksExample.list(#"[{"relation": ["delegate_permission/common.handle_all_urls"]}]"#),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL304: see ``CodeDoc/dal304``.
    public static let dal304 = DiagnosticCode(rawValue: "DAL304")
}
