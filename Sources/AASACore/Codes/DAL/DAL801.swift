extension CodeDoc {
    /// URLs that opened the app no longer do (example URL, both rules). Reported by AssetLinksDiff.
    static let dal801 = CodeDoc(
        code: .dal801, severity: .warning,
        title: "URLs that opened the app no longer do (example URL, both rules)",
        why: "A new exclude rule, a narrower pattern or a reordered rule sends URLs to the browser that used to open the app.",
        fix: "If those URLs should still open the app, change the new rules before deploying.",
        failing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#])), new: DALSample.list(DALSample.rules([#"{"/": "/products/sale/*", "exclude": true}"#, #"{"/": "/products/*"}"#]))),
        passing: AssetLinksExample.diff(old: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#])), new: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL801: see ``CodeDoc/dal801``.
    public static let dal801 = DiagnosticCode(rawValue: "DAL801")
}
