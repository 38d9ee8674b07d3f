extension CodeDoc {
    /// The rule analysis stopped at its work limits. Reported by the rule-shadowing pass of
    /// AASA402 (a code added in the free numbers of the 4xx block).
    static let aasa405 = CodeDoc(
        code: .aasa405, severity: .info,
        title: "Rule analysis is incomplete: some overlaps could not be decided within the work limits",
        why: "AASA402 and AASA404 are proven by comparing patterns; a few pattern shapes (many ? after a *, huge variable tables, thousands of rules) make that comparison too costly, so those rules were not checked and a dead rule or misplaced exclude may go unreported.",
        fix: "Nothing is known to be wrong. Simplify the patterns named, or check those rules by hand with `aasa-check match`.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*a?????????????????????"}, {"/": "/*a?????????????????????", "caseSensitive": false, "exclude": true}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/x/*a?????????????????????", "exclude": true}, {"/": "/x/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA405: see ``CodeDoc/aasa405``.
    public static let aasa405 = DiagnosticCode(rawValue: "AASA405")
}
