import Foundation
import SplitMix
import Testing
@testable import AASACore

/// Reading: formats, CMS envelopes, and the typed errors for what cannot be read.
@Suite struct EntitlementsReaderTests {
    typealias F = EntitlementsFixtures

    static let xml = F.plist(["applinks:soarstarter.com"])

    @Test func xmlAndBinaryGiveTheSameEntries() throws {
        let a = try EntitlementsFile.read(Array(Self.xml.utf8))
        let b = try EntitlementsFile.read(try binaryPlist(fromXML: Self.xml))
        #expect(a.container == .xmlPropertyList)
        #expect(b.container == .binaryPropertyList)
        #expect(a.associatedDomains.entries.map(\.raw) == ["applinks:soarstarter.com"])
        #expect(b.associatedDomains.entries.map(\.raw) == ["applinks:soarstarter.com"])
        #expect(a.root == b.root)
    }

    @Test func byteOrderMarkAndLeadingSpaceAreAccepted() throws {
        let file = try EntitlementsFile.read([0xEF, 0xBB, 0xBF] + Array(("\n  " + Self.xml).utf8))
        #expect(file.associatedDomains.entries.count == 1)
    }

    @Test func plistValueTypes() throws {
        let xml = """
            <plist version="1.0"><dict><key>b</key><true/><key>f</key><false/><key>i</key><integer>-3</integer>\
            <key>r</key><real>2.5</real><key>d</key><data>AAEC</data><key>t</key><date>2024-05-01T00:00:00Z</date>\
            <key>n</key><dict><key>s</key><string>x</string></dict></dict></plist>
            """
        let root = try EntitlementsFile.read(Array(xml.utf8)).root
        #expect(root["b"] == .bool(true))
        #expect(root["f"] == .bool(false))
        #expect(root["i"] == .integer(-3))
        #expect(root["r"] == .real(2.5))
        #expect(root["d"] == .data([0, 1, 2]))
        #expect(root["t"] == .date(Date(timeIntervalSince1970: 1_714_521_600)))
        #expect(root["n"]?["s"] == .string("x"))
        #expect(root["n"]?.typeName == "dict")
    }

    @Test func emptyFile() {
        #expect(F.readError([]) == .empty)
        #expect(EntitlementsError.empty.description == "the file is empty")
    }

