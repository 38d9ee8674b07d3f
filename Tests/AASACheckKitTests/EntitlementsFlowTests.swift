import Foundation
import SampleSupport
import Testing
@testable import AASACheckKit
@testable import AASACore

/// Built apps for the entitlements-flow tests, written once per test process: what ships with
/// the faults of issue 21 (a signature that dropped its entitlements, an App Clip missing from
/// the file) and the source entitlements beside it.
enum FlowSamples {
    static let team = "K7TQ3ZP2MX"
    static let appID = team + ".com.soarstarter.SoarStarterSwift"
    static let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-flow-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    static func executable(_ appID: String?, _ domains: [String]?, extra: [String: PlistValue] = [:], arch: SampleMachO.Arch = .arm64) -> SampleMachO {
        var s = SampleMachO()
        s.arch = arch
        var e = extra
        if let appID { e["application-identifier"] = .string(appID) }
        if let domains { e["com.apple.developer.associated-domains"] = .array(domains.map(PlistValue.string)) }
        s.entitlements = e
        return s
    }

    static func profile(_ bundleID: String = "com.soarstarter.SoarStarterSwift", grants: Bool = true) -> [UInt8] {
        Array(CodeDoc.decodedProfilePlist(prefix: team, bundleID: bundleID, grantsAssociatedDomains: grants).utf8)
    }

    static func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = dir + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    static func ipa(_ name: String, _ app: SampleBundle) -> String {
        let path = dir + "/" + name
        try? SampleArchive.writeZip(app.files(under: "Payload"), to: path)
        return path
    }

    /// An app with an App Clip, as it should ship.
    static func shop(main: SampleMachO, profile: [UInt8]? = FlowSamples.profile(), clip: SampleMachO? = nil) -> SampleBundle {
        var app = SampleBundle(name: "Shop.app", bundleID: "com.soarstarter.SoarStarterSwift", executableName: "Shop",
                               executable: main.bytes(), profile: profile)
        let clipMachO = clip ?? executable(appID + ".Clip", ["appclips:soarstarter.com", "applinks:soarstarter.com"],
                                           extra: ["com.apple.developer.on-demand-install-capable": .bool(true)])
        app.nested = [("AppClips", SampleBundle(name: "Clip.app", bundleID: "com.soarstarter.SoarStarterSwift.Clip",
                                                executableName: "Clip", executable: clipMachO.bytes()))]
        return app
    }

    static let domains = ["applinks:soarstarter.com", "applinks:www.soarstarter.com", "webcredentials:soarstarter.com"]

    /// Signed as it should be.
    static let good = ipa("Shop.ipa", shop(main: executable(appID, domains)))
    /// Re-signed after --no-codesign: the signature carries no entitlements, the profile grants them.
    static let dropped = ipa("Dropped.ipa", shop(main: executable(nil, nil)))
    /// Signed with the app ID but without the associated domains its profile grants.
    static let noDomains = ipa("NoDomains.ipa", shop(main: executable(appID, nil)))
    /// The profile does not grant the capability, and the signature has none: AASA614 as before.
    static let capabilityOff = ipa("CapabilityOff.ipa", shop(main: executable(appID, nil), profile: profile(grants: false)))
    /// The source entitlements of the app, and one that lists a domain the build lacks.
    static let source = write("App.entitlements", Array(CodeDoc.associatedDomainsPlist(domains).utf8))
    static let sourcePlusStaging = write("AppStaging.entitlements",
                                         Array(CodeDoc.associatedDomainsPlist(domains + ["applinks:staging.soarstarter.com"]).utf8))
    /// An .xcent of another app than the profile's.
    static let otherXcent = write("Other.app.xcent", Array(CodeDoc.associatedDomainsPlist(
        ["applinks:soarstarter.com"], extra: "\t<key>application-identifier</key>\n\t<string>\(team).com.soarstarter.Other</string>").utf8))

    static var all: [String] { [good, dropped, noDomains, capabilityOff, source, sourcePlusStaging, otherXcent] }
}

