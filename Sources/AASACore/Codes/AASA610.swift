extension CodeDoc {
    static let aasa610 = CodeDoc(
        code: .aasa610, severity: .error,
        title: "A non-ASCII host",
        why: """
            Hosts in the entitlement must be ASCII: an internationalised domain name is written in its \
            punycode form (`xn--…`), as DNS and the file fetch use it (Apple: Associated Domains \
            Entitlement, which asks for a fully qualified domain; RFC 5891).
            """,
        fix: "Write the punycode form: `applinks:xn--mnchen-3ya.de` for `münchen.de`.",
        failing: .entitlements(associatedDomainsPlist(["applinks:münchen.de"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:xn--mnchen-3ya.de"])))
}

extension DiagnosticCode {
    /// AASA610: see ``CodeDoc/aasa610``.
    public static let aasa610 = DiagnosticCode(rawValue: "AASA610")
}
