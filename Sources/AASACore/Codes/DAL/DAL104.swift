extension CodeDoc {
    /// The status is not 200 (show the status line). Reported by AssetLinksServing.
    static let dal104 = CodeDoc(
        code: .dal104, severity: .error,
        title: "The status is not 200 (show the status line)",
        why: "Any answer other than 200 gives an empty statement list (details.md): nothing is verified for the host.",
        fix: "Deploy the file at /.well-known/assetlinks.json and make that URL answer 200 to every client, Google's fetcher included.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks("Not Found", status: 404, headers: [("Content-Type", "text/html")]))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL104: see ``CodeDoc/dal104``.
    public static let dal104 = DiagnosticCode(rawValue: "DAL104")
}