/// The committed sample app (entitlements-samples/apps).
enum SampleSetPaths {
    static let ipa = packageRoot.appendingPathComponent("entitlements-samples/apps/SoarStarterSwift.ipa").path
}

/// One entitlements flow for `entitlements` and `check --entitlements` (issue 21): the same
/// findings from both for every input, and the contradictions of the issue at the command line.
@Suite struct EntitlementsFlowTests {
    /// Every request goes to a closed port: no domain file is loaded, nothing leaves the machine.
    static let offline = ["--connect-to", "::127.0.0.1:1", "--timeout", "5"]

    /// Every entitlements input of the repository: entitlements-samples/ (files and built apps),
    /// Fixtures/ (the corpus, the golden inputs) and the built apps of these tests.
    static let inputs: [String] = {
        var out: [String] = []
        let fm = FileManager.default
        for folder in ["entitlements-samples", "entitlements-samples/apps", "Fixtures/entitlements", "Fixtures/golden/inputs"] {
            let dir = packageRoot.appendingPathComponent(folder).path
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
                let path = dir + "/" + name
                guard !name.hasSuffix(".md"), !name.hasSuffix(".tsv"), !name.hasSuffix(".json"), !name.hasSuffix(".routes"),
                      !name.hasSuffix(".txt"), !name.hasSuffix(".xml")
                else { continue }
                var isDirectory: ObjCBool = false
                _ = fm.fileExists(atPath: path, isDirectory: &isDirectory)
                if isDirectory.boolValue, !name.hasSuffix(".app"), !name.hasSuffix(".xcarchive") { continue }
                if folder == "Fixtures/golden/inputs", !name.hasSuffix(".entitlements") { continue }
                out.append(path)
            }
        }
        return out + FlowSamples.all
    }()

    /// The findings about the entitlements themselves, as compared: code, severity, message,
    /// file, line.
    struct Finding: Hashable, CustomStringConvertible {
        var code: String, severity: String, message: String, file: String?, line: Int?
        var description: String { "\(code) \(severity) \(file ?? "-"):\(line.map(String.init) ?? "-") \(message)" }
    }

    static func findings(_ r: Run) throws -> [Finding] {
        let list = try #require(try r.json()["diagnostics"] as? [[String: Any]], "\(r.stdout)\(r.stderr)")
        return list.filter { $0["source"] as? String == "entitlements" }.map {
            Finding(code: $0["code"] as? String ?? "", severity: $0["severity"] as? String ?? "", message: $0["message"] as? String ?? "",
                    file: $0["file"] as? String, line: $0["line"] as? Int)
        }
    }

    /// (profile, app IDs) combinations each input is run with.
    static let variants: [([String], String)] = [
        ([], "none"),
        (["--profile", packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift.mobileprovision").path], "profile"),
        (["--profile", packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift-NoAssociatedDomains.mobileprovision").path],
         "profile without the capability"),
        (["--app-id", FlowSamples.appID], "app ID"),
        (["--app-id", FlowSamples.appID, "--app-id", "A1B2C3D4E5.com.other.App"], "two app IDs"),
        (["--app-id", "A1B2C3D4E5.com.other.App",
          "--profile", packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift.mobileprovision").path], "profile and another app ID"),
        (["--app-id", FlowSamples.appID, "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=com.soarstarter.SoarStarterSwift",
          "--build-setting", "LINK_HOST=soarstarter.com"], "build settings"),
    ]

    /// The property: for every input and variant, `entitlements` and `check --entitlements`
    /// report the same findings about the entitlements, or check refuses the input with its
    /// usage error (no app ID; nothing readable) and entitlements reads it.
    @Test func entitlementsAndCheckGiveTheSameEntitlementFindings() throws {
        #expect(Self.inputs.count >= 40, "\(Self.inputs)")
        var compared = 0, refused = 0, withFindings = 0
        for input in Self.inputs {
            for (options, name) in Self.variants {
                let e = run(["entitlements", input, "--json"] + options + Self.offline)
                let c = run(["check", "example-shop.test", "--entitlements", input, "--json"] + options + Self.offline)
                guard c.status != 2 || !c.stdout.isEmpty else {
                    // check's policy: it needs an app ID, and something readable; entitlements
                    // reads the same input and finds no app ID, or cannot read it either.
                    refused += 1
                    if c.stderr.contains("no app ID") {
                        let objects = try #require(try e.json()["entitlements"] as? [[String: Any]], "\(input) (\(name))")
                        #expect(objects.allSatisfy { $0["appID"] is NSNull }, "\(input) (\(name)): \(objects)")
                    } else {
                        #expect(e.status == 2 && !e.stderr.isEmpty, "\(input) (\(name)): \(c.stderr)")
                    }
                    continue
                }
                let a = try Self.findings(e), b = try Self.findings(c)
                #expect(a == b, "\(input) (\(name)):\n entitlements: \(a)\n check: \(b)")
                #expect(!a.contains { $0.code == "AASA607" || $0.code == "AASA621" }, "no domain file was loaded")
                compared += 1
                if !a.isEmpty { withFindings += 1 }
            }
        }
        // The comparison is not vacuous: most runs are compared, many with findings.
        #expect(compared > Self.inputs.count * 3, "compared \(compared), refused \(refused)")
        #expect(withFindings > Self.inputs.count, "\(withFindings) runs with findings")
    }

    // MARK: what ships against its profile and its source

    func entitlements(_ args: [String]) -> Run { run(["entitlements"] + args + ["--json"] + Self.offline) }

    func codes(_ r: Run) throws -> [String] {
        try Self.findings(r).map(\.code)
    }

    @Test func anIPASignedWithoutItsEntitlementsIsAASA622() throws {
        let dropped = try Self.findings(entitlements([FlowSamples.dropped]))
        #expect(dropped.map(\.code) == ["AASA622"], "\(dropped)")
        #expect(dropped[0].file == FlowSamples.dropped + ":Payload/Shop.app")
        #expect(dropped[0].severity == "error")
        #expect(dropped[0].message.contains("not even application-identifier"))
        // Another way the app loses its domains: signed with its app ID but not the key.
        let noDomains = try Self.findings(entitlements([FlowSamples.noDomains]))
        #expect(noDomains.map(\.code) == ["AASA622"])
        #expect(noDomains[0].message.contains("is signed without com.apple.developer.associated-domains"))
        // The capability off in the profile: AASA614 (and AASA612 for a profile that grants nothing is not
        // raised, since the bundle claims no domain), as before.
        #expect(try codes(entitlements([FlowSamples.capabilityOff])) == ["AASA614"])
        #expect(try codes(entitlements([FlowSamples.good])) == [])
    }

    @Test func theSourceEntitlementsBesideTheBuildAreComparedEntryByEntry() throws {
        // "3 associated domains" beside "0 associated domains": each entry the build lacks.
        let dropped = try Self.findings(entitlements([FlowSamples.source, FlowSamples.dropped]))
        #expect(dropped.map(\.code) == ["AASA622", "AASA623", "AASA623", "AASA623"], "\(dropped)")
        #expect(dropped.filter { $0.code == "AASA623" }.map(\.line) == [7, 8, 9])
        #expect(dropped.filter { $0.code == "AASA623" }.allSatisfy { $0.file == FlowSamples.source && $0.severity == "error" })
        // The same source and a good build: nothing; a source with one more entry: AASA623 for it.
        #expect(try codes(entitlements([FlowSamples.source, FlowSamples.good])) == [])
        let staging = try Self.findings(entitlements([FlowSamples.sourcePlusStaging, FlowSamples.good]))
        #expect(staging.map(\.code) == ["AASA623"])
        #expect(staging[0].message.contains("`applinks:staging.soarstarter.com` is in \(FlowSamples.sourcePlusStaging)"))
        // The build first, the source after: the same comparison; the App Clip is not the app's build.
        #expect(try codes(entitlements([FlowSamples.good, FlowSamples.sourcePlusStaging])) == ["AASA623"])
        // A build with an entry the source lacks: AASA624 on the build.
        let extra = try Self.findings(entitlements([FlowSamples.good,
            FlowSamples.write("Short.entitlements", Array(CodeDoc.associatedDomainsPlist(["applinks:soarstarter.com",
                                                                                          "webcredentials:soarstarter.com"]).utf8))]))
        #expect(extra.map(\.code) == ["AASA624"])
        #expect(extra[0].severity == "warning" && extra[0].file == FlowSamples.good + ":Payload/Shop.app")
        #expect(extra[0].message.contains("is signed with `applinks:www.soarstarter.com`"))
        // Two sources and no build: nothing to compare.
        #expect(try codes(entitlements([FlowSamples.source, FlowSamples.sourcePlusStaging])) == [])
    }

    @Test func aProfileOfAnotherAppThanTheEntitlementIsNamed() throws {
        let profile = packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift.mobileprovision").path
        let r = try Self.findings(entitlements([FlowSamples.otherXcent, "--profile", profile]))
        #expect(r.map(\.code) == ["AASA612"], "\(r)")
        #expect(r[0].severity == "error" && r[0].file == profile)
        #expect(r[0].message.contains("is for bundle id `com.soarstarter.SoarStarterSwift`, not `com.soarstarter.Other` of the "
            + "application-identifier `K7TQ3ZP2MX.com.soarstarter.Other` of `\(FlowSamples.otherXcent)`"), "\(r[0].message)")
        // Its own app's profile: nothing; with --app-id, the app ID checked is compared with both.
        let own = packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift.app.xcent").path
        #expect(try codes(entitlements([own, "--profile", profile])) == [])
        let withID = try Self.findings(entitlements([FlowSamples.otherXcent, "--profile", profile, "--app-id", FlowSamples.appID]))
        #expect(withID.map(\.code) == ["AASA612"])
        #expect(withID[0].message.contains("is not the app ID checked"))
        // check --entitlements says the same.
        let c = run(["check", "example-shop.test", "--entitlements", FlowSamples.otherXcent, "--profile", profile, "--json"] + Self.offline)
        #expect(try Self.findings(c) == r)
    }

    /// A profile without the capability is said once, whatever the number of --app-id; each
    /// app ID the profile does not sign is said once (entitlements said the capability once
    /// per app ID, check once per --profile).
    @Test func aProfileIsJudgedOncePerFactWithSeveralAppIDs() throws {
        let off = packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift-NoAssociatedDomains.mobileprovision").path
        let ids = ["--app-id", FlowSamples.appID, "--app-id", "A1B2C3D4E5.com.other.App"]
        for args in [[off] + ids, [FlowSamples.source, "--profile", off] + ids] {
            let r = try Self.findings(entitlements(args)).filter { $0.code == "AASA612" }
            #expect(r.filter { $0.message.contains("does not grant Associated Domains") }.count == 1, "\(args): \(r)")
            #expect(r.filter { $0.message.contains("not A1B2C3D4E5 of the app ID checked") }.count == 1, "\(args): \(r)")
            #expect(r.count == 2, "\(args): \(r)")
        }
    }

    @Test func eachSliceOfAUniversalBinaryIsLabelledWithItsOwnArchitecture() throws {
        let universal = packageRoot.appendingPathComponent("entitlements-samples/apps/SoarStarterSwift-universal").path
        let text = run(["entitlements", universal, "--no-color"] + Self.offline)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(universal) (arm64): 4 associated domains; app ID \(FlowSamples.appID); release build"), "\(text.stdout)")
        #expect(lines.contains("\(universal) (x86_64): the same entitlements as the slice before"), "\(text.stdout)")
        // A slice that differs is reported with its own label as well (AASA617 names both).
        let differ = packageRoot.appendingPathComponent("entitlements-samples/apps/SoarStarterSwift-universal-differ").path
        let d = run(["entitlements", differ, "--no-color"] + Self.offline).stdout
        #expect(d.contains("\(differ) (x86_64): 3 associated domains"), "\(d)")
    }

    @Test func theAppClipsHintProposesItsOwnAppID() throws {
        // The sample app: the full app and its App Clip both claim appclips:soarstarter.com.
        let app = SampleSetPaths.ipa
        let file = try temporaryFile(Array(#"""
            {"applinks": {"details": [{"appIDs": ["\#(FlowSamples.appID)", "\#(FlowSamples.appID).Clip"], "components": [{"/": "/*"}]}]},
             "webcredentials": {"apps": ["\#(FlowSamples.appID)", "\#(FlowSamples.appID).watchkitapp"]}, "appclips": {"apps": []}}
            """#.utf8))
        let r = run(["entitlements", app, "--domain-file", "soarstarter.com=\(file)", "--domain-file", "www.soarstarter.com=\(file)", "--json"])
        let list = try #require(try r.json()["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "AASA607" }
        #expect(list.map { $0["file"] as? String } == [app + ":Payload/SoarStarterSwift.app",
                                                      app + ":Payload/SoarStarterSwift.app/AppClips/SoarStarterClip.app"], "\(list)")
        let hints = list.compactMap { $0["hint"] as? String }
        #expect(hints.allSatisfy { !$0.contains(".Clip.Clip") }, "\(hints)")
        #expect(hints.last == "add \"\(FlowSamples.appID).Clip\" (this App Clip's app ID) to appclips.apps", "\(hints)")
        #expect(hints.first?.contains("a clip of it: \"\(FlowSamples.appID).Clip\" or whatever its bundle ID is") == true)
    }

    // MARK: source entitlements with build settings

    func source(_ entries: [String]) throws -> String {
        try temporaryFile(Array(CodeDoc.associatedDomainsPlist(entries).utf8), name: UUID().uuidString + "-App.entitlements")
    }

    @Test func anEntryThatIsOnlyABuildSettingIsAASA613Alone() throws {
        let file = try source(["$(APPLINK)", "webcredentials:$(LINK_HOST)"])
        let r = try Self.findings(entitlements([file]))
        #expect(r.map(\.code) == ["AASA613", "AASA613"], "\(r)")
        #expect(r.allSatisfy { $0.severity == "warning" })
        // Given the setting, it is checked as it will be signed.
        let expanded = entitlements([file, "--build-setting", "APPLINK=applinks:soarstarter.com", "--build-setting",
                                     "LINK_HOST=soarstarter.com", "--app-id", FlowSamples.appID])
        #expect(try Self.findings(expanded).isEmpty)
        #expect((try expanded.json()["entitlements"] as? [[String: Any]])?.first?["associatedDomains"] as? [String]
            == ["applinks:soarstarter.com", "webcredentials:soarstarter.com"])
        // A value without a service is then malformed, naming the setting.
        #expect(try codes(entitlements([file, "--build-setting", "APPLINK=soarstarter.com", "--build-setting",
                                        "LINK_HOST=soarstarter.com"])) == ["AASA618"])
    }

    @Test func theConfigurationGivenDecidesADevelopmentBuild() throws {
        let file = try source(["applinks:soarstarter.com$(DEV_MODE_SUFFIX)", "webcredentials:soarstarter.com$(DEV_MODE_SUFFIX)"])
        let config = try temporaryFile(Array("DEV_MODE_SUFFIX[config=Debug] = ?mode=developer\n".utf8), name: UUID().uuidString + ".xcconfig")
        let debug = entitlements([file, "--xcconfig", config, "--configuration", "Debug"])
        #expect(try codes(debug) == [], "\(debug.stdout)")
        #expect((try debug.json()["entitlements"] as? [[String: Any]])?.first?["associatedDomains"] as? [String]
            == ["applinks:soarstarter.com?mode=developer", "webcredentials:soarstarter.com?mode=developer"])
        let text = run(["entitlements", file, "--xcconfig", config, "--configuration", "Debug", "--no-color"] + Self.offline).stdout
        #expect(text.contains(": 2 associated domains; development build"), "\(text)")
        // Release: no suffix, nothing to warn about; a suffix in Release: AASA603 for each.
        #expect(try codes(entitlements([file, "--xcconfig", config, "--configuration", "Release"])) == [])
        let always = try temporaryFile(Array("DEV_MODE_SUFFIX = ?mode=developer\n".utf8), name: UUID().uuidString + ".xcconfig")
        #expect(try codes(entitlements([file, "--xcconfig", always, "--configuration", "Release"])) == ["AASA603", "AASA603"])
        // Xcode's CONFIGURATION setting says the same.
        #expect(try codes(entitlements([file, "--xcconfig", always, "--build-setting", "CONFIGURATION=Debug"])) == [])
    }
}

/// `check DOMAIN... --entitlements E` against the local harness: the entitlement implies the app.
@Suite("check: the entitlement implies the app")
struct CheckImpliesTheAppTests {
    static let shop = "Q7Z3K8M2PX.com.aasacheck.shop"

    func check(_ args: [String]) throws -> Run { run(["check"] + args + ["--no-cdn", "--json"] + (try harnessNetwork())) }

    func xcent(_ appID: String, _ entries: [String]) throws -> String {
        try temporaryFile(Array(CodeDoc.associatedDomainsPlist(
            entries, extra: "\t<key>application-identifier</key>\n\t<string>\(appID)</string>").utf8), name: UUID().uuidString + ".xcent")
    }

    func diagnostics(_ r: Run, _ code: String) throws -> [[String: Any]] {
        try #require(try r.json()["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == code }
    }

    @Test func routesAreJudgedForTheEntitlementsAppOnly() throws {
        let routes = try temporaryFile(Array("/product/1\n/order/1\n/about   web\n".utf8), name: UUID().uuidString + ".routes")
        let e = try xcent(Self.shop, ["applinks:clip.aasa.test", "appclips:clip.aasa.test"])
        let r = try check(["clip.aasa.test", "--routes", routes, "--entitlements", e])
        #expect(r.status == 0, "\(r.stdout)")
        let verdicts = try #require(try r.json()["routes"] as? [[String: Any]])
        #expect(Set(verdicts.compactMap { $0["appID"] as? String }) == [Self.shop])
        #expect(verdicts.count == 3 && verdicts.allSatisfy { $0["ok"] as? Bool == true })
        #expect(try diagnostics(r, "AASA701").isEmpty)
        // Without the entitlement, every app of the file is judged: the App Clip lacks /product/*.
        let all = try check(["clip.aasa.test", "--routes", routes])
        #expect(all.status == 1)
        #expect(try diagnostics(all, "AASA701").map { $0["message"] as? String } == ["/product/1 must open the app for \(Self.shop).Clip but matches no rule"])
        // A built app with its App Clip: the main app's routes.
        var main = SampleMachO()
        main.entitlements = ["application-identifier": .string(Self.shop),
                             "com.apple.developer.associated-domains": .array([.string("applinks:clip.aasa.test"), .string("appclips:clip.aasa.test")])]
        var clip = SampleMachO()
        clip.entitlements = ["application-identifier": .string(Self.shop + ".Clip"),
                             "com.apple.developer.associated-domains": .array([.string("applinks:clip.aasa.test"), .string("appclips:clip.aasa.test")])]
        var app = SampleBundle(name: "Shop.app", bundleID: "com.aasacheck.shop", executableName: "Shop", executable: main.bytes())
        app.nested = [("AppClips", SampleBundle(name: "Clip.app", bundleID: "com.aasacheck.shop.Clip", executableName: "Clip",
                                                executable: clip.bytes()))]
        let ipa = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".ipa").path
        try SampleArchive.writeZip(app.files(under: "Payload"), to: ipa)
        let built = try check(["clip.aasa.test", "--routes", routes, "--entitlements", ipa])
        #expect(built.status == 0, "\(built.stdout)")
        #expect(Set(try #require(try built.json()["routes"] as? [[String: Any]]).compactMap { $0["appID"] as? String }) == [Self.shop])
        // --app-id still names the apps routes are judged for.
        let named = try check(["clip.aasa.test", "--routes", routes, "--entitlements", e, "--app-id", Self.shop + ".Clip"])
        #expect(try diagnostics(named, "AASA701").count == 1)
    }

    @Test func aDomainTheEntitlementDoesNotClaimIsAASA621() throws {
        // The forgotten www.
        let e = try xcent(Self.shop, ["applinks:clip.aasa.test"])
        let r = try check(["clip.aasa.test", "www.clip.aasa.test", "--entitlements", e])
        #expect(r.status == 1)
        let found = try diagnostics(r, "AASA621")
        #expect(found.count == 1)
        #expect(found.first?["target"] as? String == "www.clip.aasa.test")
        #expect(found.first?["severity"] as? String == "error")
        #expect((found.first?["message"] as? String)?.contains("its applinks entries are clip.aasa.test") == true)
        // Another service than applinks claims nothing for universal links.
        let web = try check(["www.clip.aasa.test", "--entitlements", try xcent(Self.shop, ["applinks:clip.aasa.test", "webcredentials:www.clip.aasa.test"])])
        #expect(try diagnostics(web, "AASA621").first.map { ($0["message"] as? String)?.contains("for `webcredentials:www.clip.aasa.test` only") } == true)
        // Claimed: by its own entry, by a wildcard over it, by a developer-mode entry.
        for entries in [["applinks:clip.aasa.test", "applinks:www.clip.aasa.test"],
                        ["applinks:clip.aasa.test", "applinks:*.clip.aasa.test"],
                        ["applinks:clip.aasa.test", "applinks:www.clip.aasa.test?mode=developer"]] {
            let ok = try check(["clip.aasa.test", "www.clip.aasa.test", "--entitlements", try xcent(Self.shop, entries)])
            #expect(try diagnostics(ok, "AASA621").isEmpty, "\(entries)")
            #expect(try diagnostics(ok, "AASA607").isEmpty, "\(entries): \(ok.stdout)")
        }
        // A wildcard does not claim its apex.
        let apex = try check(["clip.aasa.test", "--entitlements", try xcent(Self.shop, ["applinks:*.clip.aasa.test"])])
        #expect(try diagnostics(apex, "AASA621").count == 1)
    }

    @Test func theServedFileMustListTheEntitlementsApp() throws {
        // A subdomain claimed through a wildcard whose own file lacks the app: AASA607 (was silent).
        let other = "Q7Z3K8M2PX.com.aasacheck.other"
        let e = try xcent(other, ["applinks:*.clip.aasa.test", "applinks:clip.aasa.test"])
        let r = try check(["www.clip.aasa.test", "--entitlements", e])
        #expect(r.status == 1)
        let found = try diagnostics(r, "AASA607")
        #expect(found.count == 1, "\(r.stdout)")
        #expect(found.first?["target"] as? String == "www.clip.aasa.test")
        #expect((found.first?["message"] as? String)?.contains("the app ID \(other) is not in any applinks details entry") == true)
        // The forgotten www whose file lacks the app: both.
        let www = try check(["www.clip.aasa.test", "--entitlements", try xcent(other, ["applinks:clip.aasa.test"])])
        #expect(try diagnostics(www, "AASA621").count == 1 && diagnostics(www, "AASA607").count == 1)
        // The entry for the host: one AASA607, on the entitlement's line, not a second on the file.
        let exact = try check(["clip.aasa.test", "--entitlements", try xcent(other, ["applinks:clip.aasa.test"])])
        let one = try diagnostics(exact, "AASA607")
        #expect(one.count == 1 && one.first?["line"] as? Int == 9)
        // Apple's CDN copy is judged too (stale.aasa.test's copy lacks the beta app).
        let beta = "Q7Z3K8M2PX.com.aasacheck.todos.beta"
        let stale = run(["check", "stale.aasa.test", "--entitlements", try xcent(beta, ["applinks:stale.aasa.test"]), "--json"]
            + (try harnessNetwork()))
        let cdn = try diagnostics(stale, "AASA607")
        #expect(cdn.count == 1 && cdn.first?["source"] as? String == "cdn", "\(stale.stdout)")
    }
}
