import AASANet
import Foundation
import Synchronization
import HarnessSupport
import Testing

/// `HTTPClient.run(concurrency:bell:next:onResult:)`: a transfer loop fed as it goes, against
/// the local HTTPS harness.
@Suite("HTTPClient feed loop against the harness")
struct FeedLoopTests {
    func request(_ host: String, path: String = "/.well-known/apple-app-site-association", timeout: Double = 10) throws -> HTTPRequest {
        let env = try Harness.env()
        return HTTPRequest(url: "https://\(host)\(path)", connectTo: env.connectTo, caCertPath: env.caPath,
                           connectTimeout: min(timeout, 10), timeout: timeout)
    }

    @Test func followUpsMadeFromResultsAreFetchedWithTheirTags() throws {
        // Each bulk host's answer decides a follow-up, as check does with the legacy path.
        var queue: [(HTTPRequest, Int)] = try (0..<6).map { i in
            (try request(i % 2 == 0 ? "good-\(i).bulk.test" : "notfound-\(i).bulk.test"), i)
        }
        var statuses: [Int: Int] = [:]
        var inFlightMax = 0, inFlight = 0
        HTTPClient.run(concurrency: 3, next: {
            // Nothing queued while transfers run: a result may still queue a follow-up, so the
            // feed waits; it is finished only when nothing is in flight either. (It said
            // finished at once, and a follow-up of the last result was lost when that result
            // came after the others: a CI run saw 105 missing.)
            guard !queue.isEmpty else { return inFlight > 0 ? .wait : .finished }
            inFlight += 1
            inFlightMax = max(inFlightMax, inFlight)
            let (r, tag) = queue.removeFirst()
            return .request(r, tag: tag)
        }, onResult: { result in
            inFlight -= 1
            statuses[result.index] = result.outcome.response?.status ?? -1
            if result.index < 6, result.outcome.response?.status == 404 {
                let legacy = HTTPRequest(url: "https://notfound-\(result.index).bulk.test/apple-app-site-association",
                                         connectTo: result.request.connectTo, caCertPath: result.request.caCertPath)
                queue.append((legacy, 100 + result.index))
            }
        })
        #expect(statuses == [0: 200, 1: 404, 2: 200, 3: 404, 4: 200, 5: 404, 101: 404, 103: 404, 105: 404])
        #expect(inFlightMax == 3)
    }

    @Test func aWaitingLoopIsWokenByTheBellFromAnotherThread() throws {
        let bell = TransferBell()
        let handOff = Mutex<[HTTPRequest]>([])
        let closed = Atomic<Bool>(false)
        let first = try request("good-1.bulk.test"), second = try request("good-2.bulk.test")
        // Another thread offers the requests later, one at a time, then says it is done.
        let producer = Thread {
            for r in [first, second] {
                Thread.sleep(forTimeInterval: 0.2)
                handOff.withLock { $0.append(r) }
                bell.ring()
            }
            Thread.sleep(forTimeInterval: 0.2)
            closed.store(true, ordering: .releasing)
            bell.ring()
        }
        producer.start()
        var tags = 0
        var waits = 0
        var got: [String] = []
        let start = Date()
        HTTPClient.run(concurrency: 4, bell: bell, next: {
            if let r = handOff.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                defer { tags += 1 }
                return .request(r, tag: tags)
            }
            if closed.load(ordering: .acquiring) { return .finished }
            waits += 1
            return .wait
        }, onResult: { result in
            got.append(result.request.url)
            #expect(result.outcome.response?.status == 200)
        })
        #expect(got == [first.url, second.url])
        #expect(waits >= 2)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func anEmptyFeedEndsAtOnce() {
        var asked = 0
        HTTPClient.run(concurrency: 2, next: { asked += 1; return .finished }, onResult: { _ in Issue.record("no result expected") })
        #expect(asked == 1)
    }

    @Test func aRequestThatCannotStartIsDeliveredAsAFailure() throws {
        // http:// is refused by policy before any connection (CURLOPT_PROTOCOLS_STR https).
        var queue = [HTTPRequest(url: "http://good-1.bulk.test/x")]
        var results: [FetchResult] = []
        HTTPClient.run(concurrency: 2, next: {
            queue.isEmpty ? .finished : .request(queue.removeFirst(), tag: 7)
        }, onResult: { results.append($0) })
        #expect(results.count == 1)
        #expect(results.first?.index == 7)
        #expect(results.first?.outcome.failure?.kind == .badURL)
    }
}
