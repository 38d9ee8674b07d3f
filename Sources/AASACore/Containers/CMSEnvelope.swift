/// Extracts the signed content of a CMS `SignedData` envelope (RFC 5652 §5), the container of
/// a provisioning profile (`.mobileprovision`, `.provisionprofile`).
///
/// The walk follows `ContentInfo` (SEQUENCE) → `content` [0] → `SignedData` (SEQUENCE) →
/// `encapContentInfo` (SEQUENCE) → `eContent` [0] → OCTET STRING. It reads BER as Apple
/// writes it: indefinite lengths (`0x80` … `00 00`) and constructed OCTET STRINGs made of
/// chunks are both handled. The whole outer element is walked first, so a file cut short
/// anywhere (in the plist or in the signature after it) is reported as truncated.
///
/// No signature is verified: aasa-check reads the profile for its app ID and capabilities.
/// Nesting is capped at ``maxDepth`` so no input can exhaust the stack; time is linear in
/// the input size.
enum CMSEnvelope {
    static let maxDepth = 64

    /// `1.2.840.113549.1.7.2`, id-signedData.
    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// Whether `bytes` start like a DER/BER SEQUENCE holding the id-signedData OID, which is
    /// how every CMS signed file starts.
    static func looksLikeCMS(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
        // Skip the SEQUENCE length, then expect OID 06 09 <signedData>.
        var i = 1
        let first = bytes[1]
        if first & 0x80 == 0 || first == 0x80 {
            i = 2
        } else {
            i = 2 + Int(first & 0x7F)
        }
        guard i + 2 + signedDataOID.count <= bytes.count, bytes[i] == 0x06,
              bytes[i + 1] == UInt8(signedDataOID.count)
        else { return false }
        return Array(bytes[(i + 2)..<(i + 2 + signedDataOID.count)]) == signedDataOID
    }

    /// The bytes of `eContent`: for a provisioning profile, the XML property list.
    /// - Throws: ``EntitlementsError/truncatedProfile(_:)`` when the data ends inside an
    ///   element; ``EntitlementsError/malformedProfile(_:)`` when the structure is not a CMS
    ///   `SignedData` with embedded content.
    static func content(of bytes: [UInt8]) throws(EntitlementsError) -> [UInt8] {
        let reader = BERReader(bytes: bytes)
        let outer = try reader.element(at: 0, limit: bytes.count, depth: 0)
        guard outer.isUniversal(16), outer.constructed else {
            throw .malformedProfile("the file does not start with an ASN.1 SEQUENCE")
        }
        let top = try reader.children(of: outer, depth: 1)
        guard top.count >= 2, top[0].isUniversal(6) else {
            throw .malformedProfile("ContentInfo has no content type")
        }
        guard reader.contents(top[0]) == signedDataOID else {
            throw .malformedProfile("the CMS content type is not signedData (1.2.840.113549.1.7.2)")
        }
        guard top[1].isContext(0), top[1].constructed else {
            throw .malformedProfile("ContentInfo has no [0] content")
        }
        let wrapped = try reader.children(of: top[1], depth: 2)
        guard let signedData = wrapped.first, signedData.isUniversal(16), signedData.constructed else {
            throw .malformedProfile("SignedData is not a SEQUENCE")
        }
        let fields = try reader.children(of: signedData, depth: 3)
        // version INTEGER, digestAlgorithms SET, encapContentInfo SEQUENCE, …
        guard fields.count >= 3, fields[0].isUniversal(2), fields[1].isUniversal(17),
              fields[2].isUniversal(16), fields[2].constructed
        else {
            throw .malformedProfile("SignedData does not hold version, digestAlgorithms and encapContentInfo")
        }
        let encap = try reader.children(of: fields[2], depth: 4)
        guard let type = encap.first, type.isUniversal(6) else {
            throw .malformedProfile("encapContentInfo has no content type")
        }
        guard encap.count >= 2, encap[1].isContext(0), encap[1].constructed else {
            throw .malformedProfile("the signature is detached: the profile holds no content")
        }
        let explicit = try reader.children(of: encap[1], depth: 5)
        guard let octets = explicit.first, octets.isUniversal(4) else {
            throw .malformedProfile("eContent is not an OCTET STRING")
        }
        var out: [UInt8] = []
        try reader.appendOctets(of: octets, to: &out, depth: 6)
        return out
    }
}

/// One BER element: where its header and contents lie in the buffer.
struct BERElement {
    /// 0 universal, 1 application, 2 context-specific, 3 private.
    var tagClass: UInt8
    var constructed: Bool
    var tagNumber: Int
    /// Offset of the first contents byte.
    var contentStart: Int
    /// Offset just past the last contents byte (before the end-of-contents octets of an
    /// indefinite-length element).
    var contentEnd: Int
    /// Offset just past the whole element.
    var end: Int

