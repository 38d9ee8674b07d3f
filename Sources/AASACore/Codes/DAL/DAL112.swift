extension CodeDoc {
    /// Fetch budget exhausted: an include loop, a file included twice, or more than 10 files. Reported by IncludeResolver.
    static let dal112 = CodeDoc(
        code: .dal112, severity: .error,
        title: "Fetch budget exhausted: an include loop, a file included twice, or more than 10 files",
        why: "Includes are followed within a fetch budget; a loop or a long chain exhausts it and the files not fetched add nothing (ERROR_CODE_FETCH_BUDGET_EXHAUSTED). aasa-check reads each URL once and at most 10 files per source, the main file included (Google's budget is unpublished).",
        fix: "Remove the include that points back up the chain; include each file once; keep few, shallow include files.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "https://example.com/links.json"}]"#), includes: [DALSample.file("/links.json", DALSample.list(#"{"include": "https://example.com/.well-known/assetlinks.json"}"#, DALSample.app()))])),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "https://example.com/links.json"}]"#), includes: [DALSample.file("/links.json", DALSample.good)])))
}

extension DiagnosticCode {
    /// DAL112: see ``CodeDoc/dal112``.
    public static let dal112 = DiagnosticCode(rawValue: "DAL112")
}
