extension CodeDoc {
    /// A custom relation: no Android feature reads it. Reported by StatementListParser.
    static let dal317 = CodeDoc(
        code: .dal317, severity: .info,
        title: "A custom relation: no Android feature reads it",
        why: "Only handle_all_urls and get_login_creds are read by Android and Credential Manager; a custom relation is fine for your own tools but grants nothing on devices.",
        fix: "Check the relation is the one meant (common.handle_all_urls, common.get_login_creds).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(relations: ["delegate_permission/common.share_location"]))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL317: see ``CodeDoc/dal317``.
    public static let dal317 = DiagnosticCode(rawValue: "DAL317")
}
