#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a command writes, and what it knows about the terminal.
///
/// Commands never print directly: tests run them with captured streams.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private var writeOut: (String) -> Void
    private var writeErr: (String) -> Void
    private let outputFailedCheck: () -> Bool
    /// Whether standard output is a terminal (colour, layout).
    public let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (progress lines).
    public let stderrIsTerminal: Bool
    /// The environment (`NO_COLOR`, `CI`, …).
    public let environment: [String: String]
    /// Reads standard input, at most `limit` bytes; `nil` when it cannot be read.
    public let readStandardInput: (Int) -> [UInt8]?
    /// The next line of standard input without its line break, or `nil` at the end; a line
    /// longer than ``LineReader/maxLine`` bytes is cut there.
    public let readLine: () -> String?

    /// - Parameters:
    ///   - readLine: the line source; by default lines are taken from `readStandardInput`.
    ///   - outputFailed: whether writing to standard output has failed (disk full, closed).
    public init(stdout: @escaping (String) -> Void, stderr: @escaping (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                environment: [String: String] = [:], readStandardInput: @escaping (Int) -> [UInt8]? = { _ in nil },
                readLine: (() -> String?)? = nil, outputFailed: @escaping () -> Bool = { false }) {
        writeOut = stdout
        writeErr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
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
            stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: { limit in input.readAll(limit: limit) },
            readLine: { input.next() },
            outputFailed: { out.failed })
    }

    public func out(_ s: String) {
        lock.lock(); defer { lock.unlock() }
        writeOut(s)
    }

    public func err(_ s: String) {
        lock.lock(); defer { lock.unlock() }
        writeErr(s)
    }
}

/// Writes to a file descriptor, remembering the first failure and writing nothing after it.
final class DescriptorWriter: @unchecked Sendable {
    let fd: Int32
    private(set) var failed = false

    init(fd: Int32) { self.fd = fd }

    func write(_ s: String) {
        guard !failed else { return }
        var bytes = Array(s.utf8)
        var offset = 0
        bytes.withUnsafeMutableBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += n
            }
        }
    }
}

/// Reads a file descriptor line by line with a bounded buffer.
final class LineReader: @unchecked Sendable {
    /// Longest line kept, in bytes; the rest of a longer line is dropped.
    static let maxLine = 1_048_576
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false

    init(fd: Int32) { self.fd = fd }

    private func fill() -> Bool {
        guard !eof else { return false }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                eof = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }

    /// The next line, or `nil` at the end of input.
    func next() -> String? {
        var cut = false
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<min(nl, start + LineReader.maxLine)]
                start = nl + 1
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            if buffer.count - start > LineReader.maxLine {
                // Keep the first maxLine bytes and skip to the end of the line.
                let line = String(decoding: buffer[start..<(start + LineReader.maxLine)], as: UTF8.self)
                buffer.removeAll(keepingCapacity: true)
                start = 0
                cut = true
                while fill() {
                    if let nl = buffer.firstIndex(of: 0x0A) {
                        start = nl + 1
                        return line
                    }
                    buffer.removeAll(keepingCapacity: true)
                }
                return line
            }
            if !fill() {
                guard start < buffer.count || cut else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line.isEmpty && cut ? nil : line
            }
        }
    }

    /// Everything left, at most `limit + 1` bytes.
    func readAll(limit: Int) -> [UInt8]? {
        while buffer.count - start <= limit && fill() {}
        return Array(buffer[start..<min(buffer.count, start + limit + 1)])
    }
}

/// Lines taken from a one-shot reader of standard input (for consoles built in tests).
final class LineBuffer: @unchecked Sendable {
    private let read: (Int) -> [UInt8]?
    private var lines: [Substring]?
    private var index = 0

    init(read: @escaping (Int) -> [UInt8]?) { self.read = read }

    func next() -> String? {
        if lines == nil {
            let text = String(decoding: read(64 * 1_048_576) ?? [], as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { lines!.removeLast() }
            if text.isEmpty { lines = [] }
        }
        guard index < lines!.count else { return nil }
        index += 1
        let line = lines![index - 1]
        return String(line.hasSuffix("\r") ? line.dropLast() : line)
    }
}

/// ANSI styling, used only when asked for (a terminal, no `NO_COLOR`, no `--no-color`).
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func red(_ s: String) -> String { wrap(s, "31") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }
}
