/// An app's signing certificate, as Digital Asset Links names it: the SHA-256 of the X.509
/// certificate's DER encoding, written as upper-case colon hex (95 characters; what
/// `keytool -list -v`, `keytool -printcert` and `apksigner verify --print-certs` print as
/// SHA-256), and the subject that tells a debug key (`CN=Android Debug`) from a release key
/// (spec `assetlinks-reference.md` §4.5; developer.android.com/training/app-links/verify-android-applinks).
///
/// The DER is read only as far as the names (RFC 5280 §4.1: `Certificate` → `tbsCertificate`
/// → serial number, issuer, validity, subject); nothing is verified. Bounded by the reader's
/// nesting cap (``CMSEnvelope/maxDepth``) and by ``maxBytes``.
public struct APKSigningCertificate: Sendable, Hashable {
    /// Largest certificate read (real ones are about 700 bytes to 2 KB).
    public static let maxBytes = 64 << 10

    /// The certificate's DER encoding, as the signature stores it.
    public let der: [UInt8]
    /// SHA-256 of ``der`` (32 bytes).
    public let sha256: [UInt8]
    /// The subject's distinguished name, most specific first as Java prints it
    /// (`CN=Android Debug, O=Android, C=US`).
    public let subject: String
    /// The issuer's distinguished name, in the same form.
    public let issuer: String
    /// The subject's common name (`Android Debug`), when it has one.
    public let commonName: String?
    /// The serial number in lower-case hex, as `keytool` prints it.
    public let serialNumber: String

    /// ``sha256`` as upper-case colon hex: `14:6D:E9:…` (95 characters), the form
    /// `assetlinks.json` lists in `sha256_cert_fingerprints`.
    public var sha256Fingerprint: String { Self.fingerprint(sha256) }

    /// Whether this is the Android SDK's debug key (subject common name `Android Debug`), which
    /// release builds are never signed with (developer.android.com/studio/publish/app-signing).
    public var isDebugKey: Bool { commonName == "Android Debug" }

