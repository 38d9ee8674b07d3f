extension CodeDoc {
    /// An exclude rule after a broader rule.
    static let aasa404 = CodeDoc(
        code: .aasa404, severity: .warning,
        title: "An `exclude` rule sits after a broader rule that already matches its URLs, so it never excludes anything",
        why: "Rules are tried in order and the first match decides; an exclude placed after the include that covers it is never reached, so the pages it should keep on the web open the app.",
        fix: "Move the exclude rule before the broader include.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/account/*"}, {"/": "/account/delete", "exclude": true}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/account/delete", "exclude": true}, {"/": "/account/*"}]}]}}"#))
    // Reported by the rule-shadowing pass of AASA402, which finds both in one pass.
}

extension DiagnosticCode {
    /// AASA404: see ``CodeDoc/aasa404``.
    public static let aasa404 = DiagnosticCode(rawValue: "AASA404")
}
