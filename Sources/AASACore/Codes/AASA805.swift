extension CodeDoc {
    /// The comparison is not proven complete for some rules. Reported by ``DocumentDiff``.
    static let aasa805 = CodeDoc(
        code: .aasa805, severity: .info,
        title: "The comparison stopped at its work limits for some rules (name them)",
        why: "Changes are proven by comparing the rules' patterns; a few pattern shapes (many ? after a *, huge variable tables) make that comparison too costly, so for the rules named the diff may miss changes and does not claim there are none. It also says so where some rules decode percent escapes and others do not.",
        fix: "Nothing is known to be wrong. Check the URLs of the rules named with `aasa-check match` on both files, or simplify those patterns.",
        failing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/x/*b*"}, {"/": "/x/*a?????????????????????", "exclude": true}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/x/*a?????????????????????", "exclude": true}, {"/": "/x/*b*"}]}]}}"#),
        passing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/x/*b*"}, {"/": "/y/*a?", "exclude": true}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/y/*a?", "exclude": true}, {"/": "/x/*b*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA805: see ``CodeDoc/aasa805``.
    public static let aasa805 = DiagnosticCode(rawValue: "AASA805")
}
