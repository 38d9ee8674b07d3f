extension CodeDoc {
    /// Plain HTTP. Reported by ``HostingJudge`` when the domain is given with `http://` or an
    /// `http://` URL is refused by the HTTPS-only policy.
    static let aasa103 = CodeDoc(
        code: .aasa103, severity: .error,
        title: "The URL or domain uses plain http",
        why: "Apple's systems fetch the file only over HTTPS; a file served on plain HTTP is never read.",
        fix: "Serve the file over HTTPS at https://DOMAIN/.well-known/apple-app-site-association.",
        failing: .response(HTTPExample(url: "http://example.com/.well-known/apple-app-site-association",
                                       transportError: "Protocol \"http\" not supported or disabled in libcurl", transportErrorKind: .badURL)),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA103: see ``CodeDoc/aasa103``.
    public static let aasa103 = DiagnosticCode(rawValue: "AASA103")
}
