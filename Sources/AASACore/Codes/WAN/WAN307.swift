extension CodeDoc {
    /// An entry names an app: apps are not matched through this file.
    static let wan307 = CodeDoc(
        code: .wan307, severity: .warning,
        title: "An entry names an app: apps are not matched through this file",
        why: "Native apps prove their association with Associated Domains and Digital Asset Links; clients skip android:apk-key-hash: entries and app IDs here.",
        fix: "Remove the entry; link the app through webcredentials and get_login_creds, and let the server allow its origin.",
        failing: WebAuthnExample.file(#"{"origins": ["https://example.co.uk", "android:apk-key-hash:FG3j0bxf8PP4n5zDdTBsRfTbDoO_-hUIgBZmJ8XbDKw"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN307: see ``CodeDoc/wan307``.
    public static let wan307 = DiagnosticCode(rawValue: "WAN307")
}
