#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Where a command writes, and what it knows about the terminal.
///
/// Commands never print directly: tests run them with captured streams. Writes from any thread
/// are serialised, each one whole.
public final class Console: Sendable {
    private let writing = Mutex<Void>(())
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    private let outputFailedCheck: @Sendable () -> Bool
    /// Whether standard output is a terminal (colour, layout).
    public let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (progress lines).
    public let stderrIsTerminal: Bool
    /// Whether standard input is a terminal (a person typing, not a pipe or a file).
    public let stdinIsTerminal: Bool
    /// The environment (`NO_COLOR`, `CI`, …).
    public let environment: [String: String]
    /// Reads standard input, at most `limit` bytes; `nil` when it cannot be read.
    public let readStandardInput: @Sendable (Int) -> [UInt8]?
    /// The next line of standard input, or `nil` at the end (``InputLine``).
    public let readLine: @Sendable () -> InputLine?

    /// - Parameters:
    ///   - readLine: the line source; by default lines are taken from `readStandardInput`.
    ///   - outputFailed: whether writing to standard output has failed (disk full, closed).
    public init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = false,
                environment: [String: String] = [:], readStandardInput: @escaping @Sendable (Int) -> [UInt8]? = { _ in nil },
                readLine: (@Sendable () -> InputLine?)? = nil, outputFailed: @escaping @Sendable () -> Bool = { false }) {
        writeOut = stdout
        writeErr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.environment = environment
        self.readStandardInput = readStandardInput
        outputFailedCheck = outputFailed
        if let readLine {
            self.readLine = readLine
        } else {
            let lines = LineBuffer(read: readStandardInput)
            self.readLine = { lines.next() }
        }
    }

    /// Whether something written to standard output was lost.
    public var outputFailed: Bool { outputFailedCheck() }

    /// The process's own streams, written with write(2): a full disk or a closed stream is
    /// recorded (see ``outputFailed``), never a crash.
    public static func standard() -> Console {
        let out = DescriptorWriter(fd: 1)
        let err = DescriptorWriter(fd: 2)
        let input = LineReader(fd: 0)
        return Console(
            stdout: { out.write($0) }, stderr: { err.write($0) },
            stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1, stdinIsTerminal: isatty(0) == 1,
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: { limit in input.readAll(limit: limit) },
            readLine: { input.next() },
            outputFailed: { out.failed })
    }

    public func out(_ s: String) {
        writing.withLock { _ in writeOut(s) }
    }

    public func err(_ s: String) {
        writing.withLock { _ in writeErr(s) }
    }
}

/// write(2), named apart from ``DescriptorWriter/write(_:)``.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Writes to a file descriptor, remembering the first failure and writing nothing after it.
final class DescriptorWriter: Sendable {
    let fd: Int32
    private let failure = Atomic<Bool>(false)

    init(fd: Int32) { self.fd = fd }

    /// Whether a write has failed (disk full, stream closed).
    var failed: Bool { failure.load(ordering: .acquiring) }

    /// Writes all of `s`, retrying after interruptions; nothing once a write has failed.
    func write(_ s: String) {
        guard !failed else { return }
        var bytes = Array(s.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure.store(true, ordering: .releasing)
                    return
                }
                offset += n
            }
        }
    }
}
