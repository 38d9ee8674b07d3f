import Testing
@testable import AASACore

/// The related-origins label procedure (webauthn-reference.md §3.4) against Chromium's tested
/// cases (`WebAuthRequestSecurityCheckerWellKnownJSONTest.Inputs`) and the reference's policy rows.
@Suite struct RelatedOriginsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var caller: String
        var origins: [String]
        var verdict: RelatedOrigins.Verdict
        var labels: [String]
        var testDescription: String { "\(caller) in \(origins)" }
    }

    static func https(_ hosts: String...) -> [String] { hosts.map { "https://\($0)" } }

    static let rows: [Row] = [
        // Chromium's tested cases.
        Row(caller: "https://foo.com", origins: https("a.com", "b.com", "c.com", "d.com", "foo.com"), verdict: .accepted,
            labels: ["a", "b", "c", "d"]),
        Row(caller: "https://foo.com", origins: https("a.com", "b.com", "c.com", "d.com", "e.com", "foo.com"), verdict: .labelLimit,
            labels: ["a", "b", "c", "d", "e"]),
        Row(caller: "https://foo.com", origins: https("a.com", "b.com", "c.com", "d.com", "foo.com", "e.com"), verdict: .accepted,
            labels: ["a", "b", "c", "d"]),
        Row(caller: "https://foo.com", origins: https("foo.co.uk", "foo.de", "foo.in", "foo.net", "foo.org", "foo.com"), verdict: .accepted,
            labels: ["foo"]),
        Row(caller: "https://foo.com", origins: ["https://com"], verdict: .notListed, labels: []),
        Row(caller: "https://foo.com", origins: ["other://foo.com"], verdict: .notListed, labels: []),
        Row(caller: "https://foo.com", origins: [], verdict: .notListed, labels: []),
        // The reference's worked examples and policy rows.
        Row(caller: "https://example.co.uk", origins: ["https://example.co.uk"], verdict: .accepted, labels: []),
        Row(caller: "https://example.co.uk", origins: ["example.co.uk"], verdict: .notListed, labels: []),
        Row(caller: "https://example.de",
            origins: ["http://a.com", "https://b.com", "https://c.com", "https://d.com", "https://*.e.com", "https://example.de"],
            verdict: .labelLimit, labels: ["a", "b", "c", "d", "e"]),
        // Same origin is exact: host, scheme and port.
        Row(caller: "https://example.co.uk", origins: ["https://www.example.co.uk"], verdict: .notListed, labels: ["example"]),
        Row(caller: "https://example.co.uk", origins: ["http://example.co.uk"], verdict: .notListed, labels: ["example"]),
        Row(caller: "https://example.co.uk:8443", origins: ["https://example.co.uk"], verdict: .notListed, labels: ["example"]),
        Row(caller: "https://example.co.uk", origins: ["https://example.co.uk:443/path?q#f"], verdict: .accepted, labels: []),
        Row(caller: "https://example.co.uk", origins: ["HTTPS://EXAMPLE.CO.UK"], verdict: .accepted, labels: []),
        // Skipped entries cost nothing: a sixth entry after five free ones still counts.
        Row(caller: "https://foo.com",
            origins: ["https://com", "other://a.com", "a.com", "https://192.168.0.1", "android:apk-key-hash:abc"] + https("a.com", "b.com", "c.com", "d.com", "foo.com"),
            verdict: .accepted, labels: ["a", "b", "c", "d"]),
        // Private section: two github.io sites are two labels.
        Row(caller: "https://b.github.io", origins: ["https://a.github.io", "https://b.github.io"], verdict: .accepted, labels: ["a"]),
        // IDN hosts compare in punycode.
        Row(caller: "https://xn--bcher-kva.de", origins: ["https://bücher.de"], verdict: .accepted, labels: []),
    ]

    @Test(arguments: rows) func procedure(_ row: Row) throws {
        guard case .success(let caller) = WebOrigin.parse(row.caller) else { Issue.record("caller"); return }
        let run = RelatedOrigins.evaluate(row.origins, caller: caller)
        #expect(run.verdict == row.verdict)
        #expect(run.labels == row.labels)
    }

    @Test func withoutACallerEveryLabelIsListed() {
        let run = RelatedOrigins.evaluate(Self.https("a.com", "b.com", "c.com", "d.com", "e.com", "foo.com"), caller: nil, maxLabels: .max)
        #expect(run.verdict == nil)
        #expect(run.labels == ["a", "b", "c", "d", "e", "foo"])
        let capped = RelatedOrigins.evaluate(Self.https("a.com", "b.com", "c.com", "d.com", "e.com", "foo.com"), caller: nil)
        #expect(capped.labels.count == 5)
        #expect(capped.steps.last?.outcome == .overBudget(label: "foo"))
    }

    @Test func firefoxCountsOpaqueOriginsWithAHost() {
        let run = RelatedOrigins.evaluate(["other://foo.com", "other:foo"], caller: nil)
        #expect(run.steps.map(\.outcome) == [.opaque(firefoxLabel: "foo"), .opaque(firefoxLabel: nil)])
    }

    struct OriginRow: Sendable, CustomTestStringConvertible {
        var text: String
        var origin: String?
        var failure: WebOrigin.Failure?
        var testDescription: String { text }
    }

    static let originRows: [OriginRow] = [
        OriginRow(text: "https://example.com", origin: "https://example.com"),
        OriginRow(text: " https://Example.COM:443/a/b?c#d ", origin: "https://example.com"),
        OriginRow(text: "https://user:pw@example.com:8443", origin: "https://example.com:8443"),
        OriginRow(text: "http://example.com:80", origin: "http://example.com"),
        OriginRow(text: "https:example.com", origin: "https://example.com"),
        OriginRow(text: "https://*.example.com", origin: "https://*.example.com"),
        OriginRow(text: "https://[::1]:8443", origin: "https://[::1]:8443"),
        OriginRow(text: "https://ex%41mple.com", origin: "https://example.com"),
        OriginRow(text: "other://foo.com", origin: "null"),
        OriginRow(text: "example.co.uk", failure: .noScheme),
        OriginRow(text: "//example.com", failure: .noScheme),
        OriginRow(text: "https://", failure: .emptyHost),
        OriginRow(text: "https://exa mple.com", failure: .invalidHost),
        OriginRow(text: "https://example.com:99999", failure: .invalidPort),
        OriginRow(text: "https://example.com:x", failure: .invalidPort),
        OriginRow(text: "", failure: .noScheme),
    ]

    @Test(arguments: originRows) func origins(_ row: OriginRow) {
        switch WebOrigin.parse(row.text) {
        case .success(let o): #expect(o.description == row.origin); #expect(row.failure == nil)
        case .failure(let f): #expect(f == row.failure); #expect(row.origin == nil)
        }
    }
}
