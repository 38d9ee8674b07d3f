import Dispatch

/// `checking 120/1000…` on standard error, redrawn in place with a carriage return at most ten
/// times a second, cleared before other output and at the end (spec `cli.md`: progress for
/// many domains goes to standard error, only when it is a terminal). Does nothing unless
/// enabled; used from one thread.
final class ProgressLine {
    private let console: Console
    private let total: Int
    private let enabled: Bool
    /// The line for the number of items done, when not `checking N/total…`.
    private let describe: ((Int) -> String)?
    private var done = 0
    /// Characters of the line now shown; 0 when none is.
    private var shown = 0
    private var lastDraw: UInt64 = 0
    /// Shortest time between two draws, in nanoseconds.
    private static let interval: UInt64 = 100_000_000

    init(console: Console, total: Int, enabled: Bool, describe: ((Int) -> String)? = nil) {
        self.console = console
        self.total = total
        self.enabled = enabled
        self.describe = describe
    }

    /// One more item done.
    func advance() {
        done += 1
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if shown == 0 || now &- lastDraw >= Self.interval { draw(now) }
    }

    /// Writes `text` to standard output, with the progress line out of its way.
    func print(_ text: String) {
        guard !text.isEmpty else { return }
        guard enabled, shown > 0 else {
            console.out(text)
            return
        }
        clear()
        console.out(text)
        draw(DispatchTime.now().uptimeNanoseconds)
    }

    /// Removes the line for good.
    func finish() {
        if enabled, shown > 0 { clear() }
    }

    private func draw(_ now: UInt64) {
        let line = describe?(done) ?? "checking \(done)/\(total)…"
        let width = line.count
        // Spaces cover what is left of a longer line drawn before.
        console.err("\r" + line + String(repeating: " ", count: max(0, shown - width)) + "\r")
        shown = width
        lastDraw = now
    }

    private func clear() {
        console.err("\r" + String(repeating: " ", count: shown) + "\r")
        shown = 0
    }
}
