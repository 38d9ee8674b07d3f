extension CodeDoc {
    /// A route that must open the app is excluded. Reported by ``RouteCheck``.
    static let aasa702 = CodeDoc(
        code: .aasa702, severity: .error,
        title: "A route that must open the app is excluded (give the rule)",
        why: "An exclude rule decides before any include rule reaches the route, so the link stays in the browser.",
        fix: "Narrow the exclude rule, or put an include rule for the route before it.",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/me/*", "exclude": true}, {"/": "*"}]}]}}"#,
                         routes: "/me\n/profile\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/me/settings/*", "exclude": true}, {"/": "*"}]}]}}"#,
                         routes: "/me\n/profile\n"))
}

extension DiagnosticCode {
    /// AASA702: see ``CodeDoc/aasa702``.
    public static let aasa702 = DiagnosticCode(rawValue: "AASA702")
}
