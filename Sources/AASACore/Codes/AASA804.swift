extension CodeDoc {
    /// An app ID is newly listed for a service. Reported by ``DocumentDiff``.
    static let aasa804 = CodeDoc(
        code: .aasa804, severity: .info,
        title: "An app ID is newly listed for a service",
        why: "Once the new file is live, the app gets the service for this domain; it needs the matching Associated Domains entitlement entry for the system to use it.",
        fix: "Nothing if intended; check the app's entitlement lists the domain (`aasa-check entitlements`).",
        failing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app", "K7Q2M9XW3P.com.example.beta"], "components": [{"/": "/shop/*"}]}]}}"#),
        passing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA804: see ``CodeDoc/aasa804``.
    public static let aasa804 = DiagnosticCode(rawValue: "AASA804")
}
