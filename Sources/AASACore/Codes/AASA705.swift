extension CodeDoc {
    /// A route line that cannot be read. Reported by ``RouteList``.
    static let aasa705 = CodeDoc(
        code: .aasa705, severity: .error,
        title: "A route line cannot be understood",
        why: "A route that cannot be read is not checked, so a broken link could pass unnoticed.",
        fix: "Write one route a line: a path (/todos), a full URL (https://example.com/me) or scheme://route (soar://todos), then optionally app or web; # starts a comment.",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}]}]}}"#,
                         routes: "todos maybe\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}]}]}}"#,
                         routes: "/todos app\n"))
}

extension DiagnosticCode {
    /// AASA705: see ``CodeDoc/aasa705``.
    public static let aasa705 = DiagnosticCode(rawValue: "AASA705")
}
