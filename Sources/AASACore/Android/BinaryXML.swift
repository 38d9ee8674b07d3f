/// Reads Android binary XML (`AndroidManifest.xml` inside an APK): the chunk format of AOSP
/// `libs/androidfw/include/androidfw/ResourceTypes.h` (facts only; the code is this project's).
///
/// Layout, all little-endian: an `RES_XML_TYPE` (0x0003) chunk whose body is a sequence of
/// chunks, each `ResChunk_header { u16 type, u16 headerSize, u32 size }`:
/// - `RES_STRING_POOL_TYPE` (0x0001): `stringCount`, `styleCount`, `flags` (`UTF8_FLAG` 0x100),
///   `stringsStart`, `stylesStart`, then a u32 offset per string. UTF-16 strings are a u16 length
///   (two u16s when the high bit is set), the code units and a 0; UTF-8 strings are the UTF-16
///   length and the UTF-8 length (each one byte, or two when the high bit is set), the bytes
///   and a 0;
/// - `RES_XML_RESOURCE_MAP_TYPE` (0x0180): u32 resource IDs, one for each of the first string
///   pool entries (the attribute names);
/// - `RES_XML_START_NAMESPACE_TYPE` (0x0100) / `END_NAMESPACE` (0x0101): prefix and URI;
/// - `RES_XML_START_ELEMENT_TYPE` (0x0102): `ResXMLTree_node` (line number, comment) then
///   `ResXMLTree_attrExt` (namespace, name, `attributeStart`, `attributeSize`,
///   `attributeCount`, id/class/style indices) and the attributes, each namespace, name, raw
///   value and a `Res_value { u16 size, u8 0, u8 dataType, u32 data }`;
/// - `RES_XML_END_ELEMENT_TYPE` (0x0103), `RES_XML_CDATA_TYPE` (0x0104, text: skipped).
/// Chunks of other types are skipped, as Android's `ResXMLParser` skips them. String
/// references of 0xFFFFFFFF mean none.
///
/// Every malformed input is a ``ManifestReadError`` naming the defect and its byte offset:
/// a chunk that runs past its parent or is not 4-byte aligned (Android's `validate_chunk`), a
/// string or attribute outside its chunk, an end tag with nothing open, a document that ends
/// with elements open, a second root. Bounds (``AndroidManifestLimits``): the input size, the
/// string count, the nesting depth, the element and attribute counts and the decoded string
/// units; time linear in the input (each chunk is visited once, each string decoded at most once).
public enum BinaryXML {
    static let xmlType: UInt16 = 0x0003
    static let stringPoolType: UInt16 = 0x0001
    static let resourceMapType: UInt16 = 0x0180
    static let startNamespaceType: UInt16 = 0x0100
    static let endNamespaceType: UInt16 = 0x0101
    static let startElementType: UInt16 = 0x0102
    static let endElementType: UInt16 = 0x0103

