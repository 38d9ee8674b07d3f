import AASACore
import Foundation

/// The CI configuration file, `aasa-check.json` in the current directory or `--config FILE`.
///
/// ```json
/// {
///   "domains": ["example.com", "www.example.com"],
///   "appIDs": ["ABCDE12345.com.example.app"],
///   "entitlements": "App/App.entitlements",
///   "routes": "routes.txt",
///   "failOn": "error",
///   "ignore": [{"code": "AASA401", "reason": "every page has a screen in the app"}]
/// }
/// ```
/// Every key is optional. Command-line flags override the file: a flag given on the command
/// line replaces the file's value, and DOMAIN arguments replace `domains`. Each ignored code
/// needs a reason, so a CI configuration documents why a finding is accepted.
public struct Config: Sendable {
    public var domains: [String] = []
    public var appIDs: [String] = []
    public var entitlements: String?
    public var routes: String?
    public var failOn: String?
    /// Code → reason.
    public var ignore: [(code: DiagnosticCode, reason: String)] = []
    /// The file it was read from.
    public var path: String

    /// The default file name looked for in the current directory.
    public static let defaultName = "aasa-check.json"

    /// Reads the configuration: `explicit` when given (it must exist), else `aasa-check.json`
    /// in `directory` (default: the current directory) when present, else `nil`.
    /// - Throws: ``UsageError`` for a missing explicit file, invalid JSON (with line and
    ///   column), a value of the wrong type, an unknown key or an ignore without a reason.
    public static func load(explicit: String?, console: Console, directory: String? = nil) throws -> Config? {
        let path: String
        let implicit = directory.map { $0 + "/" + defaultName } ?? defaultName
        if let explicit {
            path = explicit
        } else if FileManager.default.fileExists(atPath: implicit) {
            path = implicit
        } else {
            return nil
        }
        let input = try InputFile.read(path, limit: 1_048_576, kind: .configuration, console: console)
        guard !input.stoppedAtLimit else {
            throw UsageError("\(SafeText.value(path)): " + input.tooLarge("the configuration"))
        }
        return try parse(input.bytes, path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws -> Config {
        let shownPath = SafeText.escape(path)
        let result = StrictJSONParser().parse(bytes)
        // A byte order mark (editors on Windows write one) matters in a served domain file
        // (AASA202), not in the configuration.
        if let bad = result.diagnostics.first(where: { $0.severity == .error && $0.code != .aasa202 }) {
            throw UsageError("\(shownPath):\(bad.location.map { "\($0.line):\($0.column)" } ?? "1:1"): \(bad.message)")
        }
        guard let root = result.root, let members = root.objectMembers else {
            throw UsageError("\(shownPath): the configuration must be a JSON object")
        }
        func fail(_ member: JSONMember, _ message: String) -> UsageError {
            UsageError("\(shownPath):\(result.sourceMap.location(of: member.keyOffset)): \(message)")
        }
        func fail(_ element: JSONNode, _ message: String) -> UsageError {
            UsageError("\(shownPath):\(result.sourceMap.location(of: element.offset)): \(message)")
        }
        /// Each string of the array, checked by `problem` (which says what is wrong, or `nil`).
        func checked(_ member: JSONMember, _ problem: (String) -> String?) throws -> [String] {
            let values = try strings(member)
            for (i, value) in values.enumerated() {
                if let why = problem(value) {
                    throw fail(member.value.arrayValue![i], "\"\(member.key)\"[\(i)] \"\(SafeText.value(value))\": \(why)")
                }
            }
            return values
        }
        func strings(_ member: JSONMember) throws -> [String] {
            guard let array = member.value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
                throw fail(member, "\"\(SafeText.escape(member.key))\" must be an array of strings")
            }
            return array.map { $0.stringValue! }
        }
        func string(_ member: JSONMember) throws -> String {
            guard let s = member.value.stringValue else { throw fail(member, "\"\(SafeText.escape(member.key))\" must be a string") }
            return s
        }
        var config = Config(path: path)
        let known = ["domains", "appIDs", "entitlements", "routes", "failOn", "ignore"]
        for member in members {
            switch member.key {
            case "domains":
                // The forms a DOMAIN argument takes (example.com, https://example.com/, *.example.com).
                config.domains = try checked(member) { domain in
                    (try? CheckTarget.parse(domain)) == nil ? "not a domain name (example.com)" : nil
                }
            case "appIDs":
                config.appIDs = try checked(member) { id in
                    if case .malformed(let why) = AppIDSyntax.check(id) { return why }
                    return nil
                }
            case "entitlements": config.entitlements = try string(member)
            case "routes": config.routes = try string(member)
            case "failOn":
                let value = try string(member)
                guard FailOn(rawValue: value) != nil else { throw fail(member, "\"failOn\" must be error, warning or never") }
                config.failOn = value
            case "ignore":
                guard let array = member.value.arrayValue else { throw fail(member, "\"ignore\" must be an array of {\"code\", \"reason\"}") }
                for item in array {
                    guard let code = item["code"]?.stringValue, let doc = CodeDoc.lookup(code) else {
                        throw fail(item, "each ignore entry needs a known \"code\" (see `aasa-check explain`)")
                    }
                    guard let reason = item["reason"]?.stringValue, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw fail(item, "ignoring \(doc.code) needs a \"reason\"")
                    }
                    config.ignore.append((doc.code, reason))
                }
            default:
                let hint = KeySuggestion.nearest(to: member.key, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw fail(member, "unknown key \"\(SafeText.escape(member.key))\"\(hint)")
            }
        }
        return config
    }

    /// `arguments` with this configuration's values filled in where the command takes the
    /// option and the command line did not give it; without positionals, `check` takes the
    /// file's `domains` and `entitlements` its `entitlements` file.
    public func applied(to arguments: ParsedArguments, options: [OptionSpec], command: String) -> ParsedArguments {
        var a = arguments
        let names = Set(options.map(\.name))
        func fill(_ name: String, _ values: [String]) {
            if names.contains(name), a.values[name] == nil, !values.isEmpty {
                a.values[name] = values
                a.configured[name] = path
            }
        }
        fill("--app-id", appIDs)
        fill("--entitlements", entitlements.map { [$0] } ?? [])
        fill("--routes", routes.map { [$0] } ?? [])
        fill("--fail-on", failOn.map { [$0] } ?? [])
        switch command {
        case "check":
            if a.positionals.isEmpty && a.values["--domains"] == nil { a.positionals = domains }
        case "entitlements":
            if a.positionals.isEmpty, let entitlements {
                a.positionals = [entitlements]
                a.positionalsConfigured = path
            }
        default:
            break
        }
        return a
    }
}
