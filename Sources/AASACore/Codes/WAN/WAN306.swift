extension CodeDoc {
    /// An entry is not an origin (no scheme, no host, bad port).
    static let wan306 = CodeDoc(
        code: .wan306, severity: .error,
        title: "An entry is not an origin (no scheme, no host, bad port)",
        why: "An entry that does not parse as a URL is skipped by every client: \"example.co.uk\" without https:// never matches (even passkeys.dev's example makes this mistake).",
        fix: "Write the origin as https://host.",
        failing: WebAuthnExample.file(#"{"origins": ["example.co.uk"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN306: see ``CodeDoc/wan306``.
    public static let wan306 = DiagnosticCode(rawValue: "WAN306")
}
