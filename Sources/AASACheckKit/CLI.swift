import AASACore
import Foundation

/// A subcommand of `aasa-check`. One file per command under `Commands/`, listed in
/// ``AASACheck/commands``.
public protocol Command: Sendable {
    /// The word after `aasa-check`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// `aasa-check NAME …` synopsis.
    static var usage: String { get }
    /// Paragraphs after the synopsis.
    static var discussion: String { get }
    /// Example invocations with a comment each.
    static var examples: [(String, String)] { get }
    /// The command's own options (the common ones are added).
    static var options: [OptionSpec] { get }
    /// Runs with parsed arguments, handing every result to `context.output`; the driver then
    /// ends the output, which decides the exit status.
    /// - Returns: how the text summary ends the run.
    /// - Throws: ``UsageError`` for arguments that do not make sense together.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd
    /// The output formats it can write (default: every ``OutputFormat`` whose renderer does
    /// not name the commands it is for, ``Renderer/commands``, or names this one).
    static var formats: [OutputFormat] { get }
    /// Whether it reads the CI configuration (`--config`, `aasa-check.json`) and so takes
    /// `--config` and `--fail-on` (default `true`).
    static var usesConfig: Bool { get }
}

extension Command {
    public static var formats: [OutputFormat] { OutputFormat.allCases.filter { $0.renderer.commands?.contains(name) ?? true } }
    public static var usesConfig: Bool { true }
}

/// What every command gets: where its results go and the common options, already read.
public struct CommandContext {
    public let console: Console
    public let format: OutputFormat
    /// Where the command hands its results (``RunOutput``).
    public let output: RunOutput
    public let quiet: Bool
    public let style: Style
    public let command: String
    /// The run's option groups, each parsed once (``options(_:)``).
    let groups: OptionGroups

    public var failOn: FailOn { output.info.failOn }
}

/// How a command's run ends in the text summary (``RunOutput/finish(subject:reminder:)``).
public struct RunEnd: Sendable {
    /// What the summary line is about (`3 files`); `nil` for no summary line.
    public var subject: String?
    /// A closing sentence shown when nothing failed and every input was read.
    public var reminder: String?

    public init(subject: String? = nil, reminder: String? = nil) {
        self.subject = subject
        self.reminder = reminder
    }
}

/// The `aasa-check` program: argument dispatch, help and version.
public enum AASACheck {
    public static let version = "0.1.0"

    /// Every subcommand. `check` is the default when the first word is not a command.
    public static let commands: [any Command.Type] = [
        CheckCommand.self,
        ValidateCommand.self,
        MatchCommand.self,
        RoutesCommand.self,
        DiffCommand.self,
        CoverageCommand.self,
        ExplainCommand.self,
        EntitlementsCommand.self,
        ApkCommand.self,
        PasskeysCommand.self,
    ]

