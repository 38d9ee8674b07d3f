extension CodeDoc {
    /// Statements only two or more includes deep: Android's reference verifier does not see them. Reported by AssetLinksCrossChecks.
    static let dal113 = CodeDoc(
        code: .dal113, severity: .warning,
        title: "Statements only two or more includes deep: Android's reference verifier does not see them",
        why: "Android's own verifier (AOSP StatementService, used on devices without Google services) follows exactly one level of includes: statements deeper than that verify nothing there.",
        fix: "Include the file that holds the statements directly from the main file, or copy the statements into it.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "https://example.com/a.json"}]"#), includes: [DALSample.file("/a.json", #"[{"include": "https://example.com/b.json"}]"#), DALSample.file("/b.json", DALSample.good)])),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(#"[{"include": "https://example.com/b.json"}]"#), includes: [DALSample.file("/b.json", DALSample.good)])))
}

extension DiagnosticCode {
    /// DAL113: see ``CodeDoc/dal113``.
    public static let dal113 = DiagnosticCode(rawValue: "DAL113")
}
