extension CodeDoc {
    /// The file exists only at the legacy root path. Reported by ``HostingJudge`` from the
    /// root probe made after the `.well-known` URL failed.
    static let aasa108 = CodeDoc(
        code: .aasa108, severity: .warning,
        title: "The file was found only at the legacy root path /apple-app-site-association",
        why: "Only iOS 9.3–13 read the root path. iOS 14 and later get the file from Apple's CDN, which reads only /.well-known/apple-app-site-association.",
        fix: "Serve the file at /.well-known/apple-app-site-association (keeping the root copy does no harm).",
        failing: .hosting(HostingExample(
            origin: HTTPExample(status: 404, headers: [("Content-Type", "text/html")], body: "<html><body>Not Found</body></html>"),
            legacy: HTTPExample(url: "https://example.com/apple-app-site-association",
                                body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#))),
        passing: .hosting(HostingExample(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#))))
}

extension DiagnosticCode {
    /// AASA108: see ``CodeDoc/aasa108``.
    public static let aasa108 = DiagnosticCode(rawValue: "AASA108")
}
