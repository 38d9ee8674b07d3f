import Foundation
import Testing
@testable import AASACore

/// Bad manifests get a clear error, never a crash, a hang or unbounded memory.
@Suite struct ManifestMalformedTests {
    /// Every prefix of a real binary manifest, and of a protobuf one, is refused (or, for the
    /// protobuf prefixes that happen to be whole messages, read) without a crash.
    @Test func everyTruncationIsAnError() throws {
        let binary = try AndroidFixtures.bytes("shop.axml")
        for n in 0..<binary.count {
            #expect(throws: ManifestReadError.self) { try BinaryXML.read(Array(binary[..<n])) }
        }
        let proto = try AndroidFixtures.bytes("shop.pb")
        for n in stride(from: 0, to: proto.count, by: 7) {
            _ = try? AndroidProtoXML.read(Array(proto[..<n]))
        }
    }

    /// Flipping any byte of the binary manifest never crashes the reader or the model.
    @Test func byteFlips() throws {
        let binary = try AndroidFixtures.bytes("mistakes.utf8.axml")
        for i in 0..<binary.count {
            var b = binary
            b[i] ^= 0xFF
            if let doc = try? BinaryXML.read(b) {
                _ = ManifestLint.lint(AndroidManifest(doc))
            }
        }
    }

    @Test func errorsSayWhat() throws {
        var b = try AndroidFixtures.bytes("shop.axml")
        // The first child chunk (the string pool) claims to be larger than the file.
        b[12] = 0xFF; b[13] = 0xFF; b[14] = 0xFF
        let error = try #require(throws: ManifestReadError.self) { try BinaryXML.read(b) }
        #expect(error.offset == 8)
        #expect(error.message.contains("string pool") || error.message.contains("child chunk"))
        #expect(throws: ManifestReadError.self) { try BinaryXML.read(Array("not xml at all".utf8)) }
        let source = try #require(throws: ManifestReadError.self) { try SourceManifestXML.read(Array("<manifest>\n<application>\n</manifest>".utf8)) }
        #expect(source.line == 3)
    }

    /// Strings that overlap in the pool cannot multiply the decoding work.
    @Test func overlappingStringsAreBounded() {
        // A pool of 30,000 strings all at offset 0 of one 60,000-unit string, each used once.
        var pool: [UInt8] = []
        let count = 30_000, length = 60_000
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let stringsStart = 28 + count * 4
        var data: [UInt8] = u16(0x8000 | (length >> 16)) + u16(length & 0xFFFF)
        data += [UInt8](repeating: 0x61, count: length * 2) + [0, 0]
        while data.count % 4 != 0 { data.append(0) }
        pool = u16(1) + u16(28) + u32(28 + count * 4 + data.count) + u32(count) + u32(0) + u32(0) + u32(stringsStart) + u32(0)
        for _ in 0..<count { pool += u32(0) }
        pool += data
        // One element with an attribute per string, named by it.
        var nodes: [UInt8] = u16(0x0102) + u16(16) + u32(36 + count * 20) + u32(1) + u32(0xFFFF_FFFF)
        nodes += u32(0xFFFF_FFFF) + u32(0) + u16(20) + u16(20) + u16(count) + u16(0) + u16(0) + u16(0)
        for i in 0..<count {
            nodes += u32(0xFFFF_FFFF) + u32(i) + u32(0xFFFF_FFFF) + u16(8) + [0, 0x10] + u32(1)
        }
        nodes += u16(0x0103) + u16(16) + u32(24) + u32(1) + u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF) + u32(0)
        let body = pool + nodes
        let file = u16(3) + u16(8) + u32(8 + body.count) + body
        let error = #expect(throws: ManifestReadError.self) { try BinaryXML.read(file) }
        #expect(error?.message.contains("more text") == true, "\(String(describing: error))")
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        let error = #expect(throws: ManifestReadError.self) { try SourceManifestXML.read(Array(deep.utf8)) }
        #expect(error?.message.contains("nest") == true)
    }

    @Test func entitiesAreNeverExpanded() throws {
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE manifest [<!ENTITY h "evil.example.com">]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:exported="true">
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW"/>
        <data android:scheme="https" android:host="&h;"/></intent-filter></activity></application></manifest>
        """
        #expect(throws: ManifestReadError.self) { try SourceManifestXML.read(Array(text.utf8)) }
    }
}
