import AASACore

/// A command-line mistake: printed as one line on standard error, exit status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// The long name with dashes, e.g. `--app-id`.
    public let name: String
    /// The value's name in help (`ID`), or `nil` for a flag.
    public let valueName: String?
    public let help: String
    /// Whether it may be given several times (values collect in order).
    public let repeatable: Bool
    /// Other spellings, e.g. `-h`.
    public let aliases: [String]

    public init(_ name: String, value: String? = nil, repeatable: Bool = false, aliases: [String] = [], help: String) {
        self.name = name
        valueName = value
        self.help = help
        self.repeatable = repeatable
        self.aliases = aliases
    }

    /// Common options that only commands reading the configuration take.
    static let configOnly: Set<String> = ["--config", "--fail-on"]

    /// Options every command takes (but see ``configOnly``).
    public static let common: [OptionSpec] = [
        OptionSpec("--format", value: "FORMAT", help: "Output format: \(OutputFormat.prose(OutputFormat.all)) (default text)."),
        OptionSpec("--json", help: "Short for --format json."),
        OptionSpec("--fail-on", value: "LEVEL", help: "Lowest severity that makes the exit status 1: error (default), warning or never."),
        OptionSpec("--quiet", aliases: ["-q"], help: "Only findings: no progress, no summary."),
        OptionSpec("--config", value: "FILE", help: "CI configuration (default: aasa-check.json in the current directory when present); flags override it."),
        OptionSpec("--no-color", help: "No ANSI colour (also when NO_COLOR is set or output is not a terminal)."),
        OptionSpec("--help", aliases: ["-h"], help: "Show this help."),
    ]
}

/// Arguments after parsing against a command's options.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    /// Options whose values the configuration file gave (not the command line), with the
    /// file's path: a file a configuration names is read as one named by another file
    /// (``LocalInputRule``: refused or not what it should be, it is a finding that quotes nothing).
    public var configured: [String: String] = [:]
    /// The configuration file's path when the positionals came from it (`entitlements`).
    public var positionalsConfigured: String?

    /// The last value of an option, or `nil`.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// Options another command takes that this one answers with another option: the option to
    /// name and why (`match DOMAIN` decides by the CDN copy devices read; `--origin` reads the
    /// origin file, so `--no-cdn` there would be a silent no-op).
    static let insteadOf: [String: (option: String, why: String)] = [
        "--no-cdn": ("--origin", "this command decides by the CDN copy devices read; give --origin to use the origin file instead"),
    ]

    /// Parses `arguments` (`--name value`, `--name=value`, flags, `--` ending options; `-` is a
    /// positional meaning standard input).
    /// - Throws: ``UsageError`` for an unknown option (with the nearest known one) or a
    ///   missing value.
    public static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        var byName: [String: OptionSpec] = [:]
        for o in options {
            byName[o.name] = o
            for a in o.aliases { byName[a] = o }
        }
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = byName[name] else {
                let known = options.map(\.name)
                let hint = Self.insteadOf[name].flatMap { known.contains($0.option) ? " (\($0.why))" : nil }
                    ?? KeySuggestion.nearest(to: name, in: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option \(SafeText.value(name)) for `aasa-check \(command)`\(hint); see `aasa-check \(command) --help`")
            }
            if spec.valueName != nil {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < arguments.count else {
                        throw UsageError("\(spec.name) needs a value (\(spec.valueName!)); see `aasa-check \(command) --help`")
                    }
                    value = arguments[i]
                    // `--app-id --cacert ca.pem`: the value is missing, not "--cacert".
                    if value.hasPrefix("--"), byName[String(value.split(separator: "=").first ?? "")] != nil {
                        throw UsageError("\(spec.name) needs a value (\(spec.valueName!)) before \(value); see `aasa-check \(command) --help`")
                    }
                    i += 1
                }
                if spec.repeatable {
                    result.values[spec.name, default: []].append(value)
                } else {
                    result.values[spec.name] = [value]
                }
            } else {
                if inline != nil { throw UsageError("\(spec.name) takes no value") }
                result.flags.insert(spec.name)
            }
        }
        return result
    }
}

extension ParsedArguments {
    /// The `--app-id` values in order, each checked as an app ID (`<App ID prefix>.<bundle ID>`,
    /// ``AppIDSyntax``), a repeat dropped (the first kept; the App ID prefix compared without
    /// case, as the system upper-cases it).
    /// - Throws: ``UsageError`` for a value that is not an app ID, saying why.
    public func appIDs() throws -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for id in all("--app-id") {
            if case .malformed(let why) = AppIDSyntax.check(id) {
                throw UsageError("--app-id \(SafeText.value(id)): \(why)")
            }
            if seen.insert(AppIdentity.canonical(id)).inserted { out.append(id) }
        }
        return out
    }
}
