extension CodeDoc {
    /// `Content-Type` is not `application/json`. Reported by ``HostingJudge``.
    static let aasa106 = CodeDoc(
        code: .aasa106, severity: .warning,
        title: "Content-Type is not application/json",
        why: "Apple's guides ask for application/json. The CDN has been seen accepting application/octet-stream, but other types (text/plain, text/html) are a risk and often mean the server does not know the extensionless file.",
        fix: "Configure the server to send Content-Type: application/json for /.well-known/apple-app-site-association (parameters such as charset are fine).",
        failing: .response(HTTPExample(headers: [("Content-Type", "text/plain")],
                                       body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)),
        passing: .response(HTTPExample(headers: [("Content-Type", "application/json; charset=utf-8")],
                                       body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA106: see ``CodeDoc/aasa106``.
    public static let aasa106 = DiagnosticCode(rawValue: "AASA106")
}
