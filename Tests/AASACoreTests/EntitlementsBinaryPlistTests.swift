import Foundation
import Testing
@testable import AASACore

/// Binary property lists that Foundation's writer never makes: shared references that expand
/// exponentially, cycles, broken trailers and offsets. Each must be refused quickly with a
/// message about the binary property list, never Foundation's XML message.
@Suite struct EntitlementsBinaryPlistTests {
    typealias F = EntitlementsFixtures
    static let key = "com.apple.developer.associated-domains"
    static let expansionMessage = "the binary property list expands to more than 100,000 objects (shared references): "
        + "it is not read, as expanding it would take unbounded memory and time"

    @Test func sharedArraysThatExpandBeyondTheLimitAreRefused() throws {
        // 19 levels of arrays holding the next one twice: 2^20 objects once expanded, from 214 bytes.
        let dag = BPlist.dag(levels: 19).bytes()
        #expect(dag.count == 214)
        #expect(F.readError(dag)?.description == Self.expansionMessage)
        #expect(F.readError(dag) == .binaryPropertyListTooLarge(.objects(100_000)))
        // Sixty levels (2^61 objects) are refused as fast.
        let clock = ContinuousClock()
        let start = clock.now
        #expect(F.readError(BPlist.dag(levels: 60).bytes()) == .binaryPropertyListTooLarge(.objects(100_000)))
        #expect(clock.now - start < .seconds(5))
    }

