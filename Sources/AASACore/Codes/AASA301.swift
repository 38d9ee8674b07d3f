extension CodeDoc {
    /// No known service in the document.
    static let aasa301 = CodeDoc(
        code: .aasa301, severity: .warning,
        title: "No known service (`applinks`, `webcredentials`, `appclips`, `activitycontinuation`) in the document",
        why: "The system reads only these keys; a file without any of them associates nothing with the domain.",
        fix: "Put the rules under \"applinks\" (universal links), \"webcredentials\" (passwords, passkeys), \"appclips\" or \"activitycontinuation\". Check the spelling of the key.",
        failing: .document(#"{"appLinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/orders/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/orders/*"}]}]}}"#),
        check: { ctx in
            guard ctx.document.serviceNames.isEmpty else { return [] }
            return [ctx.diagnostic(.aasa301, at: SourceRef(pointer: "", location: ctx.sourceMap.location(of: ctx.document.root.offset)),
                                   "the document has no applinks, webcredentials, appclips or activitycontinuation key",
                                   hint: "Keys are case-sensitive.")]
        })
}

extension DiagnosticCode {
    /// AASA301: see ``CodeDoc/aasa301``.
    public static let aasa301 = DiagnosticCode(rawValue: "AASA301")
}
