extension CodeDoc {
    static let aasa611 = CodeDoc(
        code: .aasa611, severity: .warning,
        title: "The same entry twice, or the same host with and without a mode",
        why: """
            A repeated entry adds nothing; the same host listed both plainly and with `?mode=developer` \
            usually means a development entry was left in the shipped entitlement, where release builds \
            ignore it and development builds bypass the CDN for that host.
            """,
        fix: "Keep one entry per service and host; put mode entries in a Debug-only entitlements file.",
        failing: .entitlements(associatedDomainsPlist(
            ["applinks:soarstarter.com", "applinks:soarstarter.com?mode=developer"],
            extra: "\t<key>get-task-allow</key>\n\t<true/>")),
        passing: .entitlements(associatedDomainsPlist(
            ["applinks:soarstarter.com", "applinks:www.soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA611: see ``CodeDoc/aasa611``.
    public static let aasa611 = DiagnosticCode(rawValue: "AASA611")
}
