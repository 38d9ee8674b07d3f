extension CodeDoc {
    /// An element of origins is not a string: the whole file is void.
    static let wan304 = CodeDoc(
        code: .wan304, severity: .error,
        title: "An element of origins is not a string: the whole file is void",
        why: "Chromium fails the file on any non-string element ({\"origins\":[1]} is tested) and Firefox checks every element is a string.",
        fix: "Write every origin as a string.",
        failing: WebAuthnExample.file(#"{"origins": ["https://example.co.uk", 1]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN304: see ``CodeDoc/wan304``.
    public static let wan304 = DiagnosticCode(rawValue: "WAN304")
}
