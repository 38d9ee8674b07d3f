import AASACore
import AASANet
import Foundation
import Testing
@testable import AASACheckKit

/// `--cdn-concurrency` and `--rate` in the domain pipeline, driven by hand: no socket is
/// opened, the transfer loop's calls (`next`, `received`) are made by the test.
@Suite("politeness of the domain pipeline")
struct PolitenessTests {
    static func targets(_ count: Int) throws -> [CheckTarget] {
        try (1...count).map { try CheckTarget.parse("site-\($0).example") }
    }

    /// Everything the feed offers now, until it says wait (or finished).
    static func drain(_ pipeline: DomainPipeline) -> [(HTTPRequest, Int)] {
        var out: [(HTTPRequest, Int)] = []
        while case .request(let request, let tag) = pipeline.next() { out.append((request, tag)) }
        return out
    }

    static func answer(_ pipeline: DomainPipeline, _ started: (HTTPRequest, Int)) {
        let response = HTTPResponse(url: started.0.url, status: 404, statusLine: "HTTP/1.1 404 Not Found", httpVersion: "HTTP/1.1",
                                    headers: [], body: [], truncated: false, contentEncoding: nil, wireBytes: 0,
                                    primaryIP: "127.0.0.1", primaryPort: 443, timings: HTTPTimings())
        pipeline.received(FetchResult(index: started.1, request: started.0, outcome: .response(response)))
    }

    static func isCDN(_ r: HTTPRequest) -> Bool { r.url.hasPrefix(CDNJudge.defaultBase) }

    @Test(arguments: [1, 3, 8])
    func cdnRequestsStayWithinTheirConcurrencyAndComeOncePerDomain(limit: Int) throws {
        var options = NetworkOptions()
        options.cdnConcurrency = limit
        options.connectTo = ["::127.0.0.1:9"]  // no address lookups
        let targets = try Self.targets(20)
        let pipeline = DomainPipeline(targets: targets, options: options, window: 100, inFlight: 100)
        var inFlight: [(HTTPRequest, Int)] = Self.drain(pipeline)
        var cdnURLs: [String] = []
        var most = 0
        // Answer one request at a time, CDN ones first, and count the CDN requests in flight.
        while !inFlight.isEmpty {
            let cdnNow = inFlight.filter { Self.isCDN($0.0) }
            most = max(most, cdnNow.count)
            cdnURLs += inFlight.filter { Self.isCDN($0.0) && !cdnURLs.contains($0.0.url) }.map(\.0.url)
            let pick = inFlight.firstIndex { Self.isCDN($0.0) } ?? 0
            Self.answer(pipeline, inFlight.remove(at: pick))
            inFlight += Self.drain(pipeline)
        }
        #expect(most == limit)
        #expect(cdnURLs.count == 20)
        #expect(Set(cdnURLs) == Set(targets.map { CDNJudge.url(base: CDNJudge.defaultBase, domain: $0.host) }))
        // The origin requests were not held back by the CDN's limit: all 20 went out at once.
        var fresh = DomainPipeline(targets: targets, options: options, window: 100, inFlight: 100)
        let first = Self.drain(fresh)
        #expect(first.filter { !Self.isCDN($0.0) }.count == 20)
        #expect(first.filter { Self.isCDN($0.0) }.count == limit)
        fresh = DomainPipeline(targets: [], options: options, window: 1, inFlight: 1)
        #expect({ if case .finished = fresh.next() { return true } else { return false } }())
    }

    /// At 4 requests a second, the feed hands out one, then says wait, and the fourth comes
    /// no sooner than 0.75 s after the first (a lower bound: a loaded machine only adds).
    @Test func rateSpacesTheRequestsTheFeedHandsOut() throws {
        var options = NetworkOptions()
        options.noCDN = true
        options.rate = 4
        options.connectTo = ["::127.0.0.1:9"]
        let pipeline = DomainPipeline(targets: try Self.targets(4), options: options, window: 100, inFlight: 100)
        let start = Date()
        var got = Self.drain(pipeline)
        #expect(got.count == 1)
        while got.count < 4 {
            Thread.sleep(forTimeInterval: 0.01)
            got += Self.drain(pipeline)
            #expect(Date().timeIntervalSince(start) < 60)
        }
        #expect(Date().timeIntervalSince(start) >= 0.75 - 0.01)
        #expect(got.map(\.0.url) == (1...4).map { "https://site-\($0).example/.well-known/apple-app-site-association" })
    }
}
