import AASAArtifacts
@testable import AASACore
import Foundation
import SampleSupport
import Testing

/// Built apps read from disk: executables by seeking, `.app`/`.xcarchive` directories, `.ipa`
/// archives read with Core's zip directory and zlib; hostile archives refused clearly.
@Suite struct ArtifactReaderTests {
    static let shopID = "K7Q2M9XW3P.com.myshop.app"
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static func executable(_ configure: (inout SampleMachO) -> Void = { _ in }) -> [UInt8] {
        var s = SampleMachO()
        s.entitlements = ["application-identifier": .string(shopID),
                          "com.apple.developer.associated-domains": .array([.string("applinks:myshop.com")])]
        configure(&s)
        return s.bytes()
    }

    static func app(_ executable: [UInt8] = executable()) -> SampleBundle {
        var app = SampleBundle(name: "Shop.app", bundleID: "com.myshop.app", executableName: "Shop", executable: executable)
        app.nested = [("PlugIns", SampleBundle(name: "Share.appex", bundleID: "com.myshop.app.Share", executableName: "Share",
                                               executable: Self.executable { $0.entitlements = ["application-identifier": .string(shopID + ".Share")] }))]
        return app
    }

    let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-artifacts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func read(_ path: String) throws -> ArtifactReader.Reading {
        try ArtifactReader.read(path: path, label: URL(fileURLWithPath: path).lastPathComponent, now: Self.now)
    }

    func built(_ path: String) throws -> BuiltAppReading {
        guard case .builtApp(let reading, _) = try read(path) else { throw CocoaError(.fileReadCorruptFile) }
        return reading
    }

    func unreadable(_ path: String) -> String? {
        do {
            _ = try ArtifactReader.read(path: path, label: URL(fileURLWithPath: path).lastPathComponent, now: Self.now)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [true, false])
    func anIPAIsReadWithoutExtracting(deflate: Bool) throws {
        let path = dir + "/Shop.ipa"
        try SampleArchive.writeZip(Self.app().files(under: "Payload"), to: path, deflate: deflate)
        let reading = try built(path)
        #expect(reading.unreadable.isEmpty)
        #expect(reading.subjects.map(\.source.description) == ["Shop.ipa:Payload/Shop.app", "Shop.ipa:Payload/Shop.app/PlugIns/Share.appex"])
        #expect(reading.subjects.first?.file.associatedDomains.entries.map(\.raw) == ["applinks:myshop.com"])
        // Nothing was written next to the archive.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Shop.ipa"])
    }

    @Test func appAndXcarchiveDirectoriesAndExecutables() throws {
        try SampleArchive.writeDirectory(Self.app().files(under: ""), to: dir)
        let app = try built(dir + "/Shop.app")
        #expect(app.subjects.map(\.source.description) == ["Shop.app", "Shop.app:PlugIns/Share.appex"])
        try SampleArchive.writeDirectory(Self.app().files(under: "Products/Applications"), to: dir + "/Shop.xcarchive")
        let archive = try built(dir + "/Shop.xcarchive")
        #expect(archive.subjects.first?.source.description == "Shop.xcarchive:Products/Applications/Shop.app")
        // The executable itself, thin and universal.
        let thin = try built(dir + "/Shop.app/Shop")
        #expect(thin.subjects.map(\.source.description) == ["Shop"])
        let fat = dir + "/Fat"
        var intel = SampleMachO()
        intel.arch = .x86_64
        intel.entitlements = [:]
        try Data(SampleMachO.universal([SampleMachO(), intel])).write(to: URL(fileURLWithPath: fat))
        #expect(try built(fat).subjects.map(\.source.description) == ["Fat (arm64)", "Fat (x86_64)"])
        // A directory without an app.
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        #expect(unreadable(dir + "/empty")?.hasPrefix("empty: is a directory that holds no app") == true)
        // Entitlements files still read as before.
        try Data(CodeDoc.associatedDomainsPlist(["applinks:myshop.com"]).utf8).write(to: URL(fileURLWithPath: dir + "/A.entitlements"))
        guard case .entitlements(let file, let xml) = try read(dir + "/A.entitlements") else { throw CocoaError(.fileReadCorruptFile) }
        #expect(file.associatedDomains.entries.first?.location?.line == 7)
        #expect(xml != nil)
    }

    @Test func aMemberNamedOutsideTheArchiveIsRefused() throws {
        let path = dir + "/slip.ipa"
        try SampleArchive.writeZip(Self.app().files(under: "Payload") + [("../x", [1, 2, 3])], to: path)
        #expect(unreadable(path) == "slip.ipa: malformed: slip.ipa holds a member named `../x`, a path outside the archive; "
            + "it is refused (no tool that builds an app writes such a path)")
        try SampleArchive.writeZip([("Payload/../../etc/passwd", [1])], to: path)
        #expect(unreadable(path)?.contains("a path outside the archive") == true)
        try SampleArchive.writeZip([("/Payload/Shop.app/Shop", [1])], to: path)
        #expect(unreadable(path)?.contains("a path outside the archive") == true)
    }

