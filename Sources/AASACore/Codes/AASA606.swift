extension CodeDoc {
    static let aasa606 = CodeDoc(
        code: .aasa606, severity: .error,
        title: "A port or an IP address in a normal-mode entry",
        why: """
            In normal mode the system fetches the file over HTTPS on port 443 of a host name: ports \
            and IP addresses do not work (Apple: TN3155 Debugging universal links). They are accepted only in \
            alternate modes such as `?mode=developer`, for development servers.
            """,
        fix: "Use the public host name without a port, or add `?mode=developer` for a development server.",
        failing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com:8443"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA606: see ``CodeDoc/aasa606``.
    public static let aasa606 = DiagnosticCode(rawValue: "AASA606")
}
