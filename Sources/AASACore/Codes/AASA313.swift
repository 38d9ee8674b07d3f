extension CodeDoc {
    /// Legacy `paths` or dictionary `details`.
    static let aasa313 = CodeDoc(
        code: .aasa313, severity: .info,
        title: "Legacy `paths` (or `details` as a dictionary) is used; suggest the `components` form",
        why: "The legacy forms still work, but they cannot express query or fragment rules, case-insensitive or percent-decoded matching, and `NOT ` is their only way to exclude.",
        fix: "Rewrite as \"details\": [{\"appIDs\": [...], \"components\": [{\"/\": \"/path/*\"}, …]}]; a \"NOT /x\" path becomes {\"/\": \"/x\", \"exclude\": true}.",
        failing: .document(#"{"applinks": {"apps": [], "details": [{"appID": "K7Q2M9XW3P.com.example.app", "paths": ["/buy/*"]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#),
        check: { ctx in
            guard let links = ctx.document.applinks else { return [] }
            if links.detailsForm == .dictionary, let first = links.details.first {
                return [ctx.diagnostic(.aasa313, at: SourceRef(pointer: "/applinks/details", location: first.ref.location),
                                       "details is written in the oldest form, a dictionary keyed by app ID",
                                       hint: "Use an array of entries with appIDs and components.")]
            }
            return links.details.compactMap { entry in
                guard case .paths = entry.rules else { return nil }
                return ctx.diagnostic(.aasa313, at: entry.ref, "details[\(entry.index)] uses legacy paths",
                                      hint: "Rewrite them as components; \"NOT /x\" becomes {\"/\": \"/x\", \"exclude\": true}.")
            }
        })
}

extension DiagnosticCode {
    /// AASA313: see ``CodeDoc/aasa313``.
    public static let aasa313 = DiagnosticCode(rawValue: "AASA313")
}
