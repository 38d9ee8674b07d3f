extension CodeDoc {
    /// Manifest merger instructions (tools:node, tools:replace, ...) in a source manifest. Reported by ManifestLint.
    static let dal616 = CodeDoc(
        code: .dal616, severity: .warning,
        title: "Manifest merger instructions (tools:node, tools:replace, ...) in a source manifest",
        why: "The manifest merger applies tools: instructions when it combines the app's manifest with its libraries' and its build variants': the intent filters the app ships may differ from this file (assetlinks-reference.md §4.3).",
        fix: "Judge the merged manifest: the APK or App Bundle, or build/intermediates/merged_manifests/.../AndroidManifest.xml.",
        failing: ManifestExample.source(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#)], extra: #" tools:node="replace""#)], tools: true)),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL616: see ``CodeDoc/dal616``.
    public static let dal616 = DiagnosticCode(rawValue: "DAL616")
}
