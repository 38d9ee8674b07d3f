import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `check DOMAIN --routes FILE` with the Android platform (issue 23): each route also decided
/// by good.aasa.test's dynamic rules for the package (and with `--apk`, the manifest's paths
/// first), with its own verdicts (JSON `routes` with `platform: android`), codes DAL701–DAL703
/// counted in the assetlinks section, and Apple's verdicts unchanged beside them.
@Suite("check --routes for Android")
struct AndroidRoutesCommandTests {
    static let routes = "/product/:id app\n/account/settings web\n/cart app\n/order/7#track app\n"

    func check(_ args: [String]) throws -> Run {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        return run(["check", "good.aasa.test"] + args + network)
    }

    /// Flags → Android verdicts (route → decision), the DAL7xx codes, Apple verdict count.
    @Test(arguments: [
        (["--platform", "android"], ["/product/:id match", "/account/settings exclude", "/cart no_match", "/order/7#track match"], ["DAL701"], 0),
        (["--platform", "all", "--package", "com.aasacheck.shop"], ["/product/:id match", "/account/settings exclude", "/cart no_match", "/order/7#track match"], ["DAL701"], 4),
        (["--package", "com.aasacheck.other"], ["/product/:id no_match", "/account/settings no_match", "/cart no_match", "/order/7#track no_match"],
         ["DAL701", "DAL701", "DAL701"], 4),
        (["--platform", "ios"], [], [], 4),
    ] as [([String], [String], [String], Int)])
    func routesAreJudgedPerPlatform(args: [String], android: [String], codes: [String], apple: Int) throws {
        let file = try temporaryFile(Array(Self.routes.utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try check(["--routes", file, "--json"] + args)
        let verdicts = try r.json()["routes"] as? [[String: Any]] ?? []
        let mine = verdicts.filter { $0["platform"] as? String == "android" }
        #expect(mine.map { "\($0["route"] as? String ?? "") \($0["decision"] as? String ?? "")" } == android)
        #expect(mine.allSatisfy { $0["appID"] == nil && ($0["package"] as? String)?.hasPrefix("com.aasacheck.") == true })
        #expect(verdicts.filter { $0["platform"] == nil }.count == apple)
        #expect(try r.codes().filter { $0.hasPrefix("DAL7") } == codes)
        let section = (try r.json()["sections"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "assetlinks" }
        if !android.isEmpty { #expect(section?["errors"] as? Int == codes.count + (args.contains("com.aasacheck.other") ? 1 : 0)) }
        #expect(r.status == 1 || (codes.isEmpty && apple == 0))
        // The deciding rule of each decided route (good.aasa.test's rules: 0 exclude /account/*, 2 /product/*, 3 /order/* #track).
        if android.first == "/product/:id match" {
            #expect(mine.map { $0["rule"] as? Int } == [2, 0, nil, 3])
        }
    }

    /// The text report: one routes line per platform.
    @Test func textSaysEachPlatformsRoutes() throws {
        let file = try temporaryFile(Array(Self.routes.utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try check(["--routes", file, "--android"])
        #expect(r.stdout.contains("  routes (Android) 3 of 4 as the route list expects; the others below\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  routes (iOS) "))
        #expect(r.stdout.contains("error[DAL701]: /cart must open com.aasacheck.shop on Android but does not"))
    }

    /// With --apk the manifest's paths come first: dynamic rules only narrow them.
    @Test func apkManifestNarrowsFirst() throws {
        let manifest = try ApkCrossCheckTests.manifest(["good.aasa.test"], minimum: 31, prefixes: ["/product/"])
        defer { try? FileManager.default.removeItem(atPath: manifest) }
        let file = try temporaryFile(Array(Self.routes.utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try check(["--routes", file, "--platform", "android", "--apk", manifest, "--json"])
        let mine = (try r.json()["routes"] as? [[String: Any]] ?? []).filter { $0["platform"] as? String == "android" }
        #expect(mine.map { $0["decision"] as? String } == ["match", "no_match", "no_match", "no_match"])
        #expect(mine.map { $0["ok"] as? Bool } == [true, true, false, false])
        #expect((mine.last?["explanation"] as? String)?.contains("intent filters do not accept it") == true)
        #expect(try r.codes().filter { $0.hasPrefix("DAL7") } == ["DAL701", "DAL701"])
    }
}
