extension CodeDoc {
    /// A source manifest declares no targetSdkVersion: the rules of target SDK 31 and later are applied. Reported by ManifestLint.
    static let dal624 = CodeDoc(
        code: .dal624, severity: .info,
        title: "A source manifest declares no targetSdkVersion: the rules of target SDK 31 and later are applied",
        why: "Which filters take part depends on the target SDK (31+: only correctly formed autoVerify filters; 30 and lower: every web filter once one asks). A source manifest usually leaves it to the Gradle build, so aasa-check assumes a current target unless told.",
        fix: "Check the APK or App Bundle, which carries the target SDK the build set, or give it to aasa-check.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.goodFilter], minimum: nil, target: nil)),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL624: see ``CodeDoc/dal624``.
    public static let dal624 = DiagnosticCode(rawValue: "DAL624")
}
