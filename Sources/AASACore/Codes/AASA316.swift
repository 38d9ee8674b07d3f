extension CodeDoc {
    /// Nothing can match.
    static let aasa316 = CodeDoc(
        code: .aasa316, severity: .warning,
        title: "Nothing can match: `applinks` without entries, an entry with an empty `components` array",
        why: "An empty `components` array matches no URL, and `applinks` without `details` entries associates no app: no universal link opens.",
        fix: "Add the rules: {\"/\": \"/path/*\"} for what should open the app; remove `applinks` if the domain has no universal links.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": []}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/app/*"}]}]}}"#),
        check: { ctx in
            guard let links = ctx.document.applinks else { return [] }
            if links.details.isEmpty {
                return [ctx.diagnostic(.aasa316, at: links.ref, "applinks has no details entries, so no URL opens an app",
                                       hint: "Add a details entry with appIDs and components, or remove applinks.")]
            }
            return links.details.compactMap { entry in
                guard case .components(let rules) = entry.rules, rules.isEmpty else { return nil }
                return ctx.diagnostic(.aasa316, at: entry.ref, "details[\(entry.index)] has an empty components array, so no URL opens \(entry.appIDs.map(\.value).joined(separator: ", "))",
                                      hint: "Add rules such as {\"/\": \"/app/*\"}.")
            }
        })
}

extension DiagnosticCode {
    /// AASA316: see ``CodeDoc/aasa316``.
    public static let aasa316 = DiagnosticCode(rawValue: "AASA316")
}
