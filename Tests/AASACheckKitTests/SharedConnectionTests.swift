import AASACore
import AASANet
import Foundation
import Testing
@testable import AASACheckKit

/// A domain's requests to its own host wait for its first to answer, so that they ride the
/// connection it opened (one TLS handshake a host instead of one a request), but never longer
/// than ``DomainPipeline/holdLimit``; the trailing-dot request shares that connection too.
@Suite("a domain's requests share its connection")
struct SharedConnectionTests {
    func pipeline(_ hosts: [String], kinds: [any DocumentKind.Type]) throws -> DomainPipeline {
        var options = NetworkOptions()
        options.noCDN = true
        // Sent elsewhere: no address lookups, and both names of a host go to the same place.
        options.connectTo = ["::127.0.0.1:1"]
        return DomainPipeline(source: TargetList(try hosts.map { try CheckTarget.parse($0) }).next, options: options, kinds: kinds,
                              window: 8, inFlight: 8, resolver: hangingResolver(seconds: 0, workers: 1))
    }

    /// The requests `pipeline` starts now, until it waits.
    func started(_ pipeline: DomainPipeline) -> [(HTTPRequest, Int)] {
        var out: [(HTTPRequest, Int)] = []
        while case .request(let request, let tag) = pipeline.next() { out.append((request, tag)) }
        return out
    }

    func refused(_ item: (HTTPRequest, Int)) -> FetchResult {
        FetchResult(index: item.1, request: item.0, outcome: .failure(TransportError(
            url: item.0.url, code: 7, name: "CURLE_COULDNT_CONNECT", message: "Failed to connect", kind: .refused)))
    }

    @Test func androidsRequestsWaitForApplesFileThenShareItsConnection() throws {
        let p = try pipeline(["shop.example"], kinds: [AppleSiteAssociation.self, AssetLinksKind.self])
        let first = started(p)
        #expect(first.map(\.0.url) == ["https://shop.example/.well-known/apple-app-site-association"])
        p.received(refused(first[0]))
        let then = started(p)
        #expect(then.map(\.0.url) == ["https://shop.example/.well-known/assetlinks.json",
                                     "https://shop.example./.well-known/assetlinks.json",
                                     "https://shop.example/robots.txt"])
        let dotted = try #require(then.first { $0.0.url.contains("example./") }).0
        #expect(dotted.connectionForm?.url == "https://shop.example/.well-known/assetlinks.json")
        #expect(dotted.connectionForm?.host == "shop.example.")
        // The domain's last request closes the connection once the others are done with it:
        // no other host can use it, and an idle one costs every later request a check.
        #expect(then.map(\.0.closesConnection) == [false, false, true])
        #expect(!first[0].0.closesConnection)
        for item in then { p.received(refused(item)) }
        let ready = try #require(p.takeReady())
        #expect(ready.2.exchanges.map(\.count) == [1, 3])
        p.finish()
    }

    /// Apple's file answered 404: the legacy root path is asked for next, on the same
    /// connection, so none of the released requests closes it.
    @Test func aConnectionWithMoreToAskStaysOpen() throws {
        let p = try pipeline(["shop.example"], kinds: [AppleSiteAssociation.self, AssetLinksKind.self])
        let first = started(p)
        let notFound = HTTPResponse(url: first[0].0.url, status: 404, statusLine: "HTTP/2 404", httpVersion: "HTTP/2", headers: [],
                                    body: [], truncated: false, contentEncoding: nil, wireBytes: 0, primaryIP: "127.0.0.1",
                                    primaryPort: 443, timings: HTTPTimings())
        p.received(FetchResult(index: first[0].1, request: first[0].0, outcome: .response(notFound)))
        let then = started(p)
        #expect(then.map(\.0.url) == ["https://shop.example/.well-known/assetlinks.json",
                                     "https://shop.example./.well-known/assetlinks.json",
                                     "https://shop.example/robots.txt",
                                     "https://shop.example/apple-app-site-association"])
        #expect(then.allSatisfy { !$0.0.closesConnection })
        p.finish()
    }

    @Test func androidAloneWaitsForItsOwnFile() throws {
        let p = try pipeline(["shop.example", "two.example"], kinds: [AssetLinksKind.self])
        let first = started(p)
        // Each domain's first request starts at once; the rest wait for it.
        #expect(first.map(\.0.url) == ["https://shop.example/.well-known/assetlinks.json",
                                      "https://two.example/.well-known/assetlinks.json"])
        p.received(refused(first[1]))
        #expect(started(p).map(\.0.url) == ["https://two.example./.well-known/assetlinks.json", "https://two.example/robots.txt"])
        p.finish()
    }

    @Test func aFirstRequestThatHangsHoldsTheOthersOnlyForTheHoldLimit() async throws {
        let p = try pipeline(["shop.example"], kinds: [AppleSiteAssociation.self, AssetLinksKind.self])
        let start = Date()
        #expect(started(p).count == 1)
        #expect(started(p).isEmpty, "held while the first has not answered")
        #expect(DomainPipeline.holdLimit == .seconds(1))
        try await Task.sleep(for: .milliseconds(1_300))
        let released = started(p)
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(released.map(\.0.url) == ["https://shop.example/.well-known/assetlinks.json",
                                         "https://shop.example./.well-known/assetlinks.json",
                                         "https://shop.example/robots.txt"])
        // The first request has not answered: what it asks for next is not known, so the
        // connection stays open.
        #expect(released.allSatisfy { !$0.0.closesConnection })
        p.finish()
    }
}
