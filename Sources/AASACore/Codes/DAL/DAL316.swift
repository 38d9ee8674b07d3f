extension CodeDoc {
    /// A relation's kind is not delegate_permission. Reported by StatementListParser.
    static let dal316 = CodeDoc(
        code: .dal316, severity: .warning,
        title: "A relation's kind is not delegate_permission",
        why: "delegate_permission is the only kind Digital Asset Links defines; Google accepts other kinds of the right shape but no Android feature reads them.",
        fix: "Use delegate_permission/common.handle_all_urls (App Links) or delegate_permission/common.get_login_creds (credentials).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(relations: ["navigate/common.handle_all_urls"]))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL316: see ``CodeDoc/dal316``.
    public static let dal316 = DiagnosticCode(rawValue: "DAL316")
}
