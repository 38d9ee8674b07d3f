extension CodeDoc {
    /// The host could not be reached. Reported by ``HostingJudge`` from the transport error.
    static let aasa101 = CodeDoc(
        code: .aasa101, severity: .error,
        title: "The host could not be reached: DNS failure, refused, reset or timeout",
        why: "Apple's CDN fetches the file from the domain; if it cannot connect, devices never get the file and universal links open in the browser.",
        fix: "Make https://DOMAIN/.well-known/apple-app-site-association answer from the public internet: check DNS records, that port 443 accepts connections, and that the server answers within a few seconds.",
        failing: .response(HTTPExample(transportError: "Connection timed out after 10001 milliseconds", transportErrorKind: .timeout)),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA101: see ``CodeDoc/aasa101``.
    public static let aasa101 = DiagnosticCode(rawValue: "AASA101")
}
