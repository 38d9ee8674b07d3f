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
    /// Whether standard output is a terminal (colour, layout).
    public let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (progress lines).
    public let stderrIsTerminal: Bool
    /// The environment (`NO_COLOR`, `CI`, …).
    public let environment: [String: String]
    /// Reads standard input, at most `limit` bytes; `nil` when it cannot be read.
    public let readStandardInput: (Int) -> [UInt8]?

    public init(stdout: @escaping (String) -> Void, stderr: @escaping (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                environment: [String: String] = [:], readStandardInput: @escaping (Int) -> [UInt8]? = { _ in nil }) {
        writeOut = stdout
        writeErr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.readStandardInput = readStandardInput
    }

    /// The process's own streams.
    public static func standard() -> Console {
        Console(
            stdout: { s in FileHandle.standardOutput.write(Data(s.utf8)) },
            stderr: { s in FileHandle.standardError.write(Data(s.utf8)) },
            stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: { limit in
                var data = Data()
                while data.count <= limit {
                    guard let chunk = try? FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty else { break }
                    data.append(chunk)
                }
                return Array(data.prefix(limit + 1))
            })
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

/// Makes text safe to print: control characters (C0, DEL, C1, bidi overrides) become visible
/// escapes, so text from a server or a file cannot drive the terminal.
public enum SafeText {
    public static func escape(_ s: String, keepNewlines: Bool = false) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x0A where keepNewlines: out += "\n"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default:
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
