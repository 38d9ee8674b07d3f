import Foundation

/// Reads local inputs with a size cap, so no input can exhaust memory.
public enum InputFile {
    /// The bytes read and the input's full size.
    public struct Contents: Sendable {
        /// At most `limit + 1` bytes.
        public var bytes: [UInt8]
        /// The whole input's size in bytes (for standard input: what was read).
        public var totalSize: Int
    }

    /// Reads `path` (or standard input for `-`), at most `limit + 1` bytes.
    /// - Throws: ``UsageError`` naming the path and the reason (missing, a directory,
    ///   unreadable), with what to do.
    public static func read(_ path: String, limit: Int, console: Console) throws -> Contents {
        if path == "-" {
            guard let bytes = console.readStandardInput(limit) else {
                throw UsageError("cannot read standard input")
            }
            return Contents(bytes: bytes, totalSize: bytes.count)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("\(SafeText.value(path)): no such file")
        }
        if isDirectory.boolValue {
            throw UsageError("\(SafeText.value(path)): is a directory; give the file itself (e.g. \(SafeText.value(path))/.well-known/apple-app-site-association)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UsageError("\(SafeText.value(path)): cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? data.count
            return Contents(bytes: Array(data), totalSize: max(size, data.count))
        } catch {
            throw UsageError("\(SafeText.value(path)): cannot be read: \(error.localizedDescription)")
        }
    }
}
