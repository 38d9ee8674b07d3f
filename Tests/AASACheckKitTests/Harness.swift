import Foundation

/// The local HTTPS harness (`scripts/harness.sh`), started once per test process.
///
/// Starting it installs nginx/openssl when missing; if it cannot start, every test that needs
/// it fails with the script's output (tests never skip for a missing tool).
struct HarnessEnv: Sendable {
    var port: Int
    var hangPort: Int
    var closedPort: Int
    /// PEM file of the harness's test CA.
    var caPath: String
    /// curl `CONNECT_TO` entries that send every test host to the harness.
    var connectTo: [String]
    var stateDir: String
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

enum Harness {
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let started: Result<HarnessEnv, HarnessError> = start()

    /// The running harness's environment; throws when it could not be started.
    static func env() throws -> HarnessEnv { try started.get() }

    private static func start() -> Result<HarnessEnv, HarnessError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [repoRoot.appendingPathComponent("scripts/harness.sh").path, "start"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(HarnessError(description: "cannot run scripts/harness.sh: \(error)"))
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            return .failure(HarnessError(description:
                "scripts/harness.sh start failed (\(process.terminationStatus)): \(String(decoding: errors, as: UTF8.self))"))
        }
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
}
