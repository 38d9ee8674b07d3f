import Testing
@testable import AASACore

/// `Uri.parse` as Android parses (AOSP `Uri.java`, `UriCodec.decode`): a table of
/// (URL, scheme, host, port, path, query, fragment).
@Suite struct AndroidURITests {
    struct Row: CustomTestStringConvertible, Sendable {
        var url: String, scheme: String?, host: String?, port: Int, path: String?, query: String?, fragment: String?
        var testDescription: String { url }
    }

    static let rows: [Row] = [
        Row(url: "https://example.com/a/b?x=1#top", scheme: "https", host: "example.com", port: -1, path: "/a/b", query: "x=1", fragment: "top"),
        Row(url: "https://example.com", scheme: "https", host: "example.com", port: -1, path: "", query: nil, fragment: nil),
        Row(url: "https://example.com?x", scheme: "https", host: "example.com", port: -1, path: "", query: "x", fragment: nil),
        Row(url: "https://example.com:443/x", scheme: "https", host: "example.com", port: 443, path: "/x", query: nil, fragment: nil),
        Row(url: "https://example.com:/x", scheme: "https", host: "example.com", port: -1, path: "/x", query: nil, fragment: nil),
        Row(url: "https://user:pw@Example.COM:8080/", scheme: "https", host: "Example.COM", port: 8080, path: "/", query: nil, fragment: nil),
        Row(url: "https://example.com:99999999999/", scheme: "https", host: "example.com", port: -1, path: "/", query: nil, fragment: nil),
        Row(url: "HTTPS://example.com/", scheme: "HTTPS", host: "example.com", port: -1, path: "/", query: nil, fragment: nil),
        Row(url: "https://example.com\\evil/x", scheme: "https", host: "example.com", port: -1, path: "\\evil/x", query: nil, fragment: nil),
        Row(url: "https://example.com/caf%C3%A9", scheme: "https", host: "example.com", port: -1, path: "/café", query: nil, fragment: nil),
        Row(url: "https://example.com/a+b%20c", scheme: "https", host: "example.com", port: -1, path: "/a+b c", query: nil, fragment: nil),
        Row(url: "https://example.com/%zz", scheme: "https", host: "example.com", port: -1, path: "/\u{FFFD}\u{0}z", query: nil, fragment: nil),
        Row(url: "https://example.com/a%4/b", scheme: "https", host: "example.com", port: -1, path: "/a\u{FFFD}\u{4}b", query: nil, fragment: nil),
        Row(url: "https://example.com/a%4", scheme: "https", host: "example.com", port: -1, path: "/a\u{FFFD}", query: nil, fragment: nil),
        Row(url: "https://example.com/%C3", scheme: "https", host: "example.com", port: -1, path: "/\u{FFFD}", query: nil, fragment: nil),
        Row(url: "https://example.com/p#f?x", scheme: "https", host: "example.com", port: -1, path: "/p", query: nil, fragment: "f?x"),
        Row(url: "https://ex%41mple.com/", scheme: "https", host: "exAmple.com", port: -1, path: "/", query: nil, fragment: nil),
        Row(url: "mailto:a@b.c", scheme: "mailto", host: nil, port: -1, path: nil, query: nil, fragment: nil),
        Row(url: "myapp://callback?code=1", scheme: "myapp", host: "callback", port: -1, path: "", query: "code=1", fragment: nil),
        Row(url: "https:", scheme: "https", host: nil, port: -1, path: nil, query: nil, fragment: nil),
        Row(url: "https:/x", scheme: "https", host: nil, port: -1, path: "/x", query: nil, fragment: nil),
        Row(url: "/relative?q", scheme: nil, host: nil, port: -1, path: "/relative", query: "q", fragment: nil),
    ]

    @Test(arguments: rows)
    func parses(_ row: Row) {
        let uri = AndroidURI(row.url)
        #expect(uri.scheme == row.scheme)
        #expect(uri.host == row.host)
        #expect(uri.port == row.port)
        #expect(uri.pathString == row.path)
        #expect(uri.queryString == row.query)
        #expect(uri.fragmentString == row.fragment)
    }

    @Test func javaParseInt() {
        #expect(AndroidURI.javaParseInt(Array("42".utf16)) == 42)
        #expect(AndroidURI.javaParseInt(Array("+7".utf16)) == 7)
        #expect(AndroidURI.javaParseInt(Array("-2147483648".utf16)) == Int32.min)
        #expect(AndroidURI.javaParseInt(Array("2147483648".utf16)) == nil)
        #expect(AndroidURI.javaParseInt(Array("".utf16)) == nil)
        #expect(AndroidURI.javaParseInt(Array("-".utf16)) == nil)
        #expect(AndroidURI.javaParseInt(Array("\u{0661}\u{0662}".utf16)) == 12)
        #expect(AndroidURI.javaParseInt(Array("1 ".utf16)) == nil)
    }
}
