extension CodeDoc {
    /// The bytes are not valid UTF-8. Reported by StrictJSONParser (AASA205, rebased).
    static let dal205 = CodeDoc(
        code: .dal205, severity: .error,
        title: "The bytes are not valid UTF-8",
        why: "JSON text is UTF-8; an invalid sequence makes the list unreadable for strict parsers (AOSP decodes it as UTF-8 with replacement characters, which changes strings).",
        fix: "Save the file as UTF-8.",
        failing: .custom(AssetLinksExample(.bytes(Array("[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://caf".utf8) + [0xE9] + Array(".example\"}}]".utf8)))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL205: see ``CodeDoc/dal205``.
    public static let dal205 = DiagnosticCode(rawValue: "DAL205")
}
