extension CodeDoc {
    /// A legacy signed file. Reported by ``HostingJudge``, which then checks the JSON inside.
    static let aasa111 = CodeDoc(
        code: .aasa111, severity: .info,
        title: "The file is a legacy signed (PKCS#7) file",
        why: "Before iOS 9 the file had to be signed. Devices still unwrap signed files, but nothing requires it, and signing makes every change a deployment of its own.",
        fix: "Serve the plain JSON file with Content-Type: application/json.",
        failing: {
            var example = HTTPExample(headers: [("Content-Type", "application/pkcs7-mime")])
            example.body = signedExampleFile(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#.utf8))
            return .response(example)
        }(),
        passing: .response(HTTPExample(body: #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#)))

    /// A minimal CMS `SignedData` (no signers) wrapping `content`, DER-encoded.
    static func signedExampleFile(_ content: [UInt8]) -> [UInt8] {
        func der(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            let length: [UInt8] = n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
            return [tag] + length + body
        }
        let oidData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let encap = der(0x30, oidData + der(0xA0, der(0x04, content)))
        let signedData = der(0x30, der(0x02, [1]) + der(0x31, []) + encap + der(0x31, []))
        return der(0x30, SignedFile.signedDataOID + der(0xA0, signedData))
    }
}

extension DiagnosticCode {
    /// AASA111: see ``CodeDoc/aasa111``.
    public static let aasa111 = DiagnosticCode(rawValue: "AASA111")
}
