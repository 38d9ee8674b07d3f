extension CodeDoc {
    /// A local file another input names was not read (a device, a FIFO, `/proc`, `/sys`) or was
    /// not what it should be; nothing of it is quoted. Reported through ``LocalInputRule``.
    static let aasa116 = CodeDoc(
        code: .aasa116, severity: .error,
        title: "A local file another input names was not read: a device, a FIFO, under /proc or /sys, or not the kind of file it should be",
        why: "A configuration's route list or entitlements, an .xcconfig's #include and a bundle's embedded.mobileprovision are named by files that a pull request can change (a local sitemap an index names is AASA708's). Read and quoted, /proc/self/environ or a credentials file would print a CI job's secrets into its public log, and a FIFO or /dev/zero would block the run or never end. So such a file is never read unless it is a regular file, and one that is not what it should be is reported without any of its contents.",
        fix: "Point the naming file at a regular file of the right kind (a route list, entitlements, an .xcconfig, a provisioning profile), by a path relative to the naming file or an absolute one outside /proc and /sys.",
        failing: .custom(LocalInputExample(path: "/proc/self/environ", type: .regular, namedBy: "aasa-check.json")),
        passing: .custom(LocalInputExample(path: "/work/app/routes.txt", type: .regular, namedBy: "aasa-check.json")))
}

extension DiagnosticCode {
    /// AASA116: see ``CodeDoc/aasa116``.
    public static let aasa116 = DiagnosticCode(rawValue: "AASA116")
}

/// The example of AASA116: a file a configuration names as its route list, judged by the rule
/// every local reader asks before reading.
struct LocalInputExample: KindExample {
    var path: String
    var type: LocalInputRule.FileType
    var namedBy: String

    var displayText: String {
        "# \(namedBy)\n{\"routes\": \"\(path)\"}\n# \(path): \(type.words)"
    }

    func run() -> [Diagnostic]? {
        guard let reason = LocalInputRule.refusal(path: path, resolved: path, type: type) else { return [] }
        return [LocalInputRule.finding(path: path, namedBy: namedBy, reason: reason, source: .routes)]
    }
}
