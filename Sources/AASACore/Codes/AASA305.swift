extension CodeDoc {
    /// A malformed app ID.
    static let aasa305 = CodeDoc(
        code: .aasa305, severity: .error,
        title: "An app ID is malformed (prefix not 10 of A–Z 0–9, missing or invalid bundle ID)",
        why: "The system compares the signed application-identifier `<App ID prefix>.<bundle ID>` with the file; an ID of another shape never equals it.",
        fix: "Write the app ID as <App ID prefix>.<bundle ID>, e.g. K7Q2M9XW3P.com.example.app; the prefix is in the developer account (Membership: Team ID) or the provisioning profile.",
        failing: .document(#"{"webcredentials": {"apps": ["com.example.app"]}}"#),
        passing: .document(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#),
        check: { ctx in
            ctx.document.allAppIDs.compactMap { service, id in
                guard case .malformed(let why) = AppIDSyntax.check(id.value) else { return nil }
                return ctx.diagnostic(.aasa305, at: id.ref, "the \(service) app ID \"\(id.value)\" is malformed: \(why)",
                                      hint: "Use <App ID prefix>.<bundle ID>, e.g. K7Q2M9XW3P.com.example.app.")
            }
        })
}

extension DiagnosticCode {
    /// AASA305: see ``CodeDoc/aasa305``.
    public static let aasa305 = DiagnosticCode(rawValue: "AASA305")
}
