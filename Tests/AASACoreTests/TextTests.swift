import Foundation
import Testing
@testable import AASACore

/// The text utilities every finding and format goes through.
@Suite struct TextTests {
    /// Text of code points a Swift literal cannot hold (noncharacters).
    static func scalars(_ values: UInt32...) -> String { String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init))) }

    @Test(arguments: [
        ("plain text, ünïcödé and emoji 😀", "plain text, ünïcödé and emoji 😀"),
        ("a\u{1B}[31mred", "a\\u{1B}[31mred"),
        ("tab\there\nline\rend", "tab\\there\\nline\\rend"),
        ("del\u{7F} c1\u{85}\u{9B}", "del\\u{7F} c1\\u{85}\\u{9B}"),
        // Bidirectional controls reorder what is shown (Trojan Source).
        ("admin\u{202E}txt.exe", "admin\\u{202E}txt.exe"),
        ("\u{2066}x\u{2069}\u{200E}\u{200F}\u{61C}", "\\u{2066}x\\u{2069}\\u{200E}\\u{200F}\\u{61C}"),
        // Invisible characters make two strings look alike.
        ("exa\u{200B}mple.com\u{FEFF}\u{AD}", "exa\\u{200B}mple.com\\u{FEFF}\\u{AD}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
        ("non" + TextTests.scalars(0xFFFE, 0xFFFF, 0xFDD0), "non\\u{FFFE}\\u{FFFF}\\u{FDD0}"),
    ])
    func escapeMakesEveryUnsafeCharacterVisible(input: String, shown: String) {
        #expect(SafeText.escape(input) == shown)
        #expect(!SafeText.escape(input).unicodeScalars.contains(where: SafeText.isUnsafe))
    }

    @Test func escapeKeepsLineFeedsWhenAskedAndCutsAtALimit() {
        #expect(SafeText.escape("a\nb\u{7}", keepNewlines: true) == "a\nb\\u{7}")
        #expect(SafeText.escape("abcdef", limit: 3) == "abc…")
        #expect(SafeText.escape("abc", limit: 3) == "abc")
        #expect(SafeText.escape("\u{1}\u{1}\u{1}\u{1}", limit: 2) == "\\u{1}\\u{1}…")
    }

    @Test func hexIsUpperCaseAndPadded() {
        #expect(Hex.format(0x1B) == "1B")
        #expect(Hex.format(0x7, width: 2) == "07")
        #expect(Hex.format(UInt32(0xE9), width: 4) == "00E9")
        #expect(Hex.format(0x2028, width: 4, uppercase: false) == "2028")
        #expect(Hex.format(0xABCDE, width: 4) == "ABCDE")
        #expect(Hex.bytes([0x4D, 0x5A, 0x00]) == "4D 5A 00")
    }

    @Test func percentEncodingEncodesEachByteNotKept() {
        #expect(PercentEncoding.encode("my file#1?.json") { PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "/") } == "my%20file%231%3F.json")
        #expect(PercentEncoding.encode("café") { PercentEncoding.isUnreserved($0) } == "caf%C3%A9")
        #expect(PercentEncoding.encode("/path") { _ in true } == "/path")
        #expect(URLParts.encodeUnsafe("/a b/é\"<>`") == "/a%20b/%C3%A9%22%3C%3E%60")
    }

    @Test(arguments: [
        ("applinks", "applinks", 0), ("applinsk", "applinks", 1), ("app links", "applinks", 1),
        ("aplinks", "applinks", 1), ("webcredentails", "webcredentials", 1), ("", "abc", 3), ("abc", "", 3),
        ("kitten", "sitting", 3), ("ca", "abc", 3),
    ])
    func editDistanceCountsTranspositionsAsOneEdit(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a, b) == distance)
        #expect(EditDistance.between(b, a) == distance)
    }

    @Test func editDistanceOfVeryLongTextIsNeverNear() {
        let long = String(repeating: "a", count: EditDistance.maxLength + 1)
        #expect(EditDistance.between(long, "a") == Int.max)
    }

    @Test func appIDsCompareByOneCanonicalForm() {
        #expect(AppIdentity.canonical("abcde12345.com.Example.App") == "ABCDE12345.com.Example.App")
        #expect(AppIdentity.canonical("ABCDE12345.com.example.app") != AppIdentity.canonical("ABCDE12345.com.Example.App"))
        #expect(AppIdentity.canonical("nodot") == "NODOT")
    }
}

/// ``JSONText/quote(_:into:)``: every character that needs it is escaped — `"`, `\`, C0
/// controls, DEL, C1 controls and U+2028/U+2029 — and everything else, ASCII or not, is kept
/// as it is, whether it stands alone, between escapes or at either end.
@Suite("JSON string literals")
struct JSONQuoteTests {
    @Test(arguments: [
        ("", #""""#),
        ("plain ascii /buy/*", #""plain ascii /buy/*""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("\n\r\t", #""\n\r\t""#),
        ("\u{0}x\u{1F}\u{7F}", #""\u0000x\u001f\u007f""#),
        ("\u{80}\u{85}\u{9F}", #""\u0080\u0085\u009f""#),
        // U+00A0 (C2 A0) and é (C3 A9) share lead bytes with C1 controls, but are kept.
        ("\u{A0}é", "\"\u{A0}é\""),
        ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
        // U+2027 and U+202A (E2 80 A7, E2 80 AA), and U+2018 (E2 80 98): kept.
        ("\u{2027}\u{202A}\u{2018}", "\"\u{2027}\u{202A}\u{2018}\""),
        ("🦊\"🦊", "\"🦊\\\"🦊\""),
        ("end\u{C2}", "\"end\u{C2}\""),
    ])
    func escapesExactlyWhatNeedsIt(text: String, quoted: String) {
        var out = "["
        JSONText.quote(text, into: &out)
        #expect(out == "[" + quoted)
    }

    /// The literal reads back as the string it was made from.
    @Test func roundTrips() throws {
        let samples = ["\u{85}é\u{2028}\"\\\u{1}🦊x", String(repeating: "ab\u{9F}", count: 50), "\u{E2}\u{80}"]
        for s in samples {
            var out = ""
            JSONText.quote(s, into: &out)
            let back = try JSONDecoder().decode(String.self, from: Data(out.utf8))
            #expect(back == s)
        }
    }
}
