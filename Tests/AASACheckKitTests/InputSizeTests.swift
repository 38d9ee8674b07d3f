import Foundation
import Testing
@testable import AASACheckKit

/// When a read stops at its cap and the real size cannot be known (standard input, a pipe, a
/// device), messages say "more than N bytes", never the bytes read as if they were the size.
@Suite struct InputSizeTests {
    @Test func standardInputOverTheCapIsMoreThanTheCap() throws {
        let r = run(["validate", "--json", "-"], stdin: Array(repeating: UInt8(ascii: " "), count: 50 * 1_048_576))
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["code"] as? String == "AASA107")
        #expect(d["message"] as? String == "the file is more than 4194304 bytes; Apple's systems read at most 131072 bytes")
    }

    @Test func aDeviceOverTheCapIsMoreThanTheCap() throws {
        let r = run(["validate", "--json", "/dev/zero"])
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["message"] as? String == "the file is more than 4194304 bytes; Apple's systems read at most 131072 bytes")
        let match = run(["match", "--json", "/dev/zero", "/x"])
        let m = try #require((try match.json()["diagnostics"] as? [[String: Any]])?.first)
        #expect(m["message"] as? String == "the file is more than 4194304 bytes; Apple's systems read at most 131072 bytes")
    }

    @Test func aRegularFileOverTheCapHasItsRealSize() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: 5_000_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = try InputFile.read(path, limit: 1_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        #expect(contents.bytes.count == 1_001 && contents.totalSize == 5_000_000 && contents.sizeKnown && contents.stoppedAtLimit)
        #expect(contents.sizeDescription == "5000000 bytes")
        let device = try InputFile.read("/dev/zero", limit: 1_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        #expect(device.bytes.count == 1_001 && !device.sizeKnown && device.stoppedAtLimit)
        #expect(device.sizeDescription == "more than 1000 bytes")
        let small = try InputFile.read(path, limit: 10_000_000, console: Console(stdout: { _ in }, stderr: { _ in }))
        #expect(small.totalSize == 5_000_000 && small.sizeKnown && !small.stoppedAtLimit)
    }

    @Test func routeListOverTheCapIsAUsageErrorWithoutParsing() {
        let r = run(["routes", fixturePath("routes/soar-starter-aasa.json"), "--routes", "/dev/zero", "--domain", "soar.example"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "aasa-check routes: --routes /dev/zero: the route list is more than the limit of 16777216 bytes\n")
    }

    @Test func entitlementsOverTheCapSayMoreThanTheCap() {
        let r = run(["entitlements", "/dev/zero"])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check: /dev/zero: the file is more than the limit of 8388608 bytes for entitlements and profiles\n")
    }

    @Test func configurationOverTheCapSaysMoreThanTheCap() {
        let r = run(["validate", "--config", "/dev/zero", fixturePath("routes/soar-starter-aasa.json")])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check validate: /dev/zero: the configuration is more than the limit of 1048576 bytes\n")
    }
}
