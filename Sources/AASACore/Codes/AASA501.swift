extension CodeDoc {
    /// The CDN has no usable copy. Reported by ``CDNJudge`` with every `Apple-*` header verbatim.
    static let aasa501 = CodeDoc(
        code: .aasa501, severity: .error,
        title: "Apple's CDN has no usable copy of the file",
        why: "Since iOS 14 devices ask Apple's CDN, not the site. When the CDN answers 404 with Apple-Failure-Reason, devices get no file and universal links open in the browser, whatever the site serves now.",
        fix: "Read Apple-Failure-Reason (what the CDN saw when it fetched the site, e.g. SWCERR00101 Bad HTTP Response: 403 Forbidden), fix the origin, and wait: the CDN fetches again within about a day.",
        failing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com", status: 404,
                             headers: [("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
                                       ("Apple-Failure-Details", #"{"status":403}"#), ("Apple-Try-Direct", "false"),
                                       ("Cache-Control", "max-age=3600,public")])),
        passing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             headers: [("Content-Type", "application/json"), ("Apple-Origin-Format", "json")],
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA501: see ``CodeDoc/aasa501``.
    public static let aasa501 = DiagnosticCode(rawValue: "AASA501")
}
