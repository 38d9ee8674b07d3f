extension CodeDoc {
    /// The CDN check was skipped. Reported by ``CDNJudge`` for `--no-cdn` and for domains
    /// given in an alternate mode (`?mode=developer`/`managed`), which devices fetch directly.
    static let aasa505 = CodeDoc(
        code: .aasa505, severity: .info,
        title: "CDN check skipped (alternate-mode domain, or --no-cdn)",
        why: "Domains in developer or managed mode bypass the CDN, and --no-cdn turns the check off; what devices in normal mode would get is then not checked.",
        fix: "Nothing to fix; run without --no-cdn to check the CDN's copy too.",
        failing: .hosting(HostingExample(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdnSkipped: "--no-cdn")),
        passing: .cdn(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            cdn: HTTPExample(url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                             body: #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA505: see ``CodeDoc/aasa505``.
    public static let aasa505 = DiagnosticCode(rawValue: "AASA505")
}
