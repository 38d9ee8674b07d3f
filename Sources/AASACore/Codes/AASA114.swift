extension CodeDoc {
    /// The body was sent compressed. Reported by ``HostingJudge`` with the wire and decoded sizes.
    static let aasa114 = CodeDoc(
        code: .aasa114, severity: .info,
        title: "The body was sent compressed (gzip, br…); its decoded size is what counts",
        why: "Compression is fine, but the 131,072-byte limit applies to the decoded file, so a file that is small on the wire can still be too large.",
        fix: "Nothing to fix; keep the decoded file under 131,072 bytes.",
        failing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#,
                                       contentEncoding: "gzip", wireBytes: 98)),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))
}

extension DiagnosticCode {
    /// AASA114: see ``CodeDoc/aasa114``.
    public static let aasa114 = DiagnosticCode(rawValue: "AASA114")
}
