@testable import AASANet
import Foundation
import HarnessSupport
import Testing

/// Drives AASANet against the local HTTPS harness: real nginx, real TLS, real libcurl.
@Suite("HTTPClient against the harness")
struct HTTPClientHarnessTests {
    static let wellKnown = "/.well-known/apple-app-site-association"
    static let goodFile = try! Data(contentsOf: Harness.repoRoot.appendingPathComponent("Fixtures/harness/good.json"))

    func request(_ host: String, path: String = wellKnown, userAgent: String = HTTPRequest.appleFetcherUserAgent,
                 timeout: Double = 10, trustHarness: Bool = true) throws -> HTTPRequest {
        let env = try Harness.env()
        return HTTPRequest(
            url: "https://\(host)\(path)", userAgent: userAgent, connectTo: env.connectTo,
            caCertPath: trustHarness ? env.caPath : nil, connectTimeout: min(timeout, 10), timeout: timeout)
    }

    func response(_ request: HTTPRequest, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTTPResponse {
        let outcome = HTTPClient.fetch(request)
        guard case .response(let r) = outcome else {
            Issue.record("expected a response from \(request.url), got \(outcome)", sourceLocation: sourceLocation)
            throw HarnessError(description: "no response")
        }
        return r
    }

    func failure(_ request: HTTPRequest, sourceLocation: SourceLocation = #_sourceLocation) throws -> TransportError {
        let outcome = HTTPClient.fetch(request)
        guard case .failure(let e) = outcome else {
            Issue.record("expected a transport error from \(request.url), got \(outcome)", sourceLocation: sourceLocation)
            throw HarnessError(description: "no failure")
        }
        return e
    }

    @Test func goodFileIsServedAsIs() throws {
        let r = try response(request("good.aasa.test"))
        #expect(r.status == 200)
        #expect(r.httpVersion == "HTTP/2")
        #expect(r.statusLine.hasPrefix("HTTP/2 200"))
        #expect(r.header("content-type") == "application/json")
        #expect(r.body == Array(Self.goodFile))
        #expect(r.truncated == false)
        #expect(r.contentEncoding == nil)
        #expect(r.wireBytes == Self.goodFile.count)
        #expect(r.primaryIP == "127.0.0.1")
        #expect(r.primaryPort == (try Harness.env().port))
        #expect(r.timings.totalMs > 0)
        #expect(r.timings.totalMs >= r.timings.tlsMs)
    }

    @Test func headersKeepWireOrderAndNames() throws {
        let r = try response(request("good.aasa.test"))
        let names = r.headers.map { $0.name.lowercased() }
        #expect(names.first == "server")
        #expect(names.contains("content-length"))
        #expect(r.header("Content-Length") == String(Self.goodFile.count))
    }

    @Test func redirectIsReportedNotFollowed() throws {
        let r = try response(request("redirect.aasa.test"))
        #expect(r.status == 308)
        #expect(r.header("location") == "https://www.redirect.aasa.test/.well-known/apple-app-site-association")
        #expect(r.url == "https://redirect.aasa.test/.well-known/apple-app-site-association")
        #expect(String(decoding: r.body, as: UTF8.self).contains("308"))
    }

    @Test func notFound() throws {
        let r = try response(request("notfound.aasa.test"))
        #expect(r.status == 404)
        #expect(r.header("content-type") == "text/html")
    }

    @Test(arguments: [("textplain.aasa.test", "text/plain"), ("octet.aasa.test", "application/octet-stream")])
    func contentTypes(host: String, type: String) throws {
        let r = try response(request(host))
        #expect(r.status == 200)
        #expect(r.header("content-type") == type)
        #expect(r.body == Array(Self.goodFile))
    }

    @Test func htmlFallbackPage() throws {
        let r = try response(request("spa.aasa.test"))
        #expect(r.status == 200)
        #expect(r.header("content-type") == "text/html")
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("<!doctype html>"))
    }

    @Test func smallGzipBodyIsDecoded() throws {
        let r = try response(request("gzip.aasa.test"))
        #expect(r.contentEncoding == "gzip")
        #expect(r.body == Array(Self.goodFile))
        #expect(r.truncated == false)
        #expect(r.wireBytes < Self.goodFile.count)
    }

    @Test func bigGzipBodyIsCappedOnDecodedBytes() throws {
        let r = try response(request("big.aasa.test"))
        #expect(r.status == 200)
        #expect(r.contentEncoding == "gzip")
        #expect(r.truncated)
        #expect(r.body.count == 131_073)
        // Well under the decoded size: the cap counts decoded bytes, not wire bytes.
        #expect(r.wireBytes < 131_072)
        #expect(r.body.starts(with: Array("{\n  \"applinks\"".utf8)))
    }

