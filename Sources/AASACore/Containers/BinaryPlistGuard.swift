/// Checks the structure of a binary property list (`bplist00`) before Foundation reads it.
///
/// A binary property list is a table of objects that refer to each other by number, so one
/// array can be referenced from many places, and reading (Foundation's parser, then the
/// conversion to ``PlistValue``) copies it into every place. A file of a few hundred bytes whose
/// arrays each hold the next one twice expands to 2^n objects: minutes of time and gigabytes of
/// memory. The same holds for bytes: 60,000 references to one 10 KB string are 70 KB of file and
/// 600 MB once read (issue 17). This guard walks the object graph once, with memoisation, and
/// refuses a file whose expanded tree holds more than ``maxExpandedObjects`` objects, more than
/// ``maxExpandedBytes`` bytes of strings and data, or nests deeper than ``maxDepth`` levels,
/// before any object is built. On the way it notes the keys a dictionary holds twice
/// (``PlistDuplicateKey``, AASA615): the binary reader keeps the first value. It also reports what Foundation would only
/// reject with a message of its XML parser ("Unexpected character b at line 1"): a damaged
/// trailer or offset table, an offset or reference that points outside the file, a cycle, an
/// object of an unknown type.
///
/// Layout (public description of the format, CoreFoundation's `CFBinaryPList.c`): the header
/// `bplist0?` (8 bytes), the object table, the offset table (one big-endian offset per object,
/// `offsetIntSize` bytes each), then a 32-byte trailer: 5 unused bytes, the sort version, the
/// offset size, the object reference size, and three big-endian `UInt64`: the number of objects,
/// the number of the top object and the offset of the offset table. Each object starts with a
/// marker byte whose high nibble is its type; arrays, sets and dictionaries hold object numbers
/// (`objectRefSize` bytes each; a dictionary all its keys, then all its values). The checks are
/// those CoreFoundation makes, so a file Foundation reads is never refused for its structure,
/// with one exception: a set, which no property list holds and which crashes Foundation's
/// bridging on Linux, is refused.
///
/// Time and memory are linear in the file's size; recursion is at most ``maxDepth`` deep.
enum BinaryPlistGuard {
    /// Largest number of objects the expanded tree may hold (every reference counted, shared or
    /// not): about 25 times a 4,000-device provisioning profile.
    static let maxExpandedObjects = 100_000
    /// Most bytes of strings and data the expanded tree may hold (each shared string or data
    /// counted once per reference): twice the largest file read (``EntitlementsFile/maxBytes``),
    /// so a file without shared references never reaches it.
    static let maxExpandedBytes = 16 << 20
    /// Deepest nesting of arrays, sets and dictionaries accepted (the top object is level 1).
    static let maxDepth = 512

    /// What the walk found in a file it accepts.
    struct Summary: Equatable {
        /// Distinct objects reachable from the top object.
        var objects: Int
        /// Objects of the expanded tree: each shared object counted once per reference.
        var expandedObjects: Int
        /// Levels of the expanded tree (1 for a lone string).
        var depth: Int
        /// Bytes of strings and data in the expanded tree (UTF-16 strings count 2 bytes a unit).
        var expandedBytes: Int = 0
        /// Keys a dictionary holds twice, in the order found.
        var duplicateKeys: [PlistDuplicateKey] = []
    }

    /// Walks the file's object graph from the top object.
    /// - Parameter bytes: a whole binary property list, starting with `bplist`.
    /// - Returns: the sizes of the graph, when it is within the limits.
    /// - Throws: ``EntitlementsError/malformedBinaryPropertyList(_:)`` for a broken structure;
    ///   ``EntitlementsError/binaryPropertyListTooLarge(_:)`` beyond ``maxExpandedObjects`` or
    ///   ``maxDepth``.
    static func check(_ bytes: [UInt8]) throws(EntitlementsError) -> Summary {
        var walker = try Walker(bytes: bytes)
        let top = try walker.visit(walker.trailer.topObject, depth: 1, path: [])
        return Summary(
            objects: walker.done.count, expandedObjects: top.size, depth: top.height, expandedBytes: top.bytes,
            duplicateKeys: walker.duplicates)
    }

    /// The fields of the 32-byte trailer.
    struct Trailer {
        var offsetIntSize: Int
        var objectRefSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableOffset: Int
    }

    private struct Node {
        /// Objects in the expanded subtree, this one included.
        var size: Int
        /// Levels of the expanded subtree.
        var height: Int
        /// Bytes of strings and data in the expanded subtree.
        var bytes: Int = 0
    }

