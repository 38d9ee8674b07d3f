extension CodeDoc {
    /// A route that must open the app matches no rule. Reported by ``RouteCheck``.
    static let aasa701 = CodeDoc(
        code: .aasa701, severity: .error,
        title: "A route that must open the app matches no rule",
        why: "The app can show this screen, but the domain file never sends the link to it: tapping the link opens Safari.",
        fix: "Add a component for the route (placeholders become *), or list the route as web if it should stay in the browser.",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}]}]}}"#,
                         routes: "/todos\n/redeem-code\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}, {"/": "/redeem-code"}]}]}}"#,
                         routes: "/todos\n/redeem-code\n"))
}

extension DiagnosticCode {
    /// AASA701: see ``CodeDoc/aasa701``.
    public static let aasa701 = DiagnosticCode(rawValue: "AASA701")
}