    @Test func gzipBombCostsNothing() throws {
        let r = try response(request("bomb.aasa.test"))
        #expect(r.contentEncoding == "gzip")
        #expect(r.truncated)
        #expect(r.body.count == 131_073)
        #expect(r.body.allSatisfy { $0 == 0x20 })
        // 64 MiB decoded would be ~64 KiB on the wire; the transfer stops after ~128 KiB decoded.
        #expect(r.wireBytes < 16 * 1024)
    }

    @Test func hugePlainBodyStopsAtTheCap() throws {
        let r = try response(request("huge.aasa.test"))
        #expect(r.contentEncoding == nil)
        #expect(r.truncated)
        #expect(r.body.count == 131_073)
        #expect(r.wireBytes < 1024 * 1024)
        #expect(r.header("content-length") == String(8 * 1024 * 1024 + 37))
    }

    @Test func customCapIsHonoured() throws {
        var req = try request("good.aasa.test")
        req.maxBodyBytes = 10
        let r = try response(req)
        #expect(r.truncated)
        #expect(r.body == Array(Self.goodFile.prefix(10)))
    }

    @Test func emptyBody() throws {
        let r = try response(request("empty.aasa.test"))
        #expect(r.status == 200)
        #expect(r.body.isEmpty)
        #expect(r.truncated == false)
    }

    @Test func byteOrderMarkIsKept() throws {
        let r = try response(request("bom.aasa.test"))
        #expect(Array(r.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(Array(r.body.dropFirst(3)) == Array(Self.goodFile))
    }

    @Test func botBlockingDependsOnUserAgent() throws {
        let asBot = try response(request("botblock.aasa.test"))
        #expect(asBot.status == 403)
        let asBrowser = try response(request("botblock.aasa.test", userAgent: HTTPRequest.browserUserAgent))
        #expect(asBrowser.status == 200)
        #expect(asBrowser.body == Array(Self.goodFile))
    }

    @Test func expiredCertificate() throws {
        let e = try failure(request("expired.aasa.test"))
        #expect(e.kind == .tlsExpired)
        #expect(e.code == 60)
        #expect(e.name == "CURLE_PEER_FAILED_VERIFICATION")
        #expect(e.message.contains("expired"))
    }

    @Test func certificateForAnotherHost() throws {
        let e = try failure(request("wronghost.aasa.test"))
        #expect(e.kind == .tlsHostname)
        #expect(e.code == 60)
        #expect(e.message.contains("wronghost.aasa.test"))
    }

    @Test func untrustedWithoutTheTestCA() throws {
        let e = try failure(request("good.aasa.test", trustHarness: false))
        #expect(e.kind == .tlsUntrusted)
        #expect(e.code == 60)
    }

    @Test func serverThatNeverAnswersTimesOut() throws {
        let start = Date()
        let e = try failure(request("hang.aasa.test", timeout: 1.5))
        let elapsed = Date().timeIntervalSince(start)
        #expect(e.kind == .timeout)
        #expect(e.code == 28)
        #expect(elapsed >= 1.4)
        #expect(elapsed < 30, "a 1.5 s timeout must end the request, not hang (the bound is loose: CI machines are loaded)")
    }

    @Test func refusedConnection() throws {
        let e = try failure(request("refused.aasa.test"))
        #expect(e.kind == .refused)
        #expect(e.code == 7)
        #expect(e.message.contains("refused"))
    }

    @Test func plainHTTPIsNotAllowedByDefault() throws {
        let env = try Harness.env()
        let req = HTTPRequest(url: "http://good.aasa.test/.well-known/apple-app-site-association",
                              connectTo: env.connectTo, caCertPath: env.caPath)
        let e = try failure(req)
        #expect(e.kind == .badURL)
        #expect(e.code == 1)
    }

    @Test func sendsNoCookiesNoCredentialsAndAcceptsCompression() throws {
        // Two requests in one batch share the multi handle: the cookie set by the first must
        // not come back in the second.
        let first = try request("echo.aasa.test", path: "/one")
        let second = try request("echo.aasa.test", path: "/two")
        var bodies: [Int: String] = [:]
        HTTPClient.fetchAll([first, second], concurrency: 1) { result in
            bodies[result.index] = result.outcome.response.map { String(decoding: $0.body, as: UTF8.self) }
        }
        for index in [0, 1] {
            let body = try #require(bodies[index])
            #expect(body.contains("cookie=\n"))
            #expect(body.contains("authorization=\n"))
            #expect(body.contains("user-agent=AASA-Bot/1.0.0\n"))
            #expect(body.contains("host=echo.aasa.test\n"))
            let encodings = body.split(separator: "\n").first { $0.hasPrefix("accept-encoding=") } ?? ""
            #expect(encodings.contains("gzip"))
            #expect(encodings.contains("br"))
        }
    }

