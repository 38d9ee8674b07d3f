extension CodeDoc {
    static let aasa619 = CodeDoc(
        code: .aasa619, severity: .error,
        title: "The provisioning profile has expired",
        why: """
            A provisioning profile is valid until its `ExpirationDate` (one year for distribution \
            profiles, less for development ones). Devices refuse to install or launch a build signed \
            with an expired profile, and App Store Connect refuses the upload, so none of the app's \
            associated domains are ever claimed by that build (Apple: Provisioning profile updates). \
            Found by the entitlements reader, on the profile given as FILE or with `--profile`, and \
            on each bundle's `embedded.mobileprovision`; reported on the profile, at `/ExpirationDate`.
            """,
        fix: """
            Renew the profile in the developer account (or let Xcode manage signing), download it, and \
            sign the build again.
            """,
        failing: .entitlements(decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true,
            expires: "2021-03-14T09:30:00Z")),
        passing: .entitlements(decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true,
            expires: "2999-03-14T09:30:00Z")))
}

extension DiagnosticCode {
    /// AASA619: see ``CodeDoc/aasa619``.
    public static let aasa619 = DiagnosticCode(rawValue: "AASA619")
}
