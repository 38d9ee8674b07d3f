import Foundation
import Testing
@testable import AASACheckKit

/// When a read stops at its cap and the real size cannot be known (standard input, a pipe),
/// messages say "more than N bytes", never the bytes read as if they were the size; a regular
/// file over the cap says its size. Devices are not read at all (LocalInputTests).
@Suite struct InputSizeTests {
    @Test func standardInputOverTheCapIsMoreThanTheCap() throws {
        let r = run(["validate", "--json", "-"], stdin: Array(repeating: UInt8(ascii: " "), count: 50 * 1_048_576))
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["code"] as? String == "AASA107")
        #expect(d["message"] as? String == "the file is more than 4194304 bytes; Apple's systems read at most 131072 bytes")
    }

    /// A sparse regular file of `bytes` bytes (no disk used), removed by the caller.
    func largeFile(_ bytes: Int) throws -> String {
        let path = try temporaryFile([])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    @Test func aRegularFileOverTheCapHasItsRealSize() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: 5_000_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = try InputFile.read(path, limit: 1_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        #expect(contents.bytes.count == 1_001 && contents.totalSize == 5_000_000 && contents.sizeKnown && contents.stoppedAtLimit)
        #expect(contents.sizeDescription == "5000000 bytes")
        let small = try InputFile.read(path, limit: 10_000_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        #expect(small.totalSize == 5_000_000 && small.sizeKnown && !small.stoppedAtLimit)
        // A device is not read at all (issue 22): it never ends, and its size is unknown.
        #expect(throws: UsageError.self) {
            try InputFile.read("/dev/zero", limit: 1_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        }
    }

    @Test func routeListOverTheCapIsAUsageErrorWithoutParsing() throws {
        let path = try largeFile(17 * 1_048_576)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["routes", fixturePath("routes/soar-starter-aasa.json"), "--routes", path, "--domain", "soar.example"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "aasa-check routes: --routes \(path): the route list is 17825792 bytes, over the limit of 16777216 bytes\n")
    }

    @Test func entitlementsOverTheCapSayTheirSize() throws {
        let path = try largeFile(9 * 1_048_576)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["entitlements", path])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check: \(path): the file is 9437184 bytes, over the limit of 8388608 bytes for entitlements and profiles\n")
    }

    @Test func configurationOverTheCapSaysItsSize() throws {
        let path = try largeFile(2 * 1_048_576)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--config", path, fixturePath("routes/soar-starter-aasa.json")])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check validate: \(path): the configuration is 2097152 bytes, over the limit of 1048576 bytes\n")
    }
}
