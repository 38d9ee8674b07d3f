import AASACore
import AASANet
import Foundation
import Synchronization
import Testing
@testable import AASACheckKit

/// A resolver that never answers within any test's patience: each lookup blocks its thread for
/// `seconds`, as `getaddrinfo` does behind a black-holed DNS server.
func hangingResolver(seconds: Double, workers: Int, calls: Counter? = nil) -> ResolverPool {
    ResolverPool(workers: workers) { _ in
        calls?.add()
        Thread.sleep(forTimeInterval: seconds)
        return .addresses(["192.0.2.1"])
    }
}

/// A count kept from several threads.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Every wait has a deadline: DNS lookups that never answer, results that never arrive.
@Suite("deadlines", .serialized)
struct DeadlineTests {
    @Test func aLookupThatNeverAnswersTimesOutAtItsDeadline() async {
        let pool = hangingResolver(seconds: 3, workers: 2)
        let (outcome, elapsed) = await offPool {
            let start = Date()
            let outcome = pool.resolve("black-hole.example", timeout: 0.3)
            return (outcome, Date().timeIntervalSince(start))
        }
        #expect(outcome == .timedOut)
        #expect(elapsed < 2, "answered at its 0.3 s deadline, not after the 3 s lookup")
    }

    @Test func lookupsAreBoundedInThreadsAndQueuedOnesPastTheirDeadlineNeverStart() async {
        let calls = Counter()
        let pool = hangingResolver(seconds: 1.5, workers: 2, calls: calls)
        let outcomes = Mutex<[AddressResolver.Outcome]>([])
        let done = DispatchSemaphore(value: 0)
        for i in 0..<20 {
            pool.lookup("host-\(i).example", timeout: 0.5) { outcome in
                outcomes.withLock { $0.append(outcome) }
                done.signal()
            }
        }
        let answered = await offPool { (0..<20).allSatisfy { _ in done.wait(timeout: .now() + 5) == .success } }
        #expect(answered)
        #expect(outcomes.withLock { $0 } == Array(repeating: .timedOut, count: 20))
        #expect(pool.mostThreads == 2)
        // The two threads were busy for 1.5 s: the 18 queued lookups passed their 0.5 s
        // deadline before a thread was free, so they were never started.
        await offPool { Thread.sleep(forTimeInterval: 1.7) }
        #expect(calls.count == 2)
    }

    @Test func aCancelledLookupIsNeverAnswered() async {
        let pool = hangingResolver(seconds: 0.5, workers: 1)
        let answered = Atomic<Bool>(false)
        pool.lookup("busy.example", timeout: 2) { _ in }
        let queued = pool.lookup("cancelled.example", timeout: 1) { _ in answered.store(true, ordering: .relaxed) }
        queued.cancel()
        await offPool { Thread.sleep(forTimeInterval: 1.5) }
        let wasAnswered = answered.load(ordering: .relaxed)
        #expect(!wasAnswered)
        #expect(queued.isSettled)
    }

    @Test func aDomainWhoseLookupHangsIsJudgedWithinTheLookupLimit() async throws {
        // No socket is opened: the origin's answer is made up and fed to the pipeline; the
        // lookup that follows never answers.
        var options = NetworkOptions()
        options.noCDN = true
        options.timeout = 1
        let targets = try [CheckTarget.parse("slow-dns.example")]
        let pipeline = DomainPipeline(targets: targets, options: options, window: 4, inFlight: 4,
                                      resolver: hangingResolver(seconds: 12, workers: 1))
        guard case .request(let request, let tag) = pipeline.next() else {
            Issue.record("the origin request was not started")
            return
        }
        let refused = TransportError(url: request.url, code: 7, name: "CURLE_COULDNT_CONNECT", message: "Failed to connect",
                                     kind: .refused, primaryIP: "203.0.113.9")
        // Timed on the waiting thread: the await itself may wait for a free cooperative thread.
        let (ready, elapsed) = await offPool {
            let start = Date()
            pipeline.received(FetchResult(index: tag, request: request, outcome: .failure(refused)))
            return (pipeline.takeReady(), Date().timeIntervalSince(start))
        }
        let (index, _, fetched) = try #require(ready)
        #expect(index == 0)
        #expect(fetched.lookedUp)
        #expect(fetched.addresses == nil, "the lookup timed out")
        // Bounded generously (a loaded machine took 4 s for the 1 s deadline), yet well short
        // of the 12 s the lookup hangs.
        #expect(elapsed < 8, "judged after min(5, timeout) = 1 s, not after the 12 s lookup (took \(elapsed) s)")
        // The address curl connected to stands in for the lookup.
        let outcome = DomainCheck.judge(targets[0], fetched, options: options, appIDs: [])
        #expect(outcome.addresses == ["203.0.113.9"])
        pipeline.finish()
    }

