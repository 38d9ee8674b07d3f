// seeds: fuzz/seeds/config
// dict: json
@testable import AASACheckKit
@testable import AASACore

/// The CI configuration file (`aasa-check.json`, ``Config/parse(_:path:)``) on any bytes, then
/// applied to `check`'s and `entitlements`' arguments (issue 22: files named by other files).
/// Oracle: a configuration or a usage error naming the file; the error as the driver prints it
/// is bounded, with every unsafe character escaped (no raw control byte reaches a terminal or a
/// CI log); a configuration's
/// values fill only options the command takes and never replace a value given on the command
/// line.
enum ConfigFuzz: FuzzTarget {
    static let name = "config"
    static let path = "ci/aasa-check.json"

    static func run(_ data: [UInt8]) {
        let config: Config
        do {
            config = try Config.parse(data, path: path)
        } catch let error as UsageError {
            // As the driver prints it (`aasa-check check: MESSAGE` on standard error).
            let m = SafeText.message(error.message)
            if m.utf8.count > 4 * SafeText.messageLimit + path.utf8.count { fuzzFailure("usage error of \(m.utf8.count) bytes") }
            if m.unicodeScalars.contains(where: SafeText.isUnsafe) { fuzzFailure("unescaped character in \(m.debugDescription)") }
            if !error.message.hasPrefix(path) { fuzzFailure("usage error does not name the file: \(m.debugDescription)") }
            return
        } catch {
            fuzzFailure("an error that is not a usage error: \(error)")
        }
        for id in config.appIDs {
            if case .malformed = AppIDSyntax.check(id) { fuzzFailure("malformed app ID accepted: \(id.debugDescription)") }
        }
        for (code, reason) in config.ignore {
            if CodeDoc.lookup(code.rawValue) == nil { fuzzFailure("unknown code \(code.rawValue) ignored") }
            if reason.trimmingCharacters(in: .whitespaces).isEmpty { fuzzFailure("ignore of \(code.rawValue) without a reason") }
        }
        var given = ParsedArguments()
        given.values["--fail-on"] = ["never"]
        let options = [OptionSpec("--app-id", value: "ID", repeatable: true, help: ""), OptionSpec("--fail-on", value: "LEVEL", help: ""),
                       OptionSpec("--routes", value: "FILE", help: "")]
        for command in ["check", "entitlements"] {
            let applied = config.applied(to: given, options: options, command: command)
            if applied.values["--fail-on"] != ["never"] { fuzzFailure("the command line's --fail-on was replaced") }
            if applied.values["--entitlements"] != nil { fuzzFailure("--entitlements filled for a command that does not take it") }
            if command == "check", applied.positionals != config.domains { fuzzFailure("check's domains are not the file's") }
        }
    }
}
