extension CodeDoc {
    static let aasa601 = CodeDoc(
        code: .aasa601, severity: .error,
        title: "An associated domain entry is malformed",
        why: """
            Each entry must read `<service>:<host>` with an optional `?mode=` (Apple: Associated \
            Domains Entitlement), and the host must be a DNS host name: letters, digits and `-` in \
            labels separated by dots, no label starting or ending with `-`, no `_` (RFC 1123). A \
            missing `service:`, an empty host, a scheme (`https://`), a path or trailing slash, spaces, \
            a leading dot or `..` make the system drop the entry, so no file is fetched for it and \
            links to the domain stay in the browser.
            """,
        fix: "Write the host alone after the service, lower case, no scheme, no path: `applinks:example.com`.",
        failing: .entitlements(associatedDomainsPlist(["applinks:https://soarstarter.com/"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA601: see ``CodeDoc/aasa601``.
    public static let aasa601 = DiagnosticCode(rawValue: "AASA601")
}
