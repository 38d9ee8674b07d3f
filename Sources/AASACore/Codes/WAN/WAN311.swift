extension CodeDoc {
    /// The file uses more than five registrable labels: later origins can never be accepted.
    static let wan311 = CodeDoc(
        code: .wan311, severity: .warning,
        title: "The file uses more than five registrable labels: later origins can never be accepted",
        why: "Clients stop counting at five distinct labels (kMaxLabels in Chromium and Firefox): an origin with a sixth label is refused even though it is listed.",
        fix: "Put the origins that must work within the first five labels, or use fewer sites.",
        failing: WebAuthnExample.file(#"{"origins": ["https://a.com", "https://b.com", "https://c.com", "https://d.com", "https://e.com", "https://foo.com"]}"#),
        passing: WebAuthnExample.file(#"{"origins": ["https://a.com", "https://b.com", "https://c.com", "https://d.com", "https://foo.com"]}"#))
}

extension DiagnosticCode {
    /// WAN311: see ``CodeDoc/wan311``.
    public static let wan311 = DiagnosticCode(rawValue: "WAN311")
}
