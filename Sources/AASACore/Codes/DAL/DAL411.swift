extension CodeDoc {
    /// Rule analysis is incomplete: some rules could not be compared within the work limits. Reported by DynamicRuleAnalysis.
    static let dal411 = CodeDoc(
        code: .dal411, severity: .info,
        title: "Rule analysis is incomplete: some rules could not be compared within the work limits",
        why: "The analysis reasons over the rules' automata with bounded work; rules it could not decide are named, and no \"dead rule\" is claimed for them.",
        fix: "Nothing to fix in the file; simpler rules (fewer wildcards, no ; or & inside a parameter pattern) can be analysed completely.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/a/*"}"#, #"{"?": {"q": "x;y"}}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/a/*"}"#, #"{"?": {"q": "x"}}"#]))))
}

extension DiagnosticCode {
    /// DAL411: see ``CodeDoc/dal411``.
    public static let dal411 = DiagnosticCode(rawValue: "DAL411")
}
