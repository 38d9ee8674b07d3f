extension CodeDoc {
    /// An app ID is no longer listed for a service. Reported by ``DocumentDiff``.
    static let aasa803 = CodeDoc(
        code: .aasa803, severity: .warning,
        title: "An app ID is no longer listed for a service",
        why: "Once the new file is live, the app loses the service for this domain: no universal link opens it (applinks), passwords and passkeys are no longer offered (webcredentials), the App Clip is no longer invoked (appclips), or Handoff stops (activitycontinuation).",
        fix: "If the app should keep the service, add its app ID back to that service in the new file.",
        failing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}, "webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}, "webcredentials": {"apps": ["K7Q2M9XW3P.com.example.other"]}}"#),
        passing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}, "webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}, "webcredentials": {"apps": ["k7q2m9xw3p.com.example.app"]}}"#))
}

extension DiagnosticCode {
    /// AASA803: see ``CodeDoc/aasa803``.
    public static let aasa803 = DiagnosticCode(rawValue: "AASA803")
}
