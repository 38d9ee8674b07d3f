extension CodeDoc {
    /// The file names only a past certificate of a rotated key. Reported by AppLinksCrossCheck (`check --apk`).
    static let dal629 = CodeDoc(
        code: .dal629, severity: .warning,
        title: "The file lists the app only with a past certificate of its rotated signing key for some API levels",
        why: "With APK Signature Scheme v3 key rotation, devices see the new signer and its proof-of-rotation lineage. Android's reference verifier accepts a statement naming any certificate of the lineage (StatementUtils, signingCertificateHistory); whether Google's verifier does is not documented (assetlinks-reference.md §4.5), so a file naming only the old key may leave the host unverified.",
        fix: "List the current signer's SHA-256 beside the old one in sha256_cert_fingerprints.",
        failing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]), signers: [DALSample.otherFingerprint],
                                                past: [DALSample.fingerprint],
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop")))]),
        passing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]), signers: [DALSample.otherFingerprint],
                                                past: [DALSample.fingerprint],
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop",
                                                                                                    fingerprints: [DALSample.fingerprint, DALSample.otherFingerprint])))]))
}

extension DiagnosticCode {
    /// DAL629: see ``CodeDoc/dal629``.
    public static let dal629 = DiagnosticCode(rawValue: "DAL629")
}
