/// Bytes that can be read at any offset, with a known size: a file, a member of an archive,
/// or bytes in memory.
///
/// The containers layer reads inputs through this protocol instead of whole files, so a
/// 150 MB executable is read by seeking to the few places that matter (its headers and its
/// code signature), and Core stays free of I/O: the implementations that touch files and
/// archives live outside Core (`AASAArtifacts`), and Core's tests run on ``MemorySource``.
///
/// Reads are expected mostly in increasing offset order (headers, then what they point at);
/// a source that can only stream forward (a compressed archive member) may make a backward
/// read cost a second pass, never a wrong answer.
public protocol ByteSource: Sendable {
    /// The size in bytes, as the container says (a file's size, an archive member's
    /// uncompressed size).
    var size: Int { get }
    /// What the source is, for messages: a path, `App.ipa:Payload/App.app/App`.
    var name: String { get }
    /// The bytes in `range`, which lies within `0..<size`.
    /// - Throws: ``ContainerError`` when the bytes cannot be read (an I/O error, a member
    ///   that ends before its declared size, a limit of the source).
    func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8]
}

extension ByteSource {
    /// The bytes in `range`, after checking that they lie inside the source.
    /// - Parameter what: what is read, for the message when they do not (`the load commands`).
    /// - Throws: ``ContainerError/truncated(_:)`` naming `what`, the range and the size.
    public func read(_ range: Range<Int>, what: String) throws(ContainerError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= size else {
            throw .truncated("\(what) (bytes \(range.lowerBound) to \(range.upperBound)) run past the end of "
                + "\(name), which is \(size) bytes")
        }
        return try read(range)
    }

    /// The first `count` bytes (fewer when the source is smaller): enough to tell its format.
    public func head(_ count: Int = 512) throws(ContainerError) -> [UInt8] {
        try read(0..<min(count, size))
    }
}

/// Bytes in memory as a ``ByteSource``: what Core's tests and small inputs use.
public struct MemorySource: ByteSource {
    public let bytes: [UInt8]
    public let name: String

    public init(_ bytes: [UInt8], name: String = "<memory>") {
        self.bytes = bytes
        self.name = name
    }

    public var size: Int { bytes.count }

    public func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw .truncated("bytes \(range.lowerBound) to \(range.upperBound) are past the end of \(name) (\(bytes.count) bytes)")
        }
        return Array(bytes[range])
    }
}

/// Why a container (an executable, a bundle, an archive) could not be read.
///
/// These are not findings about the content: the command line reports them as an unreadable
/// input (exit status 2, spec `cli.md`), naming the input, and goes on with the others.
public enum ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes end before a structure they declare (payload: what and where).
    case truncated(String)
    /// A structure is inconsistent: an offset outside its parent, overlapping parts, a count
    /// no file could hold (payload: what and where).
    case malformed(String)
    /// The input is beyond what is read, to keep time and memory bounded (payload: what and the
    /// limit).
    case tooLarge(String)
    /// Not a format this reader takes (payload: what the bytes look like).
    case unsupported(String)
    /// The operating system refused a read (payload: its message).
    case io(String)
    /// A local file the input names is not read: a FIFO, a device, under `/proc` or `/sys`
    /// (``LocalInputRule``; payload: the file and why, quoting nothing of it).
    case refused(path: String, reason: String)

    public var description: String {
        switch self {
        case .truncated(let why): return "cut short: \(why)"
        case .malformed(let why): return "malformed: \(why)"
        case .tooLarge(let why): return "too large: \(why)"
        case .unsupported(let why): return why
        case .io(let why): return "cannot be read: \(why)"
        case .refused(let path, let reason): return "\(SafeText.escape(path, limit: 300)) \(reason)"
        }
    }
}
