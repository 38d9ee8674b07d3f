extension CodeDoc {
    static let aasa616 = CodeDoc(
        code: .aasa616, severity: .error,
        title: "An entitlements blob's hash differs from the one its code signature seals",
        why: """
            The entitlements a device grants are the ones the CodeDirectory seals: the hash of the \
            XML entitlements blob in special slot 5, of the DER blob in slot 7 (Apple: TN3125 Inside \
            Code Signing: Provisioning Profiles; xnu cs_blobs.h). A blob whose hash differs, or one \
            the CodeDirectory does not seal, was changed or added after signing (a pipeline that \
            edits the app, a broken re-signing step): the entitlements shown are not the ones \
            signed, and the system refuses the app or ignores them. Found by the executable reader \
            for each CodeDirectory (SHA-1, SHA-256, alternates); reported on the executable (bundle \
            and architecture), with both hashes.
            """,
        fix: "Sign the app again after its last change, and check the build that ships (the .ipa), not an intermediate one.",
        failing: .executable(ExampleExecutable(
            summary: "an arm64 executable whose CodeDirectory seals, in slot 5, the hash of other entitlements",
            slices: [.init(arch: "arm64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com"]),
                           sealed: ExampleExecutable.bytes(hex: "593f5cabd21f1d55d3d2697ee5a016ab8bd58d7090dd8466f4869a1a5da21f69"))])),
        passing: .executable(ExampleExecutable(
            summary: "the same executable, its slot 5 sealing the SHA-256 of its entitlements blob",
            slices: [.init(arch: "arm64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com"]),
                           sealed: ExampleExecutable.bytes(hex: "7d19a0e050ca369ec92bd78f2c8d2cc0263e3cdf8d80d35a8a41a7e386289cc8"))])))
}

extension DiagnosticCode {
    /// AASA616: see ``CodeDoc/aasa616``.
    public static let aasa616 = DiagnosticCode(rawValue: "AASA616")
}