    /// Whether `bytes` start like binary XML (a `RES_XML_TYPE` header of 8 bytes).
    public static func looksLikeBinaryXML(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0] == 0x03 && bytes[1] == 0x00 && bytes[2] == 0x08 && bytes[3] == 0x00
    }

    /// Reads the document.
    /// - Throws: ``ManifestReadError`` for any malformed or over-limit input.
    public static func read(_ bytes: [UInt8]) throws(ManifestReadError) -> AndroidXMLDocument {
        guard bytes.count <= AndroidManifestLimits.maximumBytes else {
            throw ManifestReadError("the binary manifest is \(bytes.count) bytes, more than the \(AndroidManifestLimits.maximumBytes) read")
        }
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var strings: StringPool?
        var resourceMap: [UInt32] = []
        /// Open elements, innermost last.
        var stack: [AndroidXMLElement] = []
        var root: AndroidXMLElement?
        var elements = 0
        var attributeTotal = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }

        /// A chunk header at `at` within `end`, checked as Android's `validate_chunk` does.
        func chunk(at: Int, end: Int, minimumHeader: Int, what: String) throws(ManifestReadError) -> (type: UInt16, headerSize: Int, size: Int) {
            guard end - at >= 8 else { throw ManifestReadError("a chunk header is cut off by the end of its parent", offset: at) }
            let type = u16(at), headerSize = Int(u16(at + 2)), size = Int(u32(at + 4))
            guard headerSize >= minimumHeader else {
                throw ManifestReadError("the \(what) chunk's header is \(headerSize) bytes, less than the \(minimumHeader) it must have", offset: at)
            }
            guard headerSize <= size else {
                throw ManifestReadError("the \(what) chunk's header (\(headerSize) bytes) is larger than the chunk (\(size) bytes)", offset: at)
            }
            guard size <= end - at else {
                throw ManifestReadError("the \(what) chunk says it is \(size) bytes but only \(end - at) are left", offset: at)
            }
            guard (headerSize | size) & 3 == 0 else {
                throw ManifestReadError("the \(what) chunk's sizes (\(headerSize), \(size)) are not multiples of 4", offset: at)
            }
            return (type, headerSize, size)
        }

        mutating func document() throws(ManifestReadError) -> AndroidXMLDocument {
            guard bytes.count >= 8 else { throw ManifestReadError("the file is \(bytes.count) bytes: too short for binary XML", offset: 0) }
            guard u16(0) == BinaryXML.xmlType else {
                throw ManifestReadError("not binary XML: the first chunk's type is 0x\(Hex.format(u16(0), width: 4)), not RES_XML_TYPE (0x0003)", offset: 0)
            }
            let header = try chunk(at: 0, end: bytes.count, minimumHeader: 8, what: "XML")
            let end = header.size
            var at = header.headerSize
            while at < end {
                let c = try chunk(at: at, end: end, minimumHeader: 8, what: "child")
                switch c.type {
                case BinaryXML.stringPoolType:
                    if strings == nil { strings = try StringPool(bytes: bytes, at: at, header: c.headerSize, size: c.size) }
                case BinaryXML.resourceMapType:
                    if resourceMap.isEmpty {
                        var ids: [UInt32] = []
                        ids.reserveCapacity((c.size - c.headerSize) / 4)
                        var i = at + c.headerSize
                        while i + 4 <= at + c.size { ids.append(u32(i)); i += 4 }
                        resourceMap = ids
                    }
                case BinaryXML.startElementType:
                    try startElement(at: at, header: c.headerSize, size: c.size)
                case BinaryXML.endElementType:
                    try endElement(at: at, header: c.headerSize, size: c.size)
                default:
                    // Namespaces (their URIs are on each element and attribute), text, unknown chunks.
                    break
                }
                at += c.size
            }
            guard stack.isEmpty else {
                throw ManifestReadError("the document ends with \(stack.count) element\(stack.count == 1 ? "" : "s") still open (<\(stack.last!.name)>)", offset: end)
            }
            guard let root else { throw ManifestReadError("the document holds no element", offset: end) }
            return AndroidXMLDocument(form: .binary, root: root)
        }

        /// The string at `index`, `nil` for 0xFFFFFFFF.
        mutating func string(_ index: UInt32, at: Int, what: String) throws(ManifestReadError) -> String? {
            if index == 0xFFFF_FFFF { return nil }
            guard strings != nil else { throw ManifestReadError("\(what) refers to string \(index) but the document has no string pool before it", offset: at) }
            return try strings!.string(Int(index), referencedAt: at, what: what)
        }

        mutating func startElement(at: Int, header: Int, size: Int) throws(ManifestReadError) {
            guard header >= 16 else { throw ManifestReadError("an element's node header is \(header) bytes, less than 16", offset: at) }
            let ext = at + header
            guard ext + 20 <= at + size else { throw ManifestReadError("an element chunk is too short for its name and attribute counts", offset: at) }
            guard root == nil || !stack.isEmpty else {
                throw ManifestReadError("a second root element starts after the first one ended", offset: at)
            }
            guard stack.count < AndroidManifestLimits.maximumDepth else {
                throw ManifestReadError("elements nest more than \(AndroidManifestLimits.maximumDepth) deep", offset: at)
            }
            elements += 1
            guard elements <= AndroidManifestLimits.maximumElements else {
                throw ManifestReadError("more than \(AndroidManifestLimits.maximumElements) elements", offset: at)
            }
            let line = Int(u32(at + 8))
            let namespace = try string(u32(ext), at: ext, what: "an element's namespace")
            guard let name = try string(u32(ext + 4), at: ext + 4, what: "an element's name") else {
                throw ManifestReadError("an element has no name", offset: ext + 4)
            }
            let attributeStart = Int(u16(ext + 8)), attributeSize = Int(u16(ext + 10)), count = Int(u16(ext + 12))
            guard count == 0 || attributeSize >= 20 else {
                throw ManifestReadError("<\(name)>'s attributes are \(attributeSize) bytes each, less than 20", offset: ext + 10)
            }
            let first = ext + attributeStart
            guard count == 0 || (first >= ext + 20 && first + count * attributeSize <= at + size) else {
                throw ManifestReadError("<\(name)>'s \(count) attributes lie outside its chunk", offset: ext + 8)
            }
            attributeTotal += count
            guard attributeTotal <= AndroidManifestLimits.maximumAttributes else {
                throw ManifestReadError("more than \(AndroidManifestLimits.maximumAttributes) attributes", offset: at)
            }
            var attributes: [AndroidXMLAttribute] = []
            attributes.reserveCapacity(count)
            for i in 0..<count {
                let a = first + i * attributeSize
                let nameIndex = u32(a + 4)
                guard let attributeName = try string(nameIndex, at: a + 4, what: "an attribute's name") else {
                    throw ManifestReadError("an attribute of <\(name)> has no name", offset: a + 4)
                }
                let id = Int(nameIndex) < resourceMap.count ? resourceMap[Int(nameIndex)] : 0
                let raw = try string(u32(a + 8), at: a + 8, what: "an attribute's raw value")
                let type = bytes[a + 15], data = u32(a + 16)
                let value: AndroidXMLValue
                switch type {
                case 0x00: value = .null
                case 0x01, 0x07: value = .reference(id: data, name: nil)
                case 0x02, 0x08: value = .themeAttribute(id: data, name: nil)
                case 0x03: value = .string(try string(data, at: a + 16, what: "an attribute's string value") ?? "")
                case 0x10: value = .integer(Int32(bitPattern: data))
                case 0x11: value = .hexadecimal(data)
                case 0x12: value = .boolean(data != 0)
                default: value = .other(type: type, data: data)
                }
                attributes.append(AndroidXMLAttribute(
                    namespace: try string(u32(a), at: a, what: "an attribute's namespace"), name: attributeName,
                    resourceID: id == 0 ? nil : id, value: value, raw: raw))
            }
            stack.append(AndroidXMLElement(namespace: namespace, name: name, attributes: attributes, line: line == 0 ? nil : line))
        }

        mutating func endElement(at: Int, header: Int, size: Int) throws(ManifestReadError) {
            guard header >= 16, at + header + 8 <= at + size else {
                throw ManifestReadError("an end-of-element chunk is too short", offset: at)
            }
            guard let element = stack.popLast() else {
                throw ManifestReadError("an element ends that never started", offset: at)
            }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }

    /// A `ResStringPool`: strings decoded on first use, each once.
    private struct StringPool {
        let bytes: [UInt8]
        let utf8: Bool
        /// Absolute offsets of each string's first byte.
        let starts: [Int]
        /// Where the string data ends (styles start, or the chunk's end).
        let dataEnd: Int
        var decoded: [Int: String] = [:]
        var decodedUnits = 0
        let unitBudget: Int

        init(bytes: [UInt8], at: Int, header: Int, size: Int) throws(ManifestReadError) {
            func u32(_ i: Int) -> Int {
                Int(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
            }
            guard header >= 28 else { throw ManifestReadError("the string pool's header is \(header) bytes, less than 28", offset: at) }
            let count = u32(at + 8), styleCount = u32(at + 12), flags = u32(at + 16)
            let stringsStart = u32(at + 20), stylesStart = u32(at + 24)
            let end = at + size
            guard count <= AndroidManifestLimits.maximumStrings else {
                throw ManifestReadError("the string pool holds \(count) strings, more than the \(AndroidManifestLimits.maximumStrings) read", offset: at + 8)
            }
            let table = at + header
            guard (count + styleCount) * 4 <= size - header else {
                throw ManifestReadError("the string pool's \(count) offsets do not fit in its chunk", offset: at + 8)
            }
            let data = at + stringsStart
            guard count == 0 || (stringsStart >= header + (count + styleCount) * 4 && data < end) else {
                throw ManifestReadError("the string pool's strings start (\(stringsStart)) outside its chunk", offset: at + 20)
            }
            var dataEnd = end
            if styleCount > 0, stylesStart > 0 {
                guard at + stylesStart <= end, stylesStart >= stringsStart else {
                    throw ManifestReadError("the string pool's styles start (\(stylesStart)) outside its chunk", offset: at + 24)
                }
                dataEnd = at + stylesStart
            }
            var starts: [Int] = []
            starts.reserveCapacity(count)
            for i in 0..<count {
                let offset = u32(table + i * 4)
                guard offset < dataEnd - data else {
                    throw ManifestReadError("string \(i) starts at \(offset), outside the pool's string data", offset: table + i * 4)
                }
                starts.append(data + offset)
            }
            self.bytes = bytes
            self.utf8 = flags & 0x100 != 0
            self.starts = starts
            self.dataEnd = dataEnd
            self.unitBudget = AndroidManifestLimits.maximumDecodedUnits(forBytes: bytes.count)
        }

        mutating func string(_ index: Int, referencedAt: Int, what: String) throws(ManifestReadError) -> String {
            guard index < starts.count else {
                throw ManifestReadError("\(what) refers to string \(index) of a pool of \(starts.count)", offset: referencedAt)
            }
            if let known = decoded[index] { return known }
            let at = starts[index]
            let text: String
            var units = 0
            if utf8 {
                var i = at
                func length() throws(ManifestReadError) -> Int {
                    guard i < dataEnd else { throw ManifestReadError("string \(index)'s length is cut off", offset: i) }
                    var n = Int(bytes[i]); i += 1
                    if n & 0x80 != 0 {
                        guard i < dataEnd else { throw ManifestReadError("string \(index)'s length is cut off", offset: i) }
                        n = (n & 0x7F) << 8 | Int(bytes[i]); i += 1
                    }
                    return n
                }
                units = try length()
                let byteCount = try length()
                guard byteCount <= dataEnd - i else {
                    throw ManifestReadError("string \(index) (\(byteCount) bytes) runs past the string pool", offset: at)
                }
                text = String(decoding: bytes[i..<(i + byteCount)], as: UTF8.self)
                units = max(units, byteCount)
            } else {
                guard at + 2 <= dataEnd else { throw ManifestReadError("string \(index)'s length is cut off", offset: at) }
                var i = at
                var n = Int(UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8); i += 2
                if n & 0x8000 != 0 {
                    guard i + 2 <= dataEnd else { throw ManifestReadError("string \(index)'s length is cut off", offset: i) }
                    n = (n & 0x7FFF) << 16 | Int(UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8); i += 2
                }
                guard n <= (dataEnd - i) / 2 else {
                    throw ManifestReadError("string \(index) (\(n) UTF-16 units) runs past the string pool", offset: at)
                }
                units = n
                var codeUnits: [UInt16] = []
                codeUnits.reserveCapacity(n)
                for k in 0..<n { codeUnits.append(UInt16(bytes[i + 2 * k]) | UInt16(bytes[i + 2 * k + 1]) << 8) }
                text = String(decoding: codeUnits, as: UTF16.self)
            }
            decodedUnits += units
            guard decodedUnits <= unitBudget else {
                throw ManifestReadError("the string pool decodes to more text than the file can hold (strings overlap)", offset: at)
            }
            decoded[index] = text
            return text
        }
    }
}
