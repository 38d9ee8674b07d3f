extension CodeDoc {
    static let aasa615 = CodeDoc(
        code: .aasa615, severity: .warning,
        title: "A key appears twice in an entitlements plist (one value is dropped)",
        why: """
            A property list dictionary holds each key once. When a key is written twice (a hand edit, \
            a merge), the reader keeps one value and drops the other without a word: Foundation's XML \
            reader, like the signing tools, keeps the last, its binary reader the first. Two \
            `com.apple.developer.associated-domains` arrays mean the domains of one of them are not \
            in the signed entitlement, and their universal links never open the app. Found by the \
            entitlements reader; reported on the repeated key (line and column in an XML file), \
            saying how many domains the dropped value held.
            """,
        fix: "Keep each key once: merge the two arrays of associated domains into one.",
        failing: .entitlements("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:soarstarter.com</string>
            \t</array>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>webcredentials:soarstarter.com</string>
            \t</array>
            </dict>
            </plist>

            """),
        passing: .entitlements(associatedDomainsPlist(["applinks:soarstarter.com", "webcredentials:soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA615: see ``CodeDoc/aasa615``.
    public static let aasa615 = DiagnosticCode(rawValue: "AASA615")
}
