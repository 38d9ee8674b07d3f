extension CodeDoc {
    static let aasa602 = CodeDoc(
        code: .aasa602, severity: .error,
        title: "An associated domain entry names an unknown service",
        why: """
            The service before `:` must be one the system knows: `applinks`, `webcredentials`, \
            `activitycontinuation`, `appclips` (and the system-only `messagefilter`, \
            `classificationreport`, `authsrv`). A typo such as `app links` or `applink` is ignored \
            without any message, and universal links never turn on.
            """,
        fix: "Spell the service exactly, in lower case: `applinks:`.",
        failing: .entitlements(associatedDomainsPlist(["app links:soarstarter.com"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA602: see ``CodeDoc/aasa602``.
    public static let aasa602 = DiagnosticCode(rawValue: "AASA602")
}
