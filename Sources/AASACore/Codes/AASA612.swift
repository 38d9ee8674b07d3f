extension CodeDoc {
    static let aasa612 = CodeDoc(
        code: .aasa612, severity: .error,
        title: "The provisioning profile does not grant associated domains, or signs another app ID",
        why: """
            A build can only carry the Associated Domains entitlement when its provisioning profile \
            grants it (`com.apple.developer.associated-domains` is `*` in the profile's Entitlements); \
            otherwise signing or the App Store upload fails, or the entitlement is stripped. The \
            domains' files must list the app ID the build is signed with: when the profile's App ID \
            prefix (or the `.xcent`'s application-identifier) differs from the app ID checked, the check \
            proves nothing about the real build (Apple: Configuring an associated domain; Associated \
            Domains Entitlement).
            """,
        fix: """
            Enable Associated Domains for the App ID in the developer account and regenerate the \
            profile; check with the app ID the profile signs.
            """,
        failing: .entitlements(
            decodedProfilePlist(prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: false),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"),
        passing: .entitlements(
            decodedProfilePlist(prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"))
}

extension DiagnosticCode {
    /// AASA612: see ``CodeDoc/aasa612``.
    public static let aasa612 = DiagnosticCode(rawValue: "AASA612")
}
