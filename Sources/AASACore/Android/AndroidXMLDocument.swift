/// An Android XML document (the manifest) as the platform's parser sees it, whichever form it
/// was read from: binary XML in an APK (``BinaryXML``), protobuf XML in an App Bundle
/// (``AndroidProtoXML``) or the source text (``SourceManifestXML``). The manifest model
/// (``AndroidManifest``) is built from it.
public struct AndroidXMLDocument: Sendable {
    /// Which form the document was read from.
    public enum Form: String, Sendable, Hashable {
        /// Binary XML (`RES_XML_TYPE`), as `aapt`/`aapt2` compile it into an APK.
        case binary
        /// aapt2's protobuf `XmlNode` (Resources.proto), as an `.aab` holds it.
        case protobuf
        /// The text a developer writes, before the manifest merger and aapt run.
        case source
    }

    public var form: Form
    /// The root element (`<manifest>` in a manifest).
    public var root: AndroidXMLElement

    public init(form: Form, root: AndroidXMLElement) {
        self.form = form
        self.root = root
    }
}

/// An element: namespace URI and name, attributes in document order, child elements (text is
/// not kept: nothing in a manifest that aasa-check reads is text).
public struct AndroidXMLElement: Sendable, Hashable {
    /// The namespace URI, or `nil` for none.
    public var namespace: String?
    public var name: String
    public var attributes: [AndroidXMLAttribute]
    public var children: [AndroidXMLElement]
    /// 1-based line where the element starts, when the form records it (binary XML keeps the
    /// source line; protobuf XML keeps line and column; source XML: where the parser saw it).
    public var line: Int?
    public var column: Int?

    public init(namespace: String?, name: String, attributes: [AndroidXMLAttribute] = [],
                children: [AndroidXMLElement] = [], line: Int? = nil, column: Int? = nil) {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
        self.column = column
    }

    /// The attribute Android's resource lookup finds (`obtainAttributes`): in compiled forms
    /// (binary and protobuf XML) by the attribute's resource ID only — a name without the ID
    /// is not seen —, in source XML (IDs are assigned later by aapt) by the Android namespace
    /// and the name. The first one when several match.
    public func androidAttribute(_ attribute: AndroidAttribute, in form: AndroidXMLDocument.Form) -> AndroidXMLAttribute? {
        if form == .source {
            return attributes.first { $0.namespace == AndroidAttribute.androidNamespace && $0.name == attribute.name }
        }
        return attributes.first { $0.resourceID == attribute.id }
    }

    /// The attribute found by namespace and name as `XmlPullParser.getAttributeValue(ns, name)`
    /// finds it (how Android reads `<action android:name>` and `<category android:name>`).
    public func attribute(namespace: String?, name: String) -> AndroidXMLAttribute? {
        attributes.first { $0.namespace == namespace && $0.name == name }
    }
}

/// One attribute: namespace URI, name, the resource ID of its name when the form has one
/// (`android:host` is 0x01010028), and its value as typed by the compiler.
public struct AndroidXMLAttribute: Sendable, Hashable {
    public var namespace: String?
    public var name: String
    /// The attribute's resource ID (binary XML's resource map, protobuf's `resource_id`), or
    /// `nil` when it has none (source XML, attributes outside the Android namespace).
    public var resourceID: UInt32?
    public var value: AndroidXMLValue
    /// The value as written, when the form keeps it (binary XML's raw value string, protobuf's
    /// `value`, the source text).
    public var raw: String?

    public init(namespace: String?, name: String, resourceID: UInt32? = nil, value: AndroidXMLValue, raw: String? = nil) {
        self.namespace = namespace
        self.name = name
        self.resourceID = resourceID
        self.value = value
        self.raw = raw
    }

    /// The value as a string the way `TypedArray.getNonConfigurationString` gives it: a string
    /// value, or an integer/boolean coerced to text (`TypedValue.coerceToString`); `nil` for a
    /// reference, which only the app's resource table can resolve.
    public var stringValue: String? {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .hexadecimal(let h): return "0x" + Hex.format(h, uppercase: false)
        case .boolean(let b): return b ? "true" : "false"
        case .reference, .themeAttribute, .null, .other: return nil
        }
    }
}

/// A typed attribute value (`Res_value` in binary XML, `Item` in protobuf XML; source XML
/// holds only strings).
public enum AndroidXMLValue: Sendable, Hashable {
    case string(String)
    /// `TYPE_INT_BOOLEAN`.
    case boolean(Bool)
    /// `TYPE_INT_DEC`.
    case integer(Int32)
    /// `TYPE_INT_HEX`.
    case hexadecimal(UInt32)
    /// `@…`: a resource reference (`TYPE_REFERENCE`), with its name when the form keeps it
    /// (`@string/asset_statements` in source and protobuf XML).
    case reference(id: UInt32, name: String?)
    /// `?…`: a theme attribute (`TYPE_ATTRIBUTE`).
    case themeAttribute(id: UInt32, name: String?)
    /// `TYPE_NULL`.
    case null
    /// Any other `Res_value` type (float, dimension, fraction, colours), as type and data.
    case other(type: UInt8, data: UInt32)
}

/// Why a manifest could not be read: what is wrong and where (a byte offset in binary and
/// protobuf XML, a line and column in source XML).
public struct ManifestReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// 0-based byte offset of the defect, when the form is binary.
    public var offset: Int?
    public var line: Int?
    public var column: Int?

    public init(_ message: String, offset: Int? = nil, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        if let line { return "\(line):\(column ?? 1): \(message)" }
        return message
    }
}

/// The bounds every manifest reader keeps, whatever the input (each reader's time is linear in
/// its input; these cap memory and nesting). Real manifests are far below them: the largest
/// seen in the wild are a few hundred kilobytes with some thousands of elements.
public enum AndroidManifestLimits {
    /// Largest manifest read, in bytes (any form).
    public static let maximumBytes = 16 << 20
    /// Deepest element nesting (a manifest's filters sit at depth 5, groups at 6).
    public static let maximumDepth = 64
    /// Most elements in one document.
    public static let maximumElements = 200_000
    /// Most attributes in one document.
    public static let maximumAttributes = 1_000_000
    /// Most strings in a binary XML string pool.
    public static let maximumStrings = 1_000_000
    /// Most UTF-16 code units decoded from a binary string pool in all, so strings that overlap
    /// in the pool cannot multiply the work: four per input byte and 64 Ki more.
    public static func maximumDecodedUnits(forBytes count: Int) -> Int { 4 * count + 65_536 }
}
