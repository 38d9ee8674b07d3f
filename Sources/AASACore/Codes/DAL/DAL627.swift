extension CodeDoc {
    /// An App Links host whose assetlinks.json does not link the app with a certificate devices see. Reported by AppLinksCrossCheck (`check --apk`).
    static let dal627 = CodeDoc(
        code: .dal627, severity: .error,
        title: "A verified host's assetlinks.json does not link the app: no handle_all_urls statement for the package, none with a certificate the devices see (say which API levels), or the file cannot be used",
        why: "Android verifies each autoVerify host by fetching its assetlinks.json and looking for a statement that grants delegate_permission/common.handle_all_urls to the package with the SHA-256 of a certificate the installed app is signed with (assetlinks-reference.md §2.7, §4.5). Without one the host is not verified, and since Android 12 its links open the browser.",
        fix: "Add a statement for the package with the SHA-256 that apksigner verify --print-certs prints for the build devices install (with Play App Signing: the app signing key in Play Console, App integrity).",
        failing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]),
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop", fingerprints: [DALSample.otherFingerprint])))]),
        passing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.goodFilter]),
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop")))]))
}

extension DiagnosticCode {
    /// DAL627: see ``CodeDoc/dal627``.
    public static let dal627 = DiagnosticCode(rawValue: "DAL627")
}
