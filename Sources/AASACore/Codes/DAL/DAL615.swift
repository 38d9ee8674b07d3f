extension CodeDoc {
    /// An unresolved value: a ${placeholder} or a resource reference in a link filter or the SDK versions. Reported by ManifestLint.
    static let dal615 = CodeDoc(
        code: .dal615, severity: .warning,
        title: "An unresolved value: a ${placeholder} or a resource reference in a link filter or the SDK versions",
        why: "A source manifest's ${name} is filled in by the Gradle build (manifestPlaceholders) and @string/... is read from the app's resources (and ignored by Android when the resource varies by configuration): aasa-check cannot know the value, so the hosts, schemes or paths it judges are incomplete.",
        fix: "Judge the merged manifest (the APK or App Bundle, or build/intermediates/merged_manifests/...), where the values are written out.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="${linkHost}""#), ManifestSample.data(#"android:host="example.com""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL615: see ``CodeDoc/dal615``.
    public static let dal615 = DiagnosticCode(rawValue: "DAL615")
}
