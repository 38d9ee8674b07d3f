extension CodeDoc {
    /// URLs that did not open the app now do. Reported by ``DocumentDiff``.
    static let aasa802 = CodeDoc(
        code: .aasa802, severity: .info,
        title: "URLs that did not open the app now do",
        why: "After the new file is deployed, these links open the app instead of the website; the app must handle them (or show something sensible) or users land on an empty screen.",
        fix: "If the change is intended, make sure the app routes the example URL. Otherwise narrow the rule named in the new file, or add an exclude rule before it.",
        failing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/help/*"}]}]}}"#),
        passing: .documentPair(
            old: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#,
            new: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/shop/sale/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA802: see ``CodeDoc/aasa802``.
    public static let aasa802 = DiagnosticCode(rawValue: "AASA802")
}