    /// Android's trailing-dot fetch (assetlinks-reference.md §1): the server is asked for
    /// `HOST.` in Host, as a new connection to `HOST.` would ask, and the request rides the
    /// connection already open to `HOST` (no second TLS handshake). Without the flag libcurl
    /// opens a connection of its own for the dotted name.
    @Test func aFullyQualifiedHostSharesTheConnectionAndSendsItsName() throws {
        let plain = try request("echo.aasa.test", path: "/one")
        var dotted = try request("echo.aasa.test.", path: "/two")
        dotted.sharesRelativeConnection = true
        var alone = dotted
        alone.sharesRelativeConnection = false
        var responses: [Int: HTTPResponse] = [:]
        HTTPClient.fetchAll([plain, dotted, alone], concurrency: 1) { responses[$0.index] = $0.outcome.response }
        let first = try #require(responses[0]), shared = try #require(responses[1]), own = try #require(responses[2])
        #expect(String(decoding: first.body, as: UTF8.self).contains("http_host=echo.aasa.test\n"))
        for r in [shared, own] {
            let body = String(decoding: r.body, as: UTF8.self)
            #expect(body.contains("http_host=echo.aasa.test.\n"), "\(body)")
            #expect(body.contains("host=echo.aasa.test\n"))
            #expect(r.url == "https://echo.aasa.test./two", "reports name the URL asked for")
        }
        #expect(first.timings.tlsMs > 0)
        #expect(shared.timings.tlsMs == 0, "no handshake: the connection to echo.aasa.test was reused")
        #expect(own.timings.tlsMs > 0, "libcurl keys its connections on the name as written")
    }

    /// A request that closes its connection (a domain's last): the next request to the same
    /// host makes a handshake of its own, where without the flag it rides the idle connection.
    @Test func aRequestThatClosesItsConnectionLeavesNoneToReuse() throws {
        let kept = try request("echo.aasa.test", path: "/one")
        var closing = try request("echo.aasa.test", path: "/two")
        closing.closesConnection = true
        let after = try request("echo.aasa.test", path: "/three")
        var responses: [Int: HTTPResponse] = [:]
        HTTPClient.fetchAll([kept, closing, after], concurrency: 1) { responses[$0.index] = $0.outcome.response }
        let first = try #require(responses[0]), second = try #require(responses[1]), third = try #require(responses[2])
        #expect(first.timings.tlsMs > 0)
        #expect(second.timings.tlsMs == 0, "the closing request still rides the open connection")
        #expect(third.timings.tlsMs > 0, "the connection was closed after the request that closes it")
        #expect([first, second, third].allSatisfy { $0.status == 200 })
    }

    /// Issue 10, item 16: the codings Apple's fetcher (CFNetwork) offers, not libcurl's list,
    /// so a server answers aasa-check as it answers Apple.
    @Test func offersTheContentCodingsApplesFetcherOffers() throws {
        for agent in [HTTPRequest.appleFetcherUserAgent, HTTPRequest.browserUserAgent] {
            let r = try response(request("echo.aasa.test", userAgent: agent))
            let body = String(decoding: r.body, as: UTF8.self)
            #expect(body.contains("accept-encoding=gzip, deflate, br\n"), "\(agent)")
        }
        #expect(HTTPRequest.acceptEncoding == "gzip, deflate, br")
    }

    /// Issue 10, item 14: no request runs without a limit, whatever limit it is given.
    @Test(arguments: [0.0001, 0, -5, Double.nan])
    func aRequestAlwaysHasATimeLimit(limit: Double) throws {
        var req = try request("hang.aasa.test", timeout: 1)
        req.timeout = limit
        req.connectTimeout = limit
        #expect(CurlTransfer.milliseconds(limit) >= 1)
        if limit > 0 {
            // Under a millisecond: the least libcurl can count, never "no limit".
            let start = Date()
            let e = try failure(req)
            #expect(e.kind == .timeout)
            #expect(Date().timeIntervalSince(start) < 10)
        } else {
            #expect(CurlTransfer.milliseconds(limit) == 30_000)
        }
    }