    /// Runs the program with `arguments` (without the program name).
    /// - Returns: the exit status: 0 clean, 1 findings at or above `--fail-on`, 2 usage error
    ///   or output that could not be written.
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        let status = run(arguments, console: console)
        if console.outputFailed {
            console.err("aasa-check: cannot write to standard output (disk full or stream closed); the output is incomplete\n")
            return 2
        }
        return status
    }

    /// - Parameter directory: where `aasa-check.json` is looked for (default: the current
    ///   directory).
    static func run(_ arguments: [String], console: Console, directory: String? = nil) -> Int32 {
        var args = arguments
        if args.isEmpty {
            console.err(overview())
            return 2
        }
        switch args[0] {
        case "--version", "-V", "version":
            console.out("aasa-check \(version)\n")
            return 0
        case "--help", "-h":
            console.out(overview())
            return 0
        case "help":
            return helpCommand(Array(args.dropFirst()), console: console)
        default:
            break
        }
        let command: any Command.Type
        if let c = commands.first(where: { $0.name == args[0] }) {
            command = c
            args.removeFirst()
        } else if let near = KeySuggestion.nearest(to: args[0], in: commands.map { $0.name }),
                  !args[0].contains("."), !args[0].hasPrefix("-") {
            console.err("aasa-check: unknown command \(SafeText.escape(args[0])); did you mean `aasa-check \(near)`?\n")
            return 2
        } else if let check = commands.first(where: { $0.name == "check" }) {
            command = check
        } else {
            console.err("aasa-check: unknown command \(SafeText.escape(args[0])); run `aasa-check --help`\n")
            return 2
        }
        do {
            var parsed = try ParsedArguments.parse(args, options: options(of: command), command: command.name)
            if parsed.has("--help") {
                console.out(help(command))
                return 0
            }
            // Only a command that uses the configuration reads it: a broken aasa-check.json
            // cannot stop `explain`.
            var config: Config?
            if command.usesConfig {
                config = try Config.load(explicit: parsed.value("--config"), console: console, directory: directory)
            }
            if let config {
                parsed = config.applied(to: parsed, options: options(of: command), command: command.name)
            }
            let context = try makeContext(parsed, console: console, command: command, ignored: config?.ignore ?? [])
            let end = try command.run(parsed, context)
            return context.output.finish(subject: end.subject, reminder: end.reminder)
        } catch let error as UsageError {
            // Messages cut and escape the user's text where they quote it; doing it to the
            // whole line again changes nothing there and covers any other source.
            console.err("aasa-check \(command.name): \(SafeText.message(error.message))\n")
            return 2
        } catch {
            console.err("aasa-check \(command.name): \(SafeText.message(String(describing: error)))\n")
            return 2
        }
    }

    /// `aasa-check help [COMMAND]`: the overview, or one command's help; an unknown command
    /// is a usage error (exit status 2) that names the commands.
    static func helpCommand(_ args: [String], console: Console) -> Int32 {
        guard let name = args.first else {
            console.out(overview())
            return 0
        }
        let names = commands.map { $0.name }.joined(separator: ", ")
        guard args.count == 1 else {
            console.err("aasa-check help: give one COMMAND (\(names))\n")
            return 2
        }
        for command in commands where command.name == name {
            console.out(help(command))
            return 0
        }
        console.err("aasa-check help: unknown command \(SafeText.value(name)); the commands are \(names)\n")
        return 2
    }

    static func makeContext(_ parsed: ParsedArguments, console: Console, command: any Command.Type,
                            ignored: [(code: DiagnosticCode, reason: String)]) throws -> CommandContext {
        var format = OutputFormat.text
        if parsed.has("--json") { format = .json }
        if let f = parsed.value("--format") {
            guard let chosen = OutputFormat(rawValue: f), command.formats.contains(chosen) else {
                let known = command.formats.map(\.rawValue).joined(separator: ", ")
                let forCommand = command.formats.count < OutputFormat.allCases.count ? " for `aasa-check \(command.name)`" : ""
                throw UsageError("--format must be one of \(known)\(forCommand); got \(SafeText.value(f))")
            }
            format = chosen
        }
        var failOn = FailOn.error
        if let f = parsed.value("--fail-on") {
            guard let chosen = FailOn(rawValue: f) else {
                throw UsageError("--fail-on must be error, warning or never; got \(SafeText.value(f))")
            }
            failOn = chosen
        }
        // NO_COLOR counts only when set to a non-empty value (no-color.org).
        let noColor = !(console.environment["NO_COLOR"] ?? "").isEmpty
        let color = console.stdoutIsTerminal && !parsed.has("--no-color") && !noColor
            && format.renderer.isForPeople && console.environment["TERM"] != "dumb"
        let info = RunInfo(command: command.name, failOn: failOn, quiet: parsed.has("--quiet"), style: Style(enabled: color))
        return CommandContext(console: console, format: format,
                              output: RunOutput(format: format, info: info, console: console, ignored: ignored),
                              quiet: info.quiet, style: info.style, command: command.name,
                              groups: OptionGroups(arguments: parsed, format: format))
    }

    /// A command's own options and the common ones it takes.
    static func options(of command: any Command.Type) -> [OptionSpec] {
        let usesConfig = command.usesConfig
        return command.options + OptionSpec.common.filter { usesConfig || !OptionSpec.configOnly.contains($0.name) }
    }

    static func overview() -> String {
        var s = """
        aasa-check \(version) — will your universal links work?

        Checks that a domain's apple-app-site-association file, the app's Associated Domains
        entitlement and the app's routes agree, the way Apple's systems judge them.

        USAGE: aasa-check [check] DOMAIN... [options]
               aasa-check COMMAND [options]

        COMMANDS:

        """
        let width = (commands.map { $0.name.count }.max() ?? 8) + 2
        for c in commands {
            s += "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0) + c.abstract + "\n"
        }
        s += """

        EXAMPLES:
          # Check a domain: hosting, Apple's CDN copy, the file's rules
          aasa-check example.com

          # The release gate: the file about to be deployed, the app's entitlement and routes
          aasa-check validate public/.well-known/apple-app-site-association
          aasa-check entitlements App/App.entitlements --app-id ABCDE12345.com.example.app
          aasa-check routes public/.well-known/apple-app-site-association --routes routes.txt

          # The entitlements sealed into the signed app (.ipa, .app, .xcarchive, executable)
          aasa-check entitlements build/App.ipa

          # Which URLs change app when the deployed file is replaced
          aasa-check diff example.com public/.well-known/apple-app-site-association

          # Which app opens a URL, and by which rule
          aasa-check match example.com https://example.com/buy/42

        Run `aasa-check help COMMAND` or `aasa-check COMMAND --help` for a command's options.
        Exit status: 0 no finding at or above --fail-on, 1 findings, 2 usage error.

        A clean result means the file and entitlement are right; devices still need to fetch
        them (about weekly through Apple's CDN), and links typed in Safari's address bar or
        tapped on a page of the same domain stay in the browser.

        """
        return s
    }

    static func help(_ command: any Command.Type) -> String {
        let common = command.usesConfig ? " [--format FORMAT] [--fail-on LEVEL]" : " [--format FORMAT]"
        var s = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\(common)\n\n"
        if !command.discussion.isEmpty { s += command.discussion + "\n\n" }
        s += "OPTIONS:\n"
        let all = options(of: command).map { o in
            o.name == "--format" ? OptionSpec("--format", value: "FORMAT", help: "Output format: \(OutputFormat.prose(command.formats)) (default text).") : o
        }
        let labels = all.map { o -> String in
            var l = ([o.name] + o.aliases).joined(separator: ", ")
            if let v = o.valueName { l += " \(v)" }
            return l
        }
        let width = min(34, (labels.map(\.count).max() ?? 10) + 2)
        for (o, l) in zip(all, labels) {
            let padded = l.count < width ? l.padding(toLength: width, withPad: " ", startingAt: 0) : l + "\n" + String(repeating: " ", count: width + 2)
            s += "  \(padded)\(o.help)\n"
        }
        if !command.examples.isEmpty {
            s += "\nEXAMPLES:\n"
            for (cmd, comment) in command.examples { s += "  # \(comment)\n  \(cmd)\n\n" }
        }
        return s
    }
}
