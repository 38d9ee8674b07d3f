extension CodeDoc {
    static let aasa623 = CodeDoc(
        code: .aasa623, severity: .error,
        title: "An entry of the source entitlements is not in the build",
        why: """
            Given the source entitlements beside the build made from them (`entitlements \
            App.entitlements Shop.ipa`), each entry is looked for in the entitlements the build is \
            signed with: what ships is what the system reads (Apple: TN3125 Inside Code Signing: \
            Entitlements). An entry the build lacks is a domain the shipped app does not claim: \
            the target signs another entitlements file for this configuration \
            (`CODE_SIGN_ENTITLEMENTS`), the signing step dropped the entitlements (AASA622), or the \
            build is older than the entry. Entries compare as the system reads them (service, host, \
            wildcard, port, mode), the source's expanded with the build settings given.
            """,
        fix: """
            Sign the build with this entitlements file (CODE_SIGN_ENTITLEMENTS of the target and \
            configuration built), build again, and check the new build.
            """,
        failing: .custom(SourceAndBuildExample(
            source: associatedDomainsPlist(["applinks:soarstarter.com", "applinks:www.soarstarter.com"]),
            signed: signedPlist(entries: ["applinks:soarstarter.com"]))),
        passing: .custom(SourceAndBuildExample(
            source: associatedDomainsPlist(["applinks:soarstarter.com", "applinks:www.soarstarter.com"]),
            signed: signedPlist(entries: ["applinks:soarstarter.com", "applinks:www.soarstarter.com"]))))
}

extension DiagnosticCode {
    /// AASA623: see ``CodeDoc/aasa623``.
    public static let aasa623 = DiagnosticCode(rawValue: "AASA623")
}
