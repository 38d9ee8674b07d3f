extension CodeDoc {
    /// TLS failed: untrusted chain, expired, wrong host name (say which). Reported by AssetLinksServing.
    static let dal102 = CodeDoc(
        code: .dal102, severity: .error,
        title: "TLS failed: untrusted chain, expired, wrong host name (say which)",
        why: "Google's verifier always checks the certificate; a failing TLS handshake is ERROR_CODE_FAILED_SSL_VALIDATION and the host is not verified.",
        fix: "Serve a certificate chain public roots trust, for this exact host, not expired, with its intermediates.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: HTTPExample(url: "https://example.com/.well-known/assetlinks.json", transportError: "SSL certificate problem: certificate has expired", transportErrorKind: .tlsExpired))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL102: see ``CodeDoc/dal102``.
    public static let dal102 = DiagnosticCode(rawValue: "DAL102")
}
