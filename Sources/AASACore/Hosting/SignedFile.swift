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
    /// the structure cannot be read or has no content. Reads BER: definite and indefinite
    /// lengths, and constructed `OCTET STRING`s, with bounded nesting.
    public static func content(_ bytes: [UInt8]) -> [UInt8]? {
        var reader = BERReader(bytes: bytes)
        guard let contentInfo = reader.element(), contentInfo.tag == 0x30 else { return nil }
        let info = reader.children(of: contentInfo)
        guard info.count >= 2, info[0].tag == 0x06, info[1].tag == 0xA0 else { return nil }
        guard let signedData = reader.children(of: info[1]).first, signedData.tag == 0x30 else { return nil }
        let fields = reader.children(of: signedData)
        guard fields.count >= 3, fields[2].tag == 0x30 else { return nil }
        let encap = reader.children(of: fields[2])
        guard encap.count >= 2, encap[1].tag == 0xA0, let octets = reader.children(of: encap[1]).first else { return nil }
        return reader.octets(of: octets)
    }
}

/// A tiny BER reader, enough for the outer layers of a CMS message.
struct BERReader {
    struct Element {
        var tag: UInt8
        /// Offset of the first content byte.
        var start: Int
        /// Offset after the last content byte (for indefinite lengths, before the end marker).
        var end: Int
    }

    let bytes: [UInt8]
    var position = 0
    static let maxDepth = 32

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The element at ``position``, advancing past it.
    mutating func element(depth: Int = 0) -> Element? {
        guard depth < Self.maxDepth, position + 2 <= bytes.count else { return nil }
        let tag = bytes[position]
        guard tag & 0x1F != 0x1F else { return nil }  // multi-byte tags are not used here
        var p = position + 1
        let first = bytes[p]
        p += 1
        if first == 0x80 {
            // Indefinite length: children until 00 00.
            guard tag & 0x20 != 0 else { return nil }
            let start = p
            position = p
            while position + 2 <= bytes.count, !(bytes[position] == 0 && bytes[position + 1] == 0) {
                guard element(depth: depth + 1) != nil else { return nil }
            }
            guard position + 2 <= bytes.count else { return nil }
            let end = position
            position += 2
            return Element(tag: tag, start: start, end: end)
        }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let n = Int(first & 0x7F)
            guard n <= 4, p + n <= bytes.count else { return nil }
            for _ in 0..<n { length = length << 8 | Int(bytes[p]); p += 1 }
        }
        guard length <= bytes.count - p else { return nil }
        position = p + length
        return Element(tag: tag, start: p, end: p + length)
    }

    /// The child elements of a constructed element.
    func children(of parent: Element) -> [Element] {
        guard parent.tag & 0x20 != 0 else { return [] }
        var sub = BERReader(bytes: Array(bytes[..<parent.end]))
        sub.position = parent.start
        var out: [Element] = []
        while sub.position < parent.end, let e = sub.element() { out.append(e) }
        return out
    }

    /// The bytes of an `OCTET STRING`, primitive (0x04) or constructed (0x24).
    func octets(of element: Element) -> [UInt8]? {
        if element.tag == 0x04 { return Array(bytes[element.start..<element.end]) }
        guard element.tag == 0x24 else { return nil }
        var out: [UInt8] = []
        for child in children(of: element) {
            guard let part = octets(of: child) else { return nil }
            out += part
        }
        return out
    }
}
