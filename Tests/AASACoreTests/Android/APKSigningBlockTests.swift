import AASAArtifacts
import Foundation
import SampleSupport
import Testing
@testable import AASACore

/// The APK Signing Block and its v2, v3 and v3.1 blocks, built by hand around real
/// certificates (apksig's test certificates, Fixtures/android/apksig): what each device level
/// verifies, and every malformed or oversized structure read as the platform would, never a crash.
@Suite struct APKSigningBlockTests {
    static func pem(_ name: String) -> [UInt8] {
        let text = (try? String(contentsOfFile: "Fixtures/android/apksig/\(name)", encoding: .utf8)) ?? ""
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return [UInt8](Data(base64Encoded: body) ?? Data())
    }

    static let original = pem("rsa-2048.x509.pem")
    static let rotated = pem("rsa-2048_2.x509.pem")

    // Little-endian, length-prefixed structures.
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) } }
    static func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
    static func lp(_ b: [UInt8]) -> [UInt8] { le32(UInt32(b.count)) + b }
    static func list(_ items: [[UInt8]]) -> [UInt8] { lp(items.flatMap(lp)) }

    static let digests = list([le32(0x0103) + lp([UInt8](repeating: 0xAB, count: 32))])
    static let signatures = list([le32(0x0103) + lp([UInt8](repeating: 0xCD, count: 256))])

    static func v2Signer(_ certs: [[UInt8]]) -> [UInt8] {
        lp(digests + list(certs) + list([])) + signatures + lp([1, 2, 3])
    }

    static func v3Signer(_ certs: [[UInt8]], _ min: Int, _ max: Int, attributes: [[UInt8]] = [], signedMin: Int? = nil) -> [UInt8] {
        let signed = digests + list(certs) + le32(UInt32(signedMin ?? min)) + le32(UInt32(max)) + list(attributes)
        return lp(signed) + le32(UInt32(min)) + le32(UInt32(max)) + signatures + lp([1, 2, 3])
    }

    static func lineage(_ certs: [[UInt8]]) -> [UInt8] {
        le32(0x3BA0_6F8C) + le32(1) + certs.flatMap { lp(lp(lp($0) + le32(0x0103)) + le32(23) + le32(0x0103) + lp([9])) }
    }

    static func block(_ pairs: [(UInt32, [UInt8])], raw: [UInt8] = []) -> [UInt8] {
        let body = pairs.flatMap { le64(UInt64(4 + $0.1.count)) + le32($0.0) + $0.1 } + raw
        let size = UInt64(body.count + 8 + 16)
        return le64(size) + body + le64(size) + Array("APK Sig Block 42".utf8)
    }

    /// An APK (a stored manifest) with `block` just before its central directory.
    static func apk(_ block: [UInt8], files: [(String, [UInt8])] = [("AndroidManifest.xml", [1, 2, 3])]) -> [UInt8] {
        let zip = SampleArchive.zip(files, deflate: false)
        let eocd = zip.count - 22
        let cd = Int(zip[eocd + 16]) | Int(zip[eocd + 17]) << 8 | Int(zip[eocd + 18]) << 16 | Int(zip[eocd + 19]) << 24
        var out = Array(zip[0..<cd]) + block + Array(zip[cd...])
        let moved = le32(UInt32(cd + block.count))
        for k in 0..<4 { out[out.count - 22 + 16 + k] = moved[k] }
        return out
    }

    static func read(_ bytes: [UInt8], files: [String: [UInt8]] = [:]) throws -> APKSignatures {
        let source = MemorySource(bytes, name: "t.apk")
        let directory = try ZipDirectory(reading: source)
        return APKSignatures.read(archive: source, directory: directory, container: .apk, file: { (path: String) throws(ContainerError) -> [UInt8] in
            guard let b = files[path] else { throw .unsupported("no \(path)") }
            return b
        }, digest: Digests.compute)
    }

    static func fingerprints(_ view: APKSignatures.DeviceView) -> [String] { view.certificates.map(\.commonName!) }

    @Test func theCertificatesAreRead() throws {
        let c = try APKSigningCertificate(der: Self.original, digest: Digests.compute)
        #expect(c.subject == "CN=rsa-2048")
        #expect(c.commonName == "rsa-2048")
        #expect(c.sha256Fingerprint == "FB:5D:BD:3C:66:9A:F9:FC:23:6C:69:91:E6:38:7B:7F:11:FF:05:90:99:7F:22:D0:F5:C7:4F:F4:0E:04:FC:A8")
        #expect(throws: APKSigningError.self) { try APKSigningCertificate(der: [0x30, 0x03, 0x02, 0x01, 0x01], digest: Digests.compute) }
        #expect(throws: APKSigningError.tooLarge("a certificate of 70000 bytes; at most 65536 are read")) {
            try APKSigningCertificate(der: [UInt8](repeating: 0x30, count: 70_000), digest: Digests.compute)
        }
        #expect(APKSigningCertificate.escaped("a,b+c") == "a\\,b\\+c")
        #expect(APKSigningCertificate.dotted([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D]) == "1.2.840.113549")
    }

    /// v3.1 from 33, v3 for 24–32 with a lineage, v2 below: each device level gets its signer.
    @Test func eachLevelSeesItsSigner() throws {
        let s = try Self.read(Self.apk(Self.block([
            (APKSigningBlock.ID.v2, Self.list([Self.v2Signer([Self.original])])),
            (APKSigningBlock.ID.v3, Self.list([Self.v3Signer([Self.original], 24, 32, attributes: [Self.le32(0x559F_8B02) + Self.le32(33)])])),
            (APKSigningBlock.ID.v31, Self.list([Self.v3Signer([Self.rotated], 33, Int(Int32.max), attributes: [Self.lineage([Self.original, Self.rotated])])])),
            (APKSigningBlock.ID.verityPadding, [UInt8](repeating: 0, count: 100)),
        ])))
        #expect(s.blockIDs == [APKSigningBlock.ID.v2, APKSigningBlock.ID.v3, APKSigningBlock.ID.v31, APKSigningBlock.ID.verityPadding])
        #expect(s.v3.signers.first?.rotationMinAPILevel == 33)
        let views = s.devices()
        #expect(views.map(\.apiLevelsText) == ["1–23", "24–27", "28–32", "33 and later"])
        #expect(views.map { $0.scheme?.description ?? "refused" } == ["refused", "v2", "v3", "v3.1"])
        #expect(views[0].refusal == "it has no JAR signature, the only one these API levels verify: Android installs no unsigned APK")
        #expect(views.dropFirst().map(Self.fingerprints) == [["rsa-2048"], ["rsa-2048"], ["rsa-2048_2", "rsa-2048"]])
        // The views cover every level once, and each agrees with the level-by-level answer.
        for (a, b) in zip(views, views.dropFirst()) { #expect(a.apiLevels.upperBound + 1 == b.apiLevels.lowerBound) }
        for v in views {
            for level in [v.apiLevels.lowerBound, min(v.apiLevels.upperBound, 40)] {
                #expect(s.device(apiLevel: level).signers == v.signers)
            }
        }
    }

    /// A v3 block with no signer for a level fails the install there: no fall back to v2.
    @Test func aV3BlockWithAHoleRefusesThoseLevels() throws {
        let s = try Self.read(Self.apk(Self.block([
            (APKSigningBlock.ID.v2, Self.list([Self.v2Signer([Self.original])])),
            (APKSigningBlock.ID.v3, Self.list([Self.v3Signer([Self.original], 24, 29), Self.v3Signer([Self.rotated], 31, Int(Int32.max))])),
        ])))
        #expect(s.device(apiLevel: 29).scheme == .v3)
        #expect(s.device(apiLevel: 30).refusal
            == "its v3 block has no signer for these API levels (its signers are for 24–29, 31 and later), and Android does not fall back to v2")
        #expect(s.device(apiLevel: 31).certificates.map(\.commonName) == ["rsa-2048_2"])
        #expect(s.devices(fromAPILevel: 24).map(\.apiLevelsText) == ["24–27", "28–29", "30", "31 and later"])
        // Two signers for one level: refused too.
        let two = try Self.read(Self.apk(Self.block([
            (APKSigningBlock.ID.v3, Self.list([Self.v3Signer([Self.original], 28, 40), Self.v3Signer([Self.rotated], 35, Int(Int32.max))])),
        ])))
        #expect(two.device(apiLevel: 36).refusal == "its v3 block has 2 signers for these API levels; one is allowed")
    }

    @Test func anUnreadableSchemeBlockFailsTheLevelsThatUseIt() throws {
        var v3 = Self.list([Self.v3Signer([Self.original], 28, Int(Int32.max))])
        v3.removeLast(10)
        let s = try Self.read(Self.apk(Self.block([
            (APKSigningBlock.ID.v2, Self.list([Self.v2Signer([Self.original])])),
            (APKSigningBlock.ID.v3, v3),
        ])))
        guard case .unreadable(let why) = s.v3 else { Issue.record("v3 read: \(s.v3)"); return }
        #expect(why.hasPrefix("the v3 block"))
        #expect(s.device(apiLevel: 27).scheme == .v2)
        #expect(s.device(apiLevel: 28).refusal?.hasPrefix("its v3 block cannot be read") == true)
        // The signed and unsigned API ranges must agree.
        let mismatch = try Self.read(Self.apk(Self.block([
            (APKSigningBlock.ID.v3, Self.list([Self.v3Signer([Self.original], 28, Int(Int32.max), signedMin: 24)])),
        ])))
        #expect(mismatch.v3 == .unreadable("the v3 block's signer 1 says API levels 28 to 2147483647 outside its signed data and 24 to "
            + "2147483647 inside it; Android refuses such an APK"))
        // A certificate that is not one; a signer without certificates; too many signers.
        let garbage = try Self.read(Self.apk(Self.block([(APKSigningBlock.ID.v2, Self.list([Self.v2Signer([[1, 2, 3]])]))])))
        #expect(garbage.v2 == .unreadable("a certificate is not valid DER: an ASN.1 element at byte 0 overruns its parent")
            || { if case .unreadable = garbage.v2 { return true } else { return false } }())
        let none = try Self.read(Self.apk(Self.block([(APKSigningBlock.ID.v2, Self.list([Self.v2Signer([])]))])))
        #expect(none.v2 == .unreadable("the v2 block's signer 1 lists no certificate"))
        let many = try Self.read(Self.apk(Self.block([(APKSigningBlock.ID.v2, Self.list((0..<17).map { _ in Self.v2Signer([Self.original]) }))])))
        #expect(many.v2 == .unreadable("the v2 block, its signers holds more than 16 signers; at most 16 are read"))
        let empty = try Self.read(Self.apk(Self.block([(APKSigningBlock.ID.v2, Self.list([]))])))
        #expect(empty.v2 == .unreadable("the v2 block lists no signer"))
    }

    /// Where the platform finds no block, neither do we, and the note says why.
    @Test func noBlockIsFoundWhereAndroidFindsNone() throws {
        let good = Self.block([(APKSigningBlock.ID.v2, Self.list([Self.v2Signer([Self.original])]))])
        // No magic.
        var bad = good
        bad[bad.count - 1] = UInt8(ascii: "3")
        #expect(try Self.read(Self.apk(bad)).notes == ["no APK Signing Block before the central directory (no `APK Sig Block 42` magic)"])
        // The two size fields differ.
        bad = good
        bad[0] ^= 1
        #expect(try Self.read(Self.apk(bad)).notes.first?.contains("two size fields differ") == true)
        // A size that reaches before the file.
        bad = good
        let footer = bad.count - 24
        for k in 0..<8 { bad[footer + k] = k == 3 ? 1 : 0 }
        #expect(try Self.read(Self.apk(bad)).notes.first?.contains("reaches before the start of the file") == true)
        // An unsigned APK.
        let unsigned = try Self.read(SampleArchive.zip([("AndroidManifest.xml", [1])], deflate: false))
        #expect(unsigned.device(apiLevel: 30).refusal == "it has no v1, v2 or v3 signature: Android installs no unsigned APK")
        #expect(unsigned.signingBlock == nil)
    }

    /// Pairs after a malformed one are never reached; an ID seen twice counts once, the first.
    @Test func pairsAreReadInOrderAsThePlatformReadsThem() throws {
        let v2 = Self.list([Self.v2Signer([Self.original])])
        let first = Self.list([Self.v2Signer([Self.rotated])])
        let broken = Self.le64(1 << 40) + Self.le32(APKSigningBlock.ID.v3)
        let s = try Self.read(Self.apk(Self.block([(APKSigningBlock.ID.v2, first), (APKSigningBlock.ID.v2, v2)], raw: broken)))
        #expect(s.v2.signers.map(\.certificate.commonName) == ["rsa-2048_2"])
        #expect(!s.v3.isPresent)
        #expect(s.notes == ["the APK Signing Block: pair 3's length (1099511627776) is out of range; Android reads no pair after it"])
    }

    @Test func aBlockOverItsCapIsANote() throws {
        let big = [UInt8](repeating: 0, count: 17 << 20)
        let s = try Self.read(Self.apk(Self.block([(0x1234_5678, big)])))
        #expect(s.notes == ["its APK Signing Block cannot be read: an APK Signing Block of 17825836 bytes; at most 16777216 are read"])
    }

    /// The JAR signature's files: a block without its .SF is ignored, one that is not PKCS#7 is
    /// unreadable, and signatures without META-INF/MANIFEST.MF are not a signature.
    @Test func jarSignatureFilesAreJudgedAsApksigJudgesThem() throws {
        let files: [(String, [UInt8])] = [("AndroidManifest.xml", [1]), ("META-INF/MANIFEST.MF", [2]), ("META-INF/A.RSA", [0x30, 0x00]),
                                          ("META-INF/A.SF", [3]), ("META-INF/B.EC", [4])]
        let s = try Self.read(SampleArchive.zip(files, deflate: false), files: Dictionary(uniqueKeysWithValues: files))
        #expect(s.notes.contains("META-INF/B.EC has no signature file beside it (META-INF/B.SF); it is ignored, as Android ignores it"))
        guard case .unreadable(let why) = s.v1 else { Issue.record("v1: \(s.v1)"); return }
        #expect(why.hasPrefix("META-INF/A.RSA"))
        #expect(JARSignature.blockFiles(["META-INF/X.DSA", "META-INF/X.SF", "META-INF/sub/Y.RSA", "Z.RSA", "META-INF/x.rsa"]).map(\.block)
            == ["META-INF/X.DSA", "META-INF/sub/Y.RSA"])
    }
}
