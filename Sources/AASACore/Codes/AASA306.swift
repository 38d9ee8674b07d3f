extension CodeDoc {
    /// A lowercase App ID prefix.
    static let aasa306 = CodeDoc(
        code: .aasa306, severity: .warning,
        title: "An app ID prefix is lower case (the system upper-cases it)",
        why: "It works, because the system upper-cases the prefix, but other tools and people compare it as written; it usually means the ID was typed by hand.",
        fix: "Write the App ID prefix in upper case.",
        failing: .document(#"{"webcredentials": {"apps": ["abcde12345.com.example.app"]}}"#),
        passing: .document(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#),
        check: { ctx in
            ctx.document.allAppIDs.compactMap { service, id in
                guard AppIDSyntax.check(id.value) == .lowercasePrefix else { return nil }
                return ctx.diagnostic(.aasa306, at: id.ref, "the App ID prefix of \"\(id.value)\" (\(service)) is in lower case",
                                      hint: "Write \(AppIdentity.canonical(id.value)).")
            }
        })
}

extension DiagnosticCode {
    /// AASA306: see ``CodeDoc/aasa306``.
    public static let aasa306 = DiagnosticCode(rawValue: "AASA306")
}
