extension CodeDoc {
    /// relation_extensions holds keys Android does not read. Reported by StatementListParser (dynamic rules).
    static let dal405 = CodeDoc(
        code: .dal405, severity: .warning,
        title: "relation_extensions holds keys Android does not read",
        why: "Only the handle_all_urls entry's dynamic_app_link_components is read; rules under another key never apply.",
        fix: "Put the rules under \"delegate_permission/common.handle_all_urls\": {\"dynamic_app_link_components\": [...]}.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(extra: ",\n    \"relation_extensions\": {\"delegate_permission/common.get_login_creds\": {\"dynamic_app_link_components\": [{\"/\": \"/a/*\"}]}}"))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/a/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL405: see ``CodeDoc/dal405``.
    public static let dal405 = DiagnosticCode(rawValue: "DAL405")
}
