extension CodeDoc {
    /// The statement list could not be fetched: DNS, refused, reset, timeout (say which). Reported by AssetLinksServing.
    static let dal101 = CodeDoc(
        code: .dal101, severity: .error,
        title: "The statement list could not be fetched: DNS, refused, reset, timeout (say which)",
        why: "Android verifies each host by fetching its assetlinks.json; when the host cannot be reached the statement list is empty and App Links for that host open the browser (Google reports ERROR_CODE_FETCH_ERROR).",
        fix: "Make https://HOST/.well-known/assetlinks.json reachable from the internet over HTTPS: DNS records, a listening server on port 443, no firewall in front of it.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: HTTPExample(url: "https://example.com/.well-known/assetlinks.json", transportError: "Could not resolve host: example.com", transportErrorKind: .dns))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL101: see ``CodeDoc/dal101``.
    public static let dal101 = DiagnosticCode(rawValue: "DAL101")
}
