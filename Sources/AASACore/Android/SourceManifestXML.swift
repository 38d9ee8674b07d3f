import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a manifest as written (`src/main/AndroidManifest.xml`), with FoundationXML's event
/// parser (`XMLParser`, libxml2) behind the project's ``XMLParserGuard``: no entity is ever
/// resolved (a DOCTYPE's internal subset is blanked, external entities are never loaded), and
/// an unknown `encoding` in the XML declaration is blanked too (it crashes the parser on Linux).
///
/// What aapt does to a value before it reaches the binary manifest is done here too, so the
/// model reads the same text whichever form it gets (spec `assetlinks-reference.md` §4.3):
/// - a value that starts with `@` is a resource reference (`@string/host`, `@android:string/x`),
///   `?` a theme attribute, both kept by name and never resolved (`\@` and `\?` escape them);
/// - backslash escapes are decoded as aapt decodes them (`\\` is `\`, so `pathPattern="/a\\.b"`
///   is the pattern `/a\.b`; `\"`, `\'`, `\n`, `\t`, `\uXXXX`), and unescaped double quotes
///   are removed;
/// - `${name}` (a Gradle manifest placeholder) is left as written: the model reports it as
///   unresolved.
/// Prefixes are resolved to namespace URIs from the `xmlns` declarations in scope; an
/// undeclared prefix keeps the prefix itself as its namespace (and so is not the Android
/// namespace). Elements get the line the parser reports for their start tag (the line of its
/// `>`).
///
/// Bounds: ``AndroidManifestLimits`` (input size, depth, elements, attributes); time linear in
/// the input.
public enum SourceManifestXML {
    /// Reads the text (UTF-8).
    /// - Throws: ``ManifestReadError`` with line and column when the text is not well-formed
    ///   XML, holds no element, or is over the limits.
    public static func read(_ bytes: [UInt8]) throws(ManifestReadError) -> AndroidXMLDocument {
        guard bytes.count <= AndroidManifestLimits.maximumBytes else {
            throw ManifestReadError("the manifest is \(bytes.count) bytes, more than the \(AndroidManifestLimits.maximumBytes) read")
        }
        guard !bytes.isEmpty else { throw ManifestReadError("the file is empty", line: 1, column: 1) }
        let text = XMLParserGuard.rewritten(PlistXMLLocator.withoutEncodingDeclaration(bytes))
        let parser = XMLParser(data: Data(text))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        let delegate = Delegate()
        parser.delegate = delegate
        _ = parser.parse()
        if let failure = delegate.failure { throw failure }
        if let error = parser.parserError, !SitemapXML.libxml2Warnings.contains((error as NSError).code) {
            throw ManifestReadError("not well-formed XML: " + SitemapXML.describe((error as NSError).code),
                                    line: parser.lineNumber, column: parser.columnNumber)
        }
        guard let root = delegate.root else { throw ManifestReadError("the file holds no XML element", line: 1, column: 1) }
        return AndroidXMLDocument(form: .source, root: root)
    }

    /// A value as aapt compiles it: a reference or theme attribute by name, or the string with
    /// aapt's escapes decoded and its unescaped double quotes removed.
    public static func compiledValue(_ raw: String) -> AndroidXMLValue {
        if raw.hasPrefix("@") { return .reference(id: 0, name: raw) }
        if raw.hasPrefix("?") { return .themeAttribute(id: 0, name: raw) }
        return .string(unescaped(raw))
    }

    /// aapt's string processing of an attribute value: `\` escapes decoded (`\\`, `\"`, `\'`,
    /// `\n`, `\t`, `\uXXXX`, and any other escaped character as itself), unescaped `"` removed.
    public static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\") || raw.contains("\"") else { return raw }
        var out = String.UnicodeScalarView()
        var it = Array(raw.unicodeScalars)[...]
        while let c = it.popFirst() {
            switch c {
            case "\\":
                guard let e = it.popFirst() else { break }
                switch e {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u":
                    let hex = it.prefix(4)
                    if hex.count == 4, let v = UInt32(String(String.UnicodeScalarView(hex)), radix: 16), let s = Unicode.Scalar(v) {
                        out.append(s)
                        it = it.dropFirst(4)
                    } else {
                        out.append("u")
                    }
                default: out.append(e)
                }
            case "\"":
                continue
            default:
                out.append(c)
            }
        }
        return String(out)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var stack: [AndroidXMLElement] = []
        /// The prefix → URI mappings of each open element (innermost last).
        var scopes: [[String: String]] = []
        var root: AndroidXMLElement?
        var failure: ManifestReadError?
        var elements = 0
        var attributes = 0

        func namespace(of prefix: String?) -> String? {
            guard let prefix else {
                for scope in scopes.reversed() { if let d = scope[""] { return d.isEmpty ? nil : d } }
                return nil
            }
            if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
            for scope in scopes.reversed() { if let uri = scope[prefix] { return uri } }
            return prefix
        }

        static func split(_ qualified: String) -> (prefix: String?, local: String) {
            guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
            return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
        }

        func fail(_ parser: XMLParser, _ message: String) {
            if failure == nil { failure = ManifestReadError(message, line: parser.lineNumber, column: parser.columnNumber) }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard failure == nil else { return }
            guard root == nil else { return fail(parser, "a second root element") }
            guard stack.count < AndroidManifestLimits.maximumDepth else {
                return fail(parser, "elements nest more than \(AndroidManifestLimits.maximumDepth) deep")
            }
            elements += 1
            attributes += attributeDict.count
            guard elements <= AndroidManifestLimits.maximumElements, attributes <= AndroidManifestLimits.maximumAttributes else {
                return fail(parser, "more than \(AndroidManifestLimits.maximumElements) elements or \(AndroidManifestLimits.maximumAttributes) attributes")
            }
            var scope: [String: String] = [:]
            for (key, value) in attributeDict {
                if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            }
            scopes.append(scope)
            let (prefix, local) = Self.split(elementName)
            var list: [AndroidXMLAttribute] = []
            // Document order is lost in the parser's dictionary: sorted by name, so reading is
            // deterministic.
            for key in attributeDict.keys.sorted() where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let raw = attributeDict[key]!
                let (p, name) = Self.split(key)
                // Unprefixed attributes have no namespace (the default namespace does not apply).
                list.append(AndroidXMLAttribute(namespace: p.map { namespace(of: $0) } ?? nil, name: name,
                                                value: SourceManifestXML.compiledValue(raw), raw: raw))
            }
            stack.append(AndroidXMLElement(namespace: namespace(of: prefix), name: local, attributes: list, line: parser.lineNumber))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard failure == nil, let element = stack.popLast() else { return }
            scopes.removeLast()
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }
    }
}
