/// Decodes the DER entitlements of a code signature (blob magic `0xfade7172`) into the same
/// ``PlistValue`` model as property lists.
///
/// The encoding (Apple's CoreEntitlements, `CCDER_ENTITLEMENTS` in xnu's
/// `EXTERNAL_HEADERS/CoreEntitlements`; the same layout as `codesign
/// --generate-entitlement-der` writes): an `[APPLICATION 16]` constructed element (`0x70`)
/// holding `INTEGER 1` (the version) and the top-level dictionary. A dictionary is a
/// `[CONTEXT 16]` constructed element (`0xb0`) of `SEQUENCE { UTF8String key, value }` pairs
/// in key order; an array is a `SEQUENCE` (`0x30`); strings are `UTF8String` (`0x0c`),
/// booleans `BOOLEAN` (`0x01`, `0xff` true), integers `INTEGER` (`0x02`, two's complement, at
/// most 8 bytes). Only definite lengths (DER).
///
/// Each element is read once (linear time); nesting is capped at ``maxDepth``; a key given
/// twice is reported as a ``PlistDuplicateKey`` (the first value kept, as CoreEntitlements'
/// sorted-key lookup finds it).
public enum DEREntitlements {
    public static let maxDepth = 64

    /// The decoded entitlements dictionary and the keys found twice.
    /// - Parameters:
    ///   - payload: the blob after its 8-byte header.
    ///   - name: what it is, for messages.
    /// - Throws: ``ContainerError/malformed(_:)`` or ``ContainerError/truncated(_:)`` naming the
    ///   byte offset in the payload.
    public static func decode(
        _ payload: ArraySlice<UInt8>, name: String
    ) throws(ContainerError) -> (root: [String: PlistValue], duplicateKeys: [PlistDuplicateKey]) {
        var reader = Reader(bytes: Array(payload), name: name)
        let top = try reader.header(at: 0, limit: reader.bytes.count)
        guard top.tag == 0x70 else {
            throw reader.fail("starts with tag 0x\(Hex.format(top.tag, width: 2, uppercase: false)), not [APPLICATION 16] (0x70)", at: 0)
        }
        guard top.end == reader.bytes.count else {
            throw reader.fail("has \(reader.bytes.count - top.end) bytes after its entitlements", at: top.end)
        }
        let version = try reader.header(at: top.start, limit: top.end)
        guard version.tag == 0x02, case .integer(1) = try reader.value(version, depth: 1, path: []) else {
            throw reader.fail("does not start with the version INTEGER 1", at: top.start)
        }
        let dict = try reader.header(at: version.end, limit: top.end)
        guard dict.tag == 0xB0 else {
            throw reader.fail("holds a 0x\(Hex.format(dict.tag, width: 2, uppercase: false)) where the entitlements dictionary (0xb0) belongs",
                at: version.end)
        }
        guard case .dictionary(let root) = try reader.value(dict, depth: 1, path: []) else {
            throw reader.fail("has no entitlements dictionary", at: version.end)
        }
        return (root, reader.duplicates)
    }

    struct Element {
        var tag: UInt8
        var offset: Int
        /// Contents range.
        var start: Int
        var end: Int
    }

    struct Reader {
        let bytes: [UInt8]
        let name: String
        var duplicates: [PlistDuplicateKey] = []

        init(bytes: [UInt8], name: String) {
            self.bytes = bytes
            self.name = name
        }

        func fail(_ why: String, at offset: Int) -> ContainerError {
            .malformed("the DER entitlements of \(name) \(why) (byte \(offset))")
        }

        /// The tag and length at `offset`; the element must end by `limit`.
        func header(at offset: Int, limit: Int) throws(ContainerError) -> Element {
            guard offset + 2 <= limit else {
                throw .truncated("the DER entitlements of \(name) end inside an element header (byte \(offset))")
            }
            let tag = bytes[offset]
            guard tag & 0x1F != 0x1F else { throw fail("uses a multi-byte tag", at: offset) }
            var i = offset + 1
            let first = bytes[i]
            i += 1
            var length = 0
            if first & 0x80 == 0 {
                length = Int(first)
            } else {
                let n = Int(first & 0x7F)
                guard (1...4).contains(n) else { throw fail("uses a length of \(n) bytes", at: offset) }
                guard i + n <= limit else {
                    throw .truncated("the DER entitlements of \(name) end inside a length (byte \(offset))")
                }
                for _ in 0..<n {
                    length = length << 8 | Int(bytes[i])
                    i += 1
                }
            }
            guard length <= limit - i else {
                throw .truncated("the DER entitlements of \(name): an element at byte \(offset) claims \(length) bytes; "
                    + "\(limit - i) remain in its parent")
            }
            return Element(tag: tag, offset: offset, start: i, end: i + length)
        }

        /// The children of a constructed element.
        func children(_ e: Element) throws(ContainerError) -> [Element] {
            var out: [Element] = []
            var cursor = e.start
            while cursor < e.end {
                let child = try header(at: cursor, limit: e.end)
                out.append(child)
                cursor = child.end
            }
            return out
        }

        mutating func value(_ e: Element, depth: Int, path: [String]) throws(ContainerError) -> PlistValue {
            guard depth <= maxDepth else { throw fail("nests deeper than \(maxDepth) levels", at: e.offset) }
            let contents = bytes[e.start..<e.end]
            switch e.tag {
            case 0x01:
                guard contents.count == 1 else { throw fail("has a BOOLEAN of \(contents.count) bytes", at: e.offset) }
                return .bool(contents.first != 0)
            case 0x02:
                guard (1...8).contains(contents.count) else {
                    throw fail("has an INTEGER of \(contents.count) bytes", at: e.offset)
                }
                var v = Int64(Int8(bitPattern: contents.first!))
                for b in contents.dropFirst() { v = v << 8 | Int64(b) }
                return .integer(v)
            case 0x0C:
                guard let s = String(validating: contents, as: UTF8.self) else {
                    throw fail("has a UTF8String that is not UTF-8", at: e.offset)
                }
                return .string(s)
            case 0x30:
                var out: [PlistValue] = []
                for (i, child) in try children(e).enumerated() {
                    out.append(try value(child, depth: depth + 1, path: path + [String(i)]))
                }
                return .array(out)
            case 0xB0:
                var out: [String: PlistValue] = [:]
                for pair in try children(e) {
                    guard pair.tag == 0x30 else {
                        throw fail("holds a 0x\(Hex.format(pair.tag, width: 2, uppercase: false)) in a dictionary, not a key-value SEQUENCE",
                            at: pair.offset)
                    }
                    let parts = try children(pair)
                    guard parts.count == 2, parts[0].tag == 0x0C, case .string(let key) = try value(parts[0], depth: depth + 1, path: path)
                    else { throw fail("has a dictionary entry that is not a UTF8String key and a value", at: pair.offset) }
                    let v = try value(parts[1], depth: depth + 1, path: path + [key])
                    if out[key] != nil {
                        let (type, count): (String, Int?) = {
                            switch v {
                            case .array(let a): return ("array", a.count)
                            case .dictionary(let d): return ("dict", d.count)
                            default: return (v.typeName, nil)
                            }
                        }()
                        duplicates.append(PlistDuplicateKey(path: path, key: key, kept: .first, droppedType: type, droppedCount: count))
                        continue
                    }
                    out[key] = v
                }
                return .dictionary(out)
            default:
                throw fail("holds an element of tag 0x\(Hex.format(e.tag, width: 2, uppercase: false)), not one entitlements use", at: e.offset)
            }
        }
    }
}
