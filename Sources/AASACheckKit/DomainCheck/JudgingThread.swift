import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The thread a stream of domains is judged on (``DomainCheck/stream(from:options:kinds:appIDs:window:ordered:resolver:process:emit:)``):
/// a thread of its own that gives way to the transfer loop's when both want the CPU.
///
/// Judging is work that can wait: the pipeline starts no domain more than twice
/// `--concurrency` ahead of it, so when it falls behind, the transfers stop being started and
/// it catches up. The transfer loop cannot wait: while it waits for the CPU its transfers'
/// clocks run, so the times reported and the `--timeout` and `--connect-timeout` deadlines
/// would count time the loop was not given (a machine as busy as its cores, the test harness's
/// server on the same cores, 1,000 domains of `--platform all`: scripts/bench-apk.sh). So the
/// judging thread runs at a lower priority: on Linux its nice value is raised by
/// ``niceIncrement`` (setpriority(2) on the thread itself: Linux keeps a nice value per
/// thread), elsewhere its quality of service is `.utility`. A thread cannot lower its nice
/// value again without privileges, which is why judging does not happen on the caller's thread.
enum JudgingThread {
    /// How much the judging thread's nice value is raised on Linux: at 10 the scheduler gives it
    /// about a tenth of the share of a thread at the caller's priority when both are runnable
    /// (on a machine that is otherwise idle it runs as fast as before).
    static let niceIncrement: Int32 = 10

    /// The stack of the judging thread, as large as a main thread's usual one (8 MiB).
    static let stackSize = 8 << 20

    /// Runs `body` on the judging thread and returns when it has returned.
    static func run(_ body: @escaping () -> Void) {
        let work = Work(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            lowerPriority()
            work.body()
            done.signal()
        }
        thread.name = "aasa-judge"
        thread.stackSize = stackSize
        #if !os(Linux)
        thread.qualityOfService = .utility
        #endif
        thread.start()
        done.wait()
    }

    /// The calling thread's nice value raised by ``niceIncrement`` (Linux; a failure leaves it as it is).
    private static func lowerPriority() {
        #if os(Linux)
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceIncrement))
        #endif
    }

    /// `body` handed to the judging thread. It is called there once while the thread that
    /// made it waits in ``run(_:)``, so what it captures is never used by two threads at once.
    private final class Work: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
