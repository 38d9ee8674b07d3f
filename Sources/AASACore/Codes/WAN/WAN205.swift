extension CodeDoc {
    /// The bytes are not valid UTF-8.
    static let wan205 = CodeDoc(
        code: .wan205, severity: .error,
        title: "The bytes are not valid UTF-8",
        why: "JSON text is UTF-8; Chromium's strict parser refuses invalid sequences.",
        fix: "Save the file as UTF-8.",
        failing: .custom(WebAuthnExample(.bytes(WANSample.invalidUTF8))),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN205: see ``CodeDoc/wan205``.
    public static let wan205 = DiagnosticCode(rawValue: "WAN205")
}
