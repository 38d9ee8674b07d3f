extension CodeDoc {
    /// An Android route that must stay on the web opens the app. Reported by ``AndroidRouteCheck``.
    static let dal703 = CodeDoc(
        code: .dal703, severity: .error,
        title: "A route that must stay on the web opens the Android app (give the rule)",
        why: "Without dynamic rules every URL the manifest accepts opens the app; with them, the first matching rule without \"exclude\" opens it (assetlinks-reference.md §3.1). The app then opens on a URL it cannot route.",
        fix: "Put an exclude rule for the route first in dynamic_app_link_components.",
        failing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "*"}"#])), routes: "/help/*   web\n"),
        passing: AndroidRouteExample.make(list: DALSample.list(DALSample.rules([#"{"/": "/help/*", "exclude": true}"#, #"{"/": "*"}"#])),
                                          routes: "/help/*   web\n"))
}

extension DiagnosticCode {
    /// DAL703: see ``CodeDoc/dal703``.
    public static let dal703 = DiagnosticCode(rawValue: "DAL703")
}