    @Test func aLostResultDoesNotHangTheRun() async throws {
        // Two domains start; one transfer's result never arrives. After the stall limit, the
        // stuck domain is judged as failed and the run goes on.
        var options = NetworkOptions()
        options.noCDN = true
        options.timeout = 0.5
        let targets = try ["lost.example", "fine.example", "later.example"].map { try CheckTarget.parse($0) }
        let pipeline = DomainPipeline(targets: targets, options: options, window: 2, inFlight: 2,
                                      resolver: hangingResolver(seconds: 0, workers: 1), stallMargin: 0.3)
        var started: [(HTTPRequest, Int)] = []
        while case .request(let request, let tag) = pipeline.next() { started.append((request, tag)) }
        #expect(started.count == 2, "the window holds the third")
        let dns = TransportError(url: started[1].0.url, code: 6, name: "CURLE_COULDNT_RESOLVE_HOST", message: "Could not resolve host", kind: .dns)
        pipeline.received(FetchResult(index: started[1].1, request: started[1].0, outcome: .failure(dns)))
        let (first, second, third, elapsed) = await offPool {
            let start = Date()
            return (pipeline.takeReady(), pipeline.takeReady(), pipeline.takeReady(), Date().timeIntervalSince(start))
        }
        #expect(elapsed < 5)
        #expect(first?.0 == 1)
        #expect(second?.0 == 0)
        #expect(second?.2.origin?.error?.message == "no answer within the time limit; the request was given up")
        // The domain the window held back is handed over too, with nothing fetched.
        #expect(third?.0 == 2)
        #expect(third?.2.origin?.error != nil)
        #expect(pipeline.takeReady() == nil)
        // A late answer for the given-up request changes nothing.
        pipeline.received(FetchResult(index: started[0].1, request: started[0].0, outcome: .failure(dns)))
        pipeline.finish()
        #expect({ if case .finished = pipeline.next() { return true } else { return false } }())
    }

    /// `--rate` slower than `--timeout` (a new-user pass found it): a request that waits for its
    /// turn is not a stuck run. Before, the judging thread gave the domains after the first up
    /// after `timeout` + the margin, and each was reported unreachable (a false AASA101).
    @Test func aSlowRateIsNotAStall() async throws {
        var options = NetworkOptions()
        options.noCDN = true
        options.timeout = 0.3
        // One request every 0.67 s: longer than the timeout and the margin (0.5 s) together.
        options.rate = 1.5
        options.connectTo = ["::127.0.0.1:9"]
        let targets = try ["a.example", "b.example", "c.example"].map { try CheckTarget.parse($0) }
        let pipeline = DomainPipeline(targets: targets, options: options, window: 3, inFlight: 3,
                                      resolver: hangingResolver(seconds: 0, workers: 1), stallMargin: 0.2)
        #expect(pipeline.stallLimit == .milliseconds(1166))
        // The transfer loop: each request the feed hands out is refused at once.
        let loop = Thread {
            while true {
                switch pipeline.next() {
                case .request(let request, let tag):
                    pipeline.received(FetchResult(index: tag, request: request, outcome: .failure(TransportError(
                        url: request.url, code: 7, name: "CURLE_COULDNT_CONNECT", message: "Failed to connect", kind: .refused))))
                case .wait: Thread.sleep(forTimeInterval: 0.01)
                case .finished: return
                }
            }
        }
        loop.start()
        let ready = await offPool { (0..<3).compactMap { _ in pipeline.takeReady() } }
        pipeline.finish()
        #expect(ready.map(\.0) == [0, 1, 2])
        for (_, target, fetched) in ready {
            #expect(fetched.origin?.error?.kind == .refused, "\(target.host): \(fetched.origin?.error?.message ?? "no answer")")
        }
    }
}
