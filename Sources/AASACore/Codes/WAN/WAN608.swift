extension CodeDoc {
    /// assetlinks.json does not link the certificate devices see.
    static let wan608 = CodeDoc(
        code: .wan608, severity: .error,
        title: "assetlinks.json does not link the certificate devices see",
        why: "Devices check the certificate the app is signed with: for Play builds the Play app signing key, not the upload key.",
        fix: "Add that certificate's SHA-256 fingerprint to sha256_cert_fingerprints.",
        failing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package, androidFingerprints: [WANSample.playKey]), assetLinks: WANSample.statements([AssetLinksRelation.handleAllURLs, AssetLinksRelation.getLoginCreds])),
        passing: WebAuthnExample.android(PasskeyInputs(rpID: "example.com", androidPackage: WANSample.package, androidFingerprints: [WANSample.uploadKey]), assetLinks: WANSample.statements([AssetLinksRelation.handleAllURLs, AssetLinksRelation.getLoginCreds])))
}

extension DiagnosticCode {
    /// WAN608: see ``CodeDoc/wan608``.
    public static let wan608 = DiagnosticCode(rawValue: "WAN608")
}
