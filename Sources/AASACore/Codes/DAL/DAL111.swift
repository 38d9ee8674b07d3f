extension CodeDoc {
    /// An include under a secure list (https file, app) is plain http. Reported by IncludeResolver.
    static let dal111 = CodeDoc(
        code: .dal111, severity: .error,
        title: "An include under a secure list (https file, app) is plain http",
        why: "A list served over HTTPS, an app's asset_statements and every HTTPS include may include only HTTPS files, transitively: the http file is not fetched and its statements do not count (ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE).",
        fix: "Serve the included file over HTTPS and write its https:// URL.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "http://example.com/links.json"}]"#), includes: [DALSample.file("/links.json", DALSample.good)])),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "https://example.com/links.json"}]"#), includes: [DALSample.file("/links.json", DALSample.good)])))
}

extension DiagnosticCode {
    /// DAL111: see ``CodeDoc/dal111``.
    public static let dal111 = DiagnosticCode(rawValue: "DAL111")
}
