import Testing
@testable import AASACore

/// How ``URLParts`` splits a URL for universal-link matching: white space around it dropped,
/// what cannot be written in a URL percent-encoded, scheme and host lowercased, the path,
/// query and fragment as written (RFC 3986's generic syntax).
@Suite struct URLPartsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var input: String
        /// scheme, host, path, query, fragment; `nil` when the input is not a URL or path.
        var expected: [String?]?
        var testDescription: String { input.debugDescription }
    }

    static let rows: [Row] = [
        Row(input: "https://Example.COM/Path?q=1#Frag", expected: ["https", "example.com", "/Path", "q=1", "Frag"]),
        Row(input: "HTTPS://A.EXAMPLE", expected: ["https", "a.example", "", nil, nil]),
        Row(input: "  https://a.example/x \t\n", expected: ["https", "a.example", "/x", nil, nil]),
        // White space is Unicode's: the ideographic space, the line separator, NEL, NBSP.
        Row(input: "\u{3000}\u{A0}https://a.example/x\u{2028}\u{85}", expected: ["https", "a.example", "/x", nil, nil]),
        // A zero-width space, which copied links carry, is trimmed as Foundation trims it.
        Row(input: "\u{200B}/product/1\u{200B}", expected: [nil, nil, "/product/1", nil, nil]),
        // A byte order mark is not white space: it is encoded, and the text is no URL.
        Row(input: "\u{FEFF}https://a.example/x", expected: nil),
        Row(input: "/shoes?size=9#top", expected: [nil, nil, "/shoes", "size=9", "top"]),
        Row(input: "?q", expected: [nil, nil, "", "q", nil]),
        Row(input: "#f", expected: [nil, nil, "", nil, "f"]),
        Row(input: "https://user:pw@Host.example:8443/p", expected: ["https", "host.example", "/p", nil, nil]),
        Row(input: "https://a@b@c.example/p", expected: ["https", "c.example", "/p", nil, nil]),
        Row(input: "https://[::1]:8080/p", expected: ["https", "[::1]", "/p", nil, nil]),
        Row(input: "a+b.c-D://h/p", expected: ["a+b.c-d", "h", "/p", nil, nil]),
        Row(input: "1a://h/p", expected: nil),
        Row(input: "https:/x", expected: nil),
        Row(input: "mailto:a@b.example", expected: nil),
        Row(input: "example.com/p", expected: nil),
        Row(input: "", expected: nil),
        Row(input: " \u{2029} ", expected: nil),
        // Characters a URL cannot hold are percent-encoded as UTF-8; escapes stay as written.
        Row(input: "https://a.example/ü p<\">%2f", expected: ["https", "a.example", "/%C3%BC%20p%3C%22%3E%2f", nil, nil]),
        Row(input: "https://a.example/a?b?c#d#e", expected: ["https", "a.example", "/a", "b?c", "d#e"]),
        Row(input: "https://a.example#f?x", expected: ["https", "a.example", "", nil, "f?x"]),
        Row(input: "https://a.example?", expected: ["https", "a.example", "", "", nil]),
    ]

    @Test(arguments: rows)
    func splits(_ row: Row) {
        let parts = URLParts(row.input)
        #expect(parts.map { [$0.scheme, $0.host, $0.path, $0.query, $0.fragment] } == row.expected)
        #expect(parts.map(\.original) ?? row.input == row.input)
    }
}
