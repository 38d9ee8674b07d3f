extension CodeDoc {
    /// An entry has no registrable domain (a public suffix, an IP address).
    static let wan309 = CodeDoc(
        code: .wan309, severity: .warning,
        title: "An entry has no registrable domain (a public suffix, an IP address)",
        why: "The procedure skips an entry whose host has no registrable label (https://com is tested).",
        fix: "Remove it; a related origin is a host under a registrable domain.",
        failing: WebAuthnExample.file(#"{"origins": ["https://com", "https://example.co.uk"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN309: see ``CodeDoc/wan309``.
    public static let wan309 = DiagnosticCode(rawValue: "WAN309")
}
