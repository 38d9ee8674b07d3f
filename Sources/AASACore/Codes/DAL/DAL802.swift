extension CodeDoc {
    /// URLs that did not open the app now do. Reported by AssetLinksDiff.
    static let dal802 = CodeDoc(
        code: .dal802, severity: .info,
        title: "URLs that did not open the app now do",
        why: "A new or broader rule opens the app for URLs that used to stay in the browser.",
        fix: "Check the app handles those URLs.",
        failing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#])), new: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#, #"{"/": "/shoes/*"}"#]))),
        passing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#])), new: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL802: see ``CodeDoc/dal802``.
    public static let dal802 = DiagnosticCode(rawValue: "DAL802")
}
