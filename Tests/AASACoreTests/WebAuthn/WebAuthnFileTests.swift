import Testing
@testable import AASACore

/// The webauthn file read strictly and its serving rules: a row per rule of
/// webauthn-reference.md §3.3 and per file example of §4.1.
@Suite struct WebAuthnFileTests {
    struct FileRow: Sendable, CustomTestStringConvertible {
        var text: String
        var valid: Bool
        /// Codes expected, in order.
        var codes: [String]
        var testDescription: String { text }
    }

    static let fileRows: [FileRow] = [
        FileRow(text: #"{"origins": ["https://example.co.uk", "https://example.de"]}"#, valid: true, codes: []),
        FileRow(text: #"{"origins": ["https://example.co.uk"], "comment": "ignored"}"#, valid: true, codes: []),
        // Chromium's parse failures: [], {}, {"foo":"bar"}, {"origins":"bar"}.
        FileRow(text: "[]", valid: false, codes: ["WAN301"]),
        FileRow(text: "{}", valid: false, codes: ["WAN302"]),
        FileRow(text: #"{"foo": "bar"}"#, valid: false, codes: ["WAN302"]),
        FileRow(text: #"{"origins": "bar"}"#, valid: false, codes: ["WAN303"]),
        FileRow(text: #"{"related_origins": ["https://example.co.uk"]}"#, valid: false, codes: ["WAN302"]),
        FileRow(text: #"{"origins": ["https://example.co.uk", 1]}"#, valid: false, codes: ["WAN304"]),
        FileRow(text: #"{"origins": [1]}"#, valid: false, codes: ["WAN304"]),
        FileRow(text: #"{"origins": []}"#, valid: false, codes: ["WAN305"]),
        FileRow(text: #"{"origins": ["example.co.uk"]}"#, valid: true, codes: ["WAN306"]),
        FileRow(text: #"{"origins": ["https://example.co.uk",]}"#, valid: false, codes: ["WAN203"]),
        FileRow(text: #"{"origins": ["https://a.com" "https://b.com"]}"#, valid: false, codes: ["WAN201"]),
        FileRow(text: "\u{FEFF}" + #"{"origins": ["https://a.com"]}"#, valid: true, codes: ["WAN202"]),
        FileRow(text: #"{"origins": ["https://a.com"], "origins": ["https://b.com"]}"#, valid: true, codes: ["WAN204"]),
        FileRow(text: #"{"origins": ["android:apk-key-hash:FG3pg8VzBlDY7rmVLzT8ZBagg0LmHb6oigSWsj_PROU", "ABCDE12345.com.example.app"]}"#,
                valid: true, codes: ["WAN307", "WAN307"]),
        FileRow(text: #"{"origins": ["other://foo.com"]}"#, valid: true, codes: ["WAN308"]),
        FileRow(text: #"{"origins": ["https://com", "https://10.0.0.1"]}"#, valid: true, codes: ["WAN309", "WAN309"]),
        FileRow(text: #"{"origins": ["http://a.com", "https://*.e.com", "http://localhost:8080"]}"#, valid: true, codes: ["WAN310", "WAN310", "WAN309"]),
        FileRow(text: #"{"origins": ["https://a.com", "https://b.com", "https://c.com", "https://d.com", "https://e.com", "https://foo.com"]}"#,
                valid: true, codes: ["WAN311"]),
        FileRow(text: #"{"origins": ["https://foo.co.uk", "https://foo.de", "https://foo.in", "https://foo.net", "https://foo.org", "https://foo.com"]}"#,
                valid: true, codes: []),
        FileRow(text: #"{"origins": ["https://shop.github.io"]}"#, valid: true, codes: ["WAN312"]),
    ]

    @Test(arguments: fileRows) func file(_ row: FileRow) {
        let file = WebAuthnFile.parse(Array(row.text.utf8))
        #expect(file.isValid == row.valid)
        #expect(file.diagnostics.map(\.code.rawValue) == row.codes, "\(file.diagnostics.map(\.message))")
    }

    @Test func findingsHavePositions() throws {
        let file = WebAuthnFile.parse(Array("{\n  \"origins\": [\n    \"https://a.com\",\n    \"example.de\"\n  ]\n}".utf8))
        let d = try #require(file.diagnostics.first)
        #expect(d.code == .wan306)
        #expect(d.pointer == "/origins/1")
        #expect(d.location?.line == 4 && d.location?.column == 5)
        #expect(d.hint?.contains("https://example.de") == true)
        #expect(file.labels == ["a"])
    }

    @Test func relatedOriginsIsNamed() throws {
        let d = try #require(WebAuthnFile.parse(Array(#"{"related_origins": []}"#.utf8)).diagnostics.first)
        #expect(d.message.contains("related_origins") && d.hint?.contains("Rename") == true)
        #expect(d.pointer == "/related_origins")
    }

    struct ServeRow: Sendable, CustomTestStringConvertible {
        var name: String
        var chain: [HTTPExample]
        var timeMs: Double? = nil
        var usable: Bool
        var codes: [String]
        var testDescription: String { name }
    }

    static let url = WebAuthnKind.fileURL(for: "example.com")
    static let good = #"{"origins": ["https://example.co.uk"]}"#

    static let serveRows: [ServeRow] = [
        ServeRow(name: "200 application/json", chain: [HTTPExample(url: url, body: good)], usable: true, codes: []),
        ServeRow(name: "charset parameter", chain: [HTTPExample(url: url, headers: [("Content-Type", "application/json; charset=utf-8")], body: good)],
                 usable: true, codes: []),
        ServeRow(name: "text/plain", chain: [HTTPExample(url: url, headers: [("Content-Type", "text/plain")], body: good)], usable: false, codes: ["WAN106"]),
        ServeRow(name: "no content type", chain: [HTTPExample(url: url, headers: [], body: good)], usable: false, codes: ["WAN106"]),
        ServeRow(name: "Firefox-only content type", chain: [HTTPExample(url: url, headers: [("Content-Type", "text/application/json")], body: good)],
                 usable: false, codes: ["WAN106"]),
        ServeRow(name: "404", chain: [HTTPExample(url: url, status: 404, headers: [("Content-Type", "text/html")], body: "no")], usable: false, codes: ["WAN102"]),
        ServeRow(name: "204", chain: [HTTPExample(url: url, status: 204, body: "")], usable: false, codes: ["WAN102"]),
        ServeRow(name: "transport", chain: [HTTPExample(url: url, transportError: "Connection refused", transportErrorKind: .refused)], usable: false, codes: ["WAN101"]),
        ServeRow(name: "redirect to http", chain: [HTTPExample(url: url, status: 301, headers: [("Location", "http://example.com/.well-known/webauthn")])],
                 usable: false, codes: ["WAN103"]),
        ServeRow(name: "https redirect followed",
                 chain: [HTTPExample(url: url, status: 302, headers: [("Location", "/webauthn.json")]),
                         HTTPExample(url: "https://example.com/webauthn.json", body: good)], usable: true, codes: ["WAN104"]),
        ServeRow(name: "redirect loop", chain: Array(repeating: HTTPExample(url: url, status: 302, headers: [("Location", url)]), count: 11),
                 usable: false, codes: ["WAN105"]),
        ServeRow(name: "300,000 bytes", chain: [HTTPExample(url: url, body: good + String(repeating: " ", count: 300_000))], usable: false, codes: ["WAN107"]),
        ServeRow(name: "262,144 bytes", chain: [HTTPExample(url: url, body: good + String(repeating: " ", count: 262_144 - good.utf8.count))], usable: true, codes: []),
        ServeRow(name: "slow", chain: [HTTPExample(url: url, body: good)], timeMs: 10_001, usable: false, codes: ["WAN108"]),
        ServeRow(name: "content findings follow", chain: [HTTPExample(url: url, body: #"{"origins": []}"#)], usable: false, codes: ["WAN305"]),
    ]

    @Test(arguments: serveRows) func serving(_ row: ServeRow) {
        var records = row.chain.map(\.record)
        if let t = row.timeMs { records[records.count - 1].timeMs = t }
        let d = WebAuthnServing.judge(records, rpID: "example.com")
        #expect(d.isUsable == row.usable)
        #expect(d.diagnostics.map(\.code.rawValue) == row.codes, "\(d.diagnostics.map(\.message))")
        #expect(d.diagnostics.allSatisfy { $0.target == "example.com" })
    }

    /// The plan follows HTTPS hops up to ten, never an http:// one, and reads 262,144 + 1 bytes.
    /// Before: an RP ID with no related-origins file (404) failed `passkeys` with an error,
    /// though callers on its own site need none; a server error stays an error.
    @Test(arguments: [(404, Severity.info), (410, .info), (503, .error), (403, .error)])
    func noFileIsNotAnError(_ status: Int, _ severity: Severity) throws {
        let d = WebAuthnServing.judge([HTTPExample(url: Self.url, status: status, headers: [("Content-Type", "text/html")], body: "no").record],
                                      rpID: "example.com")
        let found = try #require(d.diagnostics.first { $0.code == .wan102 })
        #expect(found.severity == severity)
    }

    /// Before: `http://` on the RP ID's own host was accepted as same-site; WebAuthn needs a
    /// secure context (https, or http on loopback).
    @Test(arguments: [("http://example.com", false), ("http://www.example.com", false), ("https://www.example.com", true),
                      ("http://localhost", false)])
    func onlySecureContextsCall(_ origin: String, _ accepted: Bool) throws {
        let caller = try WebOrigin.parse(origin).get()
        let (verdict, finding) = PasskeyWeb.judge(caller: caller, text: origin, rpID: "example.com", file: nil, fileUsable: false)
        #expect(verdict.accepted == accepted, "\(origin): \(verdict.reason)")
        #expect((finding?.message.contains("not a secure context") ?? false) == (!accepted && origin.hasPrefix("http://") && !origin.contains("localhost")))
    }

    @Test func planFollowsHTTPSRedirects() {
        var plan = WebAuthnKind.plan(for: HostContext(host: "example.com"))
        let first = plan.start()
        #expect(first.map(\.url) == [Self.url])
        #expect(first.first?.maxBodyBytes == 262_145)
        let hop = FetchRecord(url: Self.url, status: 301, headers: [HTTPHeader("Location", "https://www.example.com/.well-known/webauthn")])
        #expect(plan.received(hop, for: first[0]).map(\.url) == ["https://www.example.com/.well-known/webauthn"])
        let insecure = FetchRecord(url: Self.url, status: 301, headers: [HTTPHeader("Location", "http://example.com/x")])
        #expect(plan.received(insecure, for: first[0]).isEmpty)
        var count = 1
        var loop = WebAuthnKind.plan(for: HostContext(host: "example.com"))
        var next = loop.start()
        while let r = next.first, count < 50 {
            next = loop.received(FetchRecord(url: r.url, status: 302, headers: [HTTPHeader("Location", Self.url)]), for: r)
            count += 1
        }
        #expect(count == 12)
        #expect(WebAuthnServing.resolve("next", against: "https://a.com/x/y?q") == "https://a.com/x/next")
        #expect(WebAuthnServing.resolve("//b.com/p", against: "https://a.com/x") == "https://b.com/p")
    }

    @Test func kindIsOnTheSeam() {
        #expect(DocumentKinds.kind("webauthn") == WebAuthnKind.self)
        #expect(WebAuthnKind.recognizes(Array(#"{"origins": []}"#.utf8), name: nil))
        #expect(!WebAuthnKind.recognizes(Array(#"{"applinks": {}}"#.utf8), name: nil))
        #expect(WebAuthnKind.recognizes([], name: "site/.well-known/webauthn"))
    }
}
