import AASACore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that decides what a local input may be and opens it (issue 22): every reader
/// of local files — domain files, route lists, configurations, entitlements and profiles,
/// `.xcconfig` files and their includes, domain lists, `--resume` files, sitemaps, the members
/// of an `.app` — asks ``check(_:directoryAllowed:)`` or ``open(_:)`` before it reads a byte.
/// The rule is ``LocalInputRule``'s: a regular file (or a directory where one is read), never
/// a FIFO, a device, a socket, or anything under `/proc` or `/sys`.
///
/// Opening never blocks: the file is opened with `O_NONBLOCK` (so a FIFO put in its place
/// between the check and the open cannot hang the run), checked again on the descriptor
/// (`fstat`), and only then made blocking again.
public enum LocalFile {
    /// Why a local input is not read.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What stopped the read.
        public enum Cause: Sendable, Hashable {
            /// There is no such file (a missing optional `#include?` is no refusal).
            case missing
            /// A directory where a file is read (the readers say what to give instead).
            case directory
            /// ``LocalInputRule`` refuses it: a FIFO, a device, a socket, under `/proc` or `/sys`.
            case refused
            /// The operating system refused to open or read it (permissions, an I/O error).
            case failed
        }

        /// The path as given.
        public var path: String
        /// Why, quoting nothing of the file (`is a FIFO (named pipe), …`, `no such file`).
        public var reason: String
        public var cause: Cause
        /// What the path is, when it exists.
        public var type: LocalInputRule.FileType?

        public init(path: String, reason: String, cause: Cause, type: LocalInputRule.FileType? = nil) {
            self.path = path
            self.reason = reason
            self.cause = cause
            self.type = type
        }

        /// `PATH: REASON`, the path escaped.
        public var description: String { "\(SafeText.escape(path, limit: 300)): \(reason)" }
    }

    /// A local file opened for reading.
    public final class Opened: @unchecked Sendable {
        /// The open descriptor (blocking), closed when this is released unless ``take()`` took it.
        public private(set) var descriptor: Int32
        /// The file's size when it was opened, in bytes.
        public let size: Int

        init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        /// Hands the descriptor over: the caller closes it.
        public func take() -> Int32 {
            let fd = descriptor
            descriptor = -1
            return fd
        }

        /// Reads at most `limit` bytes from the current position (the start, once opened).
        /// - Throws: ``Refusal`` when reading fails.
        public func read(upTo limit: Int, path: String) throws(Refusal) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(min(max(0, limit), size + 1))
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while out.count < limit {
                let want = min(chunk.count, limit - out.count)
                let n = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, want) }
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else {
                    throw Refusal(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))", cause: .failed)
                }
                if n == 0 { break }
                out.append(contentsOf: chunk[0..<n])
            }
            return out
        }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }

    /// The file type of `st_mode`.
    static func type(_ mode: mode_t) -> LocalInputRule.FileType {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// `path` made absolute against the current directory (for the `/proc` and `/sys` check of a
    /// relative path such as `../../proc/self/environ`, which `realpath` also resolves).
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The path with every symbolic link and `..` resolved, or `nil` when it cannot be
    /// (`realpath` needs every part to exist; a pipe's `/dev/fd/N` leads nowhere on disk).
    static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Whether `path` may be read, without opening it (`stat`, following links).
    /// - Parameter directoryAllowed: a directory is what the caller reads (a bundle).
    /// - Returns: what it is (``LocalInputRule/FileType/regular`` or `.directory`).
    /// - Throws: ``Refusal``: missing, refused by ``LocalInputRule``.
    @discardableResult
    public static func check(_ path: String, directoryAllowed: Bool = false) throws(Refusal) -> LocalInputRule.FileType {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            // A dangling link into /proc is still /proc's.
            if LocalInputRule.isKernelPath(absolute(path)) {
                throw Refusal(path: path, reason: LocalInputRule.refusal(path: absolute(path), resolved: nil, type: .other)!,
                              cause: .failed)
            }
            throw Refusal(path: path, reason: missing ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))",
                          cause: missing ? .missing : .failed)
        }
        let kind = type(info.st_mode)
        if let why = LocalInputRule.refusal(path: absolute(path), resolved: resolved(path), type: kind,
                                            directoryAllowed: directoryAllowed) {
            throw Refusal(path: path, reason: why, cause: kind == .directory ? .directory : .refused, type: kind)
        }
        return kind
    }

    /// Opens `path` (a regular file) for reading, never blocking on it.
    /// - Throws: ``Refusal``: missing, refused by ``LocalInputRule`` (before or after opening),
    ///   or cannot be opened (permissions).
    public static func open(_ path: String) throws(Refusal) -> Opened {
        try check(path)
        let fd = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let why = errno == EACCES ? "cannot be read (permission denied)" : "cannot be read: \(String(cString: strerror(errno)))"
            throw Refusal(path: path, reason: why, cause: errno == ENOENT ? .missing : .failed)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw Refusal(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))", cause: .failed)
        }
        // Checked again on what was opened: the path may have changed since.
        if let why = LocalInputRule.refusal(path: absolute(path), resolved: resolved(path), type: type(info.st_mode)) {
            close(fd)
            throw Refusal(path: path, reason: why, cause: type(info.st_mode) == .directory ? .directory : .refused,
                          type: type(info.st_mode))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return Opened(descriptor: fd, size: Int(info.st_size))
    }
}

/// read(2) and open(2), named apart from the methods here.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
