/// Legacy signed `apple-app-site-association` files: a CMS/PKCS#7 `SignedData` (RFC 5652)
/// whose encapsulated content is the JSON document (spec `aasa-reference.md` §1, AASA111).
public enum SignedFile {
    /// DER of the object identifier `1.2.840.113549.1.7.2` (id-signedData), tag and length included.
    static let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// Whether `bytes` look like a PKCS#7/CMS signed message: a BER `SEQUENCE` that starts with
    /// the id-signedData identifier.
    public static func isSigned(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == 0x30, bytes.count > 16 else { return false }
        let head = Array(bytes.prefix(32))
        return head.indices.contains { i in head[i...].starts(with: signedDataOID) }
    }

    /// The encapsulated content (`encapContentInfo.eContent`) of a signed message, or `nil` when
    /// the structure cannot be read or has no content (read by ``CMSEnvelope``, the BER reader
    /// shared with provisioning profiles).
    public static func content(_ bytes: [UInt8]) -> [UInt8]? {
        try? CMSEnvelope.content(of: bytes)
    }
}
