import Testing
@testable import AASACore

/// RFC 6901 reference-token escaping, and the placeholder test that shares its byte search.
struct JSONPointerTests {
    @Test(arguments: [
        ("details", "details"), ("0", "0"), ("a/b", "a~1b"), ("a~b", "a~0b"), ("~/", "~0~1"),
        ("/~1", "~1~01"), ("é/ü", "é~1ü"), ("", ""),
    ])
    func escape(token: String, escaped: String) {
        #expect(JSONPointer.escape(token) == escaped)
    }

    @Test(arguments: [
        ("TEAMID.com.example.app", true), ("ABCDE12345.com.example.app", true), ("$(AppIdentifierPrefix)app", true),
        ("<TeamID>.com.example", true), ("9JA89QQLNQ.com.example.app", false), ("9JA89QQLNQ.com.yourself.app", false),
        ("9JA89QQLNQ.com.example.your_app", true),
    ])
    func placeholder(id: String, expected: Bool) {
        #expect(AppIDSyntax.isPlaceholder(id) == expected)
    }
}
