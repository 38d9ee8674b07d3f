import Foundation
import Synchronization
@testable import AASACheckKit
import AASACore

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixturePath(_ relative: String) -> String { packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative).path }

/// The outcome of one in-process run of `aasa-check`.
struct Run {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Standard output parsed as JSON (an object).
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        guard let dict = object as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
        return dict
    }

    func codes() throws -> [String] {
        ((try json()["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }
}

/// Standard output and error of a run, written from whichever thread the run writes on.
final class Capture: Sendable {
    private let streams = Mutex<(out: String, err: String)>(("", ""))

    var out: String { streams.withLock { $0.out } }
    var err: String { streams.withLock { $0.err } }

    func appendOut(_ s: String) { streams.withLock { $0.out += s } }
    func appendErr(_ s: String) { streams.withLock { $0.err += s } }
}

/// Runs the CLI in-process with captured streams and optional standard input.
func run(_ args: [String], stdin: [UInt8]? = nil, env: [String: String] = [:]) -> Run {
    let capture = Capture()
    let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) },
                          environment: env, readStandardInput: { limit in stdin.map { Array($0.prefix(limit + 1)) } })
    let status = AASACheck.main(args, console: console)
    return Run(status: status, stdout: capture.out, stderr: capture.err)
}

/// A temporary file with these bytes, removed by the caller.
func temporaryFile(_ bytes: [UInt8], name: String = UUID().uuidString) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-tests-" + name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// Tests name codes as text (parameterised tests, tables): compare them with a finding's code.
func == (lhs: DiagnosticCode, rhs: String) -> Bool { lhs.rawValue == rhs }
func != (lhs: DiagnosticCode, rhs: String) -> Bool { lhs.rawValue != rhs }

/// What a format writes for these findings, as a command's run would write it.
func render(_ format: String, _ diagnostics: [AASACore.Diagnostic], command: String = "validate") -> String {
    let capture = Capture()
    let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) })
    let output = RunOutput(format: OutputFormat(rawValue: format)!, info: RunInfo(command: command), console: console)
    output.findings(diagnostics)
    output.finish()
    return capture.out
}
