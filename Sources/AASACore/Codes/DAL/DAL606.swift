extension CodeDoc {
    /// A host is an IP address. Reported by ManifestLint.
    static let dal606 = CodeDoc(
        code: .dal606, severity: .error,
        title: "A host is an IP address",
        why: "Android's host check accepts an IPv4 address, but verification fetches https://HOST/.well-known/assetlinks.json and needs a certificate for that host: an address is no site's name, and Google's verifier verifies domains.",
        fix: "Use the site's domain name as the host.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="192.168.1.10""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL606: see ``CodeDoc/dal606``.
    public static let dal606 = DiagnosticCode(rawValue: "DAL606")
}
