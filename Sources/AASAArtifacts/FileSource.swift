import AASACore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read by seeking (`pread`): only the ranges asked for are read, so a 150 MB
/// executable costs its headers and its signature, not 150 MB.
public final class FileSource: ByteSource {
    public let name: String
    public let size: Int
    private let descriptor: Int32

    /// Opens a regular file, never blocking on it (``LocalFile/open(_:)``: a FIFO, a device or
    /// a file under `/proc` or `/sys` is refused before a byte is read).
    /// - Parameter name: how messages name it (the path as given).
    /// - Throws: ``ContainerError/refused(path:reason:)`` for a file ``LocalInputRule``
    ///   refuses, ``ContainerError/io(_:)`` when it cannot be opened.
    public init(path: String, name: String? = nil) throws(ContainerError) {
        self.name = name ?? path
        let opened: LocalFile.Opened
        do {
            opened = try LocalFile.open(path)
        } catch {
            guard error.cause == .refused || error.cause == .directory else { throw .io("\(name ?? path): \(error.reason)") }
            throw .refused(path: name ?? path, reason: error.reason)
        }
        size = opened.size
        descriptor = opened.take()
    }

    deinit { close(descriptor) }

    public func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= size else {
            throw .truncated("bytes \(range.lowerBound) to \(range.upperBound) are past the end of \(name) (\(size) bytes)")
        }
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = out.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw n == 0 ? .truncated("\(name) ended at byte \(range.lowerBound + done) while reading; it changed while read?")
                    : .io("\(name): \(String(cString: strerror(errno)))")
            }
            done += n
        }
        return out
    }
}

/// A directory (an `.app`, an `.xcarchive`) as a ``FileTree``.
public struct DirectoryTree: FileTree {
    public let name: String
    /// The directory's path.
    public let root: String

    public init(root: String, name: String? = nil) {
        self.root = root
        self.name = name ?? root
    }

    private func full(_ path: String) throws(ContainerError) -> String {
        guard !path.split(separator: "/").contains("..") else { throw .malformed("the path \(path) leaves \(name)") }
        return path.isEmpty ? root : (root.hasSuffix("/") ? root : root + "/") + path
    }

    public func contents(of directory: String) throws(ContainerError) -> [TreeItem]? {
        let path = try full(directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .io("\(name)/\(directory): \(error.localizedDescription)")
        }
        return names.sorted().map { item in
            var dir: ObjCBool = false
            let itemPath = path + "/" + item
            _ = FileManager.default.fileExists(atPath: itemPath, isDirectory: &dir)
            let size = (try? FileManager.default.attributesOfItem(atPath: itemPath)[.size] as? NSNumber)?.intValue ?? 0
            return TreeItem(name: item, isDirectory: dir.boolValue, size: dir.boolValue ? 0 : size)
        }
    }

    public func open(_ path: String) throws(ContainerError) -> any ByteSource {
        try FileSource(path: try full(path), name: name + "/" + path)
    }
}
