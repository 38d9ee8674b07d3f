import Testing
@testable import AASACore

/// The strict reader: positions, the separate codes, recovery, and limits.
@Suite struct ParserTests {
    func parse(_ text: String) -> JSONParseResult { StrictJSONParser().parse(text) }

    func first(_ text: String) -> (code: String, line: Int, column: Int)? {
        parse(text).diagnostics.first.map { ($0.code.rawValue, $0.location!.line, $0.location!.column) }
    }

    @Test(arguments: [
        // (input, code, line, column): positions are where a strict parser reports them.
        ("{\"a\": 1,}", "AASA203", 1, 9),
        ("[1, 2,\n]", "AASA203", 2, 1),
        ("{\"a\": 1 // note\n}", "AASA203", 1, 9),
        ("{/* c */\"a\": 1}", "AASA203", 1, 2),
        ("{'a': 1}", "AASA203", 1, 2),
        ("{a: 1}", "AASA203", 1, 2),
        ("{\"a\": NaN}", "AASA203", 1, 7),
        ("{\"a\": -Infinity}", "AASA203", 1, 7),
        ("{\"a\": 1, \"a\": 2}", "AASA204", 1, 10),
        ("\u{FEFF}{}", "AASA202", 1, 1),
        ("{\"a\" 1}", "AASA201", 1, 6),
        ("{\"a\": 1 \"b\": 2}", "AASA201", 1, 9),
        ("{\"a\": [1, 2}", "AASA201", 1, 12),
        ("{\"a\": 01}", "AASA201", 1, 7),
        ("{\"a\": 1.}", "AASA201", 1, 9),
        ("{\"a\": tru}", "AASA201", 1, 7),
        ("{\"a\": \"x\ny\"}", "AASA201", 1, 9),
        ("{\"a\": \"\\q\"}", "AASA201", 1, 8),
        ("{\"a\": \"\\u12\"}", "AASA201", 1, 8),
        ("{\"é\": 1 x}", "AASA201", 1, 9),
        ("{“a”: 1}", "AASA201", 1, 2),
        ("{} {}", "AASA201", 1, 4),
        ("", "AASA201", 1, 1),
        ("{\"a\": \"\\ud800\"}", "AASA201", 1, 8),
    ])
    func findingsAndPositions(_ input: String, _ code: String, _ line: Int, _ column: Int) throws {
        let d = try #require(first(input))
        #expect(d.code == code)
        #expect(d.line == line && d.column == column, "got \(d.line):\(d.column)")
    }

    /// AASA205 names only the bytes of the broken sequence and what breaks it (it showed the
    /// four bytes from the bad one on, `E9 2E 61 70` for `café.app` in Latin-1).
    @Test(arguments: [
        ([0x78, 0xE9, 0x2E, 0x61, 0x70], 1, "E9 starts a 3-byte sequence, but its byte 2, 2E, is not a continuation byte (E9 2E); in Latin-1 or Windows-1252, E9 is \"é\""),
        ([0xC3, 0x28], 0, "C3 starts a 2-byte sequence, but its byte 2, 28, is not a continuation byte (C3 28); in Latin-1 or Windows-1252, C3 is \"Ã\""),
        ([0xE2, 0x82, 0x78], 0, "E2 starts a 3-byte sequence, but its byte 3, 78, is not a continuation byte (E2 82 78)"),
        ([0x41, 0xE2, 0x82], 1, "the input ends inside the 3-byte sequence E2 82"),
        ([0x80, 0x41], 0, "the byte 80 continues a sequence, but no lead byte starts one before it"),
        ([0xFF], 0, "the byte FF never occurs in UTF-8"),
        ([0xC0, 0xAF], 0, "the byte C0 never occurs in UTF-8"),
        ([0xE0, 0x80, 0xAF, 0x22], 0, "E0 80 AF is an overlong form (a shorter sequence spells that character)"),
        ([0xED, 0xA0, 0x80], 0, "ED A0 80 spells a UTF-16 surrogate, which UTF-8 does not encode"),
        ([0xF4, 0x90, 0x80, 0x80], 0, "F4 90 80 80 is beyond U+10FFFF, the last Unicode character"),
    ] as [([UInt8], Int, String)])
    func invalidUTF8IsDescribedByItsOwnBytes(bytes: [UInt8], offset: Int, expected: String) {
        #expect(firstInvalidUTF8Offset(bytes) == offset)
        #expect(utf8Defect(bytes, at: offset) == expected)
    }

    @Test func aasa205QuotesTheBrokenSequence() throws {
        let bytes: [UInt8] = Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.caf"#.utf8) + [0xE9] + Array(#".app"]}]}}"#.utf8)
        let d = try #require(StrictJSONParser().parse(bytes).diagnostics.first)
        #expect(d.code == "AASA205" && d.location?.column == 58)
        #expect(d.message == "the bytes are not valid UTF-8: E9 starts a 3-byte sequence, but its byte 2, 2E, is not a continuation byte (E9 2E); in Latin-1 or Windows-1252, E9 is \"é\"")
    }

