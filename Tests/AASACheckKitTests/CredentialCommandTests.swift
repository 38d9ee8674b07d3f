import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `--callback` and `--rp-id` on `check` and `entitlements`, and `apk --rp-id` (issue 24;
/// webauthn-reference.md §4 rows 4–7), against the harness: passkeys.aasa.test lists the shop
/// in `webcredentials` and grants it both Android relations; passkeys-broken.aasa.test lists
/// another app and grants `handle_all_urls` only (Fixtures/harness/README.md).
@Suite("passkey cross-checks on check, entitlements and apk")
struct CredentialCommandTests {
    static let shop = "Q7Z3K8M2PX.com.aasacheck.shop"

    static func entitlements(_ entries: [String]) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>application-identifier</key><string>\(shop)</string>
        <key>com.apple.developer.associated-domains</key><array>\(entries.map { "<string>\($0)</string>" }.joined())</array>
        </dict></plist>
        """.utf8)
    }

    static func manifest(package: String) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
          <uses-sdk android:minSdkVersion="31" android:targetSdkVersion="35"/>
          <application android:label="Shop">
            <activity android:name=".Main" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https" android:host="passkeys.aasa.test"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """.utf8)
    }

    func network() throws -> [String] {
        let env = try Harness.env()
        return env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
    }

    /// Codes of warnings and errors (infos and the CDN skip left out), in report order.
    func loud(_ r: Run) throws -> [String] {
        ((try r.json()["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["severity"] as? String != "info" }.compactMap { $0["code"] as? String }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        /// The command; `ENT` stands for a temporary entitlement with `entries`, `MANIFEST`
        /// for a manifest of `package`.
        var args: [String]
        var entries: [String] = []
        var package = "com.aasacheck.shop"
        var codes: [String]
        var status: Int32
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "check --rp-id: applinks only is WAN601 (row 4)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--entitlements", "ENT", "--rp-id", "passkeys.aasa.test"],
            entries: ["applinks:passkeys.aasa.test"], codes: ["WAN601"], status: 1),
        Row(name: "check --rp-id: webcredentials for the RP ID passes (row 4, 5)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--entitlements", "ENT", "--rp-id", "passkeys.aasa.test"],
            entries: ["applinks:passkeys.aasa.test", "webcredentials:passkeys.aasa.test"], codes: [], status: 0),
        Row(name: "check --rp-id: a parent entry is unconfirmed, WAN602 (row 4)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--entitlements", "ENT", "--rp-id", "login.passkeys.aasa.test"],
            entries: ["applinks:passkeys.aasa.test", "webcredentials:passkeys.aasa.test"], codes: ["WAN602"], status: 0),
        Row(name: "check: a webcredentials entry whose file lists another app is AASA607 once, not WAN603 too (row 5)",
            args: ["check", "passkeys-broken.aasa.test", "--no-cdn", "--entitlements", "ENT", "--rp-id", "passkeys-broken.aasa.test"],
            entries: ["applinks:passkeys-broken.aasa.test", "webcredentials:passkeys-broken.aasa.test"], codes: ["AASA607", "AASA607"], status: 1),
        Row(name: "check --rp-id with --app-id only: the RP ID's file decides, WAN603 (row 5)",
            args: ["check", "passkeys-broken.aasa.test", "--no-cdn", "--app-id", shop, "--rp-id", "passkeys-broken.aasa.test"],
            codes: ["AASA607", "WAN603"], status: 1),
        Row(name: "check --callback: applinks for the callback host is not enough, WAN604 (row 6)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--entitlements", "ENT", "--callback", "https://passkeys.aasa.test/cb"],
            entries: ["applinks:passkeys.aasa.test"], codes: ["WAN604"], status: 1),
        Row(name: "check --callback: webcredentials and a file that lists the app pass (row 6)",
            args: ["check", "passkeys.aasa.test", "--no-cdn", "--entitlements", "ENT", "--callback", "https://passkeys.aasa.test/cb"],
            entries: ["applinks:passkeys.aasa.test", "webcredentials:passkeys.aasa.test"], codes: [], status: 0),
        Row(name: "check --callback with --app-id: the callback host's file lists another app, WAN605 (row 6)",
            args: ["check", "passkeys-broken.aasa.test", "--no-cdn", "--app-id", shop, "--callback", "https://passkeys-broken.aasa.test/cb"],
            codes: ["AASA607", "WAN605"], status: 1),
        Row(name: "entitlements --callback --rp-id: both entitlement findings (rows 4, 6)",
            args: ["entitlements", "ENT", "--no-cdn", "--rp-id", "passkeys.aasa.test", "--callback", "https://passkeys.aasa.test/cb"],
            entries: ["applinks:passkeys.aasa.test"], codes: ["WAN604", "WAN601"], status: 1),
        Row(name: "entitlements --callback: webcredentials, and the file lists the app",
            args: ["entitlements", "ENT", "--no-cdn", "--rp-id", "passkeys.aasa.test", "--callback", "https://passkeys.aasa.test/cb"],
            entries: ["webcredentials:passkeys.aasa.test"], codes: [], status: 0),
        Row(name: "apk --rp-id: both relations pass (row 7)",
            args: ["apk", "MANIFEST", "--rp-id", "passkeys.aasa.test"], codes: [], status: 0),
        Row(name: "apk --rp-id: handle_all_urls only is WAN606 (row 7)",
            args: ["apk", "MANIFEST", "--rp-id", "passkeys-broken.aasa.test"], codes: ["WAN606"], status: 1),
        Row(name: "apk --rp-id: another package is granted nothing, WAN606 and WAN607 (row 7)",
            args: ["apk", "MANIFEST", "--rp-id", "passkeys.aasa.test"], package: "com.example.other", codes: ["WAN606", "WAN607"], status: 1),
    ]

    @Test(arguments: rows)
    func crossChecks(_ row: Row) throws {
        let ent = try temporaryFile(Self.entitlements(row.entries), name: UUID().uuidString + ".entitlements")
        let manifest = try temporaryFile(Self.manifest(package: row.package), name: UUID().uuidString + "-AndroidManifest.xml")
        defer { try? FileManager.default.removeItem(atPath: ent); try? FileManager.default.removeItem(atPath: manifest) }
        let args = row.args.map { $0 == "ENT" ? ent : $0 == "MANIFEST" ? manifest : $0 }
        let r = run(args + (try network()) + ["--json"])
        #expect(try loud(r) == row.codes, "\(r.stdout.prefix(4000)) \(r.stderr)")
        #expect(r.status == row.status)
    }

    @Test func aCallbackHostTheRunDidNotCheckIsSaid() throws {
        let r = run(["check", "passkeys.aasa.test", "--no-cdn", "--app-id", Self.shop, "--callback", "https://auth.elsewhere.test/cb"]
                    + (try network()) + ["--json"])
        let notes = (try r.json()["notes"] as? [String]) ?? []
        #expect(notes.contains { $0.contains("the file of auth.elsewhere.test was not checked") }, "\(notes)")
    }

    @Test(arguments: [
        (["check", "example.com", "--callback", "https://auth.example.com/cb"], "give --entitlements"),
        (["check", "example.com", "--app-id", shop, "--callback", "http://auth.example.com/cb"], "--callback"),
        (["check", "example.com", "--app-id", shop, "--rp-id", "co.uk"], "--rp-id"),
        (["entitlements", "x.entitlements", "--rp-id", "Example.com"], "--rp-id"),
        (["apk", "x.apk", "--rp-id", "127.0.0.1"], "--rp-id"),
    ])
    func malformedValuesAreUsageErrors(args: [String], message: String) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
