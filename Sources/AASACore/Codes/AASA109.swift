extension CodeDoc {
    /// Bot blocking. Reported by ``HostingJudge`` when the fetch as `AASA-Bot` was refused and
    /// the retry as a browser got 200.
    static let aasa109 = CodeDoc(
        code: .aasa109, severity: .error,
        title: "The server refuses Apple's fetcher (AASA-Bot) but serves a browser",
        why: "Bot protection, a web application firewall or geo/IP blocking answers Apple's fetcher differently from a browser, so the CDN never gets the file even though it opens fine in Safari (TN3155).",
        fix: "Allow the user agent AASA-Bot (and Apple's CDN addresses) for /.well-known/apple-app-site-association in the CDN, firewall or bot-protection rules.",
        failing: .hosting(HostingExample(
            origin: HTTPExample(status: 403, headers: [("Content-Type", "text/html")], body: "<html><body>Forbidden</body></html>"),
            browser: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#,
                                 userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"))),
        passing: .hosting(HostingExample(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#))))
}

extension DiagnosticCode {
    /// AASA109: see ``CodeDoc/aasa109``.
    public static let aasa109 = DiagnosticCode(rawValue: "AASA109")
}
