import Foundation
import Testing
@testable import AASACore

/// The compiled manifests of `scripts/make-android-manifests.sh`, made once per test process
/// (aapt, aapt2 and android-framework-res come from scripts/install-deps.sh; a missing tool
/// fails the tests that need them, with the script's output).
enum AndroidFixtures {
    static let sources = packageRoot.appendingPathComponent("Fixtures/android")

    /// The directory of compiled files, or the script's failure.
    static let compiled: Result<URL, ScriptFailure> = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-android-\(getpid())-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("scripts/make-android-manifests.sh").path, dir.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return .failure(ScriptFailure(description: "cannot run the script: \(error)")) }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(ScriptFailure(description: "scripts/make-android-manifests.sh failed (\(process.terminationStatus)): "
                + String(decoding: output, as: UTF8.self)))
        }
        return .success(dir)
    }()

    struct ScriptFailure: Error, CustomStringConvertible { var description: String }

    /// The manifests compiled (source file names without `.xml`).
    static let names = ["shop", "legacy30", "mistakes", "groups"]

    /// The bytes of a compiled file (`shop.axml`, `shop.pb`, …).
    static func bytes(_ file: String) throws -> [UInt8] {
        let dir = try compiled.get()
        return Array(try Data(contentsOf: dir.appendingPathComponent(file)))
    }

    static func text(_ file: String) throws -> String {
        String(decoding: try bytes(file), as: UTF8.self)
    }

    /// A source manifest's bytes.
    static func source(_ name: String) throws -> [UInt8] {
        let api35 = sources.appendingPathComponent("manifests-api35/\(name).xml")
        let url = FileManager.default.fileExists(atPath: api35.path) ? api35 : sources.appendingPathComponent("manifests/\(name).xml")
        return Array(try Data(contentsOf: url))
    }
}

/// One element of an `aapt dump xmltree` / `aapt2 dump xmltree` listing.
struct DumpElement: Equatable, CustomStringConvertible {
    var name: String
    var line: Int?
    /// `name(0xID)=value` with the namespace left out, in the listing's order.
    var attributes: [String]
    var children: [DumpElement]

    var description: String { render(0) }
    func render(_ indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent)
        return ([pad + "E: \(name) (line=\(line.map(String.init) ?? "?"))"] + attributes.map { pad + "  A: " + $0 }
            + children.map { $0.render(indent + 1) }).joined(separator: "\n")
    }
}

enum XMLTreeDump {
    /// Parses a listing: `E:` lines by indentation, their `A:` lines; `N:` and `T:` lines are
    /// left out. Attribute values are normalised to `"text"`, `int`, `bool`, `@0x…` so both
    /// tools' spellings compare. `escaped`: whether strings are printed escaped (aapt's
    /// `normalizeForOutput`; aapt2 prints them as they are).
    static func parse(_ text: String, escaped: Bool = true) -> DumpElement? {
        var stack: [(indent: Int, element: DumpElement)] = []
        var root: DumpElement?
        func close(to indent: Int) {
            while let last = stack.last, last.indent >= indent {
                stack.removeLast()
                if stack.isEmpty { root = last.element } else { stack[stack.count - 1].element.children.append(last.element) }
            }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("E: ") {
                close(to: indent)
                var rest = body.dropFirst(3)
                var number: Int?
                if let open = rest.range(of: " (line=") {
                    number = Int(rest[open.upperBound...].prefix { $0.isNumber })
                    rest = rest[..<open.lowerBound]
                }
                stack.append((indent, DumpElement(name: String(rest), line: number, attributes: [], children: [])))
            } else if body.hasPrefix("A: "), !stack.isEmpty {
                stack[stack.count - 1].element.attributes.append(normalise(String(body.dropFirst(3)), escaped: escaped))
            }
        }
        close(to: 0)
        return root
    }

    /// `android:host(0x01010028)="a" (Raw: "a")`, `http://…/android:host(0x…)="a" (Raw: …)`,
    /// `android:exported(0x…)=(type 0x12)0xffffffff`, `…=true (Raw: "true")`, `…=@0x7f020000`
    /// → `host(0x01010028)=…` with the value normalised.
    static func normalise(_ attribute: String, escaped: Bool) -> String {
        guard let eq = attribute.firstIndex(of: "=") else { return attribute }
        var name = String(attribute[..<eq])
        // Drop the namespace (a prefix, or a URI whose last ':' precedes the name).
        if let paren = name.firstIndex(of: "(") {
            let head = name[..<paren]
            if let colon = head.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[name.index(after: colon)...])
        }
        var value = String(attribute[attribute.index(after: eq)...])
        if let raw = value.range(of: " (Raw: ") { value = String(value[..<raw.lowerBound]) }
        if value.hasPrefix("\"") {
            let inner = String(value.dropFirst().dropLast())
            value = "\"" + (escaped ? unescape(inner) : inner) + "\""
        } else if value.hasPrefix("(type 0x12)") {
            value = value.hasSuffix("0x0") ? "false" : "true"
        } else if value.hasPrefix("(type 0x10)0x") {
            value = String(Int32(bitPattern: UInt32(value.dropFirst(13), radix: 16) ?? 0))
        }
        return name + "=" + value
    }

    /// aapt's `normalizeForOutput`: `\\` for `\`, `\"` for `"`, `\n` for a line end.
    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                out.append(c == "n" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// A document read by the project's readers, in the same normalised shape.
    /// `rawStrings`: strings as the file holds them (aapt2's listing of protobuf XML shows the
    /// uncompiled text of string attributes).
    static func render(_ element: AndroidXMLElement, rawStrings: Bool = false) -> DumpElement {
        DumpElement(
            name: element.name, line: element.line,
            attributes: element.attributes.map { a in
                let id = a.resourceID.map { "(0x" + Hex.format($0, width: 8, uppercase: false) + ")" } ?? ""
                let value: String
                switch a.value {
                case .string(let s): value = "\"" + (rawStrings ? a.raw ?? s : s) + "\""
                case .boolean(let b): value = b ? "true" : "false"
                case .integer(let i): value = String(i)
                case .hexadecimal(let h): value = "0x" + Hex.format(h, uppercase: false)
                case .reference(let id, let name):
                    value = name.map { $0.hasPrefix("@") ? $0 : "@" + $0 } ?? "@0x" + Hex.format(id, width: 8, uppercase: false)
                case .themeAttribute(let id, _): value = "?0x" + Hex.format(id, width: 8, uppercase: false)
                case .null: value = "null"
                case .other(let type, let data): value = "(type 0x\(Hex.format(type, uppercase: false)))0x\(Hex.format(data, uppercase: false))"
                }
                return a.name + id + "=" + value
            },
            children: element.children.map { render($0, rawStrings: rawStrings) })
    }
}
