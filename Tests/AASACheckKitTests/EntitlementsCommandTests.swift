@testable import AASACheckKit
@testable import AASACore
import Foundation
import Testing

/// `aasa-check entitlements`, run in-process with captured output.
@Suite struct EntitlementsCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("entitlements-samples").path
    static let appID = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"

    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    func run(_ args: [String]) -> Run {
        let captured = Capture()
        let console = Console(stdout: { captured.appendOut($0) }, stderr: { captured.appendErr($0) })
        let status = AASACheck.main(["entitlements"] + args, console: console)
        return Run(status: status, out: captured.out, err: captured.err)
    }

    func sample(_ name: String) -> String { Self.samples + "/" + name }

    /// A temporary folder with domain files: name → JSON.
    func domainFiles(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-ent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        return dir.path
    }

    static let listing = """
        {"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"], "components": [{"/": "/todos"}]}]},
         "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]}}
        """
    static let otherApp = """
        {"applinks": {"details": [{"appIDs": ["Q9W8E7R6T5.com.other.App"], "components": [{"/": "/todos"}]}]}}
        """

    @Test func domainsThatListTheAppPass() throws {
        let dir = try domainFiles(["good.json": Self.listing])
        let r = run([sample("SoarStarterSwift-Release.entitlements"), "--app-id", Self.appID,
            "--domain-file", "soarstarter.com=\(dir)/good.json", "--domain-file", "www.soarstarter.com=\(dir)/good.json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("1 file: 0 errors, 0 warnings, 0 infos — ok"))
        #expect(r.err.isEmpty)
    }

    @Test func aDomainWhoseFileLacksTheAppFails() throws {
        let dir = try domainFiles(["good.json": Self.listing, "other.json": Self.otherApp])
        // The app ID comes from the profile this time.
        let r = run([sample("SoarStarterSwift-Release.entitlements"), "--profile", sample("SoarStarterSwift.mobileprovision"),
            "--domain-file", "soarstarter.com=\(dir)/good.json", "--domain-file", "www.soarstarter.com=\(dir)/other.json",
            "--json"])
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["AASA607"])
        let d = try #require(diagnostics.first)
        #expect(d["target"] as? String == "www.soarstarter.com")
        #expect(d["file"] as? String == sample("SoarStarterSwift-Release.entitlements"))
        #expect(d["line"] as? Int == 10)
        #expect(d["column"] as? Int == 3)
        #expect((d["hint"] as? String)?.contains("`Q9W8E7R6T5.com.other.App`") == true)
    }

    @Test func wildcardIsCheckedAgainstTheApexFile() throws {
        let dir = try domainFiles(["other.json": Self.otherApp])
        let r = run([sample("SoarStarterSwift-Wildcard.entitlements"), "--app-id", Self.appID,
            "--domain-file", "soarstarter.com=\(dir)/other.json"])
        #expect(r.status == 1)
        #expect(r.out.contains("error[AASA607]: the file of soarstarter.com (which serves `*.soarstarter.com`) does not list"))
        // applinks:*., applinks: apex, webcredentials:*. → three findings on one file.
        #expect(r.out.components(separatedBy: "[AASA607]").count - 1 == 3)
        #expect(r.out.contains("info[AASA604]: `webcredentials:*.soarstarter.com`"))
    }

    @Test func developerModeDomainsAreCheckedAtTheOriginOnly() throws {
        let dir = try domainFiles(["good.json": Self.listing])
        let r = run([sample("SoarStarterSwift-Debug.entitlements"), "--app-id", Self.appID,
            "--domain-file", "soarstarter.com=\(dir)/good.json", "--domain-file", "staging.soarstarter.com=\(dir)/good.json"])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("note: soarstarter.com: checked against \(dir)/good.json (developer/managed mode only: Apple's CDN is bypassed)"))
        #expect(r.out.contains("development build"))
        // The same file under a release name: AASA603 for each of the three entries.
        let copy = try domainFiles(["App.entitlements": try String(contentsOfFile: sample("SoarStarterSwift-Debug.entitlements"), encoding: .utf8)])
        let release = run([copy + "/App.entitlements", "--app-id", Self.appID, "--fail-on", "warning",
            "--domain-file", "soarstarter.com=\(dir)/good.json", "--domain-file", "staging.soarstarter.com=\(dir)/good.json"])
        #expect(release.status == 1)
        #expect(release.out.components(separatedBy: "warning[AASA603]").count - 1 == 3)
    }

    @Test func unreadableInputsExitTwoAndTheOthersAreStillChecked() throws {
        let profile = try Data(contentsOf: URL(fileURLWithPath: sample("SoarStarterSwift.mobileprovision")))
        let dir = try domainFiles([:])
        try Data(#"<plist version="1.0"><dict><key>a</key></dict></plist>"#.utf8).write(to: URL(fileURLWithPath: dir + "/bad.entitlements"))
        try profile.prefix(1000).write(to: URL(fileURLWithPath: dir + "/cut.mobileprovision"))
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0x90, count: 200)).write(to: URL(fileURLWithPath: dir + "/app.bin"))
        let r = run([dir + "/bad.entitlements", dir + "/cut.mobileprovision", dir + "/app.bin", sample("SoarStarterSwift.entitlements")])
        #expect(r.status == 2)
        let lines = r.err.split(separator: "\n").map(String.init)
        #expect(lines == [
            "aasa-check: \(dir)/bad.entitlements: malformed property list: Value missing for key inside <dict> at line 1",
            "aasa-check: \(dir)/cut.mobileprovision: the provisioning profile is cut short: an element at byte 52 needs 1396 bytes "
                + "but only 944 remain; download it again",
            "aasa-check: \(dir)/app.bin: not a property list or provisioning profile: an ELF binary (starts 7F 45 4C 46 02 01 01 00)",
        ])
        #expect(r.out.contains("warning[AASA608]"))
        #expect(r.out.contains("4 files: 0 errors, 1 warning, 0 infos — incomplete"))
    }

    @Test func usageErrors() {
        #expect(run([]).status == 2)
        let badID = run([sample("SoarStarterSwift.entitlements"), "--app-id", "com.example.app"])
        #expect(badID.status == 2)
        #expect(badID.err.contains("--app-id com.example.app"))
        let notProfile = run([sample("SoarStarterSwift.entitlements"), "--profile", sample("SoarStarterSwift.entitlements")])
        #expect(notProfile.status == 2)
        #expect(notProfile.err.contains("not a provisioning profile"))
        #expect(run([sample("SoarStarterSwift.entitlements"), "--domain-file", "noequals"]).status == 2)
        let dir = run([Self.samples])
        #expect(dir.status == 2)
        #expect(dir.err == "aasa-check: \(Self.samples): is a directory that holds no app; give an .app or .xcarchive directory, "
            + "an .ipa, an executable, or an .entitlements, .xcent or .mobileprovision file\n")
    }

    @Test func profileWithoutTheCapability() throws {
        let r = run([sample("SoarStarterSwift-NoAssociatedDomains.mobileprovision"), "--app-id", Self.appID])
        #expect(r.status == 1)
        #expect(r.out.contains("error[AASA612]: `Soar Starter App Store (no Associated Domains)` does not grant Associated Domains"))
        // The domain's file is given locally: tests never reach beyond loopback.
        let listing = try domainFiles(["example.json": Self.listing])
        let other = run([sample("SoarStarterSwift.entitlements"), "--profile", sample("SoarStarterSwift.mobileprovision"),
            "--app-id", "Q9W8E7R6T5.com.soarstarter.SoarStarterSwift", "--domain-file", "example.com=\(listing)/example.json"])
        #expect(other.status == 1)
        #expect(other.out.contains("is for App ID prefix K7TQ3ZP2MX, not Q9W8E7R6T5"))
    }

    /// Issue 10 item 1: the full app's `appclips:` entry is satisfied by its clip in
    /// `appclips.apps`, and the run says which clip.
    @Test func theFullAppsAppClipsEntryIsSatisfiedByItsClip() throws {
        let dir = try domainFiles([
            "shop.json": #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.myshop.app"], "components": [{"/": "/*"}]}]}, "appclips": {"apps": ["K7Q2M9XW3P.com.myshop.app.Clip"]}}"#,
            "other.json": #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.myshop.app"], "components": [{"/": "/*"}]}]}, "appclips": {"apps": ["A1B2C3D4E5.com.other.app.Clip"]}}"#,
        ])
        let entitlements = try temporaryFile(Array(CodeDoc.associatedDomainsPlist(
            ["applinks:myshop.com", "appclips:myshop.com"]).utf8), name: "Shop.entitlements")
        let ok = run([entitlements, "--app-id", "K7Q2M9XW3P.com.myshop.app", "--domain-file", "myshop.com=\(dir)/shop.json"])
        #expect(ok.status == 0, "\(ok.out)\(ok.err)")
        #expect(!ok.out.contains("AASA607"))
        #expect(ok.out.contains("myshop.com: `appclips:myshop.com` of K7Q2M9XW3P.com.myshop.app is satisfied by its App Clip "
            + "K7Q2M9XW3P.com.myshop.app.Clip, listed in appclips.apps"))
        let other = run([entitlements, "--app-id", "K7Q2M9XW3P.com.myshop.app", "--domain-file", "myshop.com=\(dir)/other.json"])
        #expect(other.status == 1)
        #expect(other.out.contains("error[AASA607]: the file of myshop.com does not list K7Q2M9XW3P.com.myshop.app in `appclips.apps`"))
    }

    /// Issue 10 item 19: an expired profile given with --profile is AASA619, with its date.
    @Test func anExpiredProfileIsAnError() throws {
        let profile = try temporaryFile(Array(CodeDoc.decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true,
            expires: "2021-03-14T09:30:00Z").utf8), name: "Expired.mobileprovision")
        let r = run([sample("SoarStarterSwift-Release.entitlements"), "--profile", profile, "--format", "json"])
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let diagnostics = json?["diagnostics"] as? [[String: Any]] ?? []
        let expired = diagnostics.filter { $0["code"] as? String == "AASA619" }
        #expect(expired.count == 1)
        #expect((expired.first?["message"] as? String)?.contains("expired on 2021-03-14 09:30 UTC") == true)
    }

    @Test func junitHasOneCasePerEntry() throws {
        let dir = try domainFiles(["other.json": Self.otherApp])
        let r = run([sample("SoarStarterSwift-Wildcard.entitlements"), "--app-id", Self.appID,
            "--domain-file", "soarstarter.com=\(dir)/other.json", "--format", "junit"])
        #expect(r.status == 1)
        #expect(r.out.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(r.out.contains("name=\"applinks:*.soarstarter.com\""))
        #expect(r.out.components(separatedBy: "<failure").count - 1 == 3)
    }

    @Test func helpIsListed() {
        let captured = Capture()
        let console = Console(stdout: { captured.appendOut($0) }, stderr: { captured.appendErr($0) })
        #expect(AASACheck.main(["help", "entitlements"], console: console) == 0)
        #expect(captured.out.contains("USAGE: aasa-check entitlements FILE..."))
        #expect(AASACheck.main(["--help"], console: console) == 0)
        #expect(captured.out.contains("entitlements"))
    }
}
