extension CodeDoc {
    static let aasa614 = CodeDoc(
        code: .aasa614, severity: .warning,
        title: "The entitlement lists no associated domain",
        why: """
            An entitlements file checked for universal links has no \
            `com.apple.developer.associated-domains` key, or the key holds an empty array: the app \
            claims no domain, so no file is fetched and every link opens in the browser.
            """,
        fix: "Add the Associated Domains capability in Xcode with an entry per domain: `applinks:example.com`.",
        failing: .entitlements(associatedDomainsPlist([])),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA614: see ``CodeDoc/aasa614``.
    public static let aasa614 = DiagnosticCode(rawValue: "AASA614")
}
