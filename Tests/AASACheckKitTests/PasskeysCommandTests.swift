import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// `aasa-check passkeys RP_ID` (issue 24) against the harness's passkeys sites
/// (Fixtures/harness/README.md): the webauthn file, the AASA file's webcredentials and
/// assetlinks.json judged together, JSON `origins`, usage errors.
@Suite("passkeys against the harness")
struct PasskeysCommandTests {
    static let shop = "Q7Z3K8M2PX.com.aasacheck.shop"
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func passkeys(_ args: [String]) throws -> Run {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        return run(["passkeys"] + args + network)
    }

    func loud(_ r: Run) throws -> [String] {
        ((try r.json()["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["severity"] as? String != "info" }.compactMap { $0["code"] as? String }
    }

    @Test func goodSiteAcceptsWithinTheBudgetAndRefusesTheSixthLabel() throws {
        let r = try passkeys(["passkeys.aasa.test", "--web-origin", "https://aasacheck-shop.co.uk", "--web-origin", "https://late.com",
                              "--web-origin", "https://www.passkeys.aasa.test", "--app-id", Self.shop,
                              "--package", "com.aasacheck.shop", "--fingerprint", Self.fingerprint, "--json"])
        #expect(try loud(r) == ["WAN311", "WAN403"])
        #expect(r.status == 1)
        let origins = try #require(try r.json()["origins"] as? [[String: Any]])
        #expect(origins.map { $0["origin"] as? String } == ["https://aasacheck-shop.co.uk", "https://late.com", "https://www.passkeys.aasa.test"])
        #expect(origins.map { $0["accepted"] as? Bool } == [true, false, true])
        #expect(origins.map { $0["reason"] as? String } == ["listed", "label-limit", "same-site"])
        #expect(origins[1]["labels"] as? [String] == ["aasacheck-shop", "a", "b", "c", "d"])
        let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        let server = try #require(diagnostics.first { $0["code"] as? String == "WAN609" })
        #expect((server["message"] as? String)?.contains("android:apk-key-hash:FG3pg8VzBlDY7rmVLzT8ZBagg0LmHb6oigSWsj_PROU") == true)
        #expect((server["message"] as? String)?.contains("https://passkeys.aasa.test") == true)
        let fetches = try #require(try r.json()["fetches"] as? [[String: Any]])
        #expect(fetches.contains { $0["url"] as? String == "https://passkeys.aasa.test/.well-known/webauthn" && $0["status"] as? Int == 200 })
    }

    @Test func brokenSiteSaysWhatToChangeInWhichFile() throws {
        let r = try passkeys(["passkeys-broken.aasa.test", "--web-origin", "https://aasacheck-shop.co.uk", "--app-id", Self.shop,
                              "--package", "com.aasacheck.shop", "--json"])
        let codes = try loud(r)
        for code in ["WAN302", "WAN404", "WAN603", "WAN606"] { #expect(codes.contains(code), "\(codes)") }
        #expect(!codes.contains("WAN607"))
        #expect(r.status == 1)
        let origins = try #require(try r.json()["origins"] as? [[String: Any]])
        #expect(origins.map { $0["reason"] as? String } == ["file-invalid"])
    }

    /// Check 11 against the harness: passkeys-broken.aasa.test's files lack the shop, the related
    /// origin passkeys.aasa.test's files have it — WAN610 for each platform, saying which file of
    /// the RP ID to change; the related host's own findings are not reported. Where the RP ID's
    /// association is whole, the related files are not read at all.
    @Test func associationMadeOnTheRelatedOriginInstead() throws {
        let r = try passkeys(["passkeys-broken.aasa.test", "--web-origin", "https://passkeys.aasa.test", "--app-id", Self.shop,
                              "--package", "com.aasacheck.shop", "--json"])
        let json = try r.json()
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let related = diagnostics.filter { $0["code"] as? String == "WAN610" }
        #expect(related.count == 2, "\(diagnostics.map { $0["code"] ?? "" })")
        #expect(related.allSatisfy { $0["severity"] as? String == "info" })
        #expect((related.first?["message"] as? String)?.hasPrefix("https://passkeys.aasa.test/.well-known/apple-app-site-association lists \(Self.shop) in webcredentials.apps, but passkeys for the RP ID passkeys-broken.aasa.test read https://passkeys-broken.aasa.test/.well-known/apple-app-site-association") == true)
        #expect((related.last?["hint"] as? String)?.hasPrefix("Put the statement for com.aasacheck.shop (both relations, the certificate devices see) in https://passkeys-broken.aasa.test/.well-known/assetlinks.json") == true)
        for code in ["WAN603", "WAN606"] { #expect(try loud(r).contains(code)) }
        let fetches = try #require(json["fetches"] as? [[String: Any]])
        #expect(!fetches.contains { ($0["url"] as? String)?.hasPrefix("https://passkeys.aasa.test/") == true })
        #expect(!diagnostics.contains { $0["target"] as? String == "passkeys.aasa.test" })
        let notes = ((json["notes"] as? [String]) ?? []).joined(separator: "\n")
        #expect(notes.contains("read the AASA file of passkeys.aasa.test and assetlinks.json of passkeys.aasa.test only to see whether"))
        #expect(r.status == 1)
        let fine = try passkeys(["passkeys.aasa.test", "--web-origin", "https://passkeys-broken.aasa.test", "--app-id", Self.shop,
                                 "--package", "com.aasacheck.shop", "--format", "text"])
        #expect(!fine.stdout.contains("WAN610") && !fine.stdout.contains("only to see whether"), "\(fine.stdout)")
    }

    /// A finding about the entitlement names the --entitlements file to change (new-user pass):
    /// WAN602 for a dev build whose RP ID only a parent entry covers, WAN604 for a callback host
    /// with applinks only.
    @Test func entitlementFindingsNameTheEntitlementsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-dev-\(ProcessInfo.processInfo.processIdentifier).entitlements").path
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>application-identifier</key><string>Q7Z3K8M2PX.com.aasacheck.shop</string>
        <key>com.apple.developer.associated-domains</key>
        <array><string>webcredentials:aasa.test</string><string>applinks:passkeys-broken.aasa.test</string></array>
        </dict></plist>
        """.utf8).write(to: URL(fileURLWithPath: path))
        let r = try passkeys(["passkeys.aasa.test", "--entitlements", path, "--callback", "https://passkeys-broken.aasa.test/cb", "--json"])
        let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        for code in ["WAN602", "WAN604"] {
            let d = try #require(diagnostics.first { $0["code"] as? String == code }, "\(diagnostics.map { $0["code"] ?? "" })")
            #expect(d["file"] as? String == path, "\(code): \(d)")
        }
        #expect(r.status == 1)
    }

    @Test func textShowsEachOriginsVerdictAndTheSnapshot() throws {
        let r = try passkeys(["passkeys.aasa.test", "--web-origin", "https://late.com", "--web-origin", "https://aasacheck-shop.de"])
        #expect(r.stdout.contains("https://late.com  refused — listed after the fifth label"))
        #expect(r.stdout.contains("https://aasacheck-shop.de  accepted"))
        #expect(r.stdout.contains("Public Suffix List of \(PublicSuffixList.snapshot.date)"))
        #expect(r.stdout.contains("the Apple half is not judged"))
        #expect(r.status == 1)
    }

    /// The origins table in Markdown and HTML: one row per --web-origin, its text inert
    /// (in Markdown a code span, which GitHub neither links nor marks up, with no joiner a
    /// copied origin would carry; HTML's text escaped by the page's helper).
    @Test(arguments: [
        ("markdown", ["| `passkeys.aasa.test` | `https://aasacheck-shop.co.uk` | ✅ accepted | listed in the webauthn file within the five labels |",
                      "| `passkeys.aasa.test` | `https://a_b*c*.example.com` | ❌ refused | not listed in the webauthn file |"]),
        ("html", [#"<tr class="ok"><td><code>https://aasacheck-shop.co.uk</code></td><td>accepted</td>"#,
                  #"<tr class="failed"><td><code>https://a_b*c*.example.com</code></td><td>refused</td><td>not listed in the webauthn file</td></tr>"#]),
        ("github", ["::notice title=passkeys origin accepted::https://aasacheck-shop.co.uk  accepted — listed in the webauthn file"]),
        ("xcode", ["passkeys origin https://a_b*c*.example.com  refused — not listed in the webauthn file"]),
        ("junit", ["origin: https://aasacheck-shop.co.uk  accepted — listed in the webauthn file within the five labels"]),
    ])
    func originsTableInEveryFormat(format: String, lines: [String]) throws {
        let r = try passkeys(["passkeys.aasa.test", "--web-origin", "https://aasacheck-shop.co.uk", "--web-origin", "https://a_b*c*.example.com",
                              "--format", format])
        for line in lines { #expect(r.stdout.contains(line), "\(format): \(line)\n\(r.stdout.prefix(3000))") }
        #expect(r.status == 1)
    }

    @Test func anRPIDThatCannotBeOneIsAFindingWithoutFetching() {
        let r = run(["passkeys", "co.uk", "--json"])
        #expect(r.status == 1)
        #expect((try? r.codes()) == ["WAN401"])
    }

    /// `--apk FILE`: the package from the manifest and, without --fingerprint, the certificates
    /// the APK is signed with (WAN608, the WAN609 origin); an App Bundle's upload key is not
    /// taken for the key devices see; an unreadable or contradicted file is exit 2.
    @Test func apkGivesThePackageAndItsCertificates() throws {
        // The fixtures' key is made fresh on each machine: its fingerprint is read from the APK.
        let report = run(["apk", try ApkFixtures.path("v1v2v3.apk"), "--json"])
        let certificates = try #require((try report.json()["apks"] as? [[String: Any]])?.first?["certificates"] as? [[String: Any]])
        let key = try #require(certificates.first?["sha256"] as? String)
        let origin = try #require(PasskeyChecks.apkKeyHashOrigin(key))
        let signed = try passkeys(["passkeys.aasa.test", "--apk", try ApkFixtures.path("v1v2v3.apk"), "--json"])
        #expect(try loud(signed) == ["WAN311", "WAN606", "WAN607", "WAN608"])
        let diagnostics = try #require(try signed.json()["diagnostics"] as? [[String: Any]])
        let wan608 = try #require(diagnostics.first { $0["code"] as? String == "WAN608" })
        #expect((wan608["message"] as? String)?.contains("com.example.shop signed with \(key)") == true)
        let server = try #require(diagnostics.first { $0["code"] as? String == "WAN609" })
        #expect((server["message"] as? String)?.hasSuffix(origin) == true)
        let notes = try signed.json()["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("v1v2v3.apk is judged (\(key.prefix(11))…)") && $0.contains("Play app signing key") })
        #expect((try signed.json()["apks"] as? [[String: Any]])?.first?["package"] as? String == "com.example.shop")

        // The shop's manifest (no certificate in it) with the Play app signing key given: linked.
        let manifest = try ApkCrossCheckTests.manifest(["passkeys.aasa.test"], minimum: 31)
        defer { try? FileManager.default.removeItem(atPath: manifest) }
        let good = try passkeys(["passkeys.aasa.test", "--apk", manifest, "--fingerprint", Self.fingerprint, "--json"])
        #expect(try loud(good) == ["WAN311"])
        let goodServer = try #require((try good.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "WAN609" })
        #expect((goodServer["message"] as? String)?.hasSuffix("android:apk-key-hash:FG3pg8VzBlDY7rmVLzT8ZBagg0LmHb6oigSWsj_PROU") == true)
        let unsigned = try passkeys(["passkeys.aasa.test", "--apk", manifest, "--json"])
        #expect(try loud(unsigned) == ["WAN311"])
        #expect((try unsigned.json()["notes"] as? [String] ?? []).contains { $0.contains("shows no signing certificate: give --fingerprint") })

        let bundle = try passkeys(["passkeys.aasa.test", "--apk", try ApkFixtures.path("shop.aab"), "--json"])
        #expect(try loud(bundle) == ["WAN311", "WAN606", "WAN607"])
        #expect((try bundle.json()["notes"] as? [String] ?? []).contains { $0.contains("is an App Bundle: it carries the upload key") })

        let missing = try passkeys(["passkeys.aasa.test", "--apk", "/nonexistent/app.apk"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--apk: /nonexistent/app.apk: no such file"))
        let contradiction = try passkeys(["passkeys.aasa.test", "--apk", manifest, "--package", "com.other.app"])
        #expect(contradiction.status == 2)
        #expect(contradiction.stderr.contains("contradicts"))
    }

    @Test(arguments: [
        (["passkeys"], "give one RP_ID"),
        (["passkeys", "a.com", "b.com"], "give one RP_ID"),
        (["passkeys", "example.com", "--web-origin", "example.co.uk"], "--web-origin"),
        (["passkeys", "example.com", "--callback", "http://auth.example.com/cb"], "--callback"),
        (["passkeys", "example.com", "--fingerprint", fingerprint], "needs --package"),
        (["passkeys", "example.com", "--package", "x"], "--package"),
        (["passkeys", "example.com", "--package", "com.example.app", "--fingerprint", "14:6D"], "--fingerprint"),
    ])
    func malformedInputsAreUsageErrors(args: [String], message: String) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
