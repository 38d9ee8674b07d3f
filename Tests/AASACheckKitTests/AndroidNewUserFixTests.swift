import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// What the new user's pass over Android App Links found (issue 23, notes/newuser-android.md),
/// each before → after, with the user's commands where the harness can serve them.
@Suite("Android new-user findings")
struct AndroidNewUserFixTests {
    /// The user's file: an exclude, a wildcard and an exact rule (`/cart`), for the harness's package.
    static let rules = """
    [
      {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {
          "namespace": "android_app",
          "package_name": "com.aasacheck.shop",
          "sha256_cert_fingerprints": ["\(ApkCrossCheckTests.shop)"]
        },
        "relation_extensions": {
          "delegate_permission/common.handle_all_urls": {
            "dynamic_app_link_components": [
              {"/": "/product/internal/*", "exclude": true},
              {"/": "/product/*"},
              {"/": "/cart"}
            ]
          }
        }
      }
    ]
    """

    /// A source manifest of com.aasacheck.shop for good.aasa.test, `pathPrefix /product/`.
    static func manifest(autoVerify: Bool = true, categoryDefault: Bool = true) throws -> String {
        let text = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.aasacheck.shop">
          <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34" />
          <application><activity android:name=".Link" android:exported="true">
            <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>
              <action android:name="android.intent.action.VIEW" />
              \(categoryDefault ? "<category android:name=\"android.intent.category.DEFAULT\" />" : "")
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="good.aasa.test" android:pathPrefix="/product/" />
            </intent-filter>
          </activity></application>
        </manifest>
        """
        return try temporaryFile(Array(text.utf8), name: UUID().uuidString + ".xml")
    }

    /// `validate` and `match` of a local list name its includes, which they do not fetch (the
    /// README says they are listed); before, they were dropped without a word.
    @Test func aLocalListsIncludesAreNamed() throws {
        let text = "[" + String(Self.rules.dropFirst().dropLast()) + #", {"include": "https://good.aasa.test/more.json"}]"#
        let file = try temporaryFile(Array(text.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let expected = "\(file) includes https://good.aasa.test/more.json: the includes of a local file are not fetched"
        let validate = run(["validate", file])
        #expect(validate.stdout.contains(expected), "\(validate.stdout)")
        let notes = try #require(try run(["validate", file, "--json"]).json()["notes"] as? [Any])
        #expect(notes.contains { "\($0)".contains(expected) }, "\(notes)")
        let match = run(["match", file, "/cart", "--package", "com.aasacheck.shop"])
        #expect(match.stdout.contains(expected), "\(match.stdout)")
        let plain = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(!run(["validate", plain]).stdout.contains("includes"))
    }

    // MARK: 1. No DAL631 without a manifest

    /// Before: `match FILE /cart --package P` decided "the app opens" and, below it, warned
    /// DAL631 "never opens the app" (exit 1 with --fail-on warning) though no manifest was read.
    @Test func matchWithoutManifestClaimsNothingAboutIntentFilters() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = run(["match", file, "/cart", "/product/1", "/product/internal/x", "--package", "com.aasacheck.shop", "--fail-on", "warning", "--json"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(try r.codes() == [])
        let decisions = (try r.json()["matches"] as? [[String: Any]] ?? []).map { $0["decision"] as? String ?? "" }
        #expect(decisions == ["match", "match", "exclude"])
        let text = run(["match", file, "/cart", "--package", "com.aasacheck.shop"])
        #expect(!text.stdout.contains("DAL631"), "\(text.stdout)")
        #expect(text.stdout.contains("0 errors, 0 warnings"), "\(text.stdout)")
    }

    /// Before: `match` said an ftp: or file: URL opens the app when a dynamic rule matched its
    /// path. App Links are http and https links only; any case of those schemes is one.
    @Test(arguments: [
        ("ftp://good.aasa.test/cart", "no_match", "only http and https URLs can be App Links; this one is ftp:"),
        ("file:///cart", "no_match", "only http and https URLs can be App Links; this one is file:"),
        ("mailto:shop@good.aasa.test", "no_match", "only http and https URLs can be App Links; this one is mailto:"),
        ("HTTPS://good.aasa.test/cart", "match", "matches first: the app opens"),
        ("http://good.aasa.test/cart", "match", "matches first: the app opens"),
    ])
    func onlyHTTPAndHTTPSURLsAreAppLinks(url: String, decision: String, explanation: String) throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = run(["match", file, url, "--package", "com.aasacheck.shop", "--json"])
        let m = try #require((try r.json()["matches"] as? [[String: Any]])?.first, "\(r.stdout) \(r.stderr)")
        #expect(m["decision"] as? String == decision)
        #expect((m["explanation"] as? String ?? "").contains(explanation), "\(m)")
    }

    /// Before: coverage's own table said `/cart 1 page, 1 open` above a DAL631 saying it never opens.
    @Test func coverageWithoutManifestClaimsNothingAboutIntentFilters() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        let xml = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://good.aasa.test/cart</loc></url>"
            + "<url><loc>https://good.aasa.test/product/1</loc></url><url><loc>https://good.aasa.test/product/internal/a</loc></url></urlset>"
        let sitemap = try temporaryFile(Array(xml.utf8), name: UUID().uuidString + ".xml")
        defer { [file, sitemap].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let c = run(["coverage", file, "--package", "com.aasacheck.shop", "--domain", "good.aasa.test", "--sitemap", sitemap, "--json"])
        #expect(c.status == 0, "\(c.stdout)")
        #expect(try c.codes() == [])
        let rows = (try c.json()["coverage"] as? [[String: Any]]) ?? []
        #expect(["match", "exclude", "noMatch"].map { k in rows.reduce(0) { $0 + ($1[k] as? Int ?? 0) } } == [2, 1, 0])
    }

    /// The judgement itself: `--package` alone (no filters) never gives DAL631; the manifest
    /// that refuses /cart does (the control: the code still fires where it is true).
    @Test func crossCheckNeedsTheManifestForDAL631() throws {
        let list = AppLinksCrossCheck.SiteList.statements(
            StatementListParser.parse(Array(Self.rules.utf8), url: "https://good.aasa.test/.well-known/assetlinks.json").statements)
        let package = AndroidAppCheck.packageApp("com.aasacheck.shop", fingerprints: [ApkCrossCheckTests.shop], hosts: ["good.aasa.test"])
        #expect(package.filters == nil)
        let alone = AppLinksCrossCheck.judge(package, host: package.hosts[0], list: list)
        #expect(alone.diagnostics.map(\.code.rawValue) == [])
        let path = try Self.manifest()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let manifest = try AndroidManifest.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let app = try #require(AppLinksCrossCheck.App(AndroidApp(file: "app.xml", form: .manifest, manifest: manifest, signatures: nil),
                                                      fingerprints: [ApkCrossCheckTests.shop]))
        let withManifest = AppLinksCrossCheck.judge(app, host: app.hosts[0], list: list)
        #expect(withManifest.diagnostics.map(\.code.rawValue) == ["DAL631"])
        #expect(withManifest.diagnostics.first?.message.contains("rule 2 `{\"/\":\"/cart\"}`") == true)
    }

    // MARK: 3. No autoVerify, no DEFAULT: the routes do not open the app

    func check(_ args: [String]) throws -> Run {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        return run(["check", "good.aasa.test"] + args + network + ["--platform", "android", "--json"])
    }

    /// Before: with `autoVerify` missing (or DEFAULT missing) the routes said "the app opens",
    /// 4 of 4, exit 0, under a note that the links open the browser. Now each route that must
    /// open the app is DAL701 for the manifest's reason, consistent with the note.
    @Test(arguments: [(true, true), (false, true), (true, false)])
    func unverifiedManifestHostOpensNoRoute(autoVerify: Bool, categoryDefault: Bool) throws {
        let path = try Self.manifest(autoVerify: autoVerify, categoryDefault: categoryDefault)
        let routes = try temporaryFile(Array("/product/1 app\n/account/me web\n".utf8), name: UUID().uuidString + ".routes")
        defer { [path, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = try check(["--apk", path, "--routes", routes, "--fingerprint", ApkCrossCheckTests.shop])
        let verdicts = (try r.json()["routes"] as? [[String: Any]] ?? []).filter { $0["platform"] as? String == "android" }
        let verified = autoVerify && categoryDefault
        #expect(verdicts.map { "\($0["route"] as? String ?? "") \($0["decision"] as? String ?? "") \($0["ok"] as? Bool ?? false)" }
                == (verified ? ["/product/1 match true", "/account/me no_match true"] : ["/product/1 no_match false", "/account/me no_match true"]))
        let codes = try r.codes()
        #expect(codes.filter { $0.hasPrefix("DAL7") } == (verified ? [] : ["DAL701"]))
        #expect(r.status == (verified ? 0 : 1), "\(r.stdout)")
        // One fact, one finding: a refused autoVerify filter is DAL603, not DAL622 as well.
        #expect(codes.filter { ["DAL603", "DAL622"].contains($0) } == (verified ? [] : autoVerify ? ["DAL603"] : ["DAL622"]))
        if !verified {
            let explanation = verdicts.first?["explanation"] as? String ?? ""
            #expect(explanation.contains("no intent filter Android verifies names it"), "\(explanation)")
            let notes = try r.json()["notes"] as? [String] ?? []
            #expect(notes.contains { $0.contains("verifies no host of good.aasa.test: no intent filter Android verifies names it") }, "\(notes)")
            let d701 = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "DAL701" }
            #expect((d701?["hint"] as? String)?.contains("android:autoVerify") == true)
        }
    }

    // MARK: 5. Findings name the file, not a bare host; 9. reasons quoted whole

    /// Before: DAL627 was `good.aasa.test: error[DAL627]` (github without `file=`, xcode and
    /// SARIF naming a host). Now it is located in the served file, as DAL308 is.
    @Test func crossCheckFindingsNameTheServedFile() throws {
        let r = try check(["--package", "com.aasacheck.other"])
        let d627 = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "DAL627" }
        #expect(d627.map { $0["file"] as? String ?? "-" } == ["good.aasa.test/.well-known/assetlinks.json"])
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        let github = run(["check", "good.aasa.test", "--package", "com.aasacheck.other", "--platform", "android", "--format", "github"] + network)
        #expect(github.stdout.contains("::error file=good.aasa.test/.well-known/assetlinks.json,"), "\(github.stdout)")
        #expect(github.stdout.contains("title=DAL627"), "\(github.stdout)")
    }

    /// `match LOCAL --domain H`: the DAL627 of a local file names the local file, in its hint too.
    @Test func localFileFindingsNameTheLocalFile() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = run(["match", file, "/product/1", "--domain", "good.aasa.test", "--package", "com.aasacheck.other", "--json"])
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "DAL627" })
        #expect(d["file"] as? String == file)
        #expect((d["hint"] as? String)?.contains(file) == true, "\(d)")
        #expect((d["hint"] as? String)?.contains("https://good.aasa.test") == false, "\(d)")
    }

    /// Before: the redirect's reason was cut mid-word ("redirects are never fo… (188 characters)").
    @Test func unusableReasonIsQuotedWhole() throws {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5", "--no-cdn"]
        let r = run(["check", "redirect.aasa.test", "--package", "com.aasacheck.shop", "--platform", "android", "--json"] + network)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "DAL627" })
        let message = d["message"] as? String ?? ""
        #expect(message.contains("cannot be used (") && message.contains("so its App Links open the browser"), "\(message)")
        #expect(!message.contains("characters))") && !message.contains("…"), "\(message)")
    }

    // MARK: 10. A wrong --fingerprint without --package

    /// Before: `match FILE --fingerprint WRONG URL` decided no_match "not verified" and ended
    /// "ok", exit 0; with --package added, DAL627 and exit 1. Now both are DAL627, exit 1; the
    /// right certificate still passes.
    @Test func wrongFingerprintWithoutPackageIsDAL627() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let wrong = run(["match", file, "/product/1", "--fingerprint", ApkCrossCheckTests.other, "--json"])
        #expect(wrong.status == 1)
        #expect(try wrong.codes() == ["DAL627"])
        #expect((try wrong.json()["matches"] as? [[String: Any]])?.first?["decision"] as? String == "no_match")
        let right = run(["match", file, "/product/1", "--fingerprint", ApkCrossCheckTests.shop, "--json"])
        #expect(right.status == 0)
        #expect(try right.codes() == [])
        #expect((try right.json()["matches"] as? [[String: Any]])?.first?["decision"] as? String == "match")
    }

    // MARK: 7. Certificates counted once

    /// Before: one --fingerprint was "signed with one of 2 certificates" (an APK's one signer
    /// "one of 4"): each range's signer was counted with its lineage. Now it is named.
    @Test func routeVerdictNamesTheOneCertificate() throws {
        let path = try Self.manifest()
        let routes = try temporaryFile(Array("/product/1 app\n".utf8), name: UUID().uuidString + ".routes")
        defer { [path, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = try check(["--apk", path, "--routes", routes, "--fingerprint", ApkCrossCheckTests.other])
        let verdict = try #require((try r.json()["routes"] as? [[String: Any]] ?? []).first { $0["platform"] as? String == "android" })
        let explanation = verdict["explanation"] as? String ?? ""
        #expect(explanation.contains("to com.aasacheck.shop signed with \(ApkCrossCheckTests.other):"), "\(explanation)")
        #expect(!explanation.contains("one of"), "\(explanation)")
    }

    // MARK: 8. match DOMAIN of an unusable file

    /// Before: a file served as text/plain was explained per URL as "no statement grants …",
    /// contradicting DAL627 below it. Now the URL says the file cannot be used, and why.
    @Test func matchOfUnusableFileSaysWhy() throws {
        let env = try Harness.env()
        let network = env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
        let r = run(["match", "textplain.aasa.test", "/product/1", "--package", "com.aasacheck.shop", "--json"] + network)
        let m = try #require((try r.json()["matches"] as? [[String: Any]])?.first)
        #expect(m["decision"] as? String == "no_match")
        let explanation = m["explanation"] as? String ?? ""
        #expect(explanation.hasPrefix("https://textplain.aasa.test/.well-known/assetlinks.json cannot be used ("), "\(explanation)")
        #expect(explanation.contains("text/plain"), "\(explanation)")
        #expect(!explanation.contains("no statement grants"), "\(explanation)")
        #expect(try r.codes().contains("DAL627"))
    }

    // MARK: 13. Google's check question takes the fingerprint as Google does

    /// Before: `match FILE --relation … --fingerprint <lower case, no colons>` answered
    /// `linked`, exit 0, though Google's API refuses such a question (spec §2.3,
    /// 1400-check-target). Now it is a usage error naming the spelling to write.
    @Test func relationQuestionRefusesNonCanonicalFingerprints() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let relation = ["match", file, "--relation", "delegate_permission/common.handle_all_urls", "--package", "com.aasacheck.shop", "--fingerprint"]
        let lower = ApkCrossCheckTests.shop.lowercased().replacingOccurrences(of: ":", with: "")
        let refused = run(relation + [lower])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Invalid sha256_fingerprint field") && refused.stderr.contains("write \(ApkCrossCheckTests.shop)"), "\(refused.stderr)")
        let linked = run(relation + [ApkCrossCheckTests.shop, "--json"])
        #expect(linked.status == 0)
        #expect((try linked.json()["links"] as? [[String: Any]])?.first?["linked"] as? Bool == true)
        // Elsewhere --fingerprint still takes the recoverable spellings (check --help says so).
        let decided = run(["match", file, "/product/1", "--package", "com.aasacheck.shop", "--fingerprint", lower, "--json"])
        #expect(decided.status == 0)
    }

    // MARK: 4. Not a manifest at all: exit 2 on standard error

    /// Before: `apk routes.txt` (or an empty file, a keystore, an assetlinks.json) was DAL601
    /// with protobuf wording on standard output, exit 1. Now it is unreadable input, exit 2.
    @Test(arguments: [
        ("/product/123 app\n/cart app\n", "not an .apk, an .aab nor an AndroidManifest.xml"),
        ("", "the file is empty"),
        (AndroidNewUserFixTests.rules, "not an .apk, an .aab nor an AndroidManifest.xml"),
        ("\u{FE}\u{ED}\u{FE}\u{ED}keystore", "not an .apk, an .aab nor an AndroidManifest.xml"),
    ])
    func notAManifestIsUnreadableInput(contents: String, message: String) throws {
        let path = try temporaryFile(Array(contents.utf8), name: UUID().uuidString + ".txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["apk", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!r.stdout.contains("DAL601") && !r.stderr.contains("wire type"), "\(r.stdout)\(r.stderr)")
        let c = run(["check", "good.aasa.test", "--apk", path, "--platform", "android", "--timeout", "1"])
        #expect(c.status == 2)
        #expect(c.stderr.contains("--apk: ") && c.stderr.contains(message), "\(c.stderr)")
    }

    /// A link filter whose host is a placeholder is a link filter: the summary says its host
    /// cannot be judged, not that there is no web link filter (a new-user report).
    @Test func aPlaceholderHostIsNotNoLinkFilter() throws {
        let text = try String(contentsOfFile: try Self.manifest(), encoding: .utf8)
        let path = try temporaryFile(Array(text.replacingOccurrences(of: #"android:host="good.aasa.test""#, with: #"android:host="${appLinkHost}""#).utf8),
                                     name: UUID().uuidString + ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["apk", path])
        #expect(r.stdout.contains("no host that can be judged: 1 <data android:host> is a placeholder or a resource reference (DAL615)"), "\(r.stdout)")
        #expect(!r.stdout.contains("no web link filter"))
        #expect(r.stdout.contains("warning[DAL615]"))
    }

    /// A malformed manifest in one of the forms is still DAL601 (a finding, exit 1).
    @Test func malformedManifestIsStillAFinding() throws {
        let path = try temporaryFile(Array("<manifest><application>".utf8), name: UUID().uuidString + ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["apk", path, "--json"])
        #expect(r.status == 1)
        #expect(try r.codes() == ["DAL601"])
    }

    // MARK: second pass, 6. routes of an assetlinks.json

    /// Before: `routes assetlinks.json --routes FILE --package P` was refused (`routes` took no
    /// --package; Android's routes went only through `check --routes`). Now each route is
    /// decided as `check --routes --platform android` decides it, with the deciding rule.
    @Test(arguments: [
        // (route line, decision, ok, code)
        ("/product/1", "match", true, String?.none),
        ("/product/internal/x", "exclude", false, "DAL702"),
        ("/cart", "match", true, nil),
        ("/orders/1", "no_match", false, "DAL701"),
        ("/cart web", "match", false, "DAL703"),
        ("/orders/1 web", "no_match", true, nil),
        ("https://other.example/product/1", nil, true, nil),
    ])
    func routesOfAStatementListAreJudgedForAndroid(line: String, decision: String?, ok: Bool, code: String?) throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        let routes = try temporaryFile(Array((line + "\n").utf8), name: UUID().uuidString + ".routes")
        defer { [file, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["routes", file, "--routes", routes, "--package", "com.aasacheck.shop", "--domain", "good.aasa.test", "--json"])
        let verdicts = try r.json()["routes"] as? [[String: Any]] ?? []
        if let decision {
            let v = try #require(verdicts.first, "\(r.stdout)")
            #expect(v["platform"] as? String == "android")
            #expect(v["package"] as? String == "com.aasacheck.shop", "\(v)")
            #expect(v["decision"] as? String == decision, "\(v)")
            #expect(v["ok"] as? Bool == ok, "\(v)")
        } else {
            #expect(verdicts.isEmpty, "a route on another host is not judged by this host's file")
        }
        #expect(try r.codes().filter { $0.hasPrefix("DAL7") } == (code.map { [$0] } ?? []))
        #expect(r.status == (code == nil ? 0 : 1))
        #expect(try r.json()["statements"] as? [[String: Any]] != nil, "the list's statements are listed")
    }

    /// The other app, or an Apple app ID beside an Android package, are said plainly.
    @Test func routesForAnotherPackageAndForBothPlatforms() throws {
        let file = try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json")
        let routes = try temporaryFile(Array("/product/1\n".utf8), name: UUID().uuidString + ".routes")
        defer { [file, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let other = run(["routes", file, "--routes", routes, "--package", "com.aasacheck.other", "--domain", "good.aasa.test", "--json"])
        #expect(other.status == 1)
        #expect(try other.codes().contains("DAL627"))
        #expect(try other.codes().contains("DAL701"))
        let both = run(["routes", file, "--routes", routes, "--package", "com.aasacheck.shop", "--app-id", "ABCDE12345.com.example.app"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("judge each platform's file in its own run"), "\(both.stderr)")
    }

    // MARK: third pass: routes the tool cannot judge are not judged

    /// Before: a list that verifies no app said "ok" for routes that must open it (nothing was
    /// judged). Now it is a usage error that asks for --package.
    @Test func routesOfAListThatVerifiesNoAppAskForThePackage() throws {
        let list = #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://good.aasa.test"}}]"#
        let file = try temporaryFile(Array(list.utf8), name: UUID().uuidString + ".json")
        let routes = try temporaryFile(Array("/product/1\n".utf8), name: UUID().uuidString + ".routes")
        defer { [file, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["routes", file, "--routes", routes, "--domain", "good.aasa.test"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("verifies no Android app for App Links"), "\(r.stderr)")
        #expect(r.stderr.contains("give --package NAME"), "\(r.stderr)")
        let given = run(["routes", file, "--routes", routes, "--domain", "good.aasa.test", "--package", "com.aasacheck.shop", "--json"])
        #expect(try given.codes().contains("DAL701"))
    }

    /// Before: without the manifest, a `web` route of an app whose statement has no dynamic
    /// rules was DAL703, an error, though only the unread intent filters decide it. Now it is
    /// not judged, and a note says why; `app` routes and rule-decided routes are judged as before.
    @Test func aWebRouteOnlyTheManifestDecidesIsNotJudgedWithoutIt() throws {
        let list = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.aasacheck.shop", "sha256_cert_fingerprints": ["\#(ApkCrossCheckTests.shop)"]}}]"#
        let file = try temporaryFile(Array(list.utf8), name: UUID().uuidString + ".json")
        let routes = try temporaryFile(Array("/product/1\n/about web\n".utf8), name: UUID().uuidString + ".routes")
        defer { [file, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["routes", file, "--routes", routes, "--domain", "good.aasa.test", "--json"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(try r.codes().isEmpty)
        let verdicts = try r.json()["routes"] as? [[String: Any]] ?? []
        #expect(verdicts.map { $0["route"] as? String } == ["/product/1"])
        let rules = run(["routes", try temporaryFile(Array(Self.rules.utf8), name: UUID().uuidString + ".json"), "--routes", routes,
                         "--domain", "good.aasa.test", "--json"])
        #expect(try rules.codes() == [], "/about matches no rule: it stays on the web, judged")
        #expect((try rules.json()["routes"] as? [[String: Any]] ?? []).count == 2)
    }

    /// Before: `check --apk MANIFEST --fingerprint FP` still said "give the .apk (or
    /// --fingerprint) to judge fingerprints". Now the note says what is judged.
    @Test func aManifestWithFingerprintsSaysWhatIsJudged() throws {
        let path = try Self.manifest()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let given = try check(["--apk", path, "--fingerprint", ApkCrossCheckTests.shop])
        let notes = (try given.json()["apks"] as? [[String: Any]])?.first?["notes"] as? [String] ?? []
        #expect(notes.contains("the files are judged against the certificates given with --fingerprint"), "\(notes)")
        let alone = try check(["--apk", path])
        let before = (try alone.json()["apks"] as? [[String: Any]])?.first?["notes"] as? [String] ?? []
        #expect(before.contains { $0.hasPrefix("a manifest alone carries no certificate") }, "\(before)")
    }
}