    @Test func invalidUTF8IsAASA205AtTheFirstBadByte() throws {
        let bytes: [UInt8] = Array("{\"a\":\n \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        let r = StrictJSONParser().parse(bytes)
        let d = try #require(r.diagnostics.first)
        #expect(d.code == "AASA205" && d.location?.line == 2 && d.location?.column == 3)
        #expect(r.root == nil)
        // Overlong encodings and surrogates are not UTF-8 either.
        #expect(firstInvalidUTF8Offset([0xC0, 0xAF]) == 0)
        #expect(firstInvalidUTF8Offset([0x41, 0xED, 0xA0, 0x80]) == 1)
        #expect(firstInvalidUTF8Offset([0xF4, 0x90, 0x80, 0x80]) == 0)
        #expect(firstInvalidUTF8Offset(Array("é😀".utf8)) == nil)
    }

    @Test func lenientConstructsAreReadOnSoTheDocumentIsStillChecked() throws {
        let r = parse("{'applinks': {details: [],},}")
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA203", "AASA203", "AASA203", "AASA203"])
        let root = try #require(r.root)
        #expect(root["applinks"]?["details"]?.arrayValue?.isEmpty == true)
    }

    @Test func valuesKeepTheirOffsetsAndDecodeEscapes() throws {
        let r = parse(#"{"k": ["a\u00e9\ud83d\ude00\n", -1.5e2, true, null]}"#)
        #expect(r.diagnostics.isEmpty)
        let array = try #require(r.root?["k"]?.arrayValue)
        #expect(array[0].stringValue == "aé😀\n")
        if case .number(let v, let raw) = array[1].value { #expect(v == -150 && raw == "-1.5e2") } else { Issue.record("not a number") }
        #expect(array[2].boolValue == true)
        #expect(r.sourceMap.location(of: array[1].offset) == SourceLocation(offset: 32, line: 1, column: 33))
    }

    @Test func columnsCountScalarsNotBytes() {
        let map = SourceMap(bytes: Array("é😀x\nab".utf8))
        #expect(map.location(of: 6) == SourceLocation(offset: 6, line: 1, column: 3))
        #expect(map.location(of: 9) == SourceLocation(offset: 9, line: 2, column: 2))
    }

    @Test func depthIsBoundedWithoutRecursionTrouble() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let d = try #require(first(deep))
        #expect(d.code == "AASA201" && d.column == 257)
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parse(fine).diagnostics.isEmpty)
    }

    @Test func repeatedFindingsAreFolded() {
        let many = "{" + (0..<50).map { "'k\($0)': 1" }.joined(separator: ",") + "}"
        let found = parse(many).diagnostics
        #expect(found.filter { $0.code == "AASA203" }.count == 21)
        #expect(found.last?.message == "30 more findings of this kind are not listed")
    }

    @Test func duplicateKeysLastWins() throws {
        let r = parse(#"{"a": 1, "a": 2}"#)
        if case .number(let v, _)? = r.root?["a"]?.value { #expect(v == 2) } else { Issue.record("no value") }
        #expect(r.diagnostics.first?.message.contains("first at 1:2") == true)
    }

    /// The model holds an entry's rules decoded, not their JSON (issue 17): in the tree it
    /// keeps, the list the rules come from is an empty array; the rest is kept as written.
    @Test func documentKeepsRulesDecodedNotTheirJSON() throws {
        let json = #"{"applinks": {"defaults": {"exclude": false}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a"}, {"/": "/b"}], "paths": ["/c"]}, {"appID": "K7Q2M9XW3P.com.example.other", "paths": ["/d", "/e"]}]}}"#
        let document = try #require(Validator.validate(Array(json.utf8)).document)
        let details = try #require(document.applinks?.details)
        #expect(details[0].rules.rules.map(\.text) == [#"{"/":"/a"}"#, #"{"/":"/b"}"#])
        #expect(details[0].node["components"]?.arrayValue?.count == 0)
        #expect(details[0].node["paths"]?.arrayValue?.count == 1)
        #expect(details[1].rules.rules.map(\.text) == ["/d", "/e"])
        #expect(details[1].node["paths"]?.arrayValue?.count == 0)
        #expect(details[1].node["appID"]?.stringValue == "K7Q2M9XW3P.com.example.other")
        #expect(document.root["applinks"]?["details"]?.arrayValue?[0]["components"]?.arrayValue?.count == 0)
        #expect(document.root["applinks"]?["defaults"]?["exclude"]?.boolValue == false)
    }
}
