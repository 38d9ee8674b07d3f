extension CodeDoc {
    /// A host Android does not verify: not an optional *. and a domain name (localhost, a port, a scheme, a trailing dot, a misplaced *). Reported by ManifestLint.
    static let dal605 = CodeDoc(
        code: .dal605, severity: .error,
        title: "A host Android does not verify: not an optional *. and a domain name (localhost, a port, a scheme, a trailing dot, a misplaced *)",
        why: "Android verifies a host only when it is a domain name (android.util.Patterns.DOMAIN_NAME), optionally after *.; any other host is left out of verification (DomainVerificationCollector), so its links never open the app without a chooser.",
        fix: "Write the host as a domain name (example.com), or *.example.com for its subdomains; the port and the scheme have attributes of their own.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="localhost""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL605: see ``CodeDoc/dal605``.
    public static let dal605 = DiagnosticCode(rawValue: "DAL605")
}
