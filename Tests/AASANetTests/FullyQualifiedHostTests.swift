@testable import AASANet
import Testing

/// How a fully qualified URL (`https://HOST./…`) is handed to libcurl so that it may share the
/// connection of `HOST` (spec assetlinks-reference.md §1: both names are fetched): the URL
/// without the dot, and the `Host` the dotted URL sends.
@Suite("A fully qualified host shares the relative name's connection")
struct FullyQualifiedHostTests {
    static let everywhere = ["::127.0.0.1:8443"]

    @Test(arguments: [
        ("https://shop.example./.well-known/assetlinks.json", [String](),
         "https://shop.example/.well-known/assetlinks.json", "shop.example."),
        ("https://shop.example.:8443/x", [], "https://shop.example:8443/x", "shop.example.:8443"),
        // The scheme's default port is not sent in Host, as libcurl leaves it out.
        ("https://shop.example.:443/x", [], "https://shop.example:443/x", "shop.example."),
        ("http://shop.example.:80/x", [], "http://shop.example:80/x", "shop.example."),
        ("https://shop.example.?q=1", [], "https://shop.example?q=1", "shop.example."),
        ("https://shop.example.", [], "https://shop.example", "shop.example."),
        // One --connect-to entry for every host sends both names to the same place.
        ("https://shop.example./x", everywhere, "https://shop.example/x", "shop.example."),
        ("https://shop.example./x", ["other.example:443:127.0.0.1:1"], "https://shop.example/x", "shop.example."),
        ("https://shop.example./x", ["SHOP.EXAMPLE:8443:127.0.0.1:1"], "https://shop.example/x", "shop.example."),
        // An entry for the relative name applies to the dotted one (the same name to DNS) ...
        ("https://shop.example./x", ["shop.example:443:127.0.0.1:1"], "https://shop.example/x", "shop.example."),
        ("https://shop.example.:8443/x", ["shop.example:8443:127.0.0.1:1"], "https://shop.example:8443/x", "shop.example.:8443"),
        // ... and wins over a later entry for every host, which curl would give the dotted name.
        ("https://shop.example./x", ["shop.example:443:127.0.0.1:1", "::127.0.0.1:2"], "https://shop.example/x", "shop.example."),
    ])
    func sharedForm(url: String, connectTo: [String], expectedURL: String, expectedHost: String) throws {
        var request = HTTPRequest(url: url, connectTo: connectTo)
        request.sharesRelativeConnection = true
        let form = try #require(request.connectionForm)
        #expect(form.url == expectedURL)
        #expect(form.host == expectedHost)
    }

    @Test(arguments: [
        ("https://shop.example/x", [String]()),
        ("https://shop.example../x", []),
        ("https://./x", []),
        ("https://[::1]./x", []),
        ("https://user@shop.example./x", []),
        ("shop.example./x", []),
        // An entry that names the dotted name itself: sent there, as curl sends it.
        ("https://shop.example./x", ["shop.example.:443:127.0.0.1:1"]),
        ("https://shop.example./x", ["shop.example.::127.0.0.1:1", "::127.0.0.1:2"]),
        ("https://shop.example./x", ["SHOP.EXAMPLE.:443:127.0.0.1:1", "shop.example:443:127.0.0.1:2"]),
    ])
    func sentAsItIs(url: String, connectTo: [String]) {
        var request = HTTPRequest(url: url, connectTo: connectTo)
        request.sharesRelativeConnection = true
        #expect(request.connectionForm == nil)
    }

    /// The one-pass test asked first: false only where the host surely does not end in a dot.
    @Test(arguments: [
        ("https://shop.example/x", false), ("https://shop.example:8443/x", false), ("https://shop.example?q=.", false),
        ("https://shop.example/a./b.", false), ("https://user:pw@shop.example./x", false), ("https:///x", false),
        ("https://shop.example./x", true), ("https://shop.example.:8443/x", true), ("https://shop.example.", true),
        ("https://shop.example.#f", true), ("shop.example./x", true),
    ])
    func theQuickTestNeverRejectsADottedHost(url: String, mayEndInDot: Bool) {
        #expect(HTTPRequest.mayEndInDot(url) == mayEndInDot)
    }

    @Test func offUnlessAskedAndNeverOverAGivenHost() {
        #expect(HTTPRequest(url: "https://shop.example./x").connectionForm == nil)
        var request = HTTPRequest(url: "https://shop.example./x", headers: [HTTPHeader("Host", "shop.example")])
        request.sharesRelativeConnection = true
        #expect(request.connectionForm == nil)
    }

    @Test(arguments: [
        ([String](), "shop.example", "443", Int?.none),
        (["::a:1"], "shop.example", "443", 0),
        (["shop.example::a:1"], "Shop.Example", "8443", 0),
        (["shop.example:8443:a:1", ":443:b:2"], "shop.example", "443", 1),
        (["shop.example:443:a:1"], "shop.example.", "443", nil),
        (["malformed"], "shop.example", "443", nil),
    ])
    func connectToEntryIsCurlsFirstMatch(entries: [String], host: String, port: String, expected: Int?) {
        #expect(HTTPRequest.connectToEntry(entries, host: host, port: port) == expected)
    }
}

/// A header line's value without the spaces and tabs around it, as characters are compared: a
/// space before a combining mark is part of that character and stays.
@Suite struct HeaderTextTests {
    @Test(arguments: [
        ("  application/json \t", "application/json"), ("", ""), (" \t ", ""), ("a b", "a b"),
        (" \u{301}application/json", " \u{301}application/json"), ("  é ", "é"), ("x \u{301} ", "x \u{301}"),
    ])
    func trimsSpacesAndTabs(value: String, expected: String) {
        let bytes = Array(value.utf8)
        let text = bytes.withUnsafeBytes { CurlTransfer.text($0[...]) }
        #expect(text == expected)
        #expect(text == value.trimmingSpaces())
    }
}