    func isUniversal(_ number: Int) -> Bool { tagClass == 0 && tagNumber == number }
    func isContext(_ number: Int) -> Bool { tagClass == 2 && tagNumber == number }
}

/// A bounds-checked BER (X.690) reader over a byte buffer.
struct BERReader {
    let bytes: [UInt8]

    /// Reads the element starting at `offset`, which must end by `limit`.
    func element(at offset: Int, limit: Int, depth: Int) throws(EntitlementsError) -> BERElement {
        guard depth <= CMSEnvelope.maxDepth else {
            throw .malformedProfile("ASN.1 nesting deeper than \(CMSEnvelope.maxDepth) levels")
        }
        var i = offset
        func next() throws(EntitlementsError) -> UInt8 {
            guard i < bytes.count else {
                throw .truncatedProfile("the file ends at byte \(i), inside the header of an element")
            }
            guard i < limit else {
                throw .malformedProfile("an ASN.1 element at byte \(offset) overruns its parent")
            }
            defer { i += 1 }
            return bytes[i]
        }
        let first = try next()
        let tagClass = first >> 6
        let constructed = first & 0x20 != 0
        var tagNumber = Int(first & 0x1F)
        if tagNumber == 0x1F {
            tagNumber = 0
            for count in 0... {
                guard count < 4 else { throw .malformedProfile("an ASN.1 tag at byte \(offset) is too long") }
                let b = try next()
                tagNumber = tagNumber << 7 | Int(b & 0x7F)
                if b & 0x80 == 0 { break }
            }
        }
        let lengthByte = try next()
        if lengthByte == 0x80 {
            guard constructed else {
                throw .malformedProfile("a primitive ASN.1 element at byte \(offset) has an indefinite length")
            }
            // Indefinite length: children until the end-of-contents octets 00 00.
            let contentStart = i
            var cursor = i
            while true {
                guard cursor + 2 <= bytes.count else {
                    throw .truncatedProfile("an element at byte \(offset) does not end before the file does")
                }
                guard cursor + 2 <= limit else {
                    throw .malformedProfile("an ASN.1 element at byte \(offset) overruns its parent")
                }
                if bytes[cursor] == 0, bytes[cursor + 1] == 0 {
                    return BERElement(
                        tagClass: tagClass, constructed: true, tagNumber: tagNumber,
                        contentStart: contentStart, contentEnd: cursor, end: cursor + 2)
                }
                cursor = try element(at: cursor, limit: limit, depth: depth + 1).end
            }
        }
        var length = 0
        if lengthByte & 0x80 == 0 {
            length = Int(lengthByte)
        } else {
            let count = Int(lengthByte & 0x7F)
            guard count <= 4 else {
                throw .malformedProfile("an ASN.1 length at byte \(offset) uses \(count) bytes")
            }
            for _ in 0..<count { length = length << 8 | Int(try next()) }
        }
        let contentStart = i
        let end = contentStart + length
        guard end <= bytes.count else {
            throw .truncatedProfile(
                "an element at byte \(offset) needs \(length) bytes but only \(bytes.count - contentStart) remain")
        }
        guard end <= limit else {
            throw .malformedProfile("an ASN.1 element at byte \(offset) overruns its parent")
        }
        if constructed {
            // Validate the children now so truncation anywhere is found by the outer walk.
            var cursor = contentStart
            while cursor < end {
                cursor = try element(at: cursor, limit: end, depth: depth + 1).end
            }
        }
        return BERElement(
            tagClass: tagClass, constructed: constructed, tagNumber: tagNumber,
            contentStart: contentStart, contentEnd: end, end: end)
    }

    /// The direct children of a constructed element.
    func children(of parent: BERElement, depth: Int) throws(EntitlementsError) -> [BERElement] {
        var out: [BERElement] = []
        var cursor = parent.contentStart
        while cursor < parent.contentEnd {
            let child = try element(at: cursor, limit: parent.contentEnd, depth: depth)
            out.append(child)
            cursor = child.end
        }
        return out
    }

    /// The contents bytes of a primitive element.
    func contents(_ element: BERElement) -> [UInt8] {
        Array(bytes[element.contentStart..<element.contentEnd])
    }

    /// Appends the value of an OCTET STRING, joining the chunks of a constructed one.
    func appendOctets(of element: BERElement, to out: inout [UInt8], depth: Int) throws(EntitlementsError) {
        guard element.isUniversal(4) else {
            throw .malformedProfile("a chunk of the content is not an OCTET STRING")
        }
        if !element.constructed {
            out.append(contentsOf: bytes[element.contentStart..<element.contentEnd])
            return
        }
        for child in try children(of: element, depth: depth) {
            try appendOctets(of: child, to: &out, depth: depth + 1)
        }
    }
}
