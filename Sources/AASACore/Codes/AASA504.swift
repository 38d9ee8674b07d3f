extension CodeDoc {
    /// The CDN could not be reached. Reported by ``CDNJudge`` from the transport error.
    static let aasa504 = CodeDoc(
        code: .aasa504, severity: .error,
        title: "Apple's CDN could not be reached",
        why: "Without the CDN's answer the check cannot tell what devices get; on a device the same failure means universal links do not work.",
        fix: "Check the network path to app-site-association.cdn-apple.com (proxy, firewall, DNS), or run with --no-cdn where the CDN is unreachable on purpose.",
        failing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             transportError: "Could not resolve host: app-site-association.cdn-apple.com", transportErrorKind: .dns)),
        passing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA504: see ``CodeDoc/aasa504``.
    public static let aasa504 = DiagnosticCode(rawValue: "AASA504")
}
