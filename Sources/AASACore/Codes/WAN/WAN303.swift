extension CodeDoc {
    /// origins is not an array.
    static let wan303 = CodeDoc(
        code: .wan303, severity: .error,
        title: "origins is not an array",
        why: "The spec, Chromium and Firefox need an array of strings; {\"origins\":\"bar\"} fails to parse in Chromium (tested).",
        fix: "Make it an array: \"origins\": [\"https://…\"].",
        failing: WebAuthnExample.file(#"{"origins": "https://example.co.uk"}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN303: see ``CodeDoc/wan303``.
    public static let wan303 = DiagnosticCode(rawValue: "WAN303")
}
