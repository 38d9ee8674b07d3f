extension CodeDoc {
    /// The CDN copy behaves differently from the origin file. Reported by ``CDNJudge`` after
    /// comparing the two documents by behaviour (``DocumentComparison``).
    static let aasa502 = CodeDoc(
        code: .aasa502, severity: .warning,
        title: "The CDN copy behaves differently from the origin file (stale)",
        why: "Devices use the CDN's copy. Until the CDN fetches the new file (within about a day, with no way to force it), new rules and new apps do not work on devices.",
        fix: "Wait for the CDN to refresh before releasing an app that depends on the new file; plan file changes ahead of app releases.",
        failing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/share/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/buy/*"}]}]}}"#)),
        passing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*", "comment": "shop"}, {"/": "/share/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/buy/*"},{"/":"/share/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA502: see ``CodeDoc/aasa502``.
    public static let aasa502 = DiagnosticCode(rawValue: "AASA502")
}
