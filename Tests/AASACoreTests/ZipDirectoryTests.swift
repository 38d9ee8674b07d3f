import AASAArtifacts
import Foundation
import SampleSupport
import Testing
@testable import AASACore

/// Core's zip directory (issues 22 and 23): end records, ZIP64, central directory headers,
/// local headers, the layout the APK Signing Block is found by, the path index, and every
/// hostile archive refused with a clear error.
@Suite struct ZipDirectoryTests {
    static let files: [(String, [UInt8])] = [
        ("Payload/Shop.app/Info.plist", Array("<plist/>".utf8)),
        ("Payload/Shop.app/Shop", [UInt8](repeating: 7, count: 5_000)),
        ("Payload/Shop.app/PlugIns/Share.appex/Share", Array("share".utf8)),
    ]

    func directory(_ bytes: [UInt8], limits: ZipDirectory.Limits = .standard) throws -> ZipDirectory {
        try ZipDirectory(reading: MemorySource(bytes, name: "x.zip"), limits: limits)
    }

    func failure(_ bytes: [UInt8], limits: ZipDirectory.Limits = .standard) -> ContainerError? {
        do {
            _ = try ZipDirectory(reading: MemorySource(bytes, name: "x.zip"), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// Little-endian fields of an archive, for patching.
    static func put32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
    }

    static func put16(_ bytes: inout [UInt8], _ at: Int, _ value: UInt16) {
        bytes[at] = UInt8(value & 0xFF)
        bytes[at + 1] = UInt8(value >> 8)
    }

    @Test(arguments: [false, true])
    func theLayoutAndEveryMemberAreRead(zip64: Bool) throws {
        let bytes = SampleArchive.zip(Self.files, deflate: false, zip64: zip64)
        let source = MemorySource(bytes, name: "x.zip")
        let d = try ZipDirectory(reading: source)
        #expect(d.entries.map(\.path) == Self.files.map(\.0))
        #expect(d.entries.map(\.uncompressedSize) == [8, 5_000, 5])
        #expect(d.entries.allSatisfy { $0.method == .stored && !$0.isDirectory && !$0.isEncrypted })
        // The layout: the central directory ends where the end records start, which end the file.
        let eocd = bytes.count - 22
        #expect(d.layout.endOfCentralDirectoryOffset == eocd)
        #expect(d.layout.commentLength == 0)
        #expect(d.layout.zip64RecordOffset == (zip64 ? eocd - 20 - 56 : nil))
        #expect(d.layout.centralDirectoryEnd == (zip64 ? eocd - 20 - 56 : eocd))
        let local = 30 * 3 + Self.files.reduce(0) { $0 + $1.0.utf8.count + $1.1.count } + (zip64 ? 3 * 20 : 0)
        #expect(d.layout.centralDirectoryOffset == local)
        for (entry, file) in zip(d.entries, Self.files) {
            let window = try d.storedSource(of: entry, in: source)
            #expect(try window.read(0..<window.size) == file.1)
        }
        #expect(try d.storedSource(of: d.entries[1], in: source).read(4_990..<5_000) == [UInt8](repeating: 7, count: 10))
    }

    @Test func theEndRecordIsTheLastWhoseCommentReachesTheEnd() throws {
        var bytes = SampleArchive.zip(Self.files, deflate: false)
        let comment = Array("built by hand; PK\u{5}\u{6} inside".utf8)
        Self.put16(&bytes, bytes.count - 2, UInt16(comment.count))
        bytes += comment
        let d = try directory(bytes)
        #expect(d.layout.commentLength == comment.count)
        #expect(d.layout.endOfCentralDirectoryOffset == bytes.count - 22 - comment.count)
        #expect(d.entries.count == 3)
        // A comment length that does not reach the end: no end record at all.
        Self.put16(&bytes, bytes.count - 22 - comment.count + 20, UInt16(comment.count - 1))
        #expect(failure(bytes)?.description.contains("has no end of central directory record") == true)
    }

    @Test func directoriesAreListedInTimeLinearInThePaths() throws {
        var files = Self.files
        files.append(("Payload/Shop.app/Frameworks/", []))
        files.append(("Payload/Shop.app//Extra//x", [1]))
        let d = try directory(SampleArchive.zip(files, deflate: false))
        #expect(d.entries[3].isDirectory && d.entries[3].path == "Payload/Shop.app/Frameworks")
        #expect(d.entries[4].path == "Payload/Shop.app/Extra/x" && d.entries[4].rawName == "Payload/Shop.app//Extra//x")
        let index = ZipPathIndex(d)
        #expect(index.contents(of: "") == [TreeItem(name: "Payload", isDirectory: true)])
        #expect(index.contents(of: "Payload/Shop.app")?.map(\.name) == ["Extra", "Frameworks", "Info.plist", "PlugIns", "Shop"])
        #expect(index.contents(of: "Payload/Shop.app")?.first { $0.name == "Shop" } == TreeItem(name: "Shop", isDirectory: false, size: 5_000))
        #expect(index.contents(of: "Payload/Shop.app/Frameworks") == [])
        #expect(index.contents(of: "Payload/Shop.app/Shop") == nil)
        #expect(index.contents(of: "Payload/Nothing") == nil)
        #expect(d.entry("Payload/Shop.app/Extra/x")?.uncompressedSize == 1)
        #expect(d.entry("Payload/Shop.app/Frameworks") == nil)
    }

    /// Issue 22's deep paths: 16,000 levels took libarchive 13 s and 279 MB. The default caps
    /// (4,096 bytes, 256 levels) refuse them at once; with the cap lifted, the index is built (linearly: each
    /// component is hashed once) and lists the deepest directory.
    @Test func sixteenThousandLevelsAreRefusedAndAreCheapWhenAllowed() throws {
        let deep = (0..<16_000).map { _ in "d" }.joined(separator: "/")
        let bytes = SampleArchive.zip([(deep + "/f", [1]), ("Payload/Shop.app/Shop", [2])], deflate: false)
        #expect(failure(bytes)?.description == "too large: x.zip: member 1's path is 32001 bytes; paths of at most 4096 bytes are read")
        let levels300 = (0..<300).map { _ in "d" }.joined(separator: "/")
        #expect(failure(SampleArchive.zip([(levels300, [1])], deflate: false))?.description
            == "too large: x.zip holds a member more than 256 directories deep; paths that deep are not read")
        var limits = ZipDirectory.Limits()
        limits.maxPathDepth = 20_000
        limits.maxPathBytes = 65_535
        let d = try directory(bytes, limits: limits)
        let index = ZipPathIndex(d)
        #expect(index.contents(of: deep) == [TreeItem(name: "f", isDirectory: false, size: 1)])
        #expect(index.contents(of: "d/d/d") == [TreeItem(name: "d", isDirectory: true)])
        // The neighbour: many members just under the cap, all listed.
        let near = (0..<250).map { "n\($0)" }.joined(separator: "/")
        let many = SampleArchive.zip((0..<200).map { (near + "/f\($0)", [UInt8($0 & 0xFF)]) }, deflate: false)
        let n = try directory(many)
        #expect(n.entries.count == 200)
        #expect(ZipPathIndex(n).contents(of: near)?.count == 200)
    }

    @Test(arguments: [
        ("../x", "a path outside the archive"),
        ("Payload/../../etc/passwd", "a path outside the archive"),
        ("/Payload/Shop.app/Shop", "a path outside the archive"),
        ("Payload\\..\\x", "a path outside the archive"),
        ("\\x", "a path outside the archive"),
        ("a\u{0}b", "has a NUL byte"),
    ])
    func pathsThatLeaveTheArchiveAreRefused(name: String, message: String) {
        let error = failure(SampleArchive.zip(Self.files + [(name, [1])], deflate: false))
        #expect(error?.description.contains(message) == true)
        guard case .malformed = error else { Issue.record("not malformed: \(String(describing: error))"); return }
    }

    @Test func namesThatLookOddButStayInsideAreKept() throws {
        let d = try directory(SampleArchive.zip([("a..b/..c/x..", [1]), ("dir\\file", [2]), ("./y", [3])], deflate: false))
        #expect(d.entries.map(\.path) == ["a..b/..c/x..", "dir\\file", "./y"])
    }

    @Test func boundsOnCountsAndSizes() {
        var limits = ZipDirectory.Limits()
        limits.maxMembers = 2
        #expect(failure(SampleArchive.zip(Self.files, deflate: false), limits: limits)?.description
            == "too large: x.zip lists 3 members; at most 2 are read")
        limits = ZipDirectory.Limits()
        limits.maxCentralDirectoryBytes = 100
        #expect(failure(SampleArchive.zip(Self.files, deflate: false), limits: limits)?.description.contains("central directory is") == true)
        let long = String(repeating: "x", count: 4_097)
        #expect(failure(SampleArchive.zip([(long, [1])], deflate: false))?.description
            == "too large: x.zip: member 1's path is 4097 bytes; paths of at most 4096 bytes are read")
        #expect(failure([UInt8](repeating: 0, count: 10))?.description.contains("too short to be a zip archive") == true)
        #expect(failure([UInt8](repeating: 0, count: 100_000))?.description.contains("no end of central directory record") == true)
    }

    @Test func twoMembersOfOneNameAreRefused() {
        let error = failure(SampleArchive.zip([("AndroidManifest.xml", [1]), ("classes.dex", [2]), ("AndroidManifest.xml", [3])], deflate: false))
        #expect(error?.description == "malformed: x.zip holds two members named `AndroidManifest.xml` (1 and 3); it is refused: "
            + "which one a reader takes differs between tools, and Android refuses such an APK")
    }

    @Test func membersThatShareBytesAreRefused() {
        // The second central header points at the first member's local header.
        var bytes = SampleArchive.zip([("a", [UInt8](repeating: 1, count: 100)), ("b", [UInt8](repeating: 1, count: 100))], deflate: false)
        let cd = bytes.count - 22 - 2 * (46 + 1)
        Self.put32(&bytes, cd + 47 + 42, 0)
        #expect(failure(bytes)?.description.contains("overlaps member") == true)
    }

    @Test func brokenOffsetsAndHeadersAreClearErrors() throws {
        let good = SampleArchive.zip(Self.files, deflate: false)
        let eocd = good.count - 22
        // The central directory placed past the end record.
        var bytes = good
        Self.put32(&bytes, eocd + 16, UInt32(good.count))
        #expect(failure(bytes)?.description.contains("does not end before the end record") == true)
        // A member count the directory cannot hold.
        bytes = good
        Self.put16(&bytes, eocd + 8, 60_000)
        Self.put16(&bytes, eocd + 10, 60_000)
        #expect(failure(bytes)?.description.contains("too small for them") == true)
        // Split archives are not read.
        bytes = good
        Self.put16(&bytes, eocd + 4, 1)
        #expect(failure(bytes)?.description.contains("spans several disks") == true)
        // Saturated fields without a ZIP64 locator.
        bytes = good
        Self.put32(&bytes, eocd + 16, 0xFFFF_FFFF)
        #expect(failure(bytes)?.description.contains("no ZIP64 locator") == true)
        // A local header whose name differs from the central one.
        bytes = good
        bytes[30] = UInt8(ascii: "Q")
        let d = try directory(bytes)
        let source = MemorySource(bytes, name: "x.zip")
        #expect(throws: ContainerError.malformed("x.zip:Payload/Shop.app/Info.plist: its local header names `Qayload/Shop.app/Info.plist`; "
            + "the central directory and the local header must agree")) { try d.dataRange(of: d.entries[0], in: source) }
        // No local header where the central directory points.
        bytes = good
        bytes[0] = 0
        let d2 = try directory(bytes)
        #expect(throws: ContainerError.malformed("x.zip:Payload/Shop.app/Info.plist: no local file header at byte 0, where the central directory points")) {
            try d2.dataRange(of: d2.entries[0], in: MemorySource(bytes, name: "x.zip"))
        }
        // Cut anywhere: an error, never a crash.
        for cut in stride(from: 0, to: good.count, by: 37) {
            let prefix = Array(good[0..<cut])
            if let d = try? directory(prefix) {
                for e in d.entries { _ = try? d.storedSource(of: e, in: MemorySource(prefix)).read(0..<e.uncompressedSize) }
            }
        }
    }

    /// Archives written by another zip writer, Python's `zipfile` (deflated, stored, ZIP64
    /// extra fields, a comment, a directory entry, data descriptors from streaming writes).
    @Test func archivesWrittenByPythonAreRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-zip-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = """
        import zipfile, sys
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("res/", b"")
            z.writestr(zipfile.ZipInfo("stored.txt"), b"plain text", compress_type=zipfile.ZIP_STORED)
            z.writestr("deflated.bin", bytes(range(256)) * 100, compress_type=zipfile.ZIP_DEFLATED)
            with z.open("streamed.txt", "w", force_zip64=True) as f:
                f.write(b"written as a stream" * 10)
            z.comment = b"a comment"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, dir + "/p.zip"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/p.zip")))
        let d = try directory(bytes)
        #expect(d.entries.map(\.path) == ["res", "stored.txt", "deflated.bin", "streamed.txt"])
        #expect(d.entries.map(\.isDirectory) == [true, false, false, false])
        #expect(d.entries.map(\.method) == [.stored, .stored, .deflated, .stored])
        #expect(d.entries.map(\.uncompressedSize) == [0, 10, 25_600, 190])
        #expect(d.layout.commentLength == 9)
        let source = MemorySource(bytes, name: "p.zip")
        #expect(try d.storedSource(of: d.entries[1], in: source).read(0..<10) == Array("plain text".utf8))
        #expect(try d.storedSource(of: d.entries[3], in: source).read(0..<19) == Array("written as a stream".utf8))
        #expect(try d.dataRange(of: d.entries[2], in: source).count == d.entries[2].compressedSize)
    }
}
