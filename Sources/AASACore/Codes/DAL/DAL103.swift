extension CodeDoc {
    /// The file answered with a redirect (3xx); show status and Location. Reported by AssetLinksServing.
    static let dal103 = CodeDoc(
        code: .dal103, severity: .error,
        title: "The file answered with a redirect (3xx); show status and Location",
        why: "Redirects are never followed for assetlinks.json (and not for includes): an http→https, apex→www or trailing-slash redirect leaves the host unverified (ERROR_CODE_REDIRECT; AOSP's verifier reports FAILURE_REDIRECT).",
        fix: "Serve the file with status 200 at this exact URL on every host the app declares; exclude /.well-known/assetlinks.json from site-wide redirects.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks("<html>Moved</html>", status: 301, headers: [("Location", "https://www.example.com/.well-known/assetlinks.json"), ("Content-Type", "text/html")]))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL103: see ``CodeDoc/dal103``.
    public static let dal103 = DiagnosticCode(rawValue: "DAL103")
}
