import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import AASACore

/// Positions of the entries of an XML entitlements file (``PlistXMLLocator``).
@Suite struct EntitlementsLocatorTests {
    static let key = [associatedDomainsKey]

    /// Offsets of every `needle` in `text`, found by plain search (the truth the locator must
    /// match).
    static func offsets(of needle: String, in text: String) -> [Int] {
        let bytes = Array(text.utf8), n = Array(needle.utf8)
        return (0...(bytes.count - n.count)).filter { bytes[$0..<($0 + n.count)].elementsEqual(n) }
    }

    /// What `XMLParser` itself reports in `didStartElement`: the line and column of the `>` (or
    /// of the `/` of `/>`) ending the start tag, 1-based, columns in Unicode scalars — except
    /// inside CDATA, where they count bytes. ``PlistXMLLocator`` is calibrated on this.
    @Test func xmlParserReportsWhereTheStartTagEnds() {
        final class Recorder: NSObject, XMLParserDelegate {
            var seen: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String]) {
                seen.append("\(name) \(parser.lineNumber):\(parser.columnNumber)")
            }
        }
        let text = "<a>\r\n\t<b/><c\r\n  k='>'>é日😀<d>\n<![CDATA[é]]><e>x</e></c></a>"
        let recorder = Recorder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = recorder
        #expect(parser.parse())
        // <b/>: `/` at column 4 (a tab is 1 column); <c …>: its `>` on line 3, column 8 (CRLF
        // ends a line, the quoted `>` does not end the tag); <d>: `>` at 14, after 3 scalars of
        // 2, 3 and 4 bytes; <e>: `>` at 16 in scalars, reported 17 because the é in the CDATA
        // counts as its 2 bytes.
        #expect(recorder.seen == ["a 1:3", "b 2:4", "c 3:8", "d 3:14", "e 4:17"])
    }

    @Test func crlfTabsDoctypeCommentsEntitiesAndNonASCIIText() throws {
        let lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
            "<dict>",
            "\t<!-- <key>com.apple.developer.associated-domains</key><array><string>decoy</string></array> -->",
            "\t<key>com.apple.developer.associated&#x2D;domains</key>",
            "\t<array>",
            "\t\t<string>applinks:caf&#xE9;.example</string><string>webcredentials:soarstarter.com</string>",
            "\t\t<!-- é --><string>applinks:bücher.example</string>\t<string>a&amp;b</string>",
            "\t</array>",
            "</dict>",
            "</plist>",
            "",
        ]
        let text = lines.joined(separator: "\r\n")
        let file = try EntitlementsFile.read(Array(text.utf8))
        let entries = file.associatedDomains.entries
        #expect(entries.map(\.raw) == [
            "applinks:café.example", "webcredentials:soarstarter.com", "applinks:bücher.example", "a&b",
        ])
        #expect(entries.map { $0.location.map(\.description) } == ["8:3", "8:46", "9:13", "9:54"])
        let strings = Self.offsets(of: "<string>", in: text)
        #expect(entries.map { $0.location?.offset } == Array(strings[1...]))
    }

    @Test func startTagsAcrossLinesWithAttributesAndSelfClosing() {
        let text = """
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array><string
              id="a>b" note='"'
            >x</string><string/><string    /></array></dict></plist>
            """
        let got = PlistXMLLocator.arrayElementOffsets(in: Array(text.utf8), keyPath: Self.key)
        #expect(got == Self.offsets(of: "<string", in: text))
        #expect(got?.count == 3)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let text = "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key>"
            + "<array><string>applinks:soarstarter.com</string><string>x</string></array></dict></plist>"
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let got = PlistXMLLocator.arrayElementOffsets(in: bytes, keyPath: Self.key)
        #expect(got == Self.offsets(of: "<string>", in: text).map { $0 + 3 })
    }

    @Test func decodedProfileKeyPathAndRepeatedKey() {
        let text = """
            <plist version="1.0"><dict>
            <key>com.apple.developer.associated-domains</key><array><string>top</string></array>
            <key>Entitlements</key><dict>
              <key>com.apple.developer.associated-domains</key><array><string>first</string></array>
              <key>com.apple.developer.associated-domains</key><array>
                <integer>1</integer><string>second</string></array>
            </dict></dict></plist>
            """
        let strings = Self.offsets(of: "<string>", in: text)
        let integer = Self.offsets(of: "<integer>", in: text)
        #expect(PlistXMLLocator.arrayElementOffsets(in: Array(text.utf8), keyPath: Self.key) == [strings[0]])
        #expect(PlistXMLLocator.arrayElementOffsets(
            in: Array(text.utf8), keyPath: ["Entitlements", associatedDomainsKey]) == integer + [strings[2]])
        #expect(PlistXMLLocator.arrayElementOffsets(in: Array(text.utf8), keyPath: ["Other"]) == nil)
    }

    @Test func nonASCIICDATABeforeAnEntryOnItsLineGivesNoPositions() throws {
        func plist(_ array: String) -> String {
            "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key>"
                + "<array>\(array)</array></dict></plist>"
        }
        // Same line: XMLParser's column would be one too far right; no positions at all.
        let sameLine = plist("<string><![CDATA[applinks:é.example]]></string><string>applinks:a.example</string>")
        #expect(PlistXMLLocator.arrayElementOffsets(in: Array(sameLine.utf8), keyPath: Self.key) == nil)
        let file = try EntitlementsFile.read(Array(sameLine.utf8))
        #expect(file.associatedDomains.entries.map(\.raw) == ["applinks:é.example", "applinks:a.example"])
        #expect(file.associatedDomains.entries.map(\.location) == [nil, nil])

        // Shifted by 17 bytes, each reported column would land exactly on the next `<string/>`
        // tag end (the last one outside the array), which the tag check alone would accept.
        let decoy = "<plist><dict><key>com.apple.developer.associated-domains</key><array><string><![CDATA["
            + String(repeating: "é", count: 17) + "]]></string><string/>        <string/></array><string/></dict></plist>"
        #expect(PlistXMLLocator.arrayElementOffsets(in: Array(decoy.utf8), keyPath: Self.key) == nil)

        // The next line, or ASCII CDATA, keep their positions.
        for text in [
            plist("<string><![CDATA[applinks:é.example]]></string>\n<string>applinks:a.example</string>"),
            plist("<string><![CDATA[applinks:a<b]]></string><string>applinks:a.example</string>"),
        ] {
            let got = PlistXMLLocator.arrayElementOffsets(in: Array(text.utf8), keyPath: Self.key)
            #expect(got == Self.offsets(of: "<string>", in: text))
        }
    }

    /// An element that comes from an entity is reported after the entity reference, where the
    /// text holds something else: no position rather than a wrong one.
    @Test func elementsFromEntitiesAreNotPlaced() {
        for array in ["<string/>&e;>", "&e;<string>x</string>"] {
            let text = "<!DOCTYPE plist [<!ENTITY e \"<string>q</string>\">]>\n<plist><dict>"
                + "<key>com.apple.developer.associated-domains</key><array>\(array)</array></dict></plist>"
            #expect(PlistXMLLocator.arrayElementOffsets(in: Array(text.utf8), keyPath: Self.key) == nil, "\(array)")
        }
    }

    @Test func malformedXMLGivesNoPositions() {
        let good = CodeDoc.associatedDomainsPlist(["applinks:soarstarter.com", "applinks:a.example"])
        let bytes = Array(good.utf8)
        #expect(PlistXMLLocator.arrayElementOffsets(in: bytes, keyPath: Self.key)?.count == 2)
        let end = Self.offsets(of: "</plist>", in: good)[0] + "</plist>".utf8.count
        let cut = (0..<end).filter { PlistXMLLocator.arrayElementOffsets(in: Array(bytes[..<$0]), keyPath: Self.key) != nil }
        #expect(cut.isEmpty, "truncations given positions: \(cut.prefix(10))")

        let broken: [(String, [UInt8])] = [
            ("mismatched end tag", Array(good.replacingOccurrences(of: "</string>", with: "</strin>").utf8)),
            ("undefined entity", Array(good.replacingOccurrences(of: "soarstarter", with: "&soar;").utf8)),
            ("text after the root", bytes + Array("<plist/>".utf8)),
            ("unclosed comment", Array(good.replacingOccurrences(of: "<array>", with: "<array><!-- x").utf8)),
            ("invalid UTF-8", Array(good.replacingOccurrences(of: "applinks:a", with: "applinks:\u{1}").utf8)
                .map { $0 == 1 ? 0xFF : $0 }),
            ("UTF-16", Array(good.data(using: .utf16)!)),
            ("empty", []),
        ]
        for (name, input) in broken {
            #expect(PlistXMLLocator.arrayElementOffsets(in: input, keyPath: Self.key) == nil, "\(name)")
        }
    }
}
