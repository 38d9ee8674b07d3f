extension CodeDoc {
    /// A redirect on the file URL. Reported by ``HostingJudge`` with the status and `Location`.
    static let aasa104 = CodeDoc(
        code: .aasa104, severity: .error,
        title: "The file URL answered with a redirect (3xx)",
        why: "Apple's systems never follow redirects for this file, not even https to https or the apex to www: the file behind the redirect is never read.",
        fix: "Serve the file with status 200 at https://DOMAIN/.well-known/apple-app-site-association on this exact host; exclude this path from apex→www or trailing-slash redirects.",
        failing: .response(HTTPExample(status: 308, headers: [("Location", "https://www.example.com/.well-known/apple-app-site-association"), ("Content-Type", "text/html")],
                                       body: "<html><body>Permanent Redirect</body></html>")),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA104: see ``CodeDoc/aasa104``.
    public static let aasa104 = DiagnosticCode(rawValue: "AASA104")
}
