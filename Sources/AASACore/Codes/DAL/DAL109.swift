extension CodeDoc {
    /// HOST. (the fully qualified name) serves something else than HOST. Reported by AssetLinksServing.compareTrailingDot.
    static let dal109 = CodeDoc(
        code: .dal109, severity: .warning,
        title: "HOST. (the fully qualified name) serves something else than HOST",
        why: "Google's troubleshooting guide asks that example.com. serve the same file as example.com: a verifier that fetches the fully qualified name would see another answer.",
        fix: "Configure the server and the CDN to answer the name with a trailing dot exactly as the name without it.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), trailingDot: .assetLinks("Not Found", url: "https://example.com./.well-known/assetlinks.json", status: 404, headers: [("Content-Type", "text/html")]))),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), trailingDot: .assetLinks(DALSample.good, url: "https://example.com./.well-known/assetlinks.json"))))
}

extension DiagnosticCode {
    /// DAL109: see ``CodeDoc/dal109``.
    public static let dal109 = DiagnosticCode(rawValue: "DAL109")
}
