import AASAArtifacts
import AASACore
import Foundation
import Testing

/// The signed packages of scripts/make-android-fixtures.sh (made once per test process; the
/// script makes them again only when it changes) and what the SDK's tools say about them.
enum AndroidFixtures {
    /// `.build/android-fixtures`, made by the script; a missing tool fails the tests that use it.
    static let directory: Result<String, FixtureError> = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/make-android-fixtures.sh"]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { return .failure(FixtureError(description: "cannot run the script: \(error)")) }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(FixtureError(description: "scripts/make-android-fixtures.sh failed: \(message)"))
        }
        return .success(FileManager.default.currentDirectoryPath + "/.build/android-fixtures")
    }()

    struct FixtureError: Error, CustomStringConvertible { var description: String }

    static func path(_ name: String) throws -> String { try directory.get() + "/" + name }

    static func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// The signers `apksigner verify --print-certs` names: DN and SHA-256, in its order.
    static func apksigner(_ name: String) throws -> [(dn: String, sha256: String)] {
        let lines = try text(name).split(separator: "\n").map(String.init)
        var dns: [String] = [], digests: [String] = []
        for line in lines {
            if line.hasPrefix("Signer #"), let r = line.range(of: " certificate DN: ") { dns.append(String(line[r.upperBound...])) }
            if line.hasPrefix("Signer #"), let r = line.range(of: " certificate SHA-256 digest: ") { digests.append(String(line[r.upperBound...])) }
        }
        return zip(dns, digests).map { ($0, $1) }
    }

    /// The certificates `keytool -printcert` prints: owner and SHA-256 fingerprint, in order.
    static func keytool(_ name: String) throws -> [(owner: String, sha256: String)] {
        var owners: [String] = [], digests: [String] = []
        for line in try text(name).split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("Owner: ") { owners.append(String(t.dropFirst(7))) }
            if t.hasPrefix("SHA256: ") { digests.append(String(t.dropFirst(8))) }
        }
        return zip(owners, digests).map { ($0, $1) }
    }

    static func archive(_ name: String) throws -> AndroidArchive {
        try AndroidArchive(path: try path(name), name: name)
    }
}

/// APK signing certificates (issue 23) read by our code from real packages signed by Debian's
/// apksigner and jarsigner, against what apksigner and keytool print for the same files.
@Suite(.serialized) struct AndroidSigningTests {
    static let packages = ["v1v2v3", "v1", "v2", "v3", "rotated", "debug", "two-signers"]

