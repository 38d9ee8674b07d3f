extension CodeDoc {
    /// A UTF-8 byte order mark before the JSON. Reported by ``StrictJSONParser``.
    static let aasa202 = CodeDoc(
        code: .aasa202, severity: .error,
        title: "A UTF-8 byte order mark precedes the JSON",
        why: "RFC 8259 forbids a byte order mark, and Apple's CDN parses with a decoder that rejects it, so the CDN keeps no usable copy of the file.",
        fix: "Save the file as UTF-8 without BOM (in many editors: \"UTF-8\" rather than \"UTF-8 with BOM\").",
        failing: .bytes([0xEF, 0xBB, 0xBF] + Array(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#.utf8)),
        passing: .bytes(Array(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#.utf8)))
}

extension DiagnosticCode {
    /// AASA202: see ``CodeDoc/aasa202``.
    public static let aasa202 = DiagnosticCode(rawValue: "AASA202")
}
