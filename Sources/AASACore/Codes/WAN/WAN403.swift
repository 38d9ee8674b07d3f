extension CodeDoc {
    /// A web origin is listed only after the label budget is spent.
    static let wan403 = CodeDoc(
        code: .wan403, severity: .error,
        title: "A web origin is listed only after the label budget is spent",
        why: "The budget check comes before the same-origin check: an origin whose label is the sixth distinct one is refused although listed (Chromium: NO_JSON_MATCH_HIT_LIMITS).",
        fix: "Move the origin before the entry that brings the sixth label.",
        failing: WebAuthnExample.caller("https://foo.com", file: #"{"origins": ["https://a.com", "https://b.com", "https://c.com", "https://d.com", "https://e.com", "https://foo.com"]}"#),
        passing: WebAuthnExample.caller("https://foo.com", file: #"{"origins": ["https://a.com", "https://b.com", "https://c.com", "https://d.com", "https://foo.com"]}"#))
}

extension DiagnosticCode {
    /// WAN403: see ``CodeDoc/wan403``.
    public static let wan403 = DiagnosticCode(rawValue: "WAN403")
}
