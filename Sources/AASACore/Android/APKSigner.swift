/// The signature schemes of an APK, newest last, with the first API level that verifies each
/// (source.android.com/docs/security/features/apksigning: v2 from Android 7.0, API 24; v3 from
/// Android 9, API 28; v3.1 from Android 13, API 33; v1, the JAR signature, on every version).
public enum APKSignatureScheme: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    case v1 = 1
    case v2 = 2
    case v3 = 3
    case v31 = 31

    /// The first API level that verifies this scheme.
    public var firstAPILevel: Int {
        switch self {
        case .v1: return 1
        case .v2: return 24
        case .v3: return 28
        case .v31: return 33
        }
    }

    /// `v1 (JAR)`, `v2`, `v3`, `v3.1`.
    public var description: String {
        switch self {
        case .v1: return "v1 (JAR)"
        case .v2: return "v2"
        case .v3: return "v3"
        case .v31: return "v3.1"
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One signer of an APK: the scheme that holds it, its certificate chain, the API levels it
/// is for, and (v3, v3.1) the certificates it rotated from.
public struct APKSigner: Sendable, Hashable {
    /// One past signing certificate of a v3 proof-of-rotation lineage, oldest first; the
    /// last node is the signer's own certificate.
    public struct LineageNode: Sendable, Hashable {
        public var certificate: APKSigningCertificate
        /// What the app, signed by the next key, still grants this one (`apksig`
        /// `SigningCertificateLineage.SignerCapabilities`): 1 installed data, 2 shared user ID,
        /// 4 permission, 8 rollback, 16 auth.
        public var flags: UInt32
    }

    public var scheme: APKSignatureScheme
    /// The certificates the signer lists, its own first (what `apksigner` and Digital Asset
    /// Links use is the first).
    public var certificates: [APKSigningCertificate]
    /// The API levels the signer is for: v3 and v3.1 signers say it (`minSdkVersion`,
    /// `maxSdkVersion`); v2 is `24…`, v1 `1…` (the upper bound `Int32.max` stands for "and
    /// later", as the block writes it).
    public var apiLevels: ClosedRange<Int>
    /// The proof-of-rotation lineage (v3 attribute `0x3ba06f8c`), oldest certificate first;
    /// empty without one.
    public var lineage: [LineageNode]
    /// The v3 signer's `rotation-min-sdk-version` attribute (`0x559f8b02`): the API level from
    /// which the v3.1 block's rotated signer is used.
    public var rotationMinAPILevel: Int?
    /// The signer targets a development release (attribute `0xc2a6b3ba`): its minimum API
    /// level means the release after it.
    public var targetsDevelopmentRelease: Bool
    /// For a v1 signer, its signature block file (`META-INF/CERT.RSA`).
    public var file: String?

    /// The signer's own certificate.
    public var certificate: APKSigningCertificate { certificates[0] }

    /// The certificates a Digital Asset Links statement may name for this signer: its own and,
    /// for a rotated key, every past one of its lineage (AOSP `StatementUtils.kt` compares the
    /// signing certificate history; spec `assetlinks-reference.md` §4.5). Newest first.
    public var acceptedCertificates: [APKSigningCertificate] {
        var out = [certificate]
        for node in lineage.reversed() where !out.contains(node.certificate) { out.append(node.certificate) }
        return out
    }

    /// `apiLevels` as text: `28–32`, `33 and later`.
    public var apiLevelsText: String { APKSigner.text(apiLevels) }

    static func text(_ range: ClosedRange<Int>) -> String {
        if range.upperBound >= Int(Int32.max) { return "\(range.lowerBound) and later" }
        return range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
    }
}

/// Reading the signers of a v2, v3 or v3.1 block (source.android.com apksigning v2 "APK
/// Signature Scheme v2 Block", v3 "APK Signature Scheme v3 Block", and `apksig`'s
/// `V3SchemeVerifier` and `V3SigningCertificateLineage` at bb12ed7 for the lineage's format).
/// Nothing is verified: signatures, digests and the lineage's links are the installer's job;
/// the certificates are what matters for Digital Asset Links.
enum APKSignatureBlockReader {
    /// Most signers read from a block (apksig accepts 10 for v2; a v3 block has one per API
    /// range).
    static let maxSigners = 16
    /// Most certificates a signer may list, digests and signatures per signer, attributes.
    static let maxCertificates = 16
    static let maxRecords = 64
    /// Most certificates of a lineage.
    static let maxLineage = 64

    static let proofOfRotation: UInt32 = 0x3BA0_6F8C
    static let rotationMinSDK: UInt32 = 0x559F_8B02
    static let targetsDevRelease: UInt32 = 0xC2A6_B3BA

    /// The signers of a block's value.
    static func signers(_ value: ArraySlice<UInt8>, scheme: APKSignatureScheme,
                        digest: SignedEntitlements.Digest) throws(APKSigningError) -> [APKSigner] {
        var block = LengthPrefixed(value, what: "the \(scheme) block")
        var list = try block.value("its signers")
        let signers = try list.sequence("signer", limit: maxSigners)
        guard !signers.isEmpty else { throw .malformed("the \(scheme) block lists no signer") }
        var out: [APKSigner] = []
        for var signer in signers {
            var signedData = try signer.value("signed data")
            var range = 24...Int(Int32.max)
            if scheme != .v2 {
                let minSDK = Int(Int32(bitPattern: try signer.u32())), maxSDK = Int(Int32(bitPattern: try signer.u32()))
                guard minSDK >= 0, minSDK <= maxSDK else {
                    throw .malformed("the \(scheme) block's signer \(out.count + 1) is for API levels \(minSDK) to \(maxSDK)")
                }
                range = minSDK...maxSDK
            }
            var digests = try signedData.value("digests")
            _ = try digests.sequence("digest", limit: maxRecords)
            var certificateList = try signedData.value("certificates")
            var certificates: [APKSigningCertificate] = []
            for item in try certificateList.sequence("certificate", limit: maxCertificates) {
                certificates.append(try APKSigningCertificate(der: item.rest, digest: digest))
            }
            guard !certificates.isEmpty else {
                throw .malformed("the \(scheme) block's signer \(out.count + 1) lists no certificate")
            }
            if scheme != .v2 {
                // The signed copy of the API range; the installer refuses the APK when it differs.
                let signedMin = Int(Int32(bitPattern: try signedData.u32())), signedMax = Int(Int32(bitPattern: try signedData.u32()))
                guard signedMin == range.lowerBound, signedMax == range.upperBound else {
                    throw .malformed("the \(scheme) block's signer \(out.count + 1) says API levels \(range.lowerBound) to "
                        + "\(range.upperBound) outside its signed data and \(signedMin) to \(signedMax) inside it; Android refuses such an APK")
                }
            }
            var attributes = try signedData.value("additional attributes")
            var lineage: [APKSigner.LineageNode] = []
            var rotationMin: Int?
            var devRelease = false
            for var attribute in try attributes.sequence("attribute", limit: maxRecords) {
                let id = try attribute.u32()
                switch id {
                case proofOfRotation where scheme != .v2:
                    lineage = try readLineage(attribute, digest: digest)
                case rotationMinSDK where scheme != .v2:
                    rotationMin = Int(Int32(bitPattern: try attribute.u32()))
                case targetsDevRelease:
                    devRelease = true
                default:
                    break
                }
            }
            out.append(APKSigner(scheme: scheme, certificates: certificates, apiLevels: range, lineage: lineage,
                                 rotationMinAPILevel: rotationMin, targetsDevelopmentRelease: devRelease, file: nil))
        }
        return out
    }

    /// A proof-of-rotation lineage: `uint32` version (1), then length-prefixed nodes, each a
    /// length-prefixed signed data (length-prefixed certificate, `uint32` signature algorithm),
    /// `uint32` flags, `uint32` signature algorithm, length-prefixed signature.
    static func readLineage(_ value: LengthPrefixed, digest: SignedEntitlements.Digest) throws(APKSigningError) -> [APKSigner.LineageNode] {
        var value = value
        let version = try value.u32()
        guard version == 1 else { throw .malformed("the proof-of-rotation lineage has version \(version); version 1 is read") }
        var nodes: [APKSigner.LineageNode] = []
        for var node in try value.sequence("lineage node", limit: maxLineage) {
            var signed = try node.value("signed data")
            let certificate = try signed.value("certificate")
            let flags = try node.u32()
            nodes.append(.init(certificate: try APKSigningCertificate(der: certificate.rest, digest: digest), flags: flags))
        }
        return nodes
    }
}