    private struct Walker {
        let bytes: [UInt8]
        let trailer: Trailer
        /// Finished objects, by offset (two numbers with one offset are one object, as
        /// CoreFoundation reads them).
        var done: [Int: Node] = [:]
        /// Offsets of the collections on the path from the top object.
        var onPath: Set<Int> = []
        /// Keys found twice in one dictionary.
        var duplicates: [PlistDuplicateKey] = []

        init(bytes: [UInt8]) throws(EntitlementsError) {
            self.bytes = bytes
            trailer = try Self.readTrailer(bytes)
            // Every offset must point into the object table, as CoreFoundation checks up front.
            for index in 0..<trailer.objectCount {
                let offset = offsetOf(index)
                guard offset < trailer.offsetTableOffset else {
                    throw fail("object \(index) is at byte \(offset), outside the object table (bytes 8 to \(trailer.offsetTableOffset - 1))")
                }
            }
        }

        static func readTrailer(_ bytes: [UInt8]) throws(EntitlementsError) -> Trailer {
            guard bytes.count >= 8 + 1 + 32 else {
                throw fail("the file is \(bytes.count) bytes, too short for the header, one object and the 32-byte trailer")
            }
            guard bytes.starts(with: Array("bplist0".utf8)) else {
                let version = bytes[6..<8].map { (0x21...0x7E).contains($0) ? String(UnicodeScalar($0)) : "?" }.joined()
                throw fail("the header names version `\(version)`; property lists are read in version `00`")
            }
            let t = bytes.count - 32
            func uint64(at i: Int) -> UInt64 { bytes[i..<(i + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
            let offsetIntSize = Int(bytes[t + 6])
            let objectRefSize = Int(bytes[t + 7])
            let count = uint64(at: t + 8)
            let top = uint64(at: t + 16)
            let table = uint64(at: t + 24)
            let damaged = "the file is damaged or cut short"
            guard (1...8).contains(offsetIntSize) else {
                throw fail("the trailer gives offsets of \(offsetIntSize) bytes (1 to 8 expected): \(damaged)")
            }
            guard (1...8).contains(objectRefSize) else {
                throw fail("the trailer gives object references of \(objectRefSize) bytes (1 to 8 expected): \(damaged)")
            }
            guard count >= 1 else { throw fail("the trailer counts no objects: \(damaged)") }
            guard top < count else {
                throw fail("the trailer names object \(top) as the top object, but there are \(count) objects: \(damaged)")
            }
            guard table >= 9, table < UInt64(t) else {
                throw fail("the trailer puts the offset table at byte \(table), outside the file's \(t) bytes before the trailer: \(damaged)")
            }
            // The offset table runs exactly from its offset to the trailer.
            guard count <= UInt64(t), Int(table) + Int(count) * offsetIntSize == t else {
                throw fail("the offset table (\(count) offsets of \(offsetIntSize) bytes from byte \(table)) does not end where "
                    + "the trailer starts (byte \(t)): \(damaged)")
            }
            if objectRefSize < 8, UInt64(1) << (8 * objectRefSize) <= count {
                throw fail("object references of \(objectRefSize) bytes cannot number \(count) objects: \(damaged)")
            }
            if offsetIntSize < 8, UInt64(1) << (8 * offsetIntSize) <= table {
                throw fail("offsets of \(offsetIntSize) bytes cannot reach the offset table at byte \(table): \(damaged)")
            }
            return Trailer(
                offsetIntSize: offsetIntSize, objectRefSize: objectRefSize, objectCount: Int(count),
                topObject: Int(top), offsetTableOffset: Int(table))
        }

        /// A big-endian unsigned integer of `size` bytes (1 to 8) at `offset`.
        func integer(at offset: Int, size: Int) -> UInt64 {
            bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
        }

        func offsetOf(_ index: Int) -> Int {
            // Offsets are below the offset table (≤ 2^63), checked in init for every object.
            Int(clamping: integer(at: trailer.offsetTableOffset + index * trailer.offsetIntSize, size: trailer.offsetIntSize))
        }

        /// Reads one object and, for a collection, everything it refers to.
        /// - Parameters:
        ///   - depth: the object's level in the expanded tree (1 for the top object).
        ///   - path: JSON pointer tokens to the object, for the duplicate keys it holds (a shared
        ///     object is walked once, at its first place).
        mutating func visit(_ index: Int, depth: Int, path: [String]) throws(EntitlementsError) -> Node {
            let offset = offsetOf(index)
            if let node = done[offset] {
                try checkDepth(depth + node.height - 1)
                return node
            }
            try checkDepth(depth)
            let end = trailer.offsetTableOffset
            guard offset >= 8 else {
                throw fail("object \(index) is at byte \(offset), inside the header")
            }
            let marker = bytes[offset]
            let type = marker >> 4
            let low = Int(marker & 0x0F)
            let what = "object \(index) (\(Self.typeName(marker)) at byte \(offset))"

            /// The end of a leaf whose contents take `length` bytes from `start`; `counted` is
            /// what it adds to the expanded bytes (strings and data).
            func leaf(_ start: Int, _ length: Int, counted: Int = 0) throws(EntitlementsError) -> Node {
                guard length <= end - start else { throw fail("\(what) runs past the end of the object table") }
                return Node(size: 1, height: 1, bytes: counted)
            }
            var node: Node
            switch type {
            case 0x0:
                guard marker == 0x08 || marker == 0x09 else {
                    throw fail("object \(index) at byte \(offset) has the type marker 0x\(Self.hex(marker)), "
                        + "not one of a property list's (true, false, integer, real, date, data, string, array, dictionary)")
                }
                node = Node(size: 1, height: 1)
            case 0x1:
                guard low <= 4 else { throw fail("\(what) claims \(1 << low) bytes; integers have at most 16") }
                node = try leaf(offset + 1, 1 << low)
            case 0x2:
                guard low == 2 || low == 3 else { throw fail("\(what) claims \(1 << low) bytes; reals have 4 or 8") }
                node = try leaf(offset + 1, 1 << low)
            case 0x3:
                guard marker == 0x33 else {
                    throw fail("object \(index) at byte \(offset) has the unknown type marker 0x\(Self.hex(marker))")
                }
                node = try leaf(offset + 1, 8)
            case 0x4, 0x5, 0x6, 0x7:
                let (count, start) = try length(low, after: offset, what: what)
                let (bytesNeeded, overflow) = count.multipliedReportingOverflow(by: type == 0x6 ? 2 : 1)
                guard !overflow else { throw fail("\(what) runs past the end of the object table") }
                node = try leaf(start, bytesNeeded, counted: bytesNeeded)
            case 0x8:
                node = try leaf(offset + 1, low + 1)
            case 0xC:
                // CoreFoundation reads a set, but property lists hold none, and bridging one
                // crashes Foundation on Linux (found by fuzzing, issue 17).
                throw fail("object \(index) at byte \(offset) is a set (type marker 0x\(Self.hex(marker))), "
                    + "not one of a property list's types (true, false, integer, real, date, data, string, array, dictionary)")
            case 0xA, 0xD:
                let (count, start) = try length(low, after: offset, what: what)
                // A dictionary holds its keys, then its values.
                let refs = count.multipliedReportingOverflow(by: type == 0xD ? 2 : 1)
                guard !refs.overflow, refs.partialValue <= (end - start) / trailer.objectRefSize else {
                    throw fail("\(what) holds \(count) references, more than the object table has room for")
                }
                guard onPath.insert(offset).inserted else {
                    throw fail("\(what) contains itself through its references (a cycle)")
                }
                node = Node(size: 1, height: 1)
                // A dictionary's keys, to name its values and to find a key given twice.
                var keys: [String] = []
                var firstOfKey: [[UInt16]: Int] = [:]
                for k in 0..<refs.partialValue {
                    let child = Int(clamping: integer(at: start + k * trailer.objectRefSize, size: trailer.objectRefSize))
                    guard child < trailer.objectCount else {
                        throw fail("\(what) refers to object \(child), but there are \(trailer.objectCount) objects")
                    }
                    var childPath: [String] = []
                    if type == 0xD, k < count {
                        let keyMarker = bytes[offsetOf(child)]
                        guard [0x5, 0x6, 0x7].contains(keyMarker >> 4) else {
                            throw fail("\(what) has a key that is not a string (object \(child), \(Self.typeName(keyMarker)))")
                        }
                        let key = try string(child, what: what)
                        keys.append(key)
                        let units = Array(key.utf16)
                        if firstOfKey[units] == nil { firstOfKey[units] = k }
                        childPath = path + [key]
                    } else if type == 0xD {
                        let key = keys[k - count]
                        childPath = path + [key]
                        if firstOfKey[Array(key.utf16)] != k - count {
                            // CoreFoundation builds the dictionary adding each pair only when its
                            // key is new: the first value stays, this one is dropped.
                            let (droppedType, droppedCount) = try shape(child)
                            duplicates.append(PlistDuplicateKey(
                                path: path, key: key, kept: .first, droppedType: droppedType, droppedCount: droppedCount))
                        }
                    } else {
                        childPath = path + [String(k)]
                    }
                    let sub = try visit(child, depth: depth + 1, path: childPath)
                    node.size += sub.size
                    node.bytes += sub.bytes
                    node.height = max(node.height, sub.height + 1)
                    guard node.size <= maxExpandedObjects else {
                        throw .binaryPropertyListTooLarge(.objects(maxExpandedObjects))
                    }
                    guard node.bytes <= maxExpandedBytes else {
                        throw .binaryPropertyListTooLarge(.bytes(maxExpandedBytes))
                    }
                }
                onPath.remove(offset)
            default:
                throw fail("object \(index) at byte \(offset) has the unknown type marker 0x\(Self.hex(marker))")
            }
            done[offset] = node
            return node
        }

        /// The text of a string object (ASCII, UTF-16 or UTF-8), for dictionary keys.
        func string(_ index: Int, what: String) throws(EntitlementsError) -> String {
            let offset = offsetOf(index)
            let marker = bytes[offset]
            let (count, start) = try length(Int(marker & 0x0F), after: offset, what: what)
            let units = marker >> 4 == 0x6 ? 2 : 1
            guard count <= (trailer.offsetTableOffset - start) / units else {
                throw fail("\(what) has a key (object \(index)) that runs past the end of the object table")
            }
            if units == 2 {
                var code: [UInt16] = []
                code.reserveCapacity(count)
                for i in 0..<count { code.append(UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])) }
                return String(decoding: code, as: UTF16.self)
            }
            return String(decoding: bytes[start..<(start + count)], as: UTF8.self)
        }

        /// The type name and, for a collection, the element count of an object.
        func shape(_ index: Int) throws(EntitlementsError) -> (String, Int?) {
            let offset = offsetOf(index)
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x0: return ("boolean", nil)
            case 0x1: return ("integer", nil)
            case 0x2: return ("real", nil)
            case 0x3: return ("date", nil)
            case 0x4: return ("data", nil)
            case 0x5, 0x6, 0x7: return ("string", nil)
            case 0xC:
                // CoreFoundation reads a set, but property lists hold none, and bridging one
                // crashes Foundation on Linux (found by fuzzing, issue 17).
                throw fail("object \(index) at byte \(offset) is a set (type marker 0x\(Self.hex(marker))), "
                    + "not one of a property list's types (true, false, integer, real, date, data, string, array, dictionary)")
            case 0xA, 0xD:
                let (count, _) = try length(Int(marker & 0x0F), after: offset, what: "object \(index)")
                return (marker >> 4 == 0xD ? "dict" : "array", count)
            default: return ("unknown", nil)
            }
        }

