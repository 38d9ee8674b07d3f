extension CodeDoc {
    static let aasa605 = CodeDoc(
        code: .aasa605, severity: .error,
        title: "A wildcard on `appclips`",
        why: """
            The `appclips` service takes no wildcard (Apple: Associating your App Clip with your \
            website): an App Clip entry must name each host, and a `*.` entry claims none.
            """,
        fix: "List each host that invokes the App Clip: `appclips:clip.example.com`.",
        failing: .entitlements(associatedDomainsPlist(["appclips:*.soarstarter.com"])),
        passing: .entitlements(associatedDomainsPlist(["appclips:clip.soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA605: see ``CodeDoc/aasa605``.
    public static let aasa605 = DiagnosticCode(rawValue: "AASA605")
}