    /// Upper-case colon hex of `bytes`.
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        Hex.bytes(bytes, separator: ":")
    }

    /// Reads the names of the DER certificate `der`.
    /// - Parameter digest: computes its SHA-256 (Core hashes nothing itself).
    /// - Throws: ``APKSigningError/malformed(_:)`` when it is not an X.509 certificate.
    public init(der: [UInt8], digest: SignedEntitlements.Digest) throws(APKSigningError) {
        guard der.count <= Self.maxBytes else {
            throw .tooLarge("a certificate of \(der.count) bytes; at most \(Self.maxBytes) are read")
        }
        let names: (serial: [UInt8], issuer: String, subject: String, cn: String?)
        do {
            names = try Self.names(der)
        } catch let error as APKSigningError {
            throw error
        } catch let error as EntitlementsError {
            throw .malformed("a certificate is not valid DER: \(APKSigningError.reason(error))")
        } catch {
            throw .malformed("a certificate is not valid DER")
        }
        self.der = der
        sha256 = digest(.sha256, der)
        subject = names.subject
        issuer = names.issuer
        commonName = names.cn
        serialNumber = Self.serialHex(names.serial)
    }

    /// Serial number, issuer, subject and common name of a DER certificate.
    private static func names(_ der: [UInt8]) throws -> (serial: [UInt8], issuer: String, subject: String, cn: String?) {
        let reader = BERReader(bytes: der)
        let certificate = try reader.element(at: 0, limit: der.count, depth: 0)
        guard certificate.isUniversal(16), certificate.constructed, certificate.end == der.count else {
            throw APKSigningError.malformed("a certificate is not one DER SEQUENCE")
        }
        let parts = try reader.children(of: certificate, depth: 1)
        guard parts.count == 3, parts[0].isUniversal(16), parts[0].constructed else {
            throw APKSigningError.malformed("a certificate does not hold tbsCertificate, signatureAlgorithm and signature")
        }
        var fields = try reader.children(of: parts[0], depth: 2)
        if let first = fields.first, first.isContext(0) { fields.removeFirst() }   // [0] version
        // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, …
        guard fields.count >= 6, fields[0].isUniversal(2), fields[2].isUniversal(16), fields[4].isUniversal(16) else {
            throw APKSigningError.malformed("a certificate's tbsCertificate lacks its serial number, issuer or subject")
        }
        let issuer = try name(fields[2], reader)
        let subject = try name(fields[4], reader)
        return (reader.contents(fields[0]), issuer.text, subject.text, subject.cn)
    }

    /// A `Name` (RFC 5280 §4.1.2.4: SEQUENCE OF SET OF {type, value}) as Java prints it: the
    /// relative names last to first, `TYPE=value` joined by `, ` (several in one set by `+`).
    static func name(_ element: BERElement, _ reader: BERReader) throws -> (text: String, cn: String?) {
        var rdns: [String] = []
        var cn: String?
        for set in try reader.children(of: element, depth: 3) {
            guard set.isUniversal(17), set.constructed else { throw APKSigningError.malformed("a certificate's name is not a sequence of sets") }
            var parts: [String] = []
            for pair in try reader.children(of: set, depth: 4) {
                let items = try reader.children(of: pair, depth: 5)
                guard pair.isUniversal(16), items.count == 2, items[0].isUniversal(6) else {
                    throw APKSigningError.malformed("a certificate's name holds an attribute that is not {type, value}")
                }
                let oid = reader.contents(items[0])
                let value = text(items[1], reader)
                if oid == [0x55, 0x04, 0x03], cn == nil { cn = value }
                parts.append("\(attributeName(oid))=\(escaped(value))")
            }
            rdns.append(parts.joined(separator: "+"))
        }
        return (rdns.reversed().joined(separator: ", "), cn)
    }

    /// The short names Java's `X500Principal` prints; others as their dotted OID.
    static func attributeName(_ oid: [UInt8]) -> String {
        switch oid {
        case [0x55, 0x04, 0x03]: return "CN"
        case [0x55, 0x04, 0x06]: return "C"
        case [0x55, 0x04, 0x07]: return "L"
        case [0x55, 0x04, 0x08]: return "ST"
        case [0x55, 0x04, 0x09]: return "STREET"
        case [0x55, 0x04, 0x0A]: return "O"
        case [0x55, 0x04, 0x0B]: return "OU"
        case [0x55, 0x04, 0x05]: return "SERIALNUMBER"
        case [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01]: return "EMAILADDRESS"
        case [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x19]: return "DC"
        case [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x01]: return "UID"
        default: return "OID." + dotted(oid)
        }
    }

    /// An OID's contents as `1.2.840.113549`.
    static func dotted(_ oid: [UInt8]) -> String {
        guard let first = oid.first else { return "" }
        var parts = [first < 80 ? String(first / 40) : "2", String(first < 80 ? Int(first % 40) : Int(first) - 80)]
        var value = 0
        for b in oid.dropFirst() {
            guard value < Int.max >> 8 else { return parts.joined(separator: ".") + ".…" }
            value = value << 7 | Int(b & 0x7F)
            if b & 0x80 == 0 {
                parts.append(String(value))
                value = 0
            }
        }
        return parts.joined(separator: ".")
    }

    /// A directory string's text: UTF8String, PrintableString, IA5String, TeletexString (read as
    /// Latin-1), BMPString (UTF-16BE), UniversalString (UTF-32BE); other types as `#hex`.
    static func text(_ element: BERElement, _ reader: BERReader) -> String {
        let bytes = reader.contents(element)
        guard element.tagClass == 0, !element.constructed else { return "#" + Hex.bytes(bytes, separator: "") }
        switch element.tagNumber {
        case 12, 19, 22, 26: return String(decoding: bytes, as: UTF8.self)
        case 20: return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case 30:
            var units: [UInt16] = []
            var i = 0
            while i + 1 < bytes.count {
                units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        case 28:
            var scalars = String.UnicodeScalarView()
            var i = 0
            while i + 3 < bytes.count {
                let high = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16
                let value = high | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 4
            }
            return String(scalars)
        default: return "#" + Hex.bytes(bytes, separator: "")
        }
    }

    /// RFC 2253's escapes, as Java's `X500Principal.toString()` writes them: `,`, `+`, `"`,
    /// `\`, `<`, `>`, `;` escaped with `\`, and a leading `#` or space, a trailing space.
    static func escaped(_ value: String) -> String {
        var out = ""
        let chars = Array(value)
        for (i, c) in chars.enumerated() {
            if ",+\"\\<>;".contains(c) || (i == 0 && (c == "#" || c == " ")) || (i == chars.count - 1 && c == " ") {
                out.append("\\")
            }
            out.append(c)
        }
        return out
    }

    /// A DER INTEGER's contents as lower-case hex without leading zero bytes.
    static func serialHex(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.drop { $0 == 0 }
        guard !trimmed.isEmpty else { return "0" }
        var text = trimmed.map { Hex.format($0, width: 2, uppercase: false) }.joined()
        if text.hasPrefix("0") { text.removeFirst() }
        return text
    }
}

/// Why an APK's signatures could not be read (an input problem, not a finding).
public enum APKSigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A structure is inconsistent or cut short (payload: what and where).
    case malformed(String)
    /// Beyond what is read (payload: what and the limit).
    case tooLarge(String)

    public var description: String {
        switch self {
        case .malformed(let why): return "malformed: \(why)"
        case .tooLarge(let why): return "too large: \(why)"
        }
    }

    /// The reason an ASN.1 reader's error gives.
    static func reason(_ error: EntitlementsError) -> String {
        switch error {
        case .truncatedProfile(let why), .malformedProfile(let why): return why
        default: return String(describing: error)
        }
    }
}
