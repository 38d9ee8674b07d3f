extension CodeDoc {
    /// The app's links open a common sign-in path.
    static let wan703 = CodeDoc(
        code: .wan703, severity: .info,
        title: "The app's links open a common sign-in path",
        why: "Without --auth-url, check decides the common sign-in paths (/oauth, /login, /signin, /auth, /callback, /.well-known/openid-configuration, each also with a / after it) on each domain as match decides them; one the app's universal links or App Links open would keep a sign-in there from completing in the browser. Whether the site signs in there is not known, so this is information, not a warning (issue 24).",
        fix: "If the site signs in or completes OAuth on that path, exclude it before the rule that opens it and check the real URL with --auth-url; if not, ignore this.",
        failing: WebAuthnExample.commonSignInPaths(aasa: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        passing: WebAuthnExample.commonSignInPaths(aasa: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/products/*"}, {"/": "/orders/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// WAN703: see ``CodeDoc/wan703``.
    public static let wan703 = DiagnosticCode(rawValue: "WAN703")
}
