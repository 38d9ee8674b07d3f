extension CodeDoc {
    static let aasa620 = CodeDoc(
        code: .aasa620, severity: .warning,
        title: "A managed-mode entry without the MDM-managed entitlement",
        why: """
            An entry with `?mode=managed` (or `developer+managed`) is for devices enrolled in mobile \
            device management: the device fetches the domain's file directly, not through Apple's \
            CDN. The system honours such entries only for an app whose entitlements set \
            `com.apple.developer.associated-domains.mdm-managed` to true, the MDM Managed Associated \
            Domains capability (Apple: Associated Domains Entitlement; \
            com.apple.developer.associated-domains.mdm-managed). Found by the entitlements lint; \
            reported on each managed-mode entry.
            """,
        fix: "Add the MDM Managed Associated Domains capability (the key set to true), or drop `managed` from the entry's mode.",
        failing: .entitlements(associatedDomainsPlist(
            ["applinks:intranet.soarstarter.com?mode=managed"], extra: "\t<key>get-task-allow</key>\n\t<true/>")),
        passing: .entitlements(associatedDomainsPlist(
            ["applinks:intranet.soarstarter.com?mode=managed"],
            extra: "\t<key>get-task-allow</key>\n\t<true/>\n\t<key>com.apple.developer.associated-domains.mdm-managed</key>\n\t<true/>")))
}

extension DiagnosticCode {
    /// AASA620: see ``CodeDoc/aasa620``.
    public static let aasa620 = DiagnosticCode(rawValue: "AASA620")
}
