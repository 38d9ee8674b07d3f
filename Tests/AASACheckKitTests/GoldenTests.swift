import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit

/// Full-output (golden) tests: every command in every format it takes, compared byte for byte
/// with `Fixtures/golden/NAME.FORMAT.golden` (exit status, standard output and standard error).
///
/// Paths under the package root read `$ROOT`, and what changes from run to run (times, dates,
/// `etag`s) is replaced before the comparison. After a deliberate change of output, write the
/// files again with `AASA_UPDATE_GOLDEN=1 swift test --filter Golden` and review the diff.
enum Golden {
    static let directory = packageRoot.appendingPathComponent("Fixtures/golden")
    static let formats = ["text", "json", "sarif", "junit", "github", "xcode"]

    static func input(_ name: String) -> String { directory.appendingPathComponent("inputs/" + name).path }

    /// `text` with the package root, timings and server dates made stable.
    static func normalize(_ text: String) -> String {
        let root = packageRoot.path
        var s = text.replacingOccurrences(of: root, with: "$ROOT")
            .replacingOccurrences(of: SARIFRenderer.percentEncoded(root), with: "$ROOT")
        let patterns: [(String, String)] = [
            (#"(\d+|N) ms\b"#, "N ms"),
            (#""timeMs": \d+"#, #""timeMs": 0"#),
            (#""(date|last-modified|etag|expires)": "(?:[^"\\]|\\.)*""#, #""$1": "…""#),
            (#"\b(date|last-modified|etag|expires): [^\\"%\n]*"#, "$1: …"),
        ]
        for (pattern, template) in patterns {
            let regex = try! NSRegularExpression(pattern: pattern)
            s = regex.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)
        }
        return s
    }

    /// Compares a run with its golden file, or writes the file when `AASA_UPDATE_GOLDEN=1`.
    static func check(_ name: String, _ r: Run, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = "exit \(r.status)\n--- stdout\n\(normalize(r.stdout))\n--- stderr\n\(normalize(r.stderr))"
        let url = directory.appendingPathComponent(name + ".golden")
        if ProcessInfo.processInfo.environment["AASA_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            let got = line < a.count ? String(a[line]) : "(end)"
            let want = line < e.count ? String(e[line]) : "(end)"
            Issue.record("\(name).golden differs at line \(line + 1):\n  got:  \(got)\n  want: \(want)", sourceLocation: sourceLocation)
        }
    }
}

@Suite("golden output, local inputs")
struct GoldenTests {
    static let invalid = fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")
    static let broken = fixturePath("corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association")
    static let clean = fixturePath("corpus/aasa/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association")
    static let warnOnly = fixturePath("corpus/aasa/WelcometoMyGarden__welcometomygarden__static_.well-known_apple-app-site-association")
    static let soar = fixturePath("routes/soar-starter-aasa.json")
    static let soarRoutes = fixturePath("routes/soar-starter.routes")
    static let samples = packageRoot.appendingPathComponent("entitlements-samples").path
    static let shopManifest = fixturePath("android/manifests/shop.xml")
    static let rotatedAPK = fixturePath("android/apksig/v31-rsa-2048_2-tgt-33-1-tgt-28.apk")

    @Test(arguments: Golden.formats)
    func validate(format: String) throws {
        try Golden.check("validate.\(format)", run(["validate", "--format", format, Self.invalid, Self.broken, Self.clean]))
    }

    @Test(arguments: Golden.formats)
    func validateUnreadable(format: String) throws {
        try Golden.check("validate-unreadable.\(format)",
                         run(["validate", "--format", format, "/nonexistent/aasa-check-missing.json", Self.clean]))
    }

    @Test func validateQuiet() throws {
        try Golden.check("validate-quiet.text", run(["validate", "--quiet", Self.invalid, Self.broken]))
    }

    @Test(arguments: Golden.formats)
    func validateIgnore(format: String) throws {
        try Golden.check("validate-ignore.\(format)",
                         run(["validate", "--format", format, "--config", Golden.input("ignore-401.json"), Self.warnOnly]))
    }

    @Test(arguments: Golden.formats)
    func match(format: String) throws {
        try Golden.check("match.\(format)", run(["match", Self.soar, "--domain", "soar.example", "--format", format,
                                                  "/todos/1", "/auth-callback", "/redeem-code", "https://other.example/todos/1",
                                                  "soar.example/notifications?route=me"]))
    }

    @Test(arguments: ["text", "json"])
    func matchWithFindings(format: String) throws {
        try Golden.check("match-findings.\(format)", run(["match", Self.broken, "--format", format, "/profile/x", "/"]))
    }

    @Test func matchFromStandardInput() throws {
        try Golden.check("match-stdin.text", run(["match", Self.soar, "--domain", "soar.example"],
                                                 stdin: Array("/todos/1\n\n# a comment\n/paywall\n/nothing\n".utf8)))
    }

    @Test func matchAFileWithoutApps() throws {
        try Golden.check("match-noapps.text", run(["match", Golden.input("webcredentials-only.json"), "/todos"]))
    }

    @Test(arguments: Golden.formats)
    func routes(format: String) throws {
        try Golden.check("routes.\(format)", run(["routes", Self.soar, "--routes", Self.soarRoutes, "--domain", "soar.example",
                                                   "--format", format]))
    }

    @Test func routesQuiet() throws {
        try Golden.check("routes-quiet.text", run(["routes", Self.soar, "--routes", Self.soarRoutes, "--domain", "soar.example", "--quiet"]))
    }

    @Test(arguments: Golden.formats)
    func routesMalformed(format: String) throws {
        try Golden.check("routes-malformed.\(format)", run(["routes", Self.soar, "--routes", Golden.input("malformed.routes"),
                                                             "--domain", "soar.example", "--format", format]))
    }

    @Test(arguments: Golden.formats)
    func diff(format: String) throws {
        try Golden.check("diff.\(format)", run(["diff", Golden.input("diff-old.json"), Golden.input("diff-new.json"),
                                                 "--routes", Golden.input("diff.routes"), "--format", format]))
    }

    @Test func diffMarkdown() throws {
        try Golden.check("diff.markdown", run(["diff", Golden.input("diff-old.json"), Golden.input("diff-new.json"),
                                               "--routes", Golden.input("diff.routes"), "--format", "markdown"]))
    }

    @Test func diffNoChange() throws {
        try Golden.check("diff-same.text", run(["diff", Golden.input("diff-old.json"), Golden.input("diff-old.json")]))
    }

    @Test(arguments: Golden.formats)
    func entitlements(format: String) throws {
        try Golden.check("entitlements.\(format)", run([
            "entitlements", Self.samples + "/SoarStarterSwift-Wildcard.entitlements", "--app-id", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            "--domain-file", "soarstarter.com=\(Golden.input("soarstarter-other.json"))", "--format", format,
        ]))
    }

    @Test(arguments: ["text", "json"])
    func entitlementsPassing(format: String) throws {
        try Golden.check("entitlements-pass.\(format)", run([
            "entitlements", Self.samples + "/SoarStarterSwift-Release.entitlements", Self.samples + "/SoarStarterSwift.mobileprovision",
            "--app-id", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            "--domain-file", "soarstarter.com=\(Golden.input("soarstarter-listing.json"))",
            "--domain-file", "www.soarstarter.com=\(Golden.input("soarstarter-listing.json"))", "--format", format,
        ]))
    }

    /// `apk`: a source manifest with findings, a rotated v3.1 APK (AOSP apksig's), a missing file.
    @Test(arguments: Golden.formats + ["html", "markdown"])
    func apk(format: String) throws {
        try Golden.check("apk.\(format)", run(["apk", Self.shopManifest, Self.rotatedAPK, "/nonexistent/aasa-missing.apk", "--format", format]))
    }

    @Test(arguments: ["text", "json"])
    func explain(format: String) throws {
        try Golden.check("explain.\(format)", run(["explain", "AASA203", "--format", format]))
    }
}

@Suite("golden output, check against the harness")
struct CheckGoldenTests {
    func check(_ args: [String]) async throws -> Run {
        let args = ["check"] + args + (try harnessNetwork())
        return await offPool { run(args) }
    }

    @Test(arguments: Golden.formats)
    func oneDomain(format: String) async throws {
        try Golden.check("check.\(format)", await check(["good.aasa.test", "--no-cdn", "--format", format]))
    }

    @Test(arguments: Golden.formats)
    func manyDomains(format: String) async throws {
        try Golden.check("check-many.\(format)", await check(["good.aasa.test", "notfound.aasa.test", "stale.aasa.test", "expired.aasa.test",
                                                         "--app-id", "Q7Z3K8M2PX.com.aasacheck.todos", "--format", format]))
    }

    @Test(arguments: Golden.formats)
    func withRoutesAndEntitlements(format: String) async throws {
        try Golden.check("check-gate.\(format)", await check([
            "good.aasa.test", "--no-cdn", "--routes", Golden.input("good-host.routes"),
            "--entitlements", Golden.input("good-host.entitlements"), "--app-id", "Q7Z3K8M2PX.com.aasacheck.other", "--format", format,
        ]))
    }

    @Test(arguments: Golden.formats)
    func ignored(format: String) async throws {
        try Golden.check("check-ignore.\(format)", await check(["good.aasa.test", "notfound.aasa.test", "--no-cdn",
                                                           "--config", Golden.input("ignore-505.json"), "--format", format]))
    }

    @Test func quiet() async throws {
        try Golden.check("check-quiet.text", await check(["good.aasa.test", "notfound.aasa.test", "--no-cdn", "--quiet"]))
    }
}
