extension CodeDoc {
    /// Both `components` and `paths` in one entry.
    static let aasa312 = CodeDoc(
        code: .aasa312, severity: .warning,
        title: "One entry has both `components` and `paths` (`paths` is ignored on iOS 13+)",
        why: "Current systems use `components` and ignore `paths`; rules written only in `paths` do nothing there.",
        fix: "Move every rule into `components` and remove `paths` (unless you still support iOS 12).",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "paths": ["/shop/*"], "components": [{"/": "/buy/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/shop/*"}]}]}}"#),
        check: { ctx in
            (ctx.document.applinks?.details ?? []).compactMap { entry in
                guard case .components = entry.rules, let paths = entry.node["paths"] else { return nil }
                let ref = SourceRef(pointer: JSONPointer.appending(entry.ref.pointer, "paths"), location: ctx.sourceMap.location(of: paths.offset))
                return ctx.diagnostic(.aasa312, at: ref, "details[\(entry.index)] has both components and paths; systems since iOS 13 ignore paths",
                                      hint: "Move the rules of paths into components.")
            }
        })
}

extension DiagnosticCode {
    /// AASA312: see ``CodeDoc/aasa312``.
    public static let aasa312 = DiagnosticCode(rawValue: "AASA312")
}