    @Test func extraHeadersAreSent() throws {
        var req = try request("echo.aasa.test")
        req.userAgent = "Custom/2"
        let r = try response(req)
        #expect(String(decoding: r.body, as: UTF8.self).contains("user-agent=Custom/2\n"))
    }

    @Test func cdnCopyWithAppleHeaders() throws {
        let r = try response(request("app-site-association.cdn-apple.com", path: "/a/v1/good.aasa.test"))
        #expect(r.status == 200)
        #expect(r.header("Apple-From") == "https://good.aasa.test/.well-known/apple-app-site-association")
        #expect(r.header("Apple-Origin-Format") == "json")
        #expect(r.header("Cache-Control") == "public, max-age=3600")
        #expect(r.header("Age") == "1200")
        let reparsed = try JSONSerialization.jsonObject(with: Data(r.body)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Self.goodFile) as? NSDictionary
        #expect(reparsed == original)
        #expect(r.body != Array(Self.goodFile))
    }

    @Test func cdnFailureWithAppleHeaders() throws {
        let r = try response(request("app-site-association.cdn-apple.com", path: "/a/v1/botblock.aasa.test"))
        #expect(r.status == 404)
        #expect(r.header("Apple-Failure-Reason") == "SWCERR00101 Bad HTTP Response: 403 Forbidden")
        #expect(r.header("Apple-Try-Direct") == "false")
        #expect(r.header("Apple-Failure-Details")?.hasPrefix("{") == true)
    }

    @Test func staleCdnCopy() throws {
        let r = try response(request("app-site-association.cdn-apple.com", path: "/a/v1/stale.aasa.test"))
        #expect(r.status == 200)
        #expect(r.header("Age") == "86000")
        let origin = try response(request("stale.aasa.test"))
        #expect(origin.body != r.body)
    }

    @Test func manyRequestsConcurrentlyEachDeliveredOnce() throws {
        let hosts = ["good", "redirect", "notfound", "textplain", "octet", "spa", "gzip", "big", "empty",
                     "bom", "botblock", "expired", "wronghost", "refused", "stale", "huge", "bomb"]
        let requests = try hosts.map { try request("\($0).aasa.test") }
        var seen: [Int] = []
        var statuses: [String: Int] = [:]
        let start = Date()
        HTTPClient.fetchAll(requests, concurrency: 4) { result in
            seen.append(result.index)
            statuses[hosts[result.index]] = result.outcome.response?.status ?? -1
        }
        #expect(seen.sorted() == Array(0..<hosts.count))
        #expect(statuses["good"] == 200)
        #expect(statuses["redirect"] == 308)
        #expect(statuses["notfound"] == 404)
        #expect(statuses["botblock"] == 403)
        #expect(statuses["expired"] == -1)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func asyncStreamDeliversAsEachFinishes() async throws {
        // The hanging host is slow (timeout 2 s); the fast ones must arrive before it.
        let requests = [try request("hang.aasa.test", timeout: 2), try request("good.aasa.test"),
                        try request("notfound.aasa.test")]
        var order: [Int] = []
        for await result in HTTPClient.results(for: requests, concurrency: 3) {
            order.append(result.index)
            if result.index == 0 { #expect(result.outcome.failure?.kind == .timeout) }
        }
        #expect(order.count == 3)
        #expect(order.last == 0)
    }

    @Test func endingTheStreamEarlyCancels() async throws {
        let requests = [try request("hang.aasa.test", timeout: 90), try request("good.aasa.test")]
        let cancel = CancelFlag()
        for await result in HTTPClient.results(for: requests, concurrency: 2, cancel: cancel) {
            #expect(result.index == 1)
            break
        }
        // The stream's end cancels the batch at once (no timing here: this task resumes only
        // when a cooperative thread is free, which other tests may hold for minutes).
        #expect(cancel.isSet)
    }

    @Test func aCancelledBatchEndsWithoutWaitingForItsTransfers() throws {
        // On this thread, not through the stream: how soon the loop stops once cancelled.
        let requests = [try request("hang.aasa.test", timeout: 90), try request("good.aasa.test")]
        let cancel = CancelFlag()
        var delivered: [Int] = []
        let start = Date()
        var next = 0
        MultiRunner(concurrency: 2, cancel: cancel, bell: nil).run(next: {
            guard next < requests.count else { return .finished }
            defer { next += 1 }
            return .request(requests[next], tag: next)
        }, deliver: { result in
            delivered.append(result.index)
            cancel.set()
        })
        #expect(delivered == [1])
        #expect(Date().timeIntervalSince(start) < 45, "well under the hanging request's 90 s limit")
    }
}
