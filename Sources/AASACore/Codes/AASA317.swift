extension CodeDoc {
    /// `apps` of an apps service missing, empty or not strings.
    static let aasa317 = CodeDoc(
        code: .aasa317, severity: .error,
        title: "`apps` of `webcredentials`, `appclips` or `activitycontinuation` is missing, empty or not strings",
        why: "These services associate exactly the app IDs in `apps`; without them passwords, passkeys, App Clips or Handoff do not work for the domain.",
        fix: "Write {\"apps\": [\"<App ID prefix>.<bundle ID>\"]}.",
        failing: .document(#"{"webcredentials": {}}"#),
        passing: .document(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#),
        check: { ctx in
            var out: [Diagnostic] = []
            for name in ["webcredentials", "appclips", "activitycontinuation"] {
                guard let service = ctx.document.appsService(name) else { continue }
                let node = ctx.document.root[name]?["apps"]
                if node == nil {
                    out.append(ctx.diagnostic(.aasa317, at: service.ref, "\(name) has no apps array", hint: "Add \"apps\": [\"<App ID prefix>.<bundle ID>\"]."))
                } else if let array = node?.arrayValue {
                    if array.isEmpty {
                        out.append(ctx.diagnostic(.aasa317, at: SourceRef(pointer: "/\(name)/apps", location: ctx.sourceMap.location(of: node!.offset)),
                                                  "\(name).apps is empty", hint: "List the app IDs."))
                    }
                    for (i, e) in array.enumerated() where e.stringValue == nil {
                        out.append(ctx.diagnostic(.aasa317, at: SourceRef(pointer: "/\(name)/apps/\(i)", location: ctx.sourceMap.location(of: e.offset)),
                                                  "\(name).apps[\(i)] is a \(e.typeName), not an app ID string"))
                    }
                }
            }
            return out
        })
}

extension DiagnosticCode {
    /// AASA317: see ``CodeDoc/aasa317``.
    public static let aasa317 = DiagnosticCode(rawValue: "AASA317")
}
