extension CodeDoc {
    static let aasa608 = CodeDoc(
        code: .aasa608, severity: .warning,
        title: "A placeholder host, or a temporary tunnel host in normal mode",
        why: """
            Templates ship `applinks:example.com` (or `yourdomain…`, `LINKING_DOMAIN`) and expect it to \
            be replaced; left in, the app claims a domain whose file will never list it. Hosts of \
            tunnelling services (`*.ngrok-free.app`, `*.trycloudflare.com`…) stop existing when the \
            tunnel closes, so in a normal-mode entry they break on the next session.
            """,
        fix: "Replace it with the domain that serves your apple-app-site-association file.",
        failing: .entitlements(associatedDomainsPlist(["applinks:example.com"])),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA608: see ``CodeDoc/aasa608``.
    public static let aasa608 = DiagnosticCode(rawValue: "AASA608")
}
