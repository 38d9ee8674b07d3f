extension CodeDoc {
    /// The manifest cannot be read: binary XML, protobuf XML or source XML that is malformed (say where). Reported by ManifestLint.
    static let dal601 = CodeDoc(
        code: .dal601, severity: .error,
        title: "The manifest cannot be read: binary XML, protobuf XML or source XML that is malformed (say where)",
        why: "Android's package parser refuses a manifest it cannot read, and so does aasa-check: nothing in it can be judged, and an APK with such a manifest does not install.",
        fix: "Give the AndroidManifest.xml of the APK (binary XML), of the App Bundle (base/manifest/AndroidManifest.xml, protobuf XML), or the source manifest, unchanged.",
        failing: ManifestExample.bytes([0x03, 0x00, 0x08, 0x00, 0x40, 0x00, 0x00, 0x00]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL601: see ``CodeDoc/dal601``.
    public static let dal601 = DiagnosticCode(rawValue: "DAL601")
}
