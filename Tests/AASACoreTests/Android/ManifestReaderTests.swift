import Foundation
import Testing
@testable import AASACore

/// The three manifest readers against the compilers' own listings of the same files
/// (`aapt dump xmltree` for binary XML, `aapt2 dump xmltree` for protobuf XML), and against
/// each other (source XML read as aapt compiles it).
@Suite struct ManifestReaderTests {
    @Test(arguments: AndroidFixtures.names)
    func binaryUTF16MatchesAaptDump(_ name: String) throws {
        let document = try BinaryXML.read(try AndroidFixtures.bytes("\(name).axml"))
        let expected = try #require(XMLTreeDump.parse(try AndroidFixtures.text("\(name).axml.xmltree")))
        #expect(XMLTreeDump.render(document.root) == expected)
        #expect(document.form == .binary)
    }

    @Test(arguments: AndroidFixtures.names)
    func binaryUTF8MatchesAaptDump(_ name: String) throws {
        let bytes = try AndroidFixtures.bytes("\(name).utf8.axml")
        // aapt2 wrote a UTF-8 pool: UTF8_FLAG (0x100) in the pool header's flags.
        #expect(bytes[24] == 0x00 && bytes[25] == 0x01)
        let document = try BinaryXML.read(bytes)
        let expected = try #require(XMLTreeDump.parse(try AndroidFixtures.text("\(name).utf8.axml.xmltree")))
        #expect(XMLTreeDump.render(document.root) == expected)
    }

    @Test(arguments: AndroidFixtures.names)
    func protobufMatchesAapt2Dump(_ name: String) throws {
        let document = try AndroidProtoXML.read(try AndroidFixtures.bytes("\(name).pb"))
        let expected = try #require(XMLTreeDump.parse(try AndroidFixtures.text("\(name).pb.xmltree"), escaped: false))
        #expect(XMLTreeDump.render(document.root, rawStrings: true) == expected)
        #expect(document.form == .protobuf)
    }
}
