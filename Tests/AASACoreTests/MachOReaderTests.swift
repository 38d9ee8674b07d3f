import AASAArtifacts
import Foundation
import SampleSupport
import Testing
@testable import AASACore

/// The Mach-O and code signature readers (issue 12), on executables built by SampleSupport.
@Suite struct MachOReaderTests {
    static let appID = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"
    static let entitlements: [String: PlistValue] = [
        "application-identifier": .string(appID),
        "com.apple.developer.team-identifier": .string("K7TQ3ZP2MX"),
        "com.apple.developer.associated-domains": .array([.string("applinks:soarstarter.com"), .string("webcredentials:soarstarter.com")]),
        "get-task-allow": .bool(false),
    ]

    static func sample(_ configure: (inout SampleMachO) -> Void = { _ in }) -> SampleMachO {
        var s = SampleMachO()
        s.entitlements = entitlements
        configure(&s)
        return s
    }

    func read(_ bytes: [UInt8]) throws -> (MachOFile, BuiltAppReading) {
        let machO = try MachOFile.read(MemorySource(bytes, name: "App"))
        return (machO, SignedEntitlements.read(machO, file: "App", bundle: nil, digest: Digests.compute))
    }

    @Test func aThinExecutableGivesItsSignatureAndEntitlements() throws {
        let (machO, reading) = try read(Self.sample().bytes())
        #expect(!machO.isUniversal)
        let slice = try #require(machO.slices.first)
        #expect(slice.architecture == "arm64")
        #expect(slice.is64)
        let signature = try #require(slice.codeSignature)
        #expect(signature.blobs.map(\.slot) == [0, 2, 5, 7, 0x1000, 0x10000])
        #expect(signature.codeDirectories.map(\.hashType) == [.sha1, .sha256])
        #expect(signature.codeDirectories.map(\.hashSize) == [20, 32])
        #expect(signature.codeDirectories.allSatisfy { $0.identifier == "com.soarstarter.SoarStarterSwift" && $0.teamID == "K7TQ3ZP2MX" })
        #expect(signature.codeDirectories.allSatisfy { $0.specialSlotCount == 7 && $0.codeSlotCount == 2 })
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.unreadable.isEmpty)
        let subject = try #require(reading.subjects.first)
        #expect(subject.source == .init(file: "App", bundle: nil, arch: nil))
        #expect(subject.file.container == .codeSignatureXML)
        #expect(subject.file.applicationIdentifier == Self.appID)
        #expect(subject.file.associatedDomains.entries.map(\.raw) == ["applinks:soarstarter.com", "webcredentials:soarstarter.com"])
        #expect(subject.file.associatedDomains.entries.allSatisfy { $0.location == nil })
    }

    @Test func derEntitlementsDecodeIntoTheSameModel() throws {
        let (_, xmlOnly) = try read(Self.sample { $0.derBlob = false }.bytes())
        let (_, derOnly) = try read(Self.sample { $0.xmlBlob = false }.bytes())
        let der = try #require(derOnly.subjects.first?.file)
        #expect(der.container == .codeSignatureDER)
        #expect(der.root == xmlOnly.subjects.first?.file.root)
        #expect(der.root == Self.entitlements)
        #expect(derOnly.diagnostics.isEmpty)
        // A signature without entitlements is an empty dictionary: the app claims nothing.
        let (_, none) = try read(Self.sample { $0.entitlements = nil }.bytes())
        #expect(none.subjects.first?.file.root == [:])
        #expect(none.diagnostics.isEmpty)
    }

    /// Test vectors of the DER layout (apple-codesign's tests of `codesign --generate-entitlement-der`).
    static let derTable: [([UInt8], [String: PlistValue])] = [
        ([112, 5, 2, 1, 1, 176, 0], [:]),
        ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 255], ["key": .bool(true)]),
        ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 0], ["key": .bool(false)]),
        ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 2, 1, 255], ["key": .integer(-1)]),
        ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 2, 1, 42], ["key": .integer(42)]),
        ([112, 19, 2, 1, 1, 176, 14, 48, 12, 12, 3, 107, 101, 121, 12, 5, 118, 97, 108, 117, 101], ["key": .string("value")]),
        ([112, 22, 2, 1, 1, 176, 17, 48, 15, 12, 3, 107, 101, 121, 48, 8, 1, 1, 255, 12, 3, 102, 111, 111],
         ["key": .array([.bool(true), .string("foo")])]),
        ([112, 26, 2, 1, 1, 176, 21, 48, 19, 12, 3, 107, 101, 121, 176, 12, 48, 10, 12, 5, 105, 110, 110, 101, 114, 1, 1, 0],
         ["key": .dictionary(["inner": .bool(false)])]),
    ]

    @Test(arguments: derTable)
    func derTestVectors(bytes: [UInt8], expected: [String: PlistValue]) throws {
        #expect(try DEREntitlements.decode(bytes[...], name: "x").root == expected)
        #expect(DERWriter.entitlements(expected) == bytes)
    }

    @Test func brokenDERIsAnErrorNotACrash() {
        let good: [UInt8] = [112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 255]
        for cut in 0..<good.count {
            #expect(throws: ContainerError.self) { try DEREntitlements.decode(good[..<cut], name: "x") }
        }
        // Wrong version, a length past the end, 100 levels of arrays.
        #expect(throws: ContainerError.self) { try DEREntitlements.decode([112, 5, 2, 1, 2, 176, 0][...], name: "x") }
        #expect(throws: ContainerError.self) { try DEREntitlements.decode([112, 5, 2, 1, 1, 176, 0x84, 0xFF, 0xFF, 0xFF, 0xFF][...], name: "x") }
        var deep: [UInt8] = [12, 1, 0x61]
        for _ in 0..<100 { deep = DERWriter.element(0x30, deep) }
        let nested = DERWriter.element(0x70, [2, 1, 1] + DERWriter.element(0xB0, DERWriter.element(0x30, [12, 1, 0x6B] + deep)))
        #expect(throws: ContainerError.self) { try DEREntitlements.decode(nested[...], name: "x") }
    }

    @Test func hashesThatDifferFromTheSealedOnesAreAASA616() throws {
        let (_, xml) = try read(Self.sample { $0.wrongXMLHash = true }.bytes())
        #expect(xml.diagnostics.map(\.code) == [.aasa616, .aasa616])
        #expect(xml.diagnostics[0].message.contains("the XML entitlements blob of App (arm64) hashes to "))
        #expect(xml.diagnostics[0].message.contains("(SHA-1), but its CodeDirectory seals "))
        #expect(xml.diagnostics[1].message.contains("(SHA-256), but its alternate CodeDirectory 1 seals"))
        let (_, der) = try read(Self.sample { $0.wrongDERHash = true; $0.hashTypes = [.sha256] }.bytes())
        #expect(der.diagnostics.map(\.code) == [.aasa616])
        #expect(der.diagnostics[0].message.contains("the DER entitlements blob"))
        #expect(der.diagnostics[0].message.contains("special slot 7"))
        let (_, unsealed) = try read(Self.sample { $0.unsealed = true; $0.hashTypes = [.sha256] }.bytes())
        #expect(unsealed.diagnostics.map(\.message) == [
            "App (arm64) carries a XML entitlements blob that its CodeDirectory does not seal (special slot 5 is empty): the system does not grant entitlements that are not signed",
            "App (arm64) carries a DER entitlements blob that its CodeDirectory does not seal (special slot 7 is empty): the system does not grant entitlements that are not signed",
        ])
        // SHA-384 and truncated SHA-256 directories check out too.
        let (_, other) = try read(Self.sample { $0.hashTypes = [.sha256Truncated, .sha384] }.bytes())
        #expect(other.diagnostics.isEmpty)
        let (_, otherWrong) = try read(Self.sample { $0.hashTypes = [.sha256Truncated, .sha384]; $0.wrongXMLHash = true }.bytes())
        #expect(otherWrong.diagnostics.count == 2)
    }

    @Test func universalExecutables() throws {
        let arm = Self.sample()
        var intel = Self.sample { $0.arch = .x86_64 }
        let (machO, same) = try read(SampleMachO.universal([arm, intel]))
        #expect(machO.isUniversal)
        #expect(machO.slices.map(\.architecture) == ["arm64", "x86_64"])
        #expect(same.subjects.map(\.source.arch) == ["arm64", "x86_64"])
        #expect(same.subjects.map(\.sameAs) == [nil, 0])
        #expect(same.diagnostics.isEmpty)
        // 64-bit fat header, three slices.
        let (fat64, _) = try read(SampleMachO.universal([arm, intel, Self.sample { $0.arch = .arm64e }], fat64: true))
        #expect(fat64.slices.map(\.architecture) == ["arm64", "x86_64", "arm64e"])

        intel.entitlements?["com.apple.developer.associated-domains"] = .array([.string("applinks:soarstarter.com"), .string("applinks:www.soarstarter.com")])
        let (_, differ) = try read(SampleMachO.universal([arm, intel]))
        #expect(differ.diagnostics.map(\.code) == [.aasa617])
        #expect(differ.diagnostics.first?.message == "the slices of the universal executable of App carry different entitlements: "
            + "arm64 and x86_64 differ in `com.apple.developer.associated-domains` (only arm64 has `webcredentials:soarstarter.com`; "
            + "only x86_64 has `applinks:www.soarstarter.com`); a device runs one slice, so the app's domains depend on the device")
        #expect(differ.subjects.map(\.sameAs) == [nil, nil])
    }

    @Test func anUnsignedExecutableIsUnreadableWithAReason() throws {
        let (_, reading) = try read(Self.sample { $0.unsigned = true }.bytes())
        #expect(reading.subjects.isEmpty)
        #expect(reading.unreadable == ["App (arm64): the executable is not signed (no LC_CODE_SIGNATURE), so it carries no "
            + "entitlements; check the signed build (the .ipa or the archive's .app)"])
    }

    // MARK: bad input: each a clear ContainerError, never a crash or a hang

    func error(_ bytes: [UInt8]) -> ContainerError? {
        do {
            _ = try MachOFile.read(MemorySource(bytes, name: "App"))
            return nil
        } catch {
            return error
        }
    }

    func patch(_ bytes: [UInt8], at offset: Int, le value: UInt32) -> [UInt8] {
        var b = bytes
        for k in 0..<4 { b[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
        return b
    }

    func patch(_ bytes: [UInt8], at offset: Int, be value: UInt32) -> [UInt8] {
        var b = bytes
        for k in 0..<4 { b[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(3 - k))) }
        return b
    }

    /// Where the signature starts in a thin sample: LC_CODE_SIGNATURE's dataoff.
    func signatureOffset(_ bytes: [UInt8]) -> Int {
        let at = 32 + 152 + 72 + 8
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    @Test func truncatedLoadCommands() throws {
        let good = Self.sample().bytes()
        // sizeofcmds past the end of the file.
        #expect(error(patch(good, at: 20, le: 0x7FFF_0000))?.description.contains("load commands") == true)
        // A command claiming more bytes than remain in the load commands.
        let longCommand = patch(good, at: 32 + 4, le: 0xFFFF)
        #expect(error(longCommand) == .truncated("load command 1 of 3 of App (arm64) (0x19 at byte 32) claims 65535 bytes; 240 remain in the load commands"))
        // More commands than fit.
        #expect(error(patch(good, at: 16, le: 1000))?.description.contains("declares 1000 load commands in 240 bytes") == true)
        // The file cut inside its load commands.
        #expect(error(Array(good.prefix(100))) != nil)
    }

    @Test func aCodeSignaturePastTheEnd() throws {
        let good = Self.sample().bytes()
        let at = 32 + 152 + 72 + 8
        let past = patch(good, at: at, le: UInt32(good.count - 10))
        #expect(error(past)?.description.hasPrefix("cut short: LC_CODE_SIGNATURE of App (arm64) puts the signature at bytes") == true)
        #expect(error(Array(good.prefix(good.count - 1))) != nil)
    }

    @Test func aSuperBlobCountOfAMillion() throws {
        let good = Self.sample().bytes()
        let bad = patch(good, at: signatureOffset(good) + 8, be: 1_000_000)
        let e = try #require(error(bad))
        #expect(e.description.contains("claims 1000000 blobs"))
    }

    @Test func aBlobShorterThanItsHeader() throws {
        let good = Self.sample().bytes()
        let sig = signatureOffset(good)
        // The first index entry's blob (the CodeDirectory) gets a length of 4.
        let first = Int(BigEndian.u32(good, sig + 16))
        let bad = patch(good, at: sig + first + 4, be: 4)
        #expect(error(bad)?.description == "malformed: blob 1 of 6 (slot 0x0) of the code signature of App (arm64) claims 4 bytes, shorter than its own 8-byte header")
        // A blob past the SuperBlob, and a CodeDirectory too short for its header.
        #expect(error(patch(good, at: sig + first + 4, be: 0xFFFF_FF00)) != nil)
        #expect(error(patch(good, at: sig + first + 4, be: 20)) != nil)
    }

    @Test func overlappingFatSlices() throws {
        let fat = SampleMachO.universal([Self.sample(), Self.sample { $0.arch = .x86_64 }])
        // The second record's offset moved into the first slice.
        let bad = patch(fat, at: 8 + 20 + 8, be: UInt32(1 << 14) + 64)
        #expect(error(bad)?.description.contains("overlaps the x86_64 slice") == true)
        // A slice past the end of the file, and a count of architectures no file has.
        #expect(error(patch(fat, at: 8 + 12, be: 0x7FFF_FFFF)) != nil)
        #expect(error(patch(fat, at: 4, be: 30)) != nil)
    }

    @Test func everyPrefixOfAnExecutableIsAnErrorOrReadable() throws {
        let fat = SampleMachO.universal([Self.sample(), Self.sample { $0.arch = .x86_64 }])
        for cut in stride(from: 0, to: fat.count, by: 97) {
            let bytes = Array(fat.prefix(cut))
            if let machO = try? MachOFile.read(MemorySource(bytes)) {
                _ = SignedEntitlements.read(machO, file: "x", bundle: nil, digest: Digests.compute)
            }
        }
        // Every single-byte change of the signature of a thin one.
        let thin = Self.sample { $0.hashTypes = [.sha256] }.bytes()
        let sig = signatureOffset(thin)
        for i in stride(from: sig, to: thin.count, by: 7) {
            var b = thin
            b[i] ^= 0xFF
            if let machO = try? MachOFile.read(MemorySource(b)) {
                _ = SignedEntitlements.read(machO, file: "x", bundle: nil, digest: Digests.compute)
            }
        }
    }

    @Test func formatDetection() {
        #expect(ContainerFormat.detect(Self.sample().bytes()) == .machO(is64: true, bigEndian: false))
        #expect(ContainerFormat.detect(SampleMachO.universal([Self.sample()])) == .fat(is64: false, architectures: 1))
        #expect(ContainerFormat.detect([0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52]) == .unknown("a Java class file (starts CA FE BA BE 00 00 00 34)"))
        #expect(ContainerFormat.detect(Array("PK\u{3}\u{4}rest".utf8)) == .zip)
        #expect(ContainerFormat.detect(Array("bplist00".utf8)) == .binaryPropertyList)
        #expect(ContainerFormat.detect(Array("  <?xml".utf8)) == .xmlPropertyList)
        #expect(ContainerFormat.detect(Array(" {\"applinks\": 1}".utf8)) == .json)
        #expect(ContainerFormat.detect([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]) == .unknown("an ELF binary (starts 7F 45 4C 46 02 01 01 00)"))
        #expect(ContainerFormat.detect([0x30]) == .truncatedCMS)
    }
}

