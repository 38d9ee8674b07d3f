extension CodeDoc {
    /// The RP ID's AASA file does not list the app in webcredentials.apps.
    static let wan603 = CodeDoc(
        code: .wan603, severity: .error,
        title: "The RP ID's AASA file does not list the app in webcredentials.apps",
        why: "The system confirms the app's webcredentials entry against the RP ID's apple-app-site-association; app IDs compare case-sensitively.",
        fix: "Add the app ID (team ID and bundle ID exactly as signed) to webcredentials.apps.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", appIDs: [WANSample.appID], webcredentialsApps: ["example.com": ["ABCDE12345.com.example.App"]])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", appIDs: [WANSample.appID], webcredentialsApps: ["example.com": [WANSample.appID]])))
}

extension DiagnosticCode {
    /// WAN603: see ``CodeDoc/wan603``.
    public static let wan603 = DiagnosticCode(rawValue: "WAN603")
}
