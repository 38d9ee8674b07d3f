extension CodeDoc {
    /// An entry has an opaque origin (a scheme other than http, https, ws, wss, ftp).
    static let wan308 = CodeDoc(
        code: .wan308, severity: .warning,
        title: "An entry has an opaque origin (a scheme other than http, https, ws, wss, ftp)",
        why: "Such an entry never matches a caller; Chromium and the spec skip it at no cost (other://foo.com is tested), Firefox still counts its host's label.",
        fix: "Remove it, or write the https:// origin meant.",
        failing: WebAuthnExample.file(#"{"origins": ["other://foo.com", "https://example.co.uk"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN308: see ``CodeDoc/wan308``.
    public static let wan308 = DiagnosticCode(rawValue: "WAN308")
}
