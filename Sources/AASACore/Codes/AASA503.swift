extension CodeDoc {
    /// The CDN copy's age. Reported by ``CDNJudge`` from `Age` and `Cache-Control: max-age`.
    static let aasa503 = CodeDoc(
        code: .aasa503, severity: .info,
        title: "CDN cache age and when it may refresh",
        why: "The CDN serves its copy until it expires; knowing its age tells how long a fix on the origin may take to reach devices.",
        fix: "Nothing to fix; after changing the file, expect devices to see it only once the CDN has refreshed.",
        failing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             headers: [("Content-Type", "application/json"), ("Cache-Control", "public, max-age=3600"), ("Age", "1200")],
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/*"}]}]}}"#)),
        passing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             headers: [("Content-Type", "application/json")],
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA503: see ``CodeDoc/aasa503``.
    public static let aasa503 = DiagnosticCode(rawValue: "AASA503")
}
