import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `check DOMAIN --apk FILE` and `--package`/`--fingerprint` (issue 23): the app cross-checked
/// with the harness's assetlinks.json files (good.aasa.test lists com.aasacheck.shop with one
/// certificate; notfound.aasa.test answers 404).
@Suite("check --apk against the harness")
struct ApkCrossCheckTests {
    static let shop = AssetLinksCheckTests.shopFingerprint
    static let other = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    func check(_ args: [String]) throws -> Run {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        return run(["check"] + args + network + ["--platform", "android", "--json"])
    }

    /// A source manifest of com.aasacheck.shop verifying `hosts` under `prefixes` (by default
    /// the two the harness's dynamic rules open, /product/ and /order/).
    static func manifest(_ hosts: [String], minimum: Int, prefixes: [String] = ["/product/", "/order/"]) throws -> String {
        let data = hosts.map { "<data android:scheme=\"https\" android:host=\"\($0)\" />" }.joined()
            + prefixes.map { "<data android:pathPrefix=\"\($0)\" />" }.joined()
        let text = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.aasacheck.shop">
          <uses-sdk android:minSdkVersion="\(minimum)" android:targetSdkVersion="34" />
          <application><activity android:name=".Link" android:exported="true">
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              \(data)
            </intent-filter>
          </activity></application>
        </manifest>
        """
        return try temporaryFile(Array(text.utf8), name: UUID().uuidString + ".xml")
    }

    /// The DAL627–DAL631 findings of a run: code and target.
    static func crossFindings(_ r: Run) throws -> [String] {
        (try r.json()["diagnostics"] as? [[String: Any]] ?? []).compactMap { d in
            let code = d["code"] as? String ?? ""
            guard ["DAL627", "DAL628", "DAL629", "DAL630", "DAL631"].contains(code) else { return nil }
            return "\(code) \(d["target"] as? String ?? "-")"
        }
    }

    /// A Gradle project's source manifest names no package (the build sets the application
    /// ID): `--package` names it. Before, `--apk` refused it with "give --package" even when
    /// --package was given (a new-user report).
    @Test func aManifestWithoutPackageTakesPackageFromTheOption() throws {
        let named = try Self.manifest(["good.aasa.test"], minimum: 31)
        defer { try? FileManager.default.removeItem(atPath: named) }
        let text = try String(contentsOfFile: named, encoding: .utf8).replacingOccurrences(of: #" package="com.aasacheck.shop""#, with: "")
        let gradle = try temporaryFile(Array(text.utf8), name: UUID().uuidString + ".xml")
        defer { try? FileManager.default.removeItem(atPath: gradle) }
        let given = try check(["good.aasa.test", "--apk", gradle, "--package", "com.aasacheck.shop", "--fingerprint", Self.shop])
        #expect(try Self.crossFindings(given) == [])
        #expect(given.status == 0, "\(given.stderr)")
        let other = try check(["good.aasa.test", "--apk", gradle, "--package", "com.other.app", "--fingerprint", Self.shop])
        #expect(try Self.crossFindings(other) == ["DAL627 good.aasa.test"])
        let none = try check(["good.aasa.test", "--apk", gradle])
        #expect(none.status == 2)
        #expect(none.stderr.contains("the manifest names no package; give --package"), "\(none.stderr)")
    }

    @Test func manifestAndFingerprintAgainstTwoHosts() throws {
        let two = try Self.manifest(["good.aasa.test", "notfound.aasa.test"], minimum: 24)
        // Without /order/: the harness's rule {"/": "/order/*", "#": "track"} never opens the app.
        let narrow = try Self.manifest(["good.aasa.test"], minimum: 31, prefixes: ["/product/"])
        defer { [two, narrow].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let cases: [(args: [String], expected: [String], status: Int32)] = [
            // The right certificate: the good host passes, the missing file fails, and with
            // minSdk 24 it unverifies the good host on Android 11 and lower.
            (["good.aasa.test", "notfound.aasa.test", "--apk", two, "--fingerprint", Self.shop],
             ["DAL627 notfound.aasa.test", "DAL630 good.aasa.test"], 1),
            (["good.aasa.test", "--apk", two, "--fingerprint", Self.shop], [], 0),
            (["good.aasa.test", "--apk", two, "--fingerprint", Self.other], ["DAL627 good.aasa.test"], 1),
            // A manifest alone, no fingerprint: the package is enough.
            (["good.aasa.test", "--apk", two], [], 0),
            // A wildcard rule outside every path prefix of the manifest: a warning.
            (["good.aasa.test", "--apk", narrow], ["DAL631 good.aasa.test"], 0),
            // --package alone: the domains stand for the app's hosts.
            (["good.aasa.test", "--package", "com.aasacheck.shop", "--fingerprint", Self.shop], [], 0),
            (["good.aasa.test", "--package", "com.other.app"], ["DAL627 good.aasa.test"], 1),
        ]
        for c in cases {
            let r = try check(c.args)
            #expect(try Self.crossFindings(r) == c.expected, "\(c.args)")
            #expect(r.status == c.status, "\(c.args): \(r.stderr)")
        }
        let r = try check(["good.aasa.test", "--apk", two, "--fingerprint", Self.shop])
        let apks = try #require(try r.json()["apks"] as? [[String: Any]])
        #expect(apks.first?["package"] as? String == "com.aasacheck.shop")
        let notes = try r.json()["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("also verifies notfound.aasa.test") })
    }

    /// A real signed APK of another package: the domain is none of its hosts, which the run says.
    @Test func apkOfAnotherApp() throws {
        let r = try check(["good.aasa.test", "--apk", try ApkFixtures.path("v1v2v3.apk")])
        #expect(try Self.crossFindings(r).isEmpty)
        let notes = try r.json()["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("verifies no host of good.aasa.test") })
        #expect(notes.contains { $0.contains("also verifies shop.example") })
    }

    @Test func unreadableOrContradictoryInputIsAUsageError() throws {
        let one = try Self.manifest(["good.aasa.test"], minimum: 31)
        defer { try? FileManager.default.removeItem(atPath: one) }
        let missing = try check(["good.aasa.test", "--apk", "/nonexistent/app.apk"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
        let contradiction = try check(["good.aasa.test", "--apk", one, "--package", "com.other.app"])
        #expect(contradiction.status == 2)
        #expect(contradiction.stderr.contains("contradicts"))
    }
}
