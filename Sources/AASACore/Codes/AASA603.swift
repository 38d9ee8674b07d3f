extension CodeDoc {
    static let aasa603 = CodeDoc(
        code: .aasa603, severity: .warning,
        title: "A `?mode=developer` entry in a release entitlement",
        why: """
            Developer-mode entries work only in development-signed builds on a device with the \
            developer setting on; App Store and TestFlight builds ignore them, and Apple asks that they \
            be removed before submission (Apple: Supporting associated domains). A release build whose \
            only entry for a domain is in developer mode has no universal links for it. Managed mode \
            (`?mode=managed` alone) is not reported: it serves apps that MDM deploys, which are release \
            builds (with the mdm-managed entitlement, AASA620). An entitlement is taken as a release \
            build's unless get-task-allow, its provisioning profile or its file name (`Debug`, `Dev`) \
            says it is for development.
            """,
        fix: "Keep developer-mode entries in a Debug-only entitlements file and list the plain `applinks:host` in the release one.",
        failing: .entitlements(associatedDomainsPlist(
            ["applinks:soarstarter.com?mode=developer"],
            extra: "\t<key>aps-environment</key>\n\t<string>production</string>")),
        passing: .entitlements(associatedDomainsPlist(
            ["applinks:soarstarter.com"],
            extra: "\t<key>aps-environment</key>\n\t<string>production</string>")))
}

extension DiagnosticCode {
    /// AASA603: see ``CodeDoc/aasa603``.
    public static let aasa603 = DiagnosticCode(rawValue: "AASA603")
}
