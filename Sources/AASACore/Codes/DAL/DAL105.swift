extension CodeDoc {
    /// Content-Type is not application/json. Reported by AssetLinksServing.
    static let dal105 = CodeDoc(
        code: .dal105, severity: .error,
        title: "Content-Type is not application/json",
        why: "Google's API reports ERROR_CODE_WRONG_CONTENT_TYPE for a statement list served with another type, and Credential Manager refuses it: the statements are not used.",
        fix: "Serve the file as application/json (parameters such as charset are fine).",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good, headers: [("Content-Type", "text/plain")]))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL105: see ``CodeDoc/dal105``.
    public static let dal105 = DiagnosticCode(rawValue: "DAL105")
}