    @Test func sharedReferencesWithinTheLimitAreRead() throws {
        // 12 levels: 8,193 objects once expanded (the dictionary, its key, 4,095 arrays and 4,096
        // strings); Foundation's own writer shares equal strings too.
        let dag = BPlist.dag(levels: 12).bytes()
        let summary = try BinaryPlistGuard.check(dag)
        #expect(summary == .init(objects: 15, expandedObjects: 2 + (1 << 12) - 1 + (1 << 12), depth: 14,
            expandedBytes: Self.key.utf8.count + (1 << 12) * "applinks:soarstarter.com".utf8.count))
        let file = try EntitlementsFile.read(dag)
        #expect(file.associatedDomains.entries.count == 2)
        // One string referenced five times: five entries, four repeats.
        let shared = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array([3, 3, 3, 3, 3]), .string("applinks:soarstarter.com")])
        let entries = try EntitlementsFile.read(shared.bytes()).associatedDomains.entries
        #expect(entries.map(\.raw) == Array(repeating: "applinks:soarstarter.com", count: 5))
        #expect(try F.codes(shared.bytes()) == ["AASA611", "AASA611", "AASA611", "AASA611"])
    }

    static let bytesMessage = "the binary property list's shared strings and data expand to more than 16,777,216 bytes "
        + "once every reference is read: it is not read, as expanding it would take unbounded memory and time"

    /// Issue 17 item 1: 60,000 references to one 10 KB string, 70 KB of file, 600 MB once read.
    @Test func sharedStringsCountTheBytesTheyExpandTo() throws {
        let big = "applinks:" + String(repeating: "a", count: 10_231) + ".example"
        let refs = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array(Array(repeating: 3, count: 60_000)), .string(big)],
            offsetSize: 4)
        let bytes = refs.bytes()
        #expect(bytes.count < 75_000)
        #expect(F.readError(bytes) == .binaryPropertyListTooLarge(.bytes(16 << 20)))
        #expect(F.readError(bytes)?.description == Self.bytesMessage)
        // Within the object limit: it is the bytes that refuse it.
        #expect(60_000 < BinaryPlistGuard.maxExpandedObjects)
    }

    @Test func neighboursOfSharedBytes() throws {
        let big = String(repeating: "b", count: 10_240)
        // Shared data objects (marker 0x4F, 2-byte count).
        let data: BPlist.Object = .raw([0x4F, 0x11, 0x28, 0x00] + Array(repeating: 0xAB, count: 10_240))
        let sharedData = BPlist(objects: [.dict([(1, 2)]), .string("blob"), .array(Array(repeating: 3, count: 2_000)), data])
        #expect(F.readError(sharedData.bytes()) == .binaryPropertyListTooLarge(.bytes(16 << 20)))
        // UTF-16 strings count two bytes a unit (marker 0x6F): 900 refs × 10,240 units × 2 > 16 MiB.
        let utf16: BPlist.Object = .raw([0x6F, 0x11, 0x28, 0x00] + Array(repeating: [0x00, 0x62], count: 10_240).flatMap { $0 })
        let wide = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array(Array(repeating: 3, count: 900)), utf16])
        #expect(F.readError(wide.bytes()) == .binaryPropertyListTooLarge(.bytes(16 << 20)))
        // Sharing through nested arrays: 40 arrays each holding one 10 KB string 50 times.
        var nested: [BPlist.Object] = [.dict([(1, 2)]), .string(Self.key), .array(Array(repeating: 3, count: 40)),
            .array(Array(repeating: 4, count: 50)), .string(big)]
        #expect(F.readError(BPlist(objects: nested).bytes()) == .binaryPropertyListTooLarge(.bytes(16 << 20)))
        // Under the limit it is read: 1,000 references to one 10 KB string (10 MB expanded).
        nested = [.dict([(1, 2)]), .string("pad"), .array(Array(repeating: 3, count: 1_000)), .string(big)]
        let summary = try BinaryPlistGuard.check(BPlist(objects: nested).bytes())
        #expect(summary.expandedBytes == 3 + 1_000 * 10_240)
        #expect(try EntitlementsFile.read(BPlist(objects: nested).bytes()).root["pad"]?.arrayValue?.count == 1_000)
    }

    @Test func aFileWrittenByFoundationPassesTheGuard() throws {
        let xml = F.plist((0..<40).map { "applinks:d\($0).soarstarter.com" }, extra: "\t<key>get-task-allow</key>\n\t<true/>")
        let summary = try BinaryPlistGuard.check(try binaryPlist(fromXML: xml))
        #expect(summary.expandedObjects == 1 + 2 * 2 + 40)
        #expect(summary.depth == 3)
    }

    @Test func deepNestingIsRefused() throws {
        // 600 arrays, each inside the previous one, no sharing.
        var objects: [BPlist.Object] = [.dict([(1, 2)]), .string(Self.key)]
        for level in 0..<600 { objects.append(.array([3 + level])) }
        objects.append(.string("applinks:soarstarter.com"))
        #expect(F.readError(BPlist(objects: objects).bytes()) == .binaryPropertyListTooLarge(.depth(512)))
        #expect(F.readError(BPlist(objects: objects).bytes())?.description
            == "the binary property list nests arrays and dictionaries deeper than 512 levels: it is not read")
    }

    @Test func depthCountsSharedObjectsAtTheirDeepestPlace() throws {
        // The top array holds a chain of 300 arrays (C), then a chain of 300 arrays (D) whose
        // last holds C: C is seen first near the top, but it also sits 300 levels down.
        var objects: [BPlist.Object] = [.array([1, 301])]
        for i in 0..<300 { objects.append(i == 299 ? .array([601]) : .array([2 + i])) }
        for i in 0..<300 { objects.append(i == 299 ? .array([1]) : .array([302 + i])) }
        objects.append(.string("end"))
        #expect(throws: EntitlementsError.binaryPropertyListTooLarge(.depth(512))) {
            try BinaryPlistGuard.check(BPlist(objects: objects).bytes())
        }
    }

    @Test func cyclesAreNamed() throws {
        let selfContaining = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array([3, 2]), .string("applinks:a.com")])
        #expect(F.readError(selfContaining.bytes()) == .malformedBinaryPropertyList(
            "object 2 (an array at byte 53) contains itself through its references (a cycle)"))
        #expect(F.readError(selfContaining.bytes())?.description
            == "malformed binary property list: object 2 (an array at byte 53) contains itself through its references (a cycle)")
        let topInItself = BPlist(objects: [.dict([(1, 0)]), .string(Self.key)])
        #expect(F.readError(topInItself.bytes()) == .malformedBinaryPropertyList(
            "object 0 (a dictionary at byte 8) contains itself through its references (a cycle)"))
    }

    @Test func brokenOffsetsAndReferencesAreNamed() throws {
        let good = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array([3]), .string("applinks:a.com")])
        var bytes = good.bytes()
        let table = bytes.count - 32 - 4 * good.offsetSize
        // Object 3's offset points into the offset table.
        bytes[table + 3 * good.offsetSize + 1] = UInt8(table & 0xFF)
        bytes[table + 3 * good.offsetSize] = UInt8(table >> 8)
        #expect(F.readError(bytes) == .malformedBinaryPropertyList(
            "object 3 is at byte \(table), outside the object table (bytes 8 to \(table - 1))"))
        // A reference to object 9 of 4.
        let dangling = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array([9])])
        #expect(F.readError(dangling.bytes()) == .malformedBinaryPropertyList(
            "object 2 (an array at byte 53) refers to object 9, but there are 3 objects"))
        // An array whose count runs past the object table.
        let long = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .raw([0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0])])
        #expect(F.readError(long.bytes()) == .malformedBinaryPropertyList(
            "object 2 (an array at byte 53) holds 4611686018427387904 references, more than the object table has room for"))
        // A key that is an array, an unknown marker, a string longer than the table.
        let arrayKey = BPlist(objects: [.dict([(1, 1)]), .array([])])
        #expect(F.readError(arrayKey.bytes()) == .malformedBinaryPropertyList(
            "object 0 (a dictionary at byte 8) has a key that is not a string (object 1, an array)"))
        let unknown = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .raw([0xF0])])
        #expect(F.readError(unknown.bytes()) == .malformedBinaryPropertyList(
            "object 2 at byte 53 has the unknown type marker 0xF0"))
        let overlong = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .raw([0x5E, 0x61])])
        #expect(F.readError(overlong.bytes()) == .malformedBinaryPropertyList(
            "object 2 (a string at byte 53) runs past the end of the object table"))
    }

    @Test func brokenTrailersAreNamed() throws {
        let good = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .array([])]).bytes()
        #expect(F.readError(Array("bplist00".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]) == .malformedBinaryPropertyList(
            "the file is 12 bytes, too short for the header, one object and the 32-byte trailer"))
        var version = good
        version.replaceSubrange(6..<8, with: Array("15".utf8))
        #expect(F.readError(version) == .malformedBinaryPropertyList(
            "the header names version `15`; property lists are read in version `00`"))
        var table = good
        table[table.count - 1] = 0xF0
        guard case .malformedBinaryPropertyList(let why)? = F.readError(table) else {
            Issue.record("\(String(describing: F.readError(table)))")
            return
        }
        #expect(why.hasPrefix("the trailer puts the offset table at byte 240, outside the file's"))
        var refSize = good
        refSize[refSize.count - 25] = 0
        #expect(F.readError(refSize) == .malformedBinaryPropertyList(
            "the trailer gives object references of 0 bytes (1 to 8 expected): the file is damaged or cut short"))
    }

    @Test func everyTruncationOfABinaryPlistIsAboutTheBinaryPlist() throws {
        let bytes = try binaryPlist(fromXML: F.plist(["applinks:soarstarter.com", "webcredentials:soarstarter.com"]))
        var wrong: [String] = []
        for cut in 8..<bytes.count {
            let error = F.readError(Array(bytes[..<cut]))
            guard case .malformedBinaryPropertyList? = error else {
                wrong.append("\(cut): \(String(describing: error))")
                continue
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func foundationsRefusalIsReportedAsBinary() throws {
        // Structurally sound, but a UTF-8 string (marker 0x7_, of later format versions) is
        // more than Foundation's reader takes: it reports its XML parser's message instead.
        let plist = BPlist(objects: [.dict([(1, 2)]), .string(Self.key), .raw([0x71, 0x61])])
        #expect(F.readError(plist.bytes()) == .malformedBinaryPropertyList(PropertyList.binaryRejected))
    }

    @Test func theGuardAlsoCoversAProfilesSignedContent() throws {
        func signed(_ plist: BPlist) -> [UInt8] { BER.signedData(content: BER.tlv(0x04, plist.bytes())) }
        var dag = BPlist.dag(levels: 40)
        dag.objects[0] = .dict([(1, 2)])
        #expect(F.readError(signed(dag)) == .binaryPropertyListTooLarge(.objects(100_000)))
        let cycle = BPlist(objects: [.dict([(1, 2)]), .string("Entitlements"), .array([2])])
        #expect(F.readError(signed(cycle)) == .malformedProfile(
            "the signed content is a malformed binary property list: object 2 (an array at byte 24) contains itself "
                + "through its references (a cycle)"))
    }
}

