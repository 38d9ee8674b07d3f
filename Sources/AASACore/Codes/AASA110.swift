extension CodeDoc {
    /// Every address of the host is private or reserved. Reported by ``HostingJudge`` from the
    /// resolved addresses, unless the user redirected the connection (`--connect-to`): an
    /// error, or info for a domain in developer or managed mode (devices fetch it directly).
    static let aasa110 = CodeDoc(
        code: .aasa110, severity: .error,
        title: "Every address of the host is private, loopback, link-local or reserved",
        why: "Apple's CDN refuses to connect to private or reserved addresses (observed: SWCERR00202 Connections to private/reserved IP addresses are not allowed), so an internal-only host never gets its file to devices. A domain in developer or managed mode (?mode=developer, ?mode=managed) is fetched by devices directly, so there it is only info: the devices must reach the address (a VPN, the office network).",
        fix: "Publish the domain on public addresses. For internal testing, use an associated domain with ?mode=developer or ?mode=managed, which devices fetch directly.",
        failing: .hosting(HostingExample(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            addresses: ["10.20.30.40", "fd00::1"])),
        passing: .hosting(HostingExample(
            origin: HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            addresses: ["93.184.215.14", "10.20.30.40"])))
}

extension DiagnosticCode {
    /// AASA110: see ``CodeDoc/aasa110``.
    public static let aasa110 = DiagnosticCode(rawValue: "AASA110")
}
