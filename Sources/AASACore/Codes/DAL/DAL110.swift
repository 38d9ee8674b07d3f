extension CodeDoc {
    /// robots.txt disallows /.well-known/assetlinks.json. Reported by AssetLinksServing.judgeRobots.
    static let dal110 = CodeDoc(
        code: .dal110, severity: .warning,
        title: "robots.txt disallows /.well-known/assetlinks.json",
        why: "Credential Manager's prerequisites (and older App Links pages) require that robots.txt lets crawlers read the file; a verifier that honours robots.txt does not fetch it.",
        fix: "Add `Allow: /.well-known/` to the groups that disallow it, or narrow the Disallow rule.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), robots: HTTPExample(url: "https://example.com/robots.txt", headers: [("Content-Type", "text/plain")], body: "User-agent: *\nDisallow: /.well-known/\n"))),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), robots: HTTPExample(url: "https://example.com/robots.txt", headers: [("Content-Type", "text/plain")], body: "User-agent: *\nDisallow: /admin/\n"))))
}

extension DiagnosticCode {
    /// DAL110: see ``CodeDoc/dal110``.
    public static let dal110 = DiagnosticCode(rawValue: "DAL110")
}