        func checkDepth(_ depth: Int) throws(EntitlementsError) {
            guard depth <= maxDepth else { throw .binaryPropertyListTooLarge(.depth(maxDepth)) }
        }

        /// The element count of a data, string or collection object: the marker's low nibble,
        /// or for `0xF` the integer object that follows. Returns the count and where the
        /// contents start.
        func length(_ low: Int, after offset: Int, what: String) throws(EntitlementsError) -> (Int, Int) {
            guard low == 0xF else { return (low, offset + 1) }
            let end = trailer.offsetTableOffset
            let i = offset + 1
            guard i < end, bytes[i] >> 4 == 0x1 else { throw fail("\(what) has no integer count after its marker") }
            let size = 1 << Int(bytes[i] & 0x0F)
            guard size <= 8, size <= end - (i + 1) else { throw fail("\(what) has a count that runs past the object table") }
            let value = integer(at: i + 1, size: size)
            guard value <= UInt64(Int.max) else { throw fail("\(what) claims \(value) elements") }
            return (Int(value), i + 1 + size)
        }

        static func typeName(_ marker: UInt8) -> String {
            switch marker >> 4 {
            case 0x0: return marker == 0x08 || marker == 0x09 ? "a boolean" : "an unknown object"
            case 0x1: return "an integer"
            case 0x2: return "a real"
            case 0x3: return "a date"
            case 0x4: return "data"
            case 0x5, 0x6, 0x7: return "a string"
            case 0x8: return "a UID"
            case 0xA: return "an array"
            case 0xC: return "a set"
            case 0xD: return "a dictionary"
            default: return "an unknown object"
            }
        }

        static func hex(_ byte: UInt8) -> String { Hex.format(byte, width: 2) }
    }

    private static func fail(_ why: String) -> EntitlementsError { .malformedBinaryPropertyList(why) }
}
