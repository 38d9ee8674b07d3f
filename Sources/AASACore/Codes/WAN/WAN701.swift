extension CodeDoc {
    /// A sign-in URL opens the app through its universal links.
    static let wan701 = CodeDoc(
        code: .wan701, severity: .warning,
        title: "A sign-in URL opens the app through its universal links",
        why: "A sign-in or OAuth page (--auth-url) on the app's own domain that the served apple-app-site-association file opens in the app never loads in the browser or the ASWebAuthenticationSession: the redirect to it lands in the app and sign-in never completes (issue 24). The decision is match's: the first details entry for the app, the first rule that matches.",
        fix: "Put an exclude rule for the sign-in path before the rule that opens it: {\"/\": \"/oauth/authorize\", \"exclude\": true} in the same details entry's components (\"NOT /oauth/authorize\" in legacy paths).",
        failing: WebAuthnExample.signIn(aasa: WANSample.signInAASA(excluding: false), url: "https://example.com/oauth/authorize?client_id=web"),
        passing: WebAuthnExample.signIn(aasa: WANSample.signInAASA(excluding: true), url: "https://example.com/oauth/authorize?client_id=web"))
}

extension DiagnosticCode {
    /// WAN701: see ``CodeDoc/wan701``.
    public static let wan701 = DiagnosticCode(rawValue: "WAN701")
}
