extension CodeDoc {
    /// An Android route that must open the app does not. Reported by ``AndroidRouteCheck`` (`check --routes` with Android).
    static let dal701 = CodeDoc(
        code: .dal701, severity: .error,
        title: "A route that must open the Android app does not (no rule matches, the host is not verified, or the manifest refuses it)",
        why: "On Android 15 a URL no dynamic rule matches stays in the browser (assetlinks-reference.md §3.1: no rule matches ⇒ excluded); on every version a host whose assetlinks.json does not verify the app, or a path the app's intent filters refuse, opens the browser.",
        fix: "Add a dynamic rule for the route before the rules that keep it in the browser, serve a statement for the app, or add the path to the intent filter, as the explanation says.",
        failing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "/product/*"}"#])), routes: "/cart   app\n"),
        passing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "/product/*"}"#, #"{"/": "/cart"}"#])), routes: "/cart   app\n"))
}

extension DiagnosticCode {
    /// DAL701: see ``CodeDoc/dal701``.
    public static let dal701 = DiagnosticCode(rawValue: "DAL701")
}
