extension CodeDoc {
    /// A route list without routes. Reported by ``RouteListReading``.
    static let aasa706 = CodeDoc(
        code: .aasa706, severity: .error,
        title: "The route list holds no route",
        why: "An empty route list (or one with only comments and blank lines) checks nothing, so the gate passes whatever the domain file does — typically because the list was generated into the wrong place or a build step wrote nothing.",
        fix: "Point --routes at the app's route list, one route a line (/todos, https://example.com/me, soar://todos), or a JSON array of routes.",
        failing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}]}]}}"#,
                         routes: "# routes of the app\n\n"),
        passing: .routes(document: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}]}]}}"#,
                         routes: "# routes of the app\n/todos\n"))
}

extension DiagnosticCode {
    /// AASA706: see ``CodeDoc/aasa706``.
    public static let aasa706 = DiagnosticCode(rawValue: "AASA706")
}
