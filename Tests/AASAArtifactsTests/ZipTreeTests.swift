@testable import AASAArtifacts
import AASACore
import Foundation
import SampleSupport
import Testing

/// Zip members read through zlib (issues 22 and 23): stored members in place, deflated ones as
/// a bounded stream with their CRC-32 checked, the inflation budget of an archive, and gzip
/// files for sitemaps.
@Suite struct ZipTreeTests {
    /// Bytes that deflate, but not to nothing: numbered lines.
    static func sample(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 16)
        var line = 0
        while out.count < count {
            out += Array("line \(line * 7919 % 100_003)\n".utf8)
            line += 1
        }
        return Array(out[0..<count])
    }

    static func tree(_ files: [(String, [UInt8])], deflate: Bool = true, budget: Int = ZipTree.maxInflatedBytes,
                     patch: (inout [UInt8]) -> Void = { _ in }) throws -> ZipTree {
        var bytes = SampleArchive.zip(files, deflate: deflate)
        patch(&bytes)
        return try ZipTree(source: MemorySource(bytes, name: "t.zip"), inflationBudget: budget)
    }

    func error(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test(arguments: [true, false])
    func readsInAnyOrderGiveTheMembersBytes(deflate: Bool) throws {
        let data = Self.sample(700_000)
        let tree = try Self.tree([("big.bin", data), ("small.txt", Array("hi".utf8))], deflate: deflate)
        let big = try tree.open("big.bin")
        #expect(big.size == data.count)
        #expect((big is DeflatedMemberSource) == deflate)
        #expect(try big.read(0..<4) == Array(data[0..<4]))
        #expect(try big.read(0..<32) == Array(data[0..<32]))             // a header read again, whole: kept
        #expect(try big.read(100_000..<100_010) == Array(data[100_000..<100_010]))
        #expect(try big.read(65_530..<65_540) == Array(data[65_530..<65_540]))   // back a little, across a chunk
        #expect(try big.read(699_990..<700_000) == Array(data[699_990..<700_000]))
        #expect(try big.read(10..<20) == Array(data[10..<20]))           // far back: the stream starts again
        #expect(try big.read(0..<data.count) == data)
        #expect(try big.read(5..<5) == [])
        #expect(throws: ContainerError.self) { try big.read(699_999..<700_001) }
        #expect(try tree.readAll("small.txt", limit: 10, what: "it") == Array("hi".utf8))
        #expect(throws: ContainerError.unsupported("t.zip has no member nothing")) { try tree.open("nothing") }
    }

    @Test func aWrongCRCIsFoundWhenAMemberIsReadToItsEnd() throws {
        let data = Self.sample(200_000)
        for deflate in [true, false] {
            // The CRC-32 of the central header (at 16) and the local header (at 14).
            let tree = try Self.tree([("m", data)], deflate: deflate) { bytes in
                let cd = bytes.count - 22 - 47
                bytes[cd + 16] ^= 1
                bytes[14] ^= 1
            }
            let m = try tree.open("m")
            #expect(try m.read(0..<1_000) == Array(data[0..<1_000]))   // not at the end yet
            #expect(error { _ = try m.read(0..<data.count) }?.contains("CRC-32") == true)
        }
    }

    @Test func sizesThatLieAreCaught() throws {
        let data = Self.sample(300_000)
        let declared = { (size: UInt32) throws -> ZipTree in
            try Self.tree([("m", data)]) { bytes in
                let cd = bytes.count - 22 - 47
                for k in 0..<4 { bytes[cd + 24 + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(k))) }
            }
        }
        // Declares more than it holds: cut short where the deflate stream ends.
        #expect(error { _ = try declared(400_000).open("m").read(0..<400_000) }
            == "cut short: t.zip:m: its deflate stream ends after 300000 of its declared 400000 bytes")
        // Declares less: never inflated past the declared size, and said so at its end.
        let less = try declared(100_000).open("m")
        #expect(error { _ = try less.read(0..<100_000) } == "malformed: t.zip:m inflates to more than its declared 100000 bytes; the archive lies about its size")
        // Compressed bytes cut: the stream runs out.
        let cut = try Self.tree([("m", data), ("n", [1])]) { bytes in
            let cd = bytes.count - 22 - 2 * 47
            let compressed = Int(bytes[cd + 20]) | Int(bytes[cd + 21]) << 8 | Int(bytes[cd + 22]) << 16
            let smaller = compressed / 2
            for k in 0..<4 { bytes[cd + 20 + k] = UInt8(truncatingIfNeeded: smaller >> (8 * k)) }
        }
        #expect(error { _ = try cut.open("m").read(0..<300_000) }?.contains("compressed bytes end after") == true)
        // Garbage instead of deflate data.
        let garbage = try Self.tree([("m", data)]) { bytes in
            for i in 31..<60 { bytes[i] = 0xFF }
        }
        #expect(error { _ = try garbage.open("m").read(0..<300_000) }?.hasPrefix("malformed: t.zip:m cannot be inflated: ") == true)
    }

    @Test func methodsAndFlagsThatAreNotReadSaySo() throws {
        let other = try Self.tree([("m", Self.sample(1_000))]) { bytes in
            let cd = bytes.count - 22 - 47
            bytes[cd + 10] = 12
        }
        #expect(error { _ = try other.open("m") } == "t.zip:m is compressed with method 12; only stored and deflated members are read")
        let encrypted = try Self.tree([("m", Self.sample(1_000))]) { bytes in
            let cd = bytes.count - 22 - 47
            bytes[cd + 8] |= 1
        }
        #expect(error { _ = try encrypted.open("m") } == "t.zip:m is encrypted; encrypted members are not read")
        let huge = try Self.tree([("m", Self.sample(1_000))]) { bytes in
            let cd = bytes.count - 22 - 47
            for k in 0..<4 { bytes[cd + 24 + k] = 0x7F }
        }
        #expect(error { _ = try huge.open("m") }?.contains("members of an archive are read up to 1073741824 bytes") == true)
    }

    /// Issue 22's second kind at test scale: a code signature after a run of zeros costs the
    /// inflation of the run, and an archive's reads stop at their budget with a clear error
    /// (the 1 GiB case is a row of scripts/bench-limits.sh).
    @Test func theInflationBudgetOfAnArchiveIsEnforced() throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20) + Array("signature".utf8)
        let tree = try Self.tree([("a", zeros), ("b", zeros)], budget: 12 << 20)
        let a = try tree.open("a")
        #expect(try a.read((8 << 20)..<(8 << 20) + 9) == Array("signature".utf8))
        let b = try tree.open("b")
        let message = error { _ = try b.read((8 << 20)..<(8 << 20) + 9) }
        #expect(message == "too large: t.zip:b: reading it would inflate more than the 12582912 bytes the members of t.zip may inflate "
            + "in all (deflate data is read from its start, so a read near the end of a large member costs all of it); the rest of the archive is not read")
        // Its neighbour: a stored member of the same size costs nothing to read at its end.
        let stored = try Self.tree([("a", zeros), ("b", zeros)], deflate: false, budget: 1)
        #expect(try stored.open("b").read((8 << 20)..<(8 << 20) + 9) == Array("signature".utf8))
    }

    @Test func gzipFilesAreReadMemberAfterMember() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-gz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", """
            cd '\(dir)' && printf 'first ' | gzip > two.gz && printf 'second' | gzip >> two.gz && \
            cp two.gz trailing.gz && printf 'junk' >> trailing.gz && head -c 30 two.gz > cut.gz && \
            printf 'plain text' > plain.txt && printf '' | gzip > empty.gz && \
            printf '\\037\\213\\010\\000\\000\\000\\000\\000\\000\\003garbage-garbage' > corrupt.gz
            """]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        func readAll(_ name: String) -> (String, String?, Bool) {
            guard let reader = try? GzipFileReader(path: dir + "/" + name) else { return ("", "cannot open", false) }
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 3)
            while true {
                let n = buffer.withUnsafeMutableBytes { reader.read(into: $0) }
                if n <= 0 { return (String(decoding: out, as: UTF8.self), n < 0 ? reader.failure : nil, reader.isGzip) }
                out += buffer[0..<n]
            }
        }
        #expect(readAll("two.gz") == ("first second", nil, true))
        #expect(readAll("trailing.gz") == ("first second", nil, true))
        #expect(readAll("plain.txt") == ("plain text", nil, false))
        #expect(readAll("empty.gz") == ("", nil, true))
        #expect(readAll("cut.gz").1 == "the gzip data is cut short: the file ends inside its gzip stream")
        #expect(readAll("corrupt.gz").1?.hasPrefix("the gzip data is corrupt: ") == true)
    }
}
