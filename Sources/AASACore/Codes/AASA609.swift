extension CodeDoc {
    static let aasa609 = CodeDoc(
        code: .aasa609, severity: .warning,
        title: "More than 30 associated domains",
        why: """
            Apple advises keeping the list to about 20–30 domains (Apple: Supporting associated domains): every \
            domain is one more file the system must fetch and keep fresh when the app is installed \
            or updated, and long lists slow down or lose associations.
            """,
        fix: "Serve the links from fewer hosts (redirect the rest on the web side), or drop domains that carry no links.",
        failing: .entitlements(associatedDomainsPlist(Array(0..<31).map { "applinks:d\($0).soarstarter.com" })),
        passing: .entitlements(associatedDomainsPlist(Array(0..<30).map { "applinks:d\($0).soarstarter.com" })))
}

extension DiagnosticCode {
    /// AASA609: see ``CodeDoc/aasa609``.
    public static let aasa609 = DiagnosticCode(rawValue: "AASA609")
}
