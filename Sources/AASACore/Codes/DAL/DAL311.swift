extension CodeDoc {
    /// An ios_app target. Reported by StatementListParser.
    static let dal311 = CodeDoc(
        code: .dal311, severity: .warning,
        title: "An ios_app target",
        why: "details.md describes ios_app, but Android and Google's API read only web and android_app targets: the statement is not used.",
        fix: "iOS reads /.well-known/apple-app-site-association; remove the statement from assetlinks.json.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(), #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "ios_app", "appid": "585027354"}}"#)),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL311: see ``CodeDoc/dal311``.
    public static let dal311 = DiagnosticCode(rawValue: "DAL311")
}
