/// A tree of files read by path: an `.app` or `.xcarchive` directory, or the members of an
/// `.ipa` (zip). Core walks bundles through this protocol; the implementations that touch the
/// file system and archives live outside Core (`AASAArtifacts`), and Core's tests use
/// ``MemoryTree``.
///
/// Paths are relative to the tree's root, `/`-separated, without a leading `/`
/// (`Payload/Shop.app/Info.plist`); the root is the empty string.
public protocol FileTree: Sendable {
    /// What the tree is, for messages: the path given (`Shop.ipa`).
    var name: String { get }
    /// The items directly inside `directory`, or `nil` when there is no such directory.
    func contents(of directory: String) throws(ContainerError) -> [TreeItem]?
    /// The bytes of the file at `path`.
    /// - Throws: ``ContainerError`` when there is no such file or it cannot be read.
    func open(_ path: String) throws(ContainerError) -> any ByteSource
}

/// One item of a directory of a ``FileTree``.
public struct TreeItem: Sendable, Hashable {
    public var name: String
    public var isDirectory: Bool
    /// Bytes of a file (0 for a directory).
    public var size: Int

    public init(name: String, isDirectory: Bool, size: Int = 0) {
        self.name = name
        self.isDirectory = isDirectory
        self.size = size
    }
}

extension FileTree {
    /// `directory/name`, or `name` at the root.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory + "/" + name
    }

    /// Reads a whole small file.
    /// - Parameters:
    ///   - limit: the most bytes accepted; a larger file is refused.
    ///   - what: what the file is, for the message (`Info.plist`).
    /// - Throws: ``ContainerError/tooLarge(_:)`` beyond `limit`.
    public func readAll(_ path: String, limit: Int, what: String) throws(ContainerError) -> [UInt8] {
        let source = try open(path)
        guard source.size <= limit else {
            throw .tooLarge("\(what) (\(name):\(path)) is \(source.size) bytes; at most \(limit) are read")
        }
        return try source.read(0..<source.size)
    }
}

/// Files in memory as a ``FileTree``: paths to bytes; directories are implied by the paths.
public struct MemoryTree: FileTree {
    public let name: String
    public let files: [String: [UInt8]]

    public init(name: String = "<memory>", files: [String: [UInt8]]) {
        self.name = name
        self.files = files
    }

    public func contents(of directory: String) throws(ContainerError) -> [TreeItem]? {
        let prefix = directory.isEmpty ? "" : directory + "/"
        var items: [String: TreeItem] = [:]
        for (path, bytes) in files where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                let dir = String(rest[..<slash])
                items[dir] = TreeItem(name: dir, isDirectory: true)
            } else if !rest.isEmpty {
                items[String(rest)] = TreeItem(name: String(rest), isDirectory: false, size: bytes.count)
            }
        }
        if items.isEmpty, !directory.isEmpty { return nil }
        return items.values.sorted { $0.name < $1.name }
    }

    public func open(_ path: String) throws(ContainerError) -> any ByteSource {
        guard let bytes = files[path] else { throw .unsupported("\(name) has no file \(path)") }
        return MemorySource(bytes, name: "\(name):\(path)")
    }
}