    @Test func binaryGarbageIsNotAPlist() {
        var rng = SplitMix64(seed: 7)
        let garbage = (0..<4096).map { _ in UInt8(truncatingIfNeeded: rng.next()) | 0x80 }
        guard case .notAPropertyList(let what)? = F.readError(garbage) else {
            Issue.record("garbage: \(String(describing: F.readError(garbage)))")
            return
        }
        #expect(what.hasPrefix("binary data that starts "))
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0, count: 64)
        #expect(F.readError(elf)?.description.contains("an ELF binary") == true)
        let macho: [UInt8] = [0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1] + Array(repeating: 0, count: 64)
        // A Mach-O file is read by the executable reader, not as a property list: the message says so.
        #expect(F.readError(macho)?.description.contains("a Mach-O executable (starts CF FA ED FE 07 00 00 01): give it to `aasa-check entitlements`") == true)
        #expect(F.readError(Array(#"{"applinks": {}}"#.utf8)) == .notAPropertyList(
            "text that starts with `{` (JSON?), not `<` or `bplist`"))
    }

    @Test func malformedPlists() {
        let unclosed = Array(#"<plist version="1.0"><dict><key>a</key><string>x</dict></plist>"#.utf8)
        #expect(F.readError(unclosed) == .malformedPropertyList("Close tag on line 1 does not match open tag string"))
        let noValue = Array(#"<plist version="1.0"><dict><key>a</key></dict></plist>"#.utf8)
        #expect(F.readError(noValue) == .malformedPropertyList("Value missing for key inside <dict> at line 1"))
        let badBinary = Array("bplist00".utf8) + [0xFF, 0x00, 0x13]
        guard case .malformedBinaryPropertyList? = F.readError(badBinary) else {
            Issue.record("bad binary plist: \(String(describing: F.readError(badBinary)))")
            return
        }
        let html = Array("<!doctype html><html><body>Not found</body></html>".utf8)
        guard case .malformedPropertyList? = F.readError(html) else {
            Issue.record("html: \(String(describing: F.readError(html)))")
            return
        }
    }

    @Test func topLevelMustBeADictionary() {
        let array = Array(#"<plist version="1.0"><array><string>applinks:a.com</string></array></plist>"#.utf8)
        #expect(F.readError(array) == .notADictionary("array"))
        #expect(F.readError(array)?.description == "the property list's top level is array, not a dictionary of entitlements")
    }

    @Test func tooLarge() {
        let big = Array(repeating: UInt8(ascii: " "), count: EntitlementsFile.maxBytes + 1)
        #expect(F.readError(big) == .tooLarge(bytes: EntitlementsFile.maxBytes + 1, limit: EntitlementsFile.maxBytes))
    }

    @Test(arguments: ["SoarStarterSwift.mobileprovision", "SoarStarterSwift-NoAssociatedDomains.mobileprovision"])
    func everyTruncationOfAProfileIsReportedAsTruncated(name: String) throws {
        let bytes = try F.bytes(F.samples.appendingPathComponent(name))
        #expect(try EntitlementsFile.read(bytes).profile != nil)
        var wrong: [Int] = []
        for cut in 1..<bytes.count {
            guard case .truncatedProfile? = F.readError(Array(bytes[..<cut])) else {
                wrong.append(cut)
                continue
            }
        }
        #expect(wrong.isEmpty, "cuts not reported as truncated: \(wrong.prefix(10))")
        let message = try #require(F.readError(Array(bytes[..<600]))?.description)
        #expect(message.hasPrefix("the provisioning profile is cut short: "), "\(message)")
        #expect(message.hasSuffix("; download it again"), "\(message)")
    }

    @Test func truncationMessagesSayWhatItMeans() {
        // ContentInfo of 315 content bytes, cut after 40 bytes: 36 of them remain.
        let whole = BER.tlv(0x30, BER.tlv(0x06, CMSEnvelope.signedDataOID) + BER.tlv(0xA0, Array(repeating: 0, count: 300)))
        #expect(F.readError(Array(whole[..<40]))?.description
            == "the provisioning profile is cut short: an element at byte 0 needs 315 bytes but only 36 remain; download it again")
        #expect(F.readError([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])?.description
            == "the provisioning profile is cut short: the file ends after 6 bytes, inside the header of its signature envelope (CMS); "
                + "download it again")
        let indefinite = BER.signedData(content: BER.tlv(0x04, Array("<plist/>".utf8)))
        #expect(F.readError(Array(indefinite[..<(indefinite.count - 2)]))?.description
            == "the provisioning profile is cut short: an element at byte 0 does not end before the file does; download it again")
    }

    // MARK: CMS layouts built by hand

    @Test func chunkedIndefiniteOctetStringsAreJoined() throws {
        let plist = Array(CodeDoc.decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true).utf8)
        let parts = [Array(plist[..<100]), Array(plist[100..<101]), Array(plist[101..<700]), Array(plist[700...])]
        // OCTET STRING (constructed, indefinite) { chunk, OCTET STRING (constructed, definite) { chunk, chunk }, chunk }
        let octets = BER.indefinite(0x24, [
            BER.tlv(0x04, parts[0]),
            BER.tlv(0x24, BER.tlv(0x04, parts[1]) + BER.tlv(0x04, parts[2])),
            BER.tlv(0x04, parts[3]),
        ])
        let file = try EntitlementsFile.read(BER.signedData(content: octets))
        #expect(file.container == .signedProfile)
        #expect(file.profile?.isSigned == true)
        #expect(file.profile?.applicationIdentifier == "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift")
        #expect(file.associatedDomains == .granted("*"))
    }

    @Test func signedContentMustBeAProfile() throws {
        // A signed plain entitlements plist has no Entitlements dictionary.
        let signed = BER.signedData(content: BER.tlv(0x04, Array(Self.xml.utf8)))
        #expect(F.readError(signed) == .malformedProfile("the signed property list has no Entitlements dictionary"))
        let notPlist = BER.signedData(content: BER.tlv(0x04, Array("hello".utf8)))
        guard case .malformedProfile(let why)? = F.readError(notPlist) else {
            Issue.record("\(String(describing: F.readError(notPlist)))")
            return
        }
        #expect(why == "the signed content is not a property list (text that does not start with `<` (XML) or `bplist` (binary))")
    }

    @Test func detachedAndOddStructures() {
        let detached = BER.signedData(content: nil)
        #expect(F.readError(detached) == .malformedProfile("the signature is detached: the profile holds no content"))
        // Right OID, but [0] holds an INTEGER instead of SignedData.
        let wrongInner = BER.tlv(0x30, BER.tlv(0x06, CMSEnvelope.signedDataOID) + BER.tlv(0xA0, BER.tlv(0x02, [1])))
        #expect(F.readError(wrongInner) == .malformedProfile("SignedData is not a SEQUENCE"))
        // A child longer than its parent.
        let overrun = BER.tlv(0x30, BER.tlv(0x06, CMSEnvelope.signedDataOID) + [0xA0, 0x05, 0x02, 0x09, 0, 0, 0])
            + Array(repeating: 0, count: 16)
        guard case .malformedProfile? = F.readError(overrun) else {
            Issue.record("overrun: \(String(describing: F.readError(overrun)))")
            return
        }
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        // 100,000 nested indefinite-length SEQUENCEs after the CMS header.
        let depth = 100_000
        let nested = Array(repeating: [UInt8]([0x30, 0x80]), count: depth).flatMap { $0 }
            + Array(repeating: 0, count: depth * 2)
        let bytes = [0x30, 0x80] + BER.tlv(0x06, CMSEnvelope.signedDataOID) + [0xA0, 0x80] + nested + [0, 0, 0, 0]
        #expect(F.readError(bytes) == .malformedProfile("ASN.1 nesting deeper than 64 levels"))
        // And a deeply nested XML plist is refused by Foundation's parser.
        let xml = "<plist>" + String(repeating: "<array>", count: 50_000) + String(repeating: "</array>", count: 50_000) + "</plist>"
        guard case .malformedPropertyList? = F.readError(Array(xml.utf8)) else {
            Issue.record("deep xml: \(String(describing: F.readError(Array(xml.utf8))))")
            return
        }
    }

    @Test func mutatedInputsNeverCrash() throws {
        let seeds = [
            try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift.mobileprovision")),
            try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift-Wildcard.entitlements")),
            try binaryPlist(fromXML: Self.xml),
        ]
        var rng = SplitMix64(seed: 42)
        var outcomes: [String: Int] = [:]
        for round in 0..<1500 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.remove(at: i)
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                }
            }
            do {
                let file = try EntitlementsFile.read(bytes, path: "fuzz")
                _ = EntitlementsLinter.lint(file, appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift")
                outcomes["read", default: 0] += 1
            } catch {
                outcomes[String(describing: error).prefix(while: { $0 != "(" }).description, default: 0] += 1
            }
        }
        // Both paths were exercised.
        #expect(outcomes["read", default: 0] > 0)
        #expect(outcomes.values.reduce(0, +) == 1500)
        #expect(outcomes.keys.count >= 3, "\(outcomes)")
    }

    @Test func everyTruncationOfAnXMLFileFailsCleanly() throws {
        let bytes = try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift-Release.entitlements"))
        let end = try #require(String(decoding: bytes, as: UTF8.self).range(of: "</plist>")).lowerBound.utf16Offset(
            in: String(decoding: bytes, as: UTF8.self))
        for cut in 1..<end {
            #expect(F.readError(Array(bytes[..<cut])) != nil, "cut \(cut) was read")
        }
    }
}

/// A tiny BER writer for hand-made CMS layouts.
enum BER {
    static func length(_ n: Int) -> [UInt8] {
        if n < 0x80 { return [UInt8(n)] }
        var bytes: [UInt8] = []
        var v = n
        while v > 0 { bytes.insert(UInt8(v & 0xFF), at: 0); v >>= 8 }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    static func indefinite(_ tag: UInt8, _ children: [[UInt8]]) -> [UInt8] {
        [tag, 0x80] + children.flatMap { $0 } + [0, 0]
    }

    static let dataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]

    /// ContentInfo{signedData, [0]{SignedData{1, {}, {data, [0]{content}}, {}}}} with indefinite
    /// lengths; `content` is the eContent element, `nil` for a detached signature.
    static func signedData(content: [UInt8]?) -> [UInt8] {
        var encap = tlv(0x06, dataOID)
        if let content { encap += indefinite(0xA0, [content]) }
        let signed = indefinite(0x30, [tlv(0x02, [1]), tlv(0x31, []), indefinite(0x30, [encap]), tlv(0x31, [])])
        return indefinite(0x30, [tlv(0x06, CMSEnvelope.signedDataOID), indefinite(0xA0, [signed])])
    }
}
