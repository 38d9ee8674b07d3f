import AASACore
import Foundation

/// The sample apps committed under `entitlements-samples/apps` (see its README) and the
/// benchmark's large archive: the project's sample app, SoarStarterSwift, built and signed the
/// way Xcode lays apps out, with the right and wrong hashes the tests need.
public enum SampleSet {
    public static let team = "K7TQ3ZP2MX"
    public static let bundleID = "com.soarstarter.SoarStarterSwift"
    public static let appID = team + "." + bundleID

    static func entitlements(_ appID: String, domains: [String], debug: Bool = false) -> [String: PlistValue] {
        var e: [String: PlistValue] = [
            "application-identifier": .string(appID), "com.apple.developer.team-identifier": .string(team),
            "get-task-allow": .bool(debug),
        ]
        if !domains.isEmpty { e["com.apple.developer.associated-domains"] = .array(domains.map(PlistValue.string)) }
        return e
    }

    static let appDomains = ["applinks:soarstarter.com", "applinks:www.soarstarter.com", "webcredentials:soarstarter.com",
                             "appclips:soarstarter.com"]

    static func executable(_ appID: String, domains: [String], identifier: String, configure: (inout SampleMachO) -> Void = { _ in }) -> SampleMachO {
        var s = SampleMachO()
        s.entitlements = entitlements(appID, domains: domains)
        s.identifier = identifier
        configure(&s)
        return s
    }

    /// Executables, by file name, with what each shows.
    public static func executables() -> [(String, [UInt8], String)] {
        let main = executable(appID, domains: appDomains, identifier: bundleID)
        var intel = main
        intel.arch = .x86_64
        var differ = intel
        differ.entitlements?["com.apple.developer.associated-domains"] = .array(appDomains.dropLast().map(PlistValue.string))
        var wrongXML = main
        wrongXML.wrongXMLHash = true
        var wrongDER = main
        wrongDER.wrongDERHash = true
        var derOnly = main
        derOnly.xmlBlob = false
        var sha256 = main
        sha256.hashTypes = [.sha256]
        return [
            ("SoarStarterSwift-arm64", main.bytes(), "thin arm64; XML and DER entitlements; SHA-1 CodeDirectory and SHA-256 alternate; hashes right"),
            ("SoarStarterSwift-universal", SampleMachO.universal([main, intel]), "universal arm64 + x86_64, the same entitlements in both slices"),
            ("SoarStarterSwift-universal-fat64", SampleMachO.universal([main, intel], fat64: true), "the same with a 64-bit universal header (0xcafebabf)"),
            ("SoarStarterSwift-universal-differ", SampleMachO.universal([main, differ]), "universal; the x86_64 slice lacks appclips:soarstarter.com (AASA617)"),
            ("SoarStarterSwift-wrong-xml-hash", wrongXML.bytes(), "slot 5 seals another hash than the XML blob's (AASA616, both CodeDirectories)"),
            ("SoarStarterSwift-wrong-der-hash", wrongDER.bytes(), "slot 7 seals another hash than the DER blob's (AASA616, both CodeDirectories)"),
            ("SoarStarterSwift-der-only", derOnly.bytes(), "DER entitlements only (no XML blob)"),
            ("SoarStarterSwift-sha256-only", sha256.bytes(), "one SHA-256 CodeDirectory"),
        ]
    }

    /// The app: main app, its App Clip, a share extension and a Watch app with an extension.
    public static func app(profile: [UInt8]?) -> SampleBundle {
        var app = SampleBundle(name: "SoarStarterSwift.app", bundleID: bundleID, executableName: "SoarStarterSwift",
                               executable: executable(appID, domains: appDomains, identifier: bundleID).bytes(), profile: profile)
        let clip = SampleBundle(name: "SoarStarterClip.app", bundleID: bundleID + ".Clip", executableName: "SoarStarterClip",
                                executable: executable(appID + ".Clip", domains: ["appclips:soarstarter.com", "applinks:soarstarter.com"],
                                                       identifier: bundleID + ".Clip").bytes())
        let share = SampleBundle(name: "Share.appex", bundleID: bundleID + ".Share", executableName: "Share",
                                 executable: executable(appID + ".Share", domains: [], identifier: bundleID + ".Share").bytes())
        var watch = SampleBundle(name: "SoarStarterWatch.app", bundleID: bundleID + ".watchkitapp", executableName: "SoarStarterWatch",
                                 executable: executable(appID + ".watchkitapp", domains: ["webcredentials:soarstarter.com"],
                                                        identifier: bundleID + ".watchkitapp") { $0.arch = .arm64e }.bytes())
        watch.nested = [("PlugIns", SampleBundle(name: "Complication.appex", bundleID: bundleID + ".watchkitapp.Complication",
                                                 executableName: "Complication",
                                                 executable: executable(appID + ".watchkitapp.Complication", domains: [],
                                                                        identifier: bundleID + ".watchkitapp.Complication").bytes()))]
        app.nested = [("AppClips", clip), ("PlugIns", share), ("Watch", watch)]
        return app
    }

    /// An `.ipa` holding an app whose executable has `megabytes` of code, for the benchmark.
    public static func benchmarkIPA(megabytes: Int, to path: String) throws {
        var big = executable(appID, domains: appDomains, identifier: bundleID)
        big.codeSize = megabytes << 20
        big.hashTypes = [.sha256]
        let app = SampleBundle(name: "SoarStarterSwift.app", bundleID: bundleID, executableName: "SoarStarterSwift",
                               executable: big.bytes())
        try SampleArchive.writeZip(app.files(under: "Payload"), to: path)
    }
}
