extension CodeDoc {
    /// A web-only route opens the app. Reported by ``RouteCheck``.
    static let aasa703 = CodeDoc(
        code: .aasa703, severity: .error,
        title: "A route that must stay on the web opens the app (give the rule)",
        why: "The app opens on a URL it cannot route, usually on a blank or wrong screen, instead of the web page the user expected.",
        fix: "Add an exclude rule for the route before the rule that opens it.",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}]}]}}"#,
                         routes: "/help/website/*   web\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/help/website/*", "exclude": true}, {"/": "*"}]}]}}"#,
                         routes: "/help/website/*   web\n"))
}

extension DiagnosticCode {
    /// AASA703: see ``CodeDoc/aasa703``.
    public static let aasa703 = DiagnosticCode(rawValue: "AASA703")
}