    /// apksigner's prediction for each range of API levels it was asked about is ours, at both
    /// ends of the range: the same signers, in the same order, with the same DN.
    @Test(arguments: packages)
    func whatEachDeviceSeesIsWhatApksignerSays(_ name: String) throws {
        let archive = try AndroidFixtures.archive(name + ".apk")
        #expect(archive.container == .apk)
        let files = try FileManager.default.contentsOfDirectory(atPath: try AndroidFixtures.directory.get())
            .filter { $0.hasPrefix(name + ".apk.") && $0.hasSuffix(".txt") && !$0.contains("keytool") }
        #expect(!files.isEmpty)
        for file in files {
            let range = file.dropFirst(name.count + 5).dropLast(4).split(separator: "-").compactMap { Int($0) }
            let expected = try AndroidFixtures.apksigner(file)
            #expect(!expected.isEmpty, "\(file) names no signer")
            for level in [range[0], range[1]] {
                let view = archive.signatures.device(apiLevel: level)
                #expect(view.refusal == nil)
                #expect(view.signers.map { $0.certificate.sha256Fingerprint.replacingOccurrences(of: ":", with: "").lowercased() }
                    == expected.map(\.sha256), "\(name) at API \(level)")
                #expect(view.signers.map(\.certificate.subject) == expected.map(\.dn), "\(name) at API \(level)")
            }
        }
    }

    /// The JAR signature's certificates are keytool's, owner and fingerprint.
    @Test(arguments: packages + ["shop.aab"])
    func jarCertificatesAreKeytools(_ name: String) throws {
        let file = name.hasSuffix(".aab") ? name : name + ".apk"
        let archive = try AndroidFixtures.archive(file)
        let expected = try AndroidFixtures.keytool(file + ".keytool.txt")
        let v1 = archive.signatures.v1.signers
        #expect(v1.map(\.certificate.sha256Fingerprint) == expected.map(\.sha256))
        #expect(v1.map(\.certificate.subject) == expected.map(\.owner))
        if name == "v2" || name == "v3" {
            #expect(try AndroidFixtures.text(file + ".keytool.txt").contains("Not a signed jar file"))
            #expect(!archive.signatures.v1.isPresent)
        }
    }

    @Test func aRotatedKeyCarriesItsLineage() throws {
        let s = try AndroidFixtures.archive("rotated.apk").signatures
        let release = try AndroidFixtures.apksigner("rotated.apk.24-27.txt")[0].sha256
        let rotated = try AndroidFixtures.apksigner("rotated.apk.28-32.txt")[0].sha256
        func hex(_ c: APKSigningCertificate) -> String { c.sha256Fingerprint.replacingOccurrences(of: ":", with: "").lowercased() }
        let v3 = try #require(s.v3.signers.first)
        #expect(s.v3.signers.count == 1)
        // apksigner writes the v3 signer's range from API 24 (devices below 28 do not read it).
        #expect(v3.apiLevels == 24...Int(Int32.max))
        #expect(v3.lineage.map { hex($0.certificate) } == [release, rotated])
        // apksigner rotate's default capabilities: installed data, shared UID, permission, auth; no rollback.
        #expect(v3.lineage.first?.flags == 0b10111)
        #expect(v3.acceptedCertificates.map(hex) == [rotated, release])
        #expect(v3.certificate.subject == "CN=Shop Release 2024, O=Shop, C=US")
        #expect(v3.certificate.commonName == "Shop Release 2024")
        #expect(!v3.certificate.isDebugKey)
        let views = s.devices(fromAPILevel: 21)
        #expect(views.map(\.apiLevelsText) == ["21–23", "24–27", "28 and later"])
        #expect(views.map { $0.scheme?.description } == ["v1 (JAR)", "v2", "v3"])
        #expect(views.map { $0.certificates.map(hex) } == [[release], [release], [rotated, release]])
        #expect(s.signingBlock != nil)
        #expect(s.notes.isEmpty)
    }

    @Test func theDebugKeyIsTold() throws {
        let debug = try AndroidFixtures.archive("debug.apk").signatures
        #expect(debug.signers.allSatisfy { $0.certificate.isDebugKey })
        #expect(debug.signers.map(\.scheme) == [.v3, .v2, .v1])
        let release = try AndroidFixtures.archive("v1v2v3.apk").signatures
        #expect(release.signers.allSatisfy { !$0.certificate.isDebugKey })
    }

    /// The fingerprint as assetlinks.json writes it: 32 upper-case hex pairs, colons between.
    @Test func fingerprintsAreUpperCaseColonHex() throws {
        let s = try AndroidFixtures.archive("v1v2v3.apk").signatures
        let fingerprint = try #require(s.v2.signers.first?.certificate.sha256Fingerprint)
        #expect(fingerprint.count == 95)
        #expect(fingerprint.allSatisfy { "0123456789ABCDEF:".contains($0) })
        let keytool = try AndroidFixtures.keytool("v1v2v3.apk.keytool.txt")
        #expect(fingerprint == keytool[0].sha256)
        #expect(s.v1.signers.first?.file == "META-INF/RELEASE.RSA")
    }

    /// An App Bundle holds its upload key's JAR signature, which no device sees.
    @Test func anAppBundleCarriesTheUploadKeyOnly() throws {
        let archive = try AndroidFixtures.archive("shop.aab")
        #expect(archive.container == .appBundle)
        #expect(archive.manifestPath == "base/manifest/AndroidManifest.xml")
        let s = archive.signatures
        #expect(s.isUploadSignature)
        #expect(s.signingBlock == nil && !s.v2.isPresent && !s.v3.isPresent)
        #expect(s.v1.signers.map(\.certificate.subject) == ["CN=Shop Upload, O=Shop, C=US"])
        #expect(s.notes == ["an App Bundle carries only its upload key's JAR signature: Google Play signs the APKs it delivers with "
            + "the app signing key, so devices see that certificate, not this one, unless the two keys are one"])
        #expect(try archive.tree.readAll(archive.manifestPath, limit: 1 << 20, what: "the manifest").count == 1_852)
    }

    /// v3.1 (apksig's own test packages): the rotated signer from its API level, the original
    /// one below it, each certificate keytool's. The "target 33" package was signed while
    /// Android 13 was in development: its v3.1 signer says 32 with the development-release
    /// attribute, which release devices read as 33.
    @Test(arguments: [("v31-rsa-2048_2-tgt-33-1-tgt-28.apk", 33, 32), ("v31-rsa-2048_2-tgt-34-1-tgt-28.apk", 34, 34)])
    func v31RotatesFromItsAPILevel(_ name: String, from level: Int, written: Int) throws {
        let root = FileManager.default.currentDirectoryPath
        let s = try AndroidArchive(path: root + "/Fixtures/android/apksig/" + name, name: name).signatures
        let original = try AndroidFixtures.keytool("apksig/rsa-2048.x509.pem.keytool.txt")[0]
        let rotated = try AndroidFixtures.keytool("apksig/rsa-2048_2.x509.pem.keytool.txt")[0]
        let v3 = try AndroidFixtures.apksigner("apksig/\(name).28-32.txt")
        #expect(v3.map { $0.sha256 } == [original.sha256.replacingOccurrences(of: ":", with: "").lowercased()])
        let v31 = try #require(s.v31.signers.first)
        #expect(v31.certificate.sha256Fingerprint == rotated.sha256)
        #expect(v31.certificate.subject == rotated.owner)
        #expect(v31.apiLevels.lowerBound == written)
        #expect(v31.targetsDevelopmentRelease == (written != level))
        #expect(v31.lineage.map(\.certificate.sha256Fingerprint) == [original.sha256, rotated.sha256])
        #expect(s.v3.signers.first?.rotationMinAPILevel == written)
        #expect(s.device(apiLevel: level - 1).signers.map(\.certificate.sha256Fingerprint) == [original.sha256])
        #expect(s.device(apiLevel: level - 1).scheme == .v3)
        #expect(s.device(apiLevel: level).scheme == .v31)
        #expect(s.device(apiLevel: level).certificates.map(\.sha256Fingerprint) == [rotated.sha256, original.sha256])
        #expect(s.devices(fromAPILevel: 28).map(\.apiLevelsText) == ["28–\(level - 1)", "\(level) and later"])
    }

    @Test func aSignerForADevelopmentReleaseStartsALevelLater() throws {
        let name = "v31-rsa-2048_2-tgt-10000-dev-release.apk"
        let s = try AndroidArchive(path: FileManager.default.currentDirectoryPath + "/Fixtures/android/apksig/" + name, name: name).signatures
        let v31 = try #require(s.v31.signers.first)
        #expect(v31.targetsDevelopmentRelease)
        #expect(s.device(apiLevel: v31.apiLevels.lowerBound).scheme == .v3)
        #expect(s.device(apiLevel: v31.apiLevels.lowerBound + 1).scheme == .v31)
    }
}
