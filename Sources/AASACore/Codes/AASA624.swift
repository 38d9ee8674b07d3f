extension CodeDoc {
    static let aasa624 = CodeDoc(
        code: .aasa624, severity: .warning,
        title: "The build is signed with an entry the source entitlements lack",
        why: """
            Given the source entitlements beside the build made from them, an entry the build is \
            signed with that the source does not list means the build was signed from other \
            entitlements than the ones checked: another file for this configuration \
            (`CODE_SIGN_ENTITLEMENTS`), a re-signing step that adds entries, or a source changed \
            since the build. The build still claims the domain; what the source says is not what \
            ships, so checking the source proves nothing about the build (Apple: TN3125 Inside Code \
            Signing: Entitlements).
            """,
        fix: """
            Find the entitlements file the target signs for this configuration and keep the source \
            in step with what ships; check the build itself.
            """,
        failing: .custom(SourceAndBuildExample(
            source: associatedDomainsPlist(["applinks:soarstarter.com"]),
            signed: signedPlist(entries: ["applinks:soarstarter.com", "applinks:staging.soarstarter.com"]))),
        passing: .custom(SourceAndBuildExample(
            source: associatedDomainsPlist(["applinks:soarstarter.com", "applinks:staging.soarstarter.com"]),
            signed: signedPlist(entries: ["applinks:soarstarter.com", "applinks:staging.soarstarter.com"]))))
}

extension DiagnosticCode {
    /// AASA624: see ``CodeDoc/aasa624``.
    public static let aasa624 = DiagnosticCode(rawValue: "AASA624")
}
