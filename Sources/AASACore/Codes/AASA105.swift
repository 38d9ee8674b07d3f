extension CodeDoc {
    /// A status other than 200 (and not a redirect). Reported by ``HostingJudge`` with the
    /// status line.
    static let aasa105 = CodeDoc(
        code: .aasa105, severity: .error,
        title: "The status is not 200",
        why: "Apple's CDN keeps only a file served with status 200; anything else (404, 403, 500…) means no file, so universal links open in the browser.",
        fix: "Deploy the file at /.well-known/apple-app-site-association (no extension) and make that URL answer 200 to every client.",
        failing: .response(HTTPExample(status: 404, headers: [("Content-Type", "text/html")], body: "<html><body>Not Found</body></html>")),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA105: see ``CodeDoc/aasa105``.
    public static let aasa105 = DiagnosticCode(rawValue: "AASA105")
}
