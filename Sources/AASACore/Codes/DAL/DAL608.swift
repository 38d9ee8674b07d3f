extension CodeDoc {
    /// A host has upper-case letters. Reported by ManifestLint.
    static let dal608 = CodeDoc(
        code: .dal608, severity: .warning,
        title: "A host has upper-case letters",
        why: "Links match hosts ignoring case (compareToIgnoreCase), but Android keeps each host's verification state under the exact string the manifest gives, browsers send lower-case hosts, and Android's documentation asks for lower case.",
        fix: "Write the host in lower case.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="Shop.Example.com""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL608: see ``CodeDoc/dal608``.
    public static let dal608 = DiagnosticCode(rawValue: "DAL608")
}
