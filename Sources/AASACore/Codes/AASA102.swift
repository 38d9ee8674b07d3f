extension CodeDoc {
    /// TLS failed. Reported by ``HostingJudge`` with libcurl's reason (untrusted, expired,
    /// wrong host name, handshake).
    static let aasa102 = CodeDoc(
        code: .aasa102, severity: .error,
        title: "TLS failed: untrusted chain, missing intermediate, expired, or wrong host name",
        why: "Apple's systems validate the certificate against public roots with the full chain, the exact host name and the dates; any failure means the file is never read.",
        fix: "Serve a certificate from a public certificate authority whose names include this host, with its intermediates, and renew it before it expires.",
        failing: .response(HTTPExample(transportError: "SSL certificate problem: certificate has expired", transportErrorKind: .tlsExpired)),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA102: see ``CodeDoc/aasa102``.
    public static let aasa102 = DiagnosticCode(rawValue: "AASA102")
}
