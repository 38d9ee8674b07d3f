import Foundation
import Testing
@testable import AASACheckKit
#if canImport(Glibc)
import Glibc
#endif

/// Domains are judged on a thread of their own that gives way to the transfer loop
/// (``JudgingThread``): the work runs there, once, and the call returns only after it.
@Suite("the judging thread")
struct JudgingThreadTests {
    final class Seen: @unchecked Sendable {
        var thread: Thread?
        var nice: Int32 = -100
        var calls = 0
    }

    @Test func theWorkRunsOnceOnAnotherThreadBeforeTheCallReturns() {
        let seen = Seen()
        JudgingThread.run {
            seen.thread = Thread.current
            seen.calls += 1
            #if os(Linux)
            seen.nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            #endif
        }
        #expect(seen.calls == 1)
        #expect(seen.thread != nil && seen.thread != Thread.current)
        #if os(Linux)
        let callerNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        // The judging thread's nice value is raised; the caller's is as it was.
        #expect(seen.nice == min(19, callerNice + JudgingThread.niceIncrement))
        #expect(callerNice < seen.nice)
        #endif
    }

    @Test func aStreamCallsProcessAndEmitOnTheJudgingThreadInOrder() throws {
        var options = NetworkOptions()
        options.noCDN = true
        options.connectTo = ["::127.0.0.1:1"]  // refused at once: nothing leaves the machine
        options.timeout = 2
        var emitted: [Int] = []
        var processedOffCaller = 0
        let caller = Thread.current
        DomainCheck.stream(try ["a.example", "b.example", "c.example"].map { try CheckTarget.parse($0) }, options: options,
                           process: { outcome -> String in
            if Thread.current != caller { processedOffCaller += 1 }
            return outcome.target.host
        }, emit: { index, host in
            emitted.append(index)
            #expect(host == ["a.example", "b.example", "c.example"][index])
        })
        #expect(emitted == [0, 1, 2])
        #expect(processedOffCaller == 3)
    }
}
