extension CodeDoc {
    static let aasa622 = CodeDoc(
        code: .aasa622, severity: .error,
        title: "A build is signed without the Associated Domains entitlement its profile grants",
        why: """
            A built app claims domains through the entitlements sealed in its code signature, not \
            through its provisioning profile: the profile only permits them (its \
            `com.apple.developer.associated-domains` is `*`). Signing copies the entitlements it is \
            given; a build made with `--no-codesign` (or `CODE_SIGNING_ALLOWED=NO`) and signed \
            afterwards with `codesign` but without `--entitlements`, or by a re-signing step that \
            drops them, ships with none, so the app claims no domain: every universal link, \
            password autofill and passkey of it is dead, although the capability is on (Apple: \
            TN3125 Inside Code Signing: Provisioning Profiles and Entitlements). Reported on each \
            bundle whose signature lacks the key while its profile grants it (a nested bundle only \
            when its signature carries no entitlements at all), in place of AASA614.
            """,
        fix: """
            Sign again with the entitlements: `codesign --force --sign IDENTITY --entitlements \
            App.entitlements Payload/App.app` (nested bundles first, each with its own), or export \
            the archive with `xcodebuild -exportArchive`, which signs each bundle with its entitlements.
            """,
        failing: .custom(SignedBuildExample(
            signed: signedPlist(entries: nil), profile: profile)),
        passing: .custom(SignedBuildExample(
            signed: signedPlist(entries: ["applinks:soarstarter.com", "webcredentials:soarstarter.com"]), profile: profile)))

    private static let profile = decodedProfilePlist(
        prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true)

    /// Signed entitlements of the sample app: its app ID and Team ID, with `entries` (none: the
    /// key absent, as a signing step that dropped them leaves it).
    static func signedPlist(entries: [String]?) -> String {
        let identity = """
            \t<key>application-identifier</key>
            \t<string>K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift</string>
            \t<key>com.apple.developer.team-identifier</key>
            \t<string>K7TQ3ZP2MX</string>
            \t<key>get-task-allow</key>
            \t<false/>
            """
        guard let entries else {
            return associatedDomainsPlist([], extra: identity)
                .replacingOccurrences(of: "\t<key>com.apple.developer.associated-domains</key>\n\t<array/>\n", with: "")
        }
        return associatedDomainsPlist(entries, extra: identity)
    }
}

extension DiagnosticCode {
    /// AASA622: see ``CodeDoc/aasa622``.
    public static let aasa622 = DiagnosticCode(rawValue: "AASA622")
}
