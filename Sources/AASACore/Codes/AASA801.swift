extension CodeDoc {
    /// URLs that opened the app no longer do. Reported by ``DocumentDiff``.
    static let aasa801 = CodeDoc(
        code: .aasa801, severity: .warning,
        title: "URLs that opened the app no longer do (example URL, both rules)",
        why: "After the new file is deployed (and Apple's CDN picks it up), these links open the website instead of the app: a new exclude, a reordered rule, a tightened pattern or query, or a removed rule took them away.",
        fix: "If the change is intended, nothing. Otherwise edit the rule named in the new file (or add one before it) so the example URL opens the app again, and run the diff again.",
        failing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/cart", "exclude": true}, {"/": "/shop/*"}]}]}}"#),
        passing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/shop/cart", "exclude": true}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA801: see ``CodeDoc/aasa801``.
    public static let aasa801 = DiagnosticCode(rawValue: "AASA801")
}
