extension CodeDoc {
    /// A label depends on a rule of the Public Suffix List's private section.
    static let wan312 = CodeDoc(
        code: .wan312, severity: .warning,
        title: "A label depends on a rule of the Public Suffix List's private section",
        why: "Browsers ship their own copies of the list; where the private section decides (github.io, …) another copy may count another label.",
        fix: "Prefer origins whose registrable domain the ICANN section decides, and check the browsers you support.",
        failing: WebAuthnExample.file(#"{"origins": ["https://shop.github.io"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN312: see ``CodeDoc/wan312``.
    public static let wan312 = DiagnosticCode(rawValue: "WAN312")
}
