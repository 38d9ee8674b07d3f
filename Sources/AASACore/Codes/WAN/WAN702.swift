extension CodeDoc {
    /// A sign-in URL opens the Android app through its App Links.
    static let wan702 = CodeDoc(
        code: .wan702, severity: .warning,
        title: "A sign-in URL opens the Android app through its App Links",
        why: "A sign-in or OAuth page (--auth-url) on a host whose assetlinks.json verifies the app opens in the app when the app's intent filters accept it and no earlier dynamic rule excludes it (Android 15's dynamic_app_link_components: the first matching rule decides): the browser never completes the sign-in (issue 24). A statement without dynamic rules leaves the URL to the app's intent filters, which the file does not show: then a note says the app opens it only if they accept it, with the rule that keeps it in the browser, and no warning is given.",
        fix: "Put a dynamic rule {\"/\": \"/oauth/*\", \"exclude\": true} first in the statement's dynamic_app_link_components (with a {\"/\": \"*\"} after the excludes when the statement had no rules), or leave the sign-in paths out of the app's intent filters.",
        failing: WebAuthnExample.signIn(assetLinks: WANSample.signInAssetLinks(excluding: false), url: "https://example.com/oauth/authorize", package: WANSample.package),
        passing: WebAuthnExample.signIn(assetLinks: WANSample.signInAssetLinks(excluding: true), url: "https://example.com/oauth/authorize", package: WANSample.package))
}

extension DiagnosticCode {
    /// WAN702: see ``CodeDoc/wan702``.
    public static let wan702 = DiagnosticCode(rawValue: "WAN702")
}