    @Test func zipBombsAreRefusedBeforeTheyExpand() throws {
        let path = dir + "/bomb.ipa"
        // A member that declares 3 GB: refused before any byte is decompressed.
        try SampleArchive.writeZip(Self.app().files(under: "Payload"), to: path)
        try SampleArchive.patchDeclaredSize(zip: path, member: "Payload/Shop.app/Shop", to: 3_000_000_000)
        let huge = try built(path)
        #expect(huge.unreadable == ["bomb.ipa:Payload/Shop.app: too large: bomb.ipa:Payload/Shop.app/Shop is 3000000000 bytes "
            + "uncompressed; members of an archive are read up to 1073741824 bytes (reading one means decompressing it)"])
        // 16 MB of zeros as Info.plist (16 KB compressed): beyond the Info.plist limit.
        var zeros = Self.app().files(under: "Payload")
        zeros[0].1 = [UInt8](repeating: 0, count: 16 << 20)
        try SampleArchive.writeZip(zeros, to: path)
        let zipSize = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        #expect(zipSize < 200_000)
        let plist = try built(path)
        #expect(plist.unreadable.first?.contains("Info.plist (bomb.ipa:Payload/Shop.app/Info.plist) is 16777216 bytes; at most 1048576 are read") == true)
        // 64 MB of zeros as the executable: not Mach-O, said after its first bytes.
        var exe = Self.app().files(under: "Payload")
        exe[1].1 = [UInt8](repeating: 0, count: 64 << 20)
        try SampleArchive.writeZip(exe, to: path)
        #expect(try built(path).unreadable.first?.contains("not a Mach-O executable: binary data that starts 00 00 00 00") == true)
        // A member that declares more than it holds ends as cut short, not as garbage.
        try SampleArchive.writeZip(Self.app().files(under: "Payload"), to: path)
        let size = Self.executable().count
        try SampleArchive.patchDeclaredSize(zip: path, member: "Payload/Shop.app/Shop", to: UInt32(size + 100_000))
        let lying = try built(path)
        #expect(lying.subjects.map(\.bundleID) == ["com.myshop.app.Share"])
        #expect(lying.unreadable.count == 1)
    }

    @Test func aMemberIsReadForwardAndAgainFromItsStart() throws {
        let path = dir + "/Shop.ipa"
        let bytes = Self.executable { $0.codeSize = 300_000 }
        try SampleArchive.writeZip([("Payload/Shop.app/Shop", bytes)], to: path)
        let tree = try ZipTree(path: path, name: "Shop.ipa")
        let source = try tree.open("Payload/Shop.app/Shop")
        #expect(source.size == bytes.count)
        #expect(try source.read(100_000..<100_010) == Array(bytes[100_000..<100_010]))
        #expect(try source.read(200_000..<270_000) == Array(bytes[200_000..<270_000]))
        // Backwards: read again from the start.
        #expect(try source.read(10..<20) == Array(bytes[10..<20]))
        #expect(try source.read(0..<bytes.count) == bytes)
        #expect(try tree.contents(of: "Payload") == [TreeItem(name: "Shop.app", isDirectory: true)])
        #expect(try tree.contents(of: "Payload/Shop.app") == [TreeItem(name: "Shop", isDirectory: false, size: bytes.count)])
        #expect(try tree.contents(of: "nowhere") == nil)
    }

    @Test func otherZipsAndBrokenFiles() throws {
        let path = dir + "/docs.zip"
        try SampleArchive.writeZip([("README.md", Array("hello".utf8))], to: path)
        #expect(unreadable(path) == "docs.zip: a zip archive without Payload/*.app: not an .ipa")
        // A zip cut in half.
        try SampleArchive.writeZip(Self.app().files(under: "Payload"), to: path)
        let half = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(2000)
        try half.write(to: URL(fileURLWithPath: path))
        #expect(unreadable(path) != nil)
        #expect(unreadable(dir + "/missing") == "missing: no such file")
    }
}
