extension CodeDoc {
    /// An include rule no listed route uses. Reported by ``RouteCheck`` (only with a route list).
    static let aasa704 = CodeDoc(
        code: .aasa704, severity: .warning,
        title: "A rule matches none of the listed routes",
        why: "The rule sends URLs to the app that the app's route list does not handle, so they open the app on a blank or fallback screen — or the route list is missing a route.",
        fix: "Add the route the rule is for to the route list, or remove the rule. (Exclude rules are not reported: keeping pages on the web needs no route.)",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}, {"/": "/legacy/*"}]}]}}"#,
                         routes: "/todos\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}]}]}}"#,
                         routes: "/todos\n"))
}

extension DiagnosticCode {
    /// AASA704: see ``CodeDoc/aasa704``.
    public static let aasa704 = DiagnosticCode(rawValue: "AASA704")
}
