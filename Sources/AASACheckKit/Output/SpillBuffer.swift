import Foundation

/// Text appended piece by piece and read back once, in memory up to ``memoryLimit`` bytes and
/// in an unlinked temporary file beyond, so a report of any number of domains is assembled in
/// memory that does not grow with it. When no temporary file can be made, the text stays in
/// memory.
final class SpillBuffer {
    /// Bytes kept in memory before they go to the file.
    static let memoryLimit = 1 << 20
    private var memory: [UInt8] = []
    private var file: FileHandle?
    private var spillFailed = false
    /// Whether anything was appended.
    private(set) var isEmpty = true

    deinit { try? file?.close() }

    func append(_ text: String) {
        guard !text.isEmpty else { return }
        isEmpty = false
        memory.append(contentsOf: text.utf8)
        if memory.count >= Self.memoryLimit { spill() }
    }

    /// Hands everything appended to `write`, in pieces that each end on a character boundary.
    func drain(_ write: (String) -> Void) {
        guard let file else {
            write(String(decoding: memory, as: UTF8.self))
            memory = []
            return
        }
        spill()
        do {
            try file.seek(toOffset: 0)
            var carry: [UInt8] = []
            while let chunk = try file.read(upToCount: Self.memoryLimit), !chunk.isEmpty {
                carry.append(contentsOf: chunk)
                // Cut before the first byte of the last character, which may be incomplete.
                var cut = carry.count
                while cut > 0 && carry[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
                if cut > 0 && carry[cut - 1] >= 0xC0 { cut -= 1 }
                write(String(decoding: carry[..<cut], as: UTF8.self))
                carry.removeFirst(cut)
            }
            write(String(decoding: carry, as: UTF8.self))
        } catch {
            // The file cannot be read back: what is left in memory still follows.
        }
        // What could not be moved to the file.
        write(String(decoding: memory, as: UTF8.self))
        memory = []
    }

    private func spill() {
        guard !memory.isEmpty, !spillFailed else { return }
        if file == nil {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-\(UUID().uuidString).spill").path
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forUpdatingAtPath: path) else {
                spillFailed = true
                return
            }
            // Unlinked at once: the file goes away with the process, whatever happens.
            try? FileManager.default.removeItem(atPath: path)
            file = handle
        }
        do {
            try file?.write(contentsOf: memory)
            memory.removeAll(keepingCapacity: true)
        } catch {
            spillFailed = true
        }
    }
}
