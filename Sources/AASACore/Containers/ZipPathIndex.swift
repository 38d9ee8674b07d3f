/// The directories of a zip archive's members, for ``FileTree/contents(of:)``: every directory
/// a member path names or implies, with its items sorted by name.
///
/// Built in time linear in the total bytes of the paths (each component is hashed once, keyed by
/// its parent directory's number, never by the whole prefix: 16,000 nested directories cost
/// 16,000 hashes, not 16,000²/2 bytes of prefixes), plus sorting each directory's items.
/// A name that is both a file and a directory is listed as the directory.
public struct ZipPathIndex: Sendable {
    private struct Key: Hashable {
        var parent: Int32
        var name: Substring
    }

    private struct Node {
        var name: Substring
        var isDirectory: Bool
        var size: Int
        var children: [Int32] = []
    }

    private var nodes: [Node]
    private var lookup: [Key: Int32]

    /// Indexes the directory's file and directory members (symbolic links are left out, as
    /// they are never read).
    public init(_ directory: ZipDirectory) {
        nodes = [Node(name: "", isDirectory: true, size: 0)]
        lookup = [:]
        lookup.reserveCapacity(directory.entries.count)
        for entry in directory.entries where !entry.isSymbolicLink && !entry.path.isEmpty {
            var parent: Int32 = 0
            let path = entry.path
            var start = path.startIndex
            while true {
                let slash = path[start...].firstIndex(of: "/")
                let end = slash ?? path.endIndex
                let name = path[start..<end]
                let isLast = slash == nil
                let isDirectory = !isLast || entry.isDirectory
                let key = Key(parent: parent, name: name)
                if let found = lookup[key] {
                    if isDirectory {
                        nodes[Int(found)].isDirectory = true
                        nodes[Int(found)].size = 0
                    }
                    parent = found
                } else {
                    let id = Int32(nodes.count)
                    nodes.append(Node(name: name, isDirectory: isDirectory, size: isDirectory ? 0 : entry.uncompressedSize))
                    nodes[Int(parent)].children.append(id)
                    lookup[key] = id
                    parent = id
                }
                guard let slash else { break }
                start = path.index(after: slash)
            }
        }
        let names = nodes.map(\.name)
        for i in nodes.indices where nodes[i].children.count > 1 {
            nodes[i].children.sort { names[Int($0)] < names[Int($1)] }
        }
    }

    /// The items directly inside `directory` (`""` for the root), or `nil` when no member names
    /// such a directory.
    public func contents(of directory: String) -> [TreeItem]? {
        var node: Int32 = 0
        if !directory.isEmpty {
            for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
                guard let next = lookup[Key(parent: node, name: part)] else { return nil }
                node = next
            }
            guard nodes[Int(node)].isDirectory else { return nil }
        }
        return nodes[Int(node)].children.map { child in
            let n = nodes[Int(child)]
            return TreeItem(name: String(n.name), isDirectory: n.isDirectory, size: n.size)
        }
    }
}
