import Foundation
import SampleSupport
import Testing
@testable import AASACheckKit
@testable import AASACore

/// `aasa-check entitlements` on what ships (issue 12): executables, .app, .ipa, .xcarchive —
/// the committed samples of entitlements-samples/apps — and source entitlements with build
/// settings. Domain files are given locally: nothing leaves the machine.
@Suite struct BuiltAppCommandTests {
    static let apps = packageRoot.appendingPathComponent("entitlements-samples/apps").path
    static let listing = #"""
        {"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip"],
          "components": [{"/": "/todos/*"}]}]},
         "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.watchkitapp"]},
         "appclips": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip"]}}
        """#

    func sample(_ name: String) -> String { Self.apps + "/" + name }

    func domainFiles() throws -> [String] {
        let path = try temporaryFile(Array(Self.listing.utf8), name: UUID().uuidString + ".json")
        return ["--domain-file", "soarstarter.com=\(path)", "--domain-file", "www.soarstarter.com=\(path)"]
    }

    func entitlements(_ args: [String]) throws -> Run { run(["entitlements"] + args + ["--format", "json"]) }

    func objects(_ r: Run) throws -> [[String: Any]] { try #require(try r.json()["entitlements"] as? [[String: Any]]) }

    @Test(arguments: ["SoarStarterSwift.ipa", "SoarStarterSwift.app", "SoarStarterSwift.xcarchive"])
    func everyBundleOfAnAppIsCheckedAgainstItsDomains(name: String) throws {
        let r = try entitlements([sample(name)] + (try domainFiles()))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(try r.codes() == [])
        let list = try objects(r)
        #expect(list.map { $0["appID"] as? String } == [
            "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip",
            "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Share", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.watchkitapp",
            "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.watchkitapp.Complication",
        ])
        let main = list[0]
        #expect((main["source"] as? [String: Any])?["file"] as? String == sample(name))
        #expect(main["teamID"] as? String == "K7TQ3ZP2MX")
        #expect(main["getTaskAllow"] as? Bool == false)
        #expect(main["associatedDomains"] as? [String] == ["applinks:soarstarter.com", "applinks:www.soarstarter.com",
                                                            "webcredentials:soarstarter.com", "appclips:soarstarter.com"])
        let profile = try #require(main["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "Soar Starter App Store")
        #expect(profile["appID"] as? String == "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift")
        #expect((profile["expires"] as? String)?.hasPrefix("20") == true)
        #expect(list[2]["profile"] is NSNull)
    }

    @Test func aClipMissingFromTheFileIsAASA607ForEachBundleThatClaimsIt() throws {
        let path = try temporaryFile(Array(Self.listing.replacingOccurrences(
            of: #""appclips": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip"]}"#, with: #""appclips": {"apps": []}"#).utf8))
        let r = try entitlements([sample("SoarStarterSwift.ipa"), "--domain-file", "soarstarter.com=\(path)",
                                  "--domain-file", "www.soarstarter.com=\(path)"])
        #expect(r.status == 1)
        let d = try #require(try r.json()["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "AASA607" }
        #expect(d.compactMap { $0["code"] as? String } == ["AASA607", "AASA607"])
        #expect(d.map { $0["file"] as? String } == [sample("SoarStarterSwift.ipa") + ":Payload/SoarStarterSwift.app",
                                                   sample("SoarStarterSwift.ipa") + ":Payload/SoarStarterSwift.app/AppClips/SoarStarterClip.app"])
    }

    @Test func executablesThinUniversalAndBroken() throws {
        let thin = try entitlements([sample("SoarStarterSwift-arm64")] + (try domainFiles()))
        #expect(thin.status == 0, "\(thin.stdout)")
        #expect(try objects(thin).count == 1)
        let fat = try entitlements([sample("SoarStarterSwift-universal-fat64")] + (try domainFiles()))
        #expect(fat.status == 0)
        let slices = try objects(fat)
        #expect(slices.map { ($0["source"] as? [String: Any])?["arch"] as? String } == ["arm64", "x86_64"])
        #expect(slices.map { $0["sameAsEarlierSlice"] as? Bool } == [false, true])
        let differ = try entitlements([sample("SoarStarterSwift-universal-differ")] + (try domainFiles()))
        #expect(try differ.codes() == ["AASA617"])
        let wrong = try entitlements([sample("SoarStarterSwift-wrong-xml-hash"), sample("SoarStarterSwift-wrong-der-hash")] + (try domainFiles()))
        #expect(try wrong.codes() == ["AASA616", "AASA616", "AASA616", "AASA616"])
        let der = try entitlements([sample("SoarStarterSwift-der-only")] + (try domainFiles()))
        #expect(try objects(der).first?["kind"] as? String == "codeSignatureDER")
        #expect(der.status == 0)
    }

    @Test func badInputsExitTwoAndTheOthersAreStillChecked() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: sample("SoarStarterSwift-arm64")))
        let cut = try temporaryFile(Array(good.prefix(300)), name: UUID().uuidString + "-cut")
        let slip = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".ipa").path
        try SampleArchive.writeZip([("../x", [1])], to: slip)
        let r = run(["entitlements", cut, slip, sample("SoarStarterSwift-arm64")] + (try domainFiles()))
        #expect(r.status == 2)
        #expect(r.stderr.contains("the load commands of \(cut) (arm64)") || r.stderr.contains("\(cut)"))
        #expect(r.stderr.contains("a path outside the archive"))
        #expect(r.stdout.contains("SoarStarterSwift-arm64: 4 associated domains"))
    }

    @Test func anExecutableOnStandardInputIsReadFromMemoryAnIPAIsRefused() throws {
        let universal = Array(try Data(contentsOf: URL(fileURLWithPath: sample("SoarStarterSwift-universal-differ"))))
        let fat = run(["entitlements", "-", "--format", "json"] + (try domainFiles()), stdin: universal)
        #expect(fat.status == 1)
        #expect(try fat.codes() == ["AASA617"])
        #expect(try objects(fat).map { ($0["source"] as? [String: Any])?["arch"] as? String } == ["arm64", "x86_64"])
        #expect(try objects(fat).first.map { ($0["source"] as? [String: Any])?["file"] as? String } == "<stdin>")
        let ipa = Array(try Data(contentsOf: URL(fileURLWithPath: sample("SoarStarterSwift.ipa"))))
        let refused = run(["entitlements", "-"], stdin: ipa)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("<stdin>: a zip archive through standard input or a pipe; an .ipa is read in place, "
            + "member by member: give its path"))
        let cut = run(["entitlements", "-"], stdin: Array(universal.prefix(100)))
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("<stdin>: cut short"))
    }

    // MARK: build settings

    func source(_ entries: [String]) throws -> String {
        try temporaryFile(Array(CodeDoc.associatedDomainsPlist(entries).utf8), name: UUID().uuidString + ".entitlements")
    }

    @Test func sourceEntitlementsAreExpandedWithTheSettingsGiven() throws {
        let file = try source(["applinks:$(LINK_HOST)", "webcredentials:$(LINK_HOST)"])
        let config = try temporaryFile(Array("LINK_HOST = staging.soarstarter.com\nLINK_HOST[config=Release] = soarstarter.com\n".utf8),
                                       name: UUID().uuidString + ".xcconfig")
        let release = try entitlements([file, "--xcconfig", config, "--configuration", "Release",
                                        "--app-id", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"] + (try domainFiles()))
        #expect(release.status == 0, "\(release.stdout)")
        #expect(try objects(release).first?["associatedDomains"] as? [String] == ["applinks:soarstarter.com", "webcredentials:soarstarter.com"])
        // --build-setting wins; an undefined setting is AASA618.
        let over = try entitlements([file, "--xcconfig", config, "--build-setting", "LINK_HOST=www.soarstarter.com",
                                     "--app-id", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"] + (try domainFiles()))
        #expect(try objects(over).first?["associatedDomains"] as? [String] == ["applinks:www.soarstarter.com", "webcredentials:www.soarstarter.com"])
        let missing = try entitlements([file, "--build-setting", "OTHER=1"])
        #expect(missing.status == 1)
        #expect(try missing.codes() == ["AASA618", "AASA618"])
        // Without settings: AASA613, as before.
        #expect(try entitlements([file]).codes() == ["AASA613", "AASA613"])
    }

    @Test func buildSettingUsageErrors() throws {
        let file = try source(["applinks:$(LINK_HOST)"])
        let bad = run(["entitlements", file, "--build-setting", "no-equals"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--build-setting takes NAME=VALUE"))
        let none = run(["entitlements", file, "--xcconfig", "/nonexistent/App.xcconfig"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("/nonexistent/App.xcconfig: no such file"))
        let lonely = run(["entitlements", file, "--configuration", "Release"])
        #expect(lonely.status == 2)
        #expect(lonely.stderr.contains("--configuration chooses among the settings of --xcconfig files"))
    }
}

/// `check DOMAIN --entitlements App.ipa` against the local HTTPS harness: what ships gated.
@Suite("check with a built app")
struct CheckBuiltAppTests {
    static let app = "Q7Z3K8M2PX.com.aasacheck.todos"

    func executable(_ appID: String, _ domains: [String]) -> [UInt8] {
        var s = SampleMachO()
        s.entitlements = ["application-identifier": .string(appID),
                          "com.apple.developer.associated-domains": .array(domains.map(PlistValue.string))]
        return s.bytes()
    }

    @Test func eachBundleOfTheIPAIsCheckedAgainstTheServedFile() throws {
        var app = SampleBundle(name: "Todos.app", bundleID: "com.aasacheck.todos", executableName: "Todos",
                               executable: executable(Self.app, ["applinks:good.aasa.test", "webcredentials:good.aasa.test"]))
        app.nested = [("PlugIns", SampleBundle(name: "Share.appex", bundleID: "com.aasacheck.todos.Share", executableName: "Share",
                                               executable: executable(Self.app + ".Share", ["applinks:good.aasa.test"])))]
        let ipa = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".ipa").path
        try SampleArchive.writeZip(app.files(under: "Payload"), to: ipa)
        defer { try? FileManager.default.removeItem(atPath: ipa) }
        let r = run(["check", "good.aasa.test", "--no-cdn", "--entitlements", ipa, "--json"] + (try harnessNetwork()))
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let d = try #require(try r.json()["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "AASA607" }
        #expect(d.count == 1)
        #expect(d.first?["file"] as? String == ipa + ":Payload/Todos.app/PlugIns/Share.appex")
        #expect((d.first?["message"] as? String)?.contains("Q7Z3K8M2PX.com.aasacheck.todos.Share") == true)
        let list = try #require(try r.json()["entitlements"] as? [[String: Any]])
        #expect(list.map { $0["appID"] as? String } == [Self.app, Self.app + ".Share"])
    }
}