/// A small binary property list writer for object graphs made by hand.
struct BPlist {
    enum Object {
        /// An ASCII string.
        case string(String)
        /// Object numbers.
        case array([Int])
        /// (key, value) object numbers.
        case dict([(Int, Int)])
        /// Bytes written as they are.
        case raw([UInt8])
    }

    var objects: [Object]
    var top = 0
    var offsetSize = 2

    /// `{associated-domains: A1}` where each `Ai` is `[Ai+1, Ai+1]` and the last holds a string
    /// twice: `levels` arrays, 2^(levels+1) + 1 objects once expanded.
    static func dag(levels: Int) -> BPlist {
        var objects: [Object] = [.dict([(1, 2)]), .string(EntitlementsBinaryPlistTests.key)]
        for level in 0..<levels { objects.append(.array([3 + level, 3 + level])) }
        objects.append(.string("applinks:soarstarter.com"))
        return BPlist(objects: objects)
    }

    func bytes() -> [UInt8] {
        let refSize = objects.count > 255 ? 2 : 1
        func ref(_ n: Int) -> [UInt8] { refSize == 1 ? [UInt8(n & 0xFF)] : [UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] }
        func header(_ type: UInt8, _ count: Int) -> [UInt8] {
            if count < 15 { return [type << 4 | UInt8(count)] }
            return [type << 4 | 0x0F, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
        }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .string(let s): out += header(0x5, s.utf8.count) + Array(s.utf8)
            case .array(let refs): out += header(0xA, refs.count) + refs.flatMap(ref)
            case .dict(let pairs): out += header(0xD, pairs.count) + pairs.flatMap { ref($0.0) } + pairs.flatMap { ref($0.1) }
            case .raw(let bytes): out += bytes
            }
        }
        let table = out.count
        func bigEndian(_ v: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        for offset in offsets { out += bigEndian(offset, offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
            + bigEndian(objects.count, 8) + bigEndian(top, 8) + bigEndian(table, 8)
        return out
    }
}
