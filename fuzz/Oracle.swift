// The output oracle the fuzz targets share (scripts/fuzz.sh builds it with them).
import AASACore
@testable import AASACheckKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

enum FuzzOracle {
    /// Fails the run unless `d` has a registered code and a message and hint that are bounded
    /// (4 × ``SafeText/messageLimit`` bytes) and, as the text format prints them
    /// (``SafeText/message(_:limit:)``: the other formats escape by their own rules), hold no
    /// raw control, format or separator character and are cut to ``SafeText/messageLimit``
    /// scalars: text from the input reaches a terminal or a CI log only escaped.
    static func check(_ d: Diagnostic) {
        if d.code.doc == nil { fuzzFailure("unregistered code \(d.code.rawValue)") }
        for (what, text) in [("message", d.message), ("hint", d.hint ?? "")] {
            if text.utf8.count > 4 * SafeText.messageLimit {
                fuzzFailure("\(d.code.rawValue) \(what) of \(text.utf8.count) bytes")
            }
            let printed = SafeText.message(text)
            if let c = printed.unicodeScalars.first(where: SafeText.isUnsafe) {
                fuzzFailure("\(d.code.rawValue) \(what) printed with the raw character U+\(String(c.value, radix: 16)): \(SafeText.escape(printed))")
            }
            if printed.unicodeScalars.count > SafeText.messageLimit {
                fuzzFailure("\(d.code.rawValue) \(what) printed in \(printed.unicodeScalars.count) characters")
            }
        }
    }
}

/// What a command prints, checked in the format it is printed in (issue 22: an output oracle in
/// every target): bounded by a multiple of the input, no raw control, format or separator
/// character (line feeds lay the output out; a zero-width joiner is how Markdown keeps a host
/// from becoming a link), and the machine formats well formed as their consumers read them —
/// JSON and SARIF one JSON value, JSON Lines one value a line, JUnit XML that parses.
enum FuzzRender {
    /// The format a command's results are printed in for the input of this hash: each
    /// format the command takes, in turn.
    static func format(for hash: UInt64, command: String) -> OutputFormat {
        let formats = AASACheck.commands.first { $0.name == command }?.formats ?? OutputFormat.all
        return formats[Int(hash % UInt64(formats.count))]
    }

    /// The output guarantee `scripts/bench-limits.sh` measures: 16 × the input + 256 KiB.
    static func limit(input: Int) -> Int { 16 * input + 256 * 1024 }

    /// Hands `body`'s results to the one output pipeline in `format` (as `command` would),
    /// then checks what it printed against `limit` bytes, taken once `body` has run (a crawl
    /// knows its input when it has read it).
    static func check(_ format: OutputFormat, command: String, limit: @autoclosure () -> Int, _ body: (RunOutput, Console) -> Void) {
        let capture = Captured()
        let console = Console(stdout: { capture.out($0) }, stderr: { capture.err($0) })
        let output = RunOutput(format: format, info: RunInfo(command: command), console: console)
        body(output, console)
        _ = output.finish(subject: "fuzz input")
        let (out, err) = capture.texts
        let most = limit()
        check(out, format: format, limit: most, stream: "standard output")
        check(err, format: .text, limit: most, stream: "standard error")
    }

    static func check(_ printed: String, format: OutputFormat, limit: Int, stream: String) {
        let name = format.rawValue
        if printed.utf8.count > limit { fuzzFailure("\(name) \(stream) of \(printed.utf8.count) bytes, over \(limit)") }
        // A plain loop, not a closure per scalar (SafeText.isUnsafe passes printable ASCII first).
        for c in printed.unicodeScalars where c != "\n" && c != "\u{200D}" && SafeText.isUnsafe(c) {
            fuzzFailure("\(name) \(stream) holds the raw character U+\(String(c.value, radix: 16))")
        }
        guard stream == "standard output" else { return }
        switch name {
        case "json", "sarif":
            if (try? JSONSerialization.jsonObject(with: Data(printed.utf8))) == nil { fuzzFailure("\(name) output is not JSON") }
        case "jsonl":
            for line in printed.split(separator: "\n") where (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                fuzzFailure("jsonl line is not JSON: \(SafeText.escape(String(line.prefix(200))))")
            }
        case "junit":
            let parser = XMLParser(data: Data(printed.utf8))
            if !parser.parse() { fuzzFailure("junit output is not XML: \(String(describing: parser.parserError))") }
        default:
            break
        }
    }

    /// `paths` read as `entitlements` reads them (EntitlementsFlow: bundles, slices, profiles,
    /// build settings from `arguments`), and printed as it prints a run without fetches.
    static func entitlements(_ paths: [String], arguments: ParsedArguments = ParsedArguments(), _ out: RunOutput, _ console: Console) {
        guard let flow = try? EntitlementsFlow.read(paths, arguments: arguments, console: console) else { return }
        for (label, bytes) in flow.sources { out.source(label, bytes) }
        if let problem = flow.profileProblem { out.unreadable(problem.message, subject: problem.subject) }
        for problem in flow.problems { out.unreadable(problem.unreadable.message, subject: problem.unreadable.subject) }
        out.findings(flow.diagnostics)
        for item in flow.checked { out.entitlements(item.report) }
        for path in paths { out.subject(path, kind: .entitlements) }
    }

    /// Both streams of a run, written from any thread.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var stdout = "", stderr = ""
        func out(_ s: String) { lock.withLock { stdout += s } }
        func err(_ s: String) { lock.withLock { stderr += s } }
        var texts: (String, String) { lock.withLock { (stdout, stderr) } }
    }
}
