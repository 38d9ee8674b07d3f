extension CodeDoc {
    /// assetlinks.json does not grant the app get_login_creds.
    static let wan606 = CodeDoc(
        code: .wan606, severity: .error,
        title: "assetlinks.json does not grant the app get_login_creds",
        why: "Credential Manager needs delegate_permission/common.get_login_creds for the app on the RP ID; with only handle_all_urls requests fail with \"The incoming request cannot be validated\" (observed).",
        fix: "Grant both relations, handle_all_urls and get_login_creds, to the app's statement.",
        failing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package), assetLinks: WANSample.statements([AssetLinksRelation.handleAllURLs])),
        passing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package), assetLinks: WANSample.statements([AssetLinksRelation.handleAllURLs, AssetLinksRelation.getLoginCreds])))
}

extension DiagnosticCode {
    /// WAN606: see ``CodeDoc/wan606``.
    public static let wan606 = DiagnosticCode(rawValue: "WAN606")
}
