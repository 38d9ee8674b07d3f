import Testing
@testable import AASACore

/// XMLParserGuard: what it rewrites (and what it leaves alone), byte for byte, whole and in chunks.
@Suite struct XMLParserGuardTests {
    /// (text, what the parser must be given)
    static let table: [(String, String)] = [
        // Instructions with data, the declaration and the stylesheet of real sitemaps: untouched.
        (#"<?xml version="1.0" encoding="UTF-8"?><a/>"#, #"<?xml version="1.0" encoding="UTF-8"?><a/>"#),
        (#"<?xml-stylesheet type="text/xsl" href="s.xsl"?><a/>"#, #"<?xml-stylesheet type="text/xsl" href="s.xsl"?><a/>"#),
        ("\n<?xml version=\"1.0\"?><a/>", "\n<?xml version=\"1.0\"?><a/>"),
        ("<a><?pi data?></a>", "<a><?pi data?></a>"),
        ("<a><?pi ?></a>", "<a><?pi ?></a>"),
        // Without data: the target's last character becomes a space.
        ("<a><?ab?></a>", "<a><?a ?></a>"),
        ("<?xm?><a/>", "<?x ?><a/>"),
        ("<a><?abc?>x</a>", "<a><?ab ?>x</a>"),
        ("<a><?aé?></a>", "<a><?a  ?></a>"),
        // …two when `xml` would be left; `<?xml?>` keeps an error; one character: spaces.
        ("<a><?xmlx?></a>", "<a><?xm  ?></a>"),
        ("<a><?XML?></a>", "<a><?   ?></a>"),
        ("<a>x<?a?>y</a>", "<a>x     y</a>"),
        ("<a><?é?></a>", "<a>      </a>"),
        // Not an instruction without data: no target, or a `?` not followed by `>`.
        ("<a><??></a>", "<a><??></a>"),
        ("<a><?a?b?></a>", "<a><?a?b?></a>"),
        ("<a><? a?></a>", "<a><? a?></a>"),
        // Inside comments, CDATA and another instruction's data: text, never rewritten.
        ("<a><!-- <?ab?> --></a>", "<a><!-- <?ab?> --></a>"),
        ("<a><![CDATA[<?ab?>]]></a>", "<a><![CDATA[<?ab?>]]></a>"),
        ("<a><?pi <!-- ?><?ab?></a>", "<a><?pi <!-- ?><?a ?></a>"),
        ("<a><!-- x -- y --><?ab?></a>", "<a><!-- x -- y --><?a ?></a>"),
        // A DOCTYPE keeps its name and identifiers; its internal subset becomes spaces.
        (#"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x[y"><a/>"#, #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x[y"><a/>"#),
        ("<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED>]><a/>", "<!DOCTYPE a [" + spaces(29) + "]><a/>"),
        ("<!DOCTYPE a [\n<!ENTITY e \"]>\">\n]>\n<a>&e;</a>", "<!DOCTYPE a [\n                \n]>\n<a>&e;</a>"),
        ("<!DOCTYPE a [<!-- ] --><!NOTATION n SYSTEM 'x'>]><a/>", "<!DOCTYPE a [" + spaces(34) + "]><a/>"),
    ]

    static func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

    @Test(arguments: table)
    func rewritesWhole(_ text: String, _ expected: String) {
        let out = XMLParserGuard.rewritten(Array(text.utf8))
        #expect(String(decoding: out, as: UTF8.self) == expected)
        #expect(out.count == text.utf8.count)
    }

    /// Cut anywhere, fed in two pieces or a byte at a time, the text comes out the same.
    @Test(arguments: table)
    func rewritesTheSameInAnyChunks(_ text: String, _ expected: String) {
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var guardian = XMLParserGuard()
            var out = guardian.feed(Array(bytes[..<cut]))
            out += guardian.feed(Array(bytes[cut...]))
            out += guardian.finish()
            #expect(String(decoding: out, as: UTF8.self) == expected, "cut at \(cut)")
        }
        var guardian = XMLParserGuard()
        var out: [UInt8] = []
        for b in bytes { out += guardian.feed([b]) }
        out += guardian.finish()
        #expect(String(decoding: out, as: UTF8.self) == expected, "a byte at a time")
    }

    /// A target longer than what is held back loses its second character, whatever follows.
    @Test func aLongTargetLosesItsSecondCharacter() {
        let name = String(repeating: "n", count: XMLParserGuard.longestHeldTarget + 10)
        let out = XMLParserGuard.rewritten(Array("<a><?\(name)?></a>".utf8))
        #expect(String(decoding: out, as: UTF8.self) == "<a><?n \(name.dropFirst(2))?></a>")
    }

    /// The property list locator reads through the guard and still finds each element where it
    /// is in the original text, after rewritten instructions on the same line.
    @Test func positionsStayThoseOfTheOriginalText() throws {
        let plist = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><?ab?><dict><key>k</key><?aé?><array>"
            + "<string>applinks:one.example</string><?é?><string>applinks:two.example</string></array></dict></plist>\n"
        let bytes = Array(plist.utf8)
        let offsets = try #require(PlistXMLLocator.arrayElementOffsets(in: bytes, keyPath: ["k"]))
        let expected = ["<string>applinks:one", "<string>applinks:two"].map { needle in
            plist.utf8.firstRange(of: needle.utf8).map { plist.utf8.distance(from: plist.utf8.startIndex, to: $0.lowerBound) }
        }
        #expect(offsets == expected.compactMap { $0 })
        #expect(offsets.count == 2)
    }
}
