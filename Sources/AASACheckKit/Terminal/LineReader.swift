#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AASACore
import Synchronization

/// One line of standard input (`match` reads URLs this way).
public struct InputLine: Sendable, Hashable {
    /// The line without its line break (and a CR before it); empty when ``tooLong``.
    public var text: String
    /// 1-based line number.
    public var number: Int
    /// The line is longer than ``LineReader/maxLine`` bytes: it was skipped, never cut, and
    /// ``text`` is empty.
    public var tooLong: Bool
    /// The first byte of the line that is not UTF-8 (RFC 3629), with its 1-based column in
    /// bytes; `nil` for a UTF-8 line. ``text`` then holds U+FFFD in its place, so a line with
    /// one is not a line to decide: its text is not what was given.
    public var notUTF8: NotUTF8?

    /// A byte that is not UTF-8 and where it is.
    public struct NotUTF8: Sendable, Hashable {
        /// 1-based, in bytes from the start of the line.
        public var column: Int
        public var byte: UInt8
    }

    public init(text: String, number: Int, tooLong: Bool = false, notUTF8: NotUTF8? = nil) {
        self.text = text
        self.number = number
        self.tooLong = tooLong
        self.notUTF8 = notUTF8
    }

    /// Line `number` of the input, from its bytes without the line feed: a CR before the line
    /// break is dropped, and on line 1 a UTF-8 byte order mark (editors on Windows write one;
    /// no URL or domain begins with it); longer than ``LineReader/maxLine`` bytes, ``tooLong``.
    init(bytes: ArraySlice<UInt8>, number: Int) {
        var line = bytes
        if line.last == 0x0D { line = line.dropLast() }
        if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        guard line.count <= LineReader.maxLine else {
            self.init(text: "", number: number, tooLong: true)
            return
        }
        var bad: NotUTF8?
        if line.contains(where: { $0 >= 0x80 }), let offset = firstInvalidUTF8Offset(Array(line)) {
            bad = NotUTF8(column: line.startIndex - bytes.startIndex + offset + 1, byte: line[line.startIndex + offset])
        }
        self.init(text: String(decoding: line, as: UTF8.self), number: number, notUTF8: bad)
    }
}

/// Reads a file descriptor line by line with a bounded buffer: a line longer than ``maxLine``
/// bytes is skipped to its end and reported as such, so no one decides on a cut line.
final class LineReader: Sendable {
    /// Longest line read, in bytes.
    static let maxLine = 1_048_576

    private struct State {
        var buffer: [UInt8] = []
        var start = 0
        var eof = false
        var number = 0
    }

    let fd: Int32
    private let state = Mutex(State())

    init(fd: Int32) { self.fd = fd }

    /// Reads more into the buffer; `false` at the end of input or on an error.
    private func fill(_ s: inout State) -> Bool {
        guard !s.eof else { return false }
        if s.start > 0 {
            s.buffer.removeFirst(s.start)
            s.start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                s.eof = true
                return false
            }
            s.buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }

    /// The next line, or `nil` at the end of input.
    func next() -> InputLine? {
        state.withLock { s in
            while true {
                if let nl = s.buffer[s.start...].firstIndex(of: 0x0A) {
                    let line = s.buffer[s.start..<nl]
                    s.start = nl + 1
                    s.number += 1
                    return InputLine(bytes: line, number: s.number)
                }
                if s.buffer.count - s.start > Self.maxLine {
                    // Too long: skip to the end of the line without keeping it.
                    s.number += 1
                    s.buffer.removeAll(keepingCapacity: true)
                    s.start = 0
                    while fill(&s) {
                        if let nl = s.buffer.firstIndex(of: 0x0A) {
                            s.start = nl + 1
                            return InputLine(text: "", number: s.number, tooLong: true)
                        }
                        s.buffer.removeAll(keepingCapacity: true)
                    }
                    return InputLine(text: "", number: s.number, tooLong: true)
                }
                if !fill(&s) {
                    guard s.start < s.buffer.count else { return nil }
                    let line = s.buffer[s.start...]
                    s.start = s.buffer.count
                    s.number += 1
                    return InputLine(bytes: line, number: s.number)
                }
            }
        }
    }

    /// Everything left, at most `limit + 1` bytes.
    func readAll(limit: Int) -> [UInt8]? {
        state.withLock { s in
            while s.buffer.count - s.start <= limit && fill(&s) {}
            return Array(s.buffer[s.start..<min(s.buffer.count, s.start + limit + 1)])
        }
    }
}

/// Lines taken from a one-shot reader of standard input (for consoles built in tests), with
/// the same bound as ``LineReader``.
final class LineBuffer: Sendable {
    private struct State {
        var bytes: [UInt8]?
        var start = 0
        var number = 0
    }

    private let read: @Sendable (Int) -> [UInt8]?
    private let state = Mutex(State())

    init(read: @escaping @Sendable (Int) -> [UInt8]?) { self.read = read }

    func next() -> InputLine? {
        state.withLock { s in
            if s.bytes == nil { s.bytes = read(64 * 1_048_576) ?? [] }
            let bytes = s.bytes!
            guard s.start < bytes.count else { return nil }
            let end = bytes[s.start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[s.start..<end]
            s.start = end + 1
            s.number += 1
            return InputLine(bytes: line, number: s.number)
        }
    }
}
