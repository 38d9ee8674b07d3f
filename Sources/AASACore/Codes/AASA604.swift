extension CodeDoc {
    static let aasa604 = CodeDoc(
        code: .aasa604, severity: .info,
        title: "A `*.` wildcard does not cover the apex, and no entry lists it",
        why: """
            `*.example.com` matches every subdomain of `example.com` but not `example.com` itself \
            (Apple: Supporting associated domains; TN3155 Debugging universal links): links on the \
            bare domain stay in the browser unless the apex has its own entry.
            """,
        fix: "Add an entry for the apex beside the wildcard: `applinks:example.com`.",
        failing: .entitlements(associatedDomainsPlist(["applinks:*.soarstarter.com"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:*.soarstarter.com", "applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA604: see ``CodeDoc/aasa604``.
    public static let aasa604 = DiagnosticCode(rawValue: "AASA604")
}
