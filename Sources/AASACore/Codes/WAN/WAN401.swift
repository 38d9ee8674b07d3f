extension CodeDoc {
    /// The RP ID is not a valid one (not a lowercase ASCII host, a port, an IP, a public suffix).
    static let wan401 = CodeDoc(
        code: .wan401, severity: .error,
        title: "The RP ID is not a valid one (not a lowercase ASCII host, a port, an IP, a public suffix)",
        why: "WebAuthn refuses an RP ID that is not a registrable domain suffix of the caller (public suffixes included); Chromium wants a canonical host name.",
        fix: "Use the registrable domain the credentials belong to (or a host under it), lower case, as punycode.",
        failing: WebAuthnExample.rpID("co.uk"),
        passing: WebAuthnExample.rpID("example.com"))
}

extension DiagnosticCode {
    /// WAN401: see ``CodeDoc/wan401``.
    public static let wan401 = DiagnosticCode(rawValue: "WAN401")
}
