/// The v1 (JAR) signature of an APK or App Bundle: the certificates of its signature block
/// files, `META-INF/NAME.RSA`, `.DSA` or `.EC`, each a PKCS#7 `SignedData` (RFC 2315 §9.1, as
/// RFC 5652 §5 carries on) whose `certificates` field holds the signer's certificate and its
/// chain, beside its signature file `META-INF/NAME.SF`.
///
/// Which files count follows AOSP `apksig`'s `V1SchemeVerifier` (bb12ed7): names that start with
/// `META-INF/` and end with `.RSA`, `.DSA` or `.EC` (case as written), each with the `.SF` of the
/// same name (a block without one is ignored), and `META-INF/MANIFEST.MF` present; at most
/// ``maxSigners`` signers. The signer's own certificate is the one its first `SignerInfo` names
/// by issuer and serial number (the first listed when none matches). Nothing is verified.
///
/// The envelope is walked with Core's BER reader (the one provisioning profiles use:
/// indefinite lengths, nesting capped at ``CMSEnvelope/maxDepth``); a block file is read up to
/// ``maxBlockBytes``.
public enum JARSignature {
    /// Most signers (apksig refuses more than 10).
    public static let maxSigners = 10
    /// Largest signature block file read (real ones: 1 to 3 KB; a long chain, tens of KB).
    public static let maxBlockBytes = 1 << 20
    /// Most certificates read from one block.
    public static let maxCertificates = 16

    /// The JAR manifest every v1 signature needs.
    public static let manifestPath = "META-INF/MANIFEST.MF"

    /// The signature block files among `paths`, each with its signature file when the archive
    /// has it, in the order given.
    public static func blockFiles(_ paths: [String]) -> [(block: String, signatureFile: String?)] {
        var sf = Set<String>()
        var blocks: [String] = []
        for path in paths where path.hasPrefix("META-INF/") {
            if path.hasSuffix(".SF") { sf.insert(path) }
            if path.hasSuffix(".RSA") || path.hasSuffix(".DSA") || path.hasSuffix(".EC") { blocks.append(path) }
        }
        return blocks.map { block in
            let base = block[..<block.lastIndex(of: ".")!]
            let name = String(base) + ".SF"
            return (block, sf.contains(name) ? name : nil)
        }
    }

    /// The signer of the signature block file `path` whose bytes are `bytes`.
    /// - Throws: ``APKSigningError`` when it is not a PKCS#7 `SignedData` with certificates.
    public static func signer(file path: String, bytes: [UInt8], digest: SignedEntitlements.Digest) throws(APKSigningError) -> APKSigner {
        guard bytes.count <= maxBlockBytes else {
            throw .tooLarge("\(path) is \(bytes.count) bytes; signature block files of at most \(maxBlockBytes) bytes are read")
        }
        let parsed: (certificates: [[UInt8]], issuer: BERElement?, serial: [UInt8]?, reader: BERReader)
        do {
            parsed = try walk(bytes)
        } catch let error as APKSigningError {
            throw .malformed("\(path): \(error.reason)")
        } catch let error as EntitlementsError {
            throw .malformed("\(path) is not valid DER: \(APKSigningError.reason(error))")
        } catch {
            throw .malformed("\(path) cannot be read")
        }
        var certificates: [APKSigningCertificate] = []
        for der in parsed.certificates {
            do {
                certificates.append(try APKSigningCertificate(der: der, digest: digest))
            } catch {
                throw .malformed("\(path): \(error.reason)")
            }
        }
        guard !certificates.isEmpty else { throw .malformed("\(path) holds no certificate") }
        // The signer's own certificate first.
        if let issuerElement = parsed.issuer, let serial = parsed.serial,
           let issuer = try? APKSigningCertificate.name(issuerElement, parsed.reader).text,
           let mine = certificates.firstIndex(where: { $0.issuer == issuer && $0.serialNumber == APKSigningCertificate.serialHex(serial) }),
           mine != 0 {
            certificates.insert(certificates.remove(at: mine), at: 0)
        }
        return APKSigner(scheme: .v1, certificates: certificates, apiLevels: 1...Int(Int32.max), lineage: [],
                         rotationMinAPILevel: nil, targetsDevelopmentRelease: false, file: path)
    }

    /// The certificates' DER and the first SignerInfo's issuer and serial number.
    private static func walk(_ bytes: [UInt8]) throws -> (certificates: [[UInt8]], issuer: BERElement?, serial: [UInt8]?, reader: BERReader) {
        let reader = BERReader(bytes: bytes)
        let outer = try reader.element(at: 0, limit: bytes.count, depth: 0)
        guard outer.isUniversal(16), outer.constructed else { throw APKSigningError.malformed("it is not an ASN.1 SEQUENCE") }
        let top = try reader.children(of: outer, depth: 1)
        guard top.count >= 2, top[0].isUniversal(6), reader.contents(top[0]) == CMSEnvelope.signedDataOID,
              top[1].isContext(0), top[1].constructed
        else { throw APKSigningError.malformed("it is not a PKCS#7 SignedData (1.2.840.113549.1.7.2)") }
        guard let signedData = try reader.children(of: top[1], depth: 2).first, signedData.isUniversal(16) else {
            throw APKSigningError.malformed("its SignedData is not a SEQUENCE")
        }
        let fields = try reader.children(of: signedData, depth: 3)
        guard fields.count >= 4, fields[0].isUniversal(2), fields[1].isUniversal(17), fields[2].isUniversal(16) else {
            throw APKSigningError.malformed("its SignedData lacks version, digestAlgorithms or contentInfo")
        }
        var certificates: [[UInt8]] = []
        var signerInfos: BERElement?
        for field in fields.dropFirst(3) {
            if field.isContext(0), field.constructed {
                // [0] IMPLICIT SET OF Certificate: each child's whole encoding.
                var cursor = field.contentStart
                while cursor < field.contentEnd {
                    let child = try reader.element(at: cursor, limit: field.contentEnd, depth: 4)
                    if child.isUniversal(16) {
                        guard certificates.count < maxCertificates else {
                            throw APKSigningError.tooLarge("more than \(maxCertificates) certificates")
                        }
                        certificates.append(Array(bytes[cursor..<child.end]))
                    }
                    cursor = child.end
                }
            } else if field.isUniversal(17) {
                signerInfos = field
            }
        }
        var issuer: BERElement?, serial: [UInt8]?
        if let signerInfos, let first = try reader.children(of: signerInfos, depth: 4).first, first.isUniversal(16) {
            let info = try reader.children(of: first, depth: 5)
            if info.count >= 2, info[1].isUniversal(16) {
                let sid = try reader.children(of: info[1], depth: 6)
                if sid.count == 2, sid[0].isUniversal(16), sid[1].isUniversal(2) {
                    issuer = sid[0]
                    serial = reader.contents(sid[1])
                }
            }
        }
        return (certificates, issuer, serial, reader)
    }
}

extension APKSigningError {
    /// The reason without the kind's prefix.
    var reason: String {
        switch self {
        case .malformed(let why), .tooLarge(let why): return why
        }
    }
}
