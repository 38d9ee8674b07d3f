extension CodeDoc {
    /// origins is empty.
    static let wan305 = CodeDoc(
        code: .wan305, severity: .error,
        title: "origins is empty",
        why: "An empty list parses and matches nothing (Chromium: no match, tested); the spec asks the server for one or more origins.",
        fix: "List the web origins on other sites that call WebAuthn with this RP ID, or remove the file.",
        failing: WebAuthnExample.file(#"{"origins": []}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN305: see ``CodeDoc/wan305``.
    public static let wan305 = DiagnosticCode(rawValue: "WAN305")
}
