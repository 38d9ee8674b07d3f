extension CodeDoc {
    /// The package name is not a Java package name. Reported by StatementListParser.
    static let dal315 = CodeDoc(
        code: .dal315, severity: .warning,
        title: "The package name is not a Java package name",
        why: "Android application IDs have two or more dot-separated segments, each a letter then letters, digits or _; a name that is not one names no installable app (Google's exact rule is unpublished).",
        fix: "Copy the applicationId from the app's build.gradle.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(package: "shopwave"))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL315: see ``CodeDoc/dal315``.
    public static let dal315 = DiagnosticCode(rawValue: "DAL315")
}
