extension CodeDoc {
    /// A UTF-8 byte order mark precedes the JSON.
    static let wan202 = CodeDoc(
        code: .wan202, severity: .warning,
        title: "A UTF-8 byte order mark precedes the JSON",
        why: "Browsers skip a leading byte order mark, stricter readers (and this tool's other kinds) refuse it.",
        fix: "Save the file as UTF-8 without a byte order mark.",
        failing: .custom(WebAuthnExample(.file("\u{FEFF}" + WANSample.good))),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN202: see ``CodeDoc/wan202``.
    public static let wan202 = DiagnosticCode(rawValue: "WAN202")
}
