extension CodeDoc {
    /// assetlinks.json grants get_login_creds without handle_all_urls.
    static let wan607 = CodeDoc(
        code: .wan607, severity: .error,
        title: "assetlinks.json grants get_login_creds without handle_all_urls",
        why: "With only get_login_creds passkey requests are observed to fail with \"[50152] RP ID cannot be validated\", although the Digital Asset Links API answers linked (policy: error).",
        fix: "Grant both relations to the app's statement.",
        failing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package), assetLinks: WANSample.statements([AssetLinksRelation.getLoginCreds])),
        passing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package), assetLinks: WANSample.statements([AssetLinksRelation.handleAllURLs, AssetLinksRelation.getLoginCreds])))
}

extension DiagnosticCode {
    /// WAN607: see ``CodeDoc/wan607``.
    public static let wan607 = DiagnosticCode(rawValue: "WAN607")
}
