extension CodeDoc {
    /// An include is malformed: with relation or target, not a string, not an http(s) URL. Reported by StatementListParser.
    static let dal309 = CodeDoc(
        code: .dal309, severity: .error,
        title: "An include is malformed: with relation or target, not a string, not an http(s) URL",
        why: "Google skips it (comptest2004 \"invalid field\", 5010, 5011): the statements of the file it names do not count. AOSP's verifier would still follow an include that has other fields.",
        fix: "Write includes as {\"include\": \"https://…/file.json\"} alone.",
        failing: AssetLinksExample.list(#"[{"include": "https://example.com/links.json", "target": {"namespace": "web", "site": "https://example.com"}}]"#),
        passing: AssetLinksExample.list(#"[{"include": "https://example.com/links.json"}]"#))
}

extension DiagnosticCode {
    /// DAL309: see ``CodeDoc/dal309``.
    public static let dal309 = DiagnosticCode(rawValue: "DAL309")
}
