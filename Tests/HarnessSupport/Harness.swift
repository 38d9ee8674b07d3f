import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The local HTTPS harness (`scripts/harness.sh`), started once per test process.
///
/// Starting it installs nginx/openssl when missing; if it cannot start, every test that needs
/// it fails with the script's output (tests never skip for a missing tool).
public struct HarnessEnv: Sendable {
    public var port: Int
    public var hangPort: Int
    public var closedPort: Int
    /// PEM file of the harness's test CA.
    public var caPath: String
    /// curl `CONNECT_TO` entries that send every test host to the harness.
    public var connectTo: [String]
    public var stateDir: String
}

public struct HarnessError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

public enum Harness {
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let started: Result<HarnessEnv, HarnessError> = start()

    /// The running harness's environment; throws when it could not be started.
    public static func env() throws -> HarnessEnv { try started.get() }

    /// Runs `scripts/harness.sh start` with `posix_spawn` and `waitpid` (Foundation's `Process`
    /// can miss the exit of a script that leaves daemons behind), output in a temporary file.
    private static func start() -> Result<HarnessEnv, HarnessError> {
        let outPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("aasa-harness-\(getpid())-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let script = repoRoot.appendingPathComponent("scripts/harness.sh").path
        guard let (exitCode, output) = runShell("exec '\(script)' start", outputPath: outPath) else {
            return .failure(HarnessError(description: "cannot run scripts/harness.sh"))
        }
        guard exitCode == 0 else {
            return .failure(HarnessError(description:
                "scripts/harness.sh start failed (\(exitCode)): \(String(decoding: output, as: UTF8.self))"))
        }
        let text = String(decoding: output, as: UTF8.self)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            var value = String(line[line.index(after: eq)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            values[String(line[..<eq])] = value
        }
        guard let port = values["HARNESS_PORT"].flatMap(Int.init),
              let hang = values["HARNESS_HANG_PORT"].flatMap(Int.init),
              let closed = values["HARNESS_CLOSED_PORT"].flatMap(Int.init),
              let ca = values["HARNESS_CA"], let connect = values["HARNESS_CONNECT_TO"],
              let dir = values["HARNESS_DIR"]
        else { return .failure(HarnessError(description: "scripts/harness.sh printed no environment: \(text)")) }
        return .success(HarnessEnv(
            port: port, hangPort: hang, closedPort: closed, caPath: ca,
            connectTo: connect.split(separator: " ").map(String.init), stateDir: dir))
    }

    /// Runs `command` with `/bin/bash -c`, standard output and error into `outputPath`, and
    /// waits for it with `waitpid`. `nil` when it cannot be started.
    public static func runShell(_ command: String, outputPath: String) -> (status: Int32, output: Data)? {
        var pid: pid_t = 0
        let full = "\(command) > '\(outputPath)' 2>&1 < /dev/null"
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/bash"), strdup("-c"), strdup(full), nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/bash", nil, nil, argv, processEnvironment) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data()
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, output)
    }
}

/// The process's environment block, for `posix_spawn`.
#if canImport(Darwin)
private var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
private var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif
