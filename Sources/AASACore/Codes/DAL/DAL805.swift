extension CodeDoc {
    /// The comparison stopped at its work limits, or an example could not be built (name the rules). Reported by AssetLinksDiff.
    static let dal805 = CodeDoc(
        code: .dal805, severity: .info,
        title: "The comparison stopped at its work limits, or an example could not be built (name the rules)",
        why: "The diff reasons over both rule lists; pairs of rules it could not decide are named and no \"no change\" is claimed for them.",
        fix: "Nothing to fix in the file; review the named rules by hand.",
        failing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "*"}"#])), new: DALSample.list(DALSample.rules([#"{"?": {"q": "x;y"}, "exclude": true}"#, #"{"/": "*"}"#]))),
        passing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "*"}"#])), new: DALSample.list(DALSample.rules([#"{"/": "*"}"#]))))
}

extension DiagnosticCode {
    /// DAL805: see ``CodeDoc/dal805``.
    public static let dal805 = DiagnosticCode(rawValue: "DAL805")
}
