/// A minimal, bounded reader of the protobuf wire format (protobuf.dev "Encoding"): varints
/// (at most 10 bytes), 64-bit and 32-bit fixed fields, and length-delimited fields; groups
/// (wire types 3 and 4) are refused, as proto3 has none. It reads one message's fields in
/// order over a byte range and never copies the input.
struct ProtobufWire {
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case fixed32(UInt32)
        /// A length-delimited field: its byte range in the input.
        case bytes(Range<Int>)
    }

    let bytes: [UInt8]
    private(set) var at: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        at = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { at >= end }

    mutating func varint() throws(ManifestReadError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        let start = at
        while true {
            guard at < end else { throw ManifestReadError("a protobuf varint is cut off", offset: start) }
            let b = bytes[at]
            at += 1
            guard shift < 64 else { throw ManifestReadError("a protobuf varint is longer than 10 bytes", offset: start) }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// The next field's number and value, or `nil` at the end of the message.
    mutating func next() throws(ManifestReadError) -> (field: UInt64, value: Value)? {
        guard at < end else { return nil }
        let keyAt = at
        let key = try varint()
        let field = key >> 3
        guard field > 0 else { throw ManifestReadError("a protobuf field has number 0", offset: keyAt) }
        switch key & 7 {
        case 0:
            return (field, .varint(try varint()))
        case 1:
            guard end - at >= 8 else { throw ManifestReadError("a protobuf 64-bit field is cut off", offset: keyAt) }
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            at += 8
            return (field, .fixed64(v))
        case 2:
            let length = try varint()
            guard length <= UInt64(end - at) else {
                throw ManifestReadError("a protobuf field of \(length) bytes runs past its message", offset: keyAt)
            }
            let range = at..<(at + Int(length))
            at += Int(length)
            return (field, .bytes(range))
        case 5:
            guard end - at >= 4 else { throw ManifestReadError("a protobuf 32-bit field is cut off", offset: keyAt) }
            var v: UInt32 = 0
            for k in 0..<4 { v |= UInt32(bytes[at + k]) << (8 * UInt32(k)) }
            at += 4
            return (field, .fixed32(v))
        default:
            throw ManifestReadError("a protobuf field has wire type \(key & 7), which proto3 messages never use", offset: keyAt)
        }
    }

    /// UTF-8 text of a length-delimited field (invalid sequences become U+FFFD).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

/// Reads aapt2's protobuf XML, the form of `base/manifest/AndroidManifest.xml` in an Android
/// App Bundle: the `XmlNode` message of aapt2's `Resources.proto` (AOSP
/// `frameworks/base/tools/aapt2/Resources.proto`; field numbers from its public definition):
/// - `XmlNode`: `element` = 1 (`XmlElement`), `text` = 2, `source` = 3 (`SourcePosition`:
///   `line_number` = 1, `column_number` = 2);
/// - `XmlElement`: `namespace_declaration` = 1, `namespace_uri` = 2, `name` = 3,
///   `attribute` = 4 (`XmlAttribute`), `child` = 5 (`XmlNode`);
/// - `XmlAttribute`: `namespace_uri` = 1, `name` = 2, `value` = 3, `source` = 4,
///   `resource_id` = 5, `compiled_item` = 6 (`Item`);
/// - `Item`: `ref` = 1 (`Reference`: `type` = 1, 0 reference / 1 attribute, `id` = 2,
///   `name` = 3), `str` = 2, `raw_str` = 3, `styled_str` = 4 (each with `value` = 1),
///   `prim` = 7 (`Primitive`: `null_value` = 1, `empty_value` = 2, `int_decimal_value` = 6,
///   `int_hexadecimal_value` = 7, `boolean_value` = 8, others kept as their type).
/// A string attribute has no compiled item: its value is `value` with aapt's escapes decoded,
/// as the binary XML made from the bundle holds it (observed with aapt2 of Android 10).
/// Unknown fields are skipped, as protobuf readers do; a field of the wrong wire type is an
/// error. Bounds: ``AndroidManifestLimits`` (input size, depth, element and attribute counts);
/// time linear in the input.
public enum AndroidProtoXML {
    /// Reads the document.
    /// - Throws: ``ManifestReadError`` for malformed protobuf, a root that is not an element,
    ///   or an input over the limits.
    public static func read(_ bytes: [UInt8]) throws(ManifestReadError) -> AndroidXMLDocument {
        guard bytes.count <= AndroidManifestLimits.maximumBytes else {
            throw ManifestReadError("the protobuf manifest is \(bytes.count) bytes, more than the \(AndroidManifestLimits.maximumBytes) read")
        }
        var counts = (elements: 0, attributes: 0)
        guard let root = try node(bytes, 0..<bytes.count, depth: 0, counts: &counts) else {
            throw ManifestReadError("the protobuf XmlNode holds no element (an empty message, or text at the top)", offset: 0)
        }
        return AndroidXMLDocument(form: .protobuf, root: root)
    }

    private static func expectBytes(_ value: ProtobufWire.Value, _ what: String, at: Int) throws(ManifestReadError) -> Range<Int> {
        guard case .bytes(let range) = value else {
            throw ManifestReadError("\(what) is not length-delimited", offset: at)
        }
        return range
    }

    private static func expectVarint(_ value: ProtobufWire.Value, _ what: String, at: Int) throws(ManifestReadError) -> UInt64 {
        guard case .varint(let v) = value else { throw ManifestReadError("\(what) is not a varint", offset: at) }
        return v
    }

    /// An `XmlNode`: its element, or `nil` for a text node.
    private static func node(_ bytes: [UInt8], _ range: Range<Int>, depth: Int,
                             counts: inout (elements: Int, attributes: Int)) throws(ManifestReadError) -> AndroidXMLElement? {
        var wire = ProtobufWire(bytes, range: range)
        var element: AndroidXMLElement?
        var line: Int?, column: Int?
        while let (field, value) = try wire.next() {
            switch field {
            case 1:
                let r = try expectBytes(value, "XmlNode.element", at: range.lowerBound)
                element = try self.element(bytes, r, depth: depth, counts: &counts)
            case 3:
                let r = try expectBytes(value, "XmlNode.source", at: range.lowerBound)
                (line, column) = try position(bytes, r)
            default:
                break
            }
        }
        element?.line = line
        element?.column = column
        return element
    }

    private static func position(_ bytes: [UInt8], _ range: Range<Int>) throws(ManifestReadError) -> (Int?, Int?) {
        var wire = ProtobufWire(bytes, range: range)
        var line: Int?, column: Int?
        while let (field, value) = try wire.next() {
            if field == 1 { line = Int(truncatingIfNeeded: try expectVarint(value, "SourcePosition.line_number", at: range.lowerBound)) }
            if field == 2 { column = Int(truncatingIfNeeded: try expectVarint(value, "SourcePosition.column_number", at: range.lowerBound)) }
        }
        return (line.flatMap { $0 > 0 ? $0 : nil }, column.flatMap { $0 > 0 ? $0 : nil })
    }

    private static func element(_ bytes: [UInt8], _ range: Range<Int>, depth: Int,
                                counts: inout (elements: Int, attributes: Int)) throws(ManifestReadError) -> AndroidXMLElement {
        guard depth < AndroidManifestLimits.maximumDepth else {
            throw ManifestReadError("elements nest more than \(AndroidManifestLimits.maximumDepth) deep", offset: range.lowerBound)
        }
        counts.elements += 1
        guard counts.elements <= AndroidManifestLimits.maximumElements else {
            throw ManifestReadError("more than \(AndroidManifestLimits.maximumElements) elements", offset: range.lowerBound)
        }
        var wire = ProtobufWire(bytes, range: range)
        var result = AndroidXMLElement(namespace: nil, name: "")
        while let (field, value) = try wire.next() {
            switch field {
            case 2:
                let uri = wire.text(try expectBytes(value, "XmlElement.namespace_uri", at: range.lowerBound))
                result.namespace = uri.isEmpty ? nil : uri
            case 3:
                result.name = wire.text(try expectBytes(value, "XmlElement.name", at: range.lowerBound))
            case 4:
                counts.attributes += 1
                guard counts.attributes <= AndroidManifestLimits.maximumAttributes else {
                    throw ManifestReadError("more than \(AndroidManifestLimits.maximumAttributes) attributes", offset: range.lowerBound)
                }
                result.attributes.append(try attribute(bytes, try expectBytes(value, "XmlElement.attribute", at: range.lowerBound)))
            case 5:
                let r = try expectBytes(value, "XmlElement.child", at: range.lowerBound)
                if let child = try node(bytes, r, depth: depth + 1, counts: &counts) { result.children.append(child) }
            default:
                break
            }
        }
        guard !result.name.isEmpty else { throw ManifestReadError("an XmlElement has no name", offset: range.lowerBound) }
        return result
    }

    private static func attribute(_ bytes: [UInt8], _ range: Range<Int>) throws(ManifestReadError) -> AndroidXMLAttribute {
        var wire = ProtobufWire(bytes, range: range)
        var namespace: String?, name = "", raw: String?, id: UInt32?
        var compiled: AndroidXMLValue?
        while let (field, value) = try wire.next() {
            switch field {
            case 1:
                let uri = wire.text(try expectBytes(value, "XmlAttribute.namespace_uri", at: range.lowerBound))
                namespace = uri.isEmpty ? nil : uri
            case 2: name = wire.text(try expectBytes(value, "XmlAttribute.name", at: range.lowerBound))
            case 3: raw = wire.text(try expectBytes(value, "XmlAttribute.value", at: range.lowerBound))
            case 5:
                let v = UInt32(truncatingIfNeeded: try expectVarint(value, "XmlAttribute.resource_id", at: range.lowerBound))
                id = v == 0 ? nil : v
            case 6: compiled = try item(bytes, try expectBytes(value, "XmlAttribute.compiled_item", at: range.lowerBound))
            default: break
            }
        }
        guard !name.isEmpty else { throw ManifestReadError("an XmlAttribute has no name", offset: range.lowerBound) }
        // Without a compiled item the value is the text as written: aapt2 leaves string
        // attributes uncompiled in protobuf XML (`value` holds `/a\\.b` for the source's
        // `/a\\.b`) and processes their escapes only when it flattens them to binary XML for
        // the APKs made from the bundle, so the value Android reads is the processed text.
        return AndroidXMLAttribute(namespace: namespace, name: name, resourceID: id,
                                   value: compiled ?? .string(SourceManifestXML.unescaped(raw ?? "")), raw: raw)
    }

    /// An `Item`: the first value field it holds, as a typed value (`nil` when none is known).
    private static func item(_ bytes: [UInt8], _ range: Range<Int>) throws(ManifestReadError) -> AndroidXMLValue? {
        var wire = ProtobufWire(bytes, range: range)
        var result: AndroidXMLValue?
        while let (field, value) = try wire.next() {
            switch field {
            case 1:
                var ref = ProtobufWire(bytes, range: try expectBytes(value, "Item.ref", at: range.lowerBound))
                var type: UInt64 = 0, id: UInt32 = 0, name: String?
                while let (f, v) = try ref.next() {
                    if f == 1 { type = try expectVarint(v, "Reference.type", at: range.lowerBound) }
                    if f == 2 { id = UInt32(truncatingIfNeeded: try expectVarint(v, "Reference.id", at: range.lowerBound)) }
                    if f == 3 { name = ref.text(try expectBytes(v, "Reference.name", at: range.lowerBound)) }
                }
                result = type == 1 ? .themeAttribute(id: id, name: name) : .reference(id: id, name: name)
            case 2, 3, 4:
                var str = ProtobufWire(bytes, range: try expectBytes(value, "Item string", at: range.lowerBound))
                var text = ""
                while let (f, v) = try str.next() {
                    if f == 1 { text = str.text(try expectBytes(v, "String.value", at: range.lowerBound)) }
                }
                result = .string(text)
            case 7:
                result = try primitive(bytes, try expectBytes(value, "Item.prim", at: range.lowerBound))
            default:
                break
            }
        }
        return result
    }

    private static func primitive(_ bytes: [UInt8], _ range: Range<Int>) throws(ManifestReadError) -> AndroidXMLValue {
        var wire = ProtobufWire(bytes, range: range)
        var result: AndroidXMLValue = .null
        while let (field, value) = try wire.next() {
            switch (field, value) {
            case (1, _), (2, _): result = .null
            case (6, .varint(let v)): result = .integer(Int32(truncatingIfNeeded: v))
            case (7, .varint(let v)): result = .hexadecimal(UInt32(truncatingIfNeeded: v))
            case (8, .varint(let v)): result = .boolean(v != 0)
            case (3, .fixed32(let v)): result = .other(type: 0x04, data: v)
            case (13, .varint(let v)): result = .other(type: 0x05, data: UInt32(truncatingIfNeeded: v))
            case (14, .varint(let v)): result = .other(type: 0x06, data: UInt32(truncatingIfNeeded: v))
            case (9, .varint(let v)): result = .other(type: 0x1c, data: UInt32(truncatingIfNeeded: v))
            case (10, .varint(let v)): result = .other(type: 0x1d, data: UInt32(truncatingIfNeeded: v))
            case (11, .varint(let v)): result = .other(type: 0x1e, data: UInt32(truncatingIfNeeded: v))
            case (12, .varint(let v)): result = .other(type: 0x1f, data: UInt32(truncatingIfNeeded: v))
            case (6, _), (7, _), (8, _), (9, _), (10, _), (11, _), (12, _), (13, _), (14, _):
                throw ManifestReadError("Primitive field \(field) has the wrong wire type", offset: range.lowerBound)
            default: break
            }
        }
        return result
    }
}
