extension CodeDoc {
    /// An Android route that must open the app is excluded by a dynamic rule. Reported by ``AndroidRouteCheck``.
    static let dal702 = CodeDoc(
        code: .dal702, severity: .error,
        title: "A route that must open the Android app is excluded by a dynamic rule (give the rule)",
        why: "The first dynamic rule that matches decides; one with \"exclude\": true keeps the link in the browser (assetlinks-reference.md §3.1).",
        fix: "Narrow the exclude rule, or put a rule for the route before it.",
        failing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "/account/*", "exclude": true}"#, #"{"/": "*"}"#])),
                                          routes: "/account/orders   app\n"),
        passing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "/account/orders"}"#, #"{"/": "/account/*", "exclude": true}"#, #"{"/": "*"}"#])),
                                          routes: "/account/orders   app\n"))
}

extension DiagnosticCode {
    /// DAL702: see ``CodeDoc/dal702``.
    public static let dal702 = DiagnosticCode(rawValue: "DAL702")
}
