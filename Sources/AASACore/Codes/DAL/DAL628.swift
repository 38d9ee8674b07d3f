extension CodeDoc {
    /// An App Bundle whose host lists only the upload key. Reported by AppLinksCrossCheck (`check --apk FILE.aab`).
    static let dal628 = CodeDoc(
        code: .dal628, severity: .warning,
        title: "The file lists an App Bundle's package only with its upload key (when --fingerprint gives the Play app signing key and the file lacks it, DAL627 reports that as an error)",
        why: "An .aab is signed with the upload key; Google Play removes that signature and signs the APKs it delivers with the app signing key it holds (assetlinks-reference.md §4.6). A statement that names only the upload key verifies the builds you install yourself, not the ones users install from Play — unless the two keys are one.",
        fix: "Add the app signing key's SHA-256 from Play Console (App integrity → App signing, or the Deep links page's statement) to sha256_cert_fingerprints, beside the upload key.",
        failing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]), upload: true,
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop")))]),
        passing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]), upload: true,
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop",
                                                                                                    fingerprints: [DALSample.otherFingerprint, DALSample.fingerprint])))]))
}

extension DiagnosticCode {
    /// DAL628: see ``CodeDoc/dal628``.
    public static let dal628 = DiagnosticCode(rawValue: "DAL628")
}
