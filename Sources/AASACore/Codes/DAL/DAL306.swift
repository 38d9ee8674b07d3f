extension CodeDoc {
    /// An android_app target's package_name is missing or invalid. Reported by StatementListParser.
    static let dal306 = CodeDoc(
        code: .dal306, severity: .error,
        title: "An android_app target's package_name is missing or invalid",
        why: "Without a valid package name the statement names no app and is skipped (comptest2303, 2307, 2308).",
        fix: "Write the app's applicationId as package_name.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(package: ""))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL306: see ``CodeDoc/dal306``.
    public static let dal306 = DiagnosticCode(rawValue: "DAL306")
}
