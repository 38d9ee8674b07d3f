import Foundation
import Testing
@testable import AASACore

/// Issue 21's entitlement rules, each contradiction with its neighbours: an entry that is only a
/// build setting (AASA613, not AASA601), the configuration that decides a development build
/// (AASA603), a signature that dropped what its profile grants (AASA622), source entitlements
/// against the build (AASA623, AASA624), a profile of another app than the entitlement's own
/// (AASA612), the App Clip's own hint (AASA607), and the domains `check --entitlements` is given
/// (AASA621, AASA607).
@Suite struct EntitlementsFlowRuleTests {
    typealias F = EntitlementsFixtures
    static let app = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"

    func lint(_ entries: [String], extra: String = "", path: String? = "App.entitlements", settings: [String: String]? = nil,
              configuration: String? = nil, profile: EntitlementsFile? = nil, signed: Bool = false) throws -> EntitlementsReport
    {
        var file = try EntitlementsFile.read(Array(F.plist(entries, extra: extra).utf8), path: path)
        if signed { file.container = .codeSignatureXML }
        var built: BuildSettings?
        if let settings {
            var s = BuildSettings()
            s.configuration = configuration
            for (k, v) in settings.sorted(by: { $0.key < $1.key }) { s.set(k, v) }
            built = s
        }
        return EntitlementsLinter.lint(file, profile: profile, settings: built)
    }

    func codes(_ report: EntitlementsReport) -> [String] { report.diagnostics.map(\.code.rawValue) }

    // MARK: an entry that is only a build setting

    /// (entry, codes without settings, codes once expanded): a setting that may hold the
    /// service is AASA613 alone, and is judged once expanded.
    static let settingEntries: [(String, [String], [String])] = [
        ("$(APPLINK)", ["AASA613"], []),
        ("${APPLINK}", ["AASA613"], []),
        ("$(APPLINK)?mode=developer", ["AASA613"], ["AASA603"]),
        ("$(APPLINK_PREFIX)soarstarter.com", ["AASA613"], []),
        // Neighbours: a setting in the host or the service, as before.
        ("applinks:$(LINK_HOST)", ["AASA613"], []),
        ("webcredentials:$(LINK_HOST)", ["AASA613"], []),
        ("$(SERVICE):soarstarter.com", ["AASA613"], []),
        // Without a setting, a missing service is still malformed.
        ("soarstarter.com", ["AASA601"], ["AASA601"]),
        ("soarstarter.com?mode=developer", ["AASA601"], ["AASA601"]),
    ]

    @Test(arguments: settingEntries)
    func anEntryThatIsOnlyABuildSettingIsUnresolvedNotMalformed(entry: String, without: [String], expanded: [String]) throws {
        let r = try lint([entry])
        #expect(codes(r) == without, "\(entry)")
        #expect(r.diagnostics.allSatisfy { $0.code != .aasa613 || $0.severity == .warning })
        let good = try lint([entry], settings: ["APPLINK": "applinks:soarstarter.com", "APPLINK_PREFIX": "applinks:",
                                                "LINK_HOST": "soarstarter.com", "SERVICE": "applinks"])
        #expect(codes(good) == expanded, "\(entry) expanded: \(good.diagnostics.map(\.message))")
    }

    @Test func aSettingThatExpandsToAnEntryWithoutServiceIsAASA618() throws {
        let r = try lint(["$(APPLINK)"], settings: ["APPLINK": "soarstarter.com"])
        #expect(codes(r) == ["AASA618"])
        #expect(r.diagnostics[0].message.contains("from `APPLINK`"), "\(r.diagnostics[0].message)")
        #expect(r.diagnostics[0].severity == .error)
    }

    // MARK: the configuration decides a development build

    static let devSuffix = ["applinks:soarstarter.com$(DEV_MODE_SUFFIX)"]

    /// (configuration given, `CONFIGURATION` setting, AASA603 expected)
    static let configurations: [(String?, String?, Bool)] = [
        ("Debug", nil, false),
        ("Debug-Staging", nil, false),
        ("Development", nil, false),
        ("Release", nil, true),
        ("AppStore", nil, true),
        // A name that says neither: the file name decides (App.entitlements: release).
        ("Staging", nil, true),
        // Xcode's own setting, given with --build-setting.
        (nil, "Debug", false),
        (nil, "Release", true),
        // --configuration wins over the setting.
        ("Release", "Debug", true),
    ]

    @Test(arguments: configurations)
    func aDebugConfigurationIsADevelopmentBuild(configuration: String?, setting: String?, warns: Bool) throws {
        var settings = ["DEV_MODE_SUFFIX": "?mode=developer"]
        if let setting { settings["CONFIGURATION"] = setting }
        let r = try lint(Self.devSuffix, settings: settings, configuration: configuration)
        #expect(r.entries.first?.raw == "applinks:soarstarter.com?mode=developer")
        #expect(codes(r) == (warns ? ["AASA603"] : []), "\(configuration ?? "-") \(setting ?? "-"): \(r.buildKind)")
        #expect(r.buildKind.isRelease == warns)
        if !warns { #expect(r.buildKind.reason.contains("development one")) }
    }

    @Test func signingEvidenceWinsOverTheConfiguration() throws {
        // A distribution profile: devices treat the build as a release build, whatever its name.
        let profile = try EntitlementsFile.read(Array(CodeDoc.decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true).utf8))
        let r = try lint(Self.devSuffix, settings: ["DEV_MODE_SUFFIX": "?mode=developer"], configuration: "Debug", profile: profile)
        #expect(codes(r) == ["AASA603"])
        // get-task-allow true in the file: development whatever the configuration.
        let dev = try lint(Self.devSuffix, extra: "\t<key>get-task-allow</key>\n\t<true/>",
                           settings: ["DEV_MODE_SUFFIX": "?mode=developer"], configuration: "Release")
        #expect(codes(dev) == [])
    }

    // MARK: a signature that dropped the entitlements its profile grants

    static func profile(grants: Bool, bundleID: String = "com.soarstarter.SoarStarterSwift") throws -> EntitlementsFile {
        try EntitlementsFile.read(Array(CodeDoc.decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: bundleID, grantsAssociatedDomains: grants).utf8), path: "App.app/embedded.mobileprovision")
    }

    static let identity = "\t<key>application-identifier</key>\n\t<string>\(app)</string>"

    func signed(_ xml: String, profile: EntitlementsFile?) throws -> EntitlementsReport {
        var file = try EntitlementsFile.read(Array(xml.utf8), path: "Shop.ipa:Payload/App.app")
        file.container = .codeSignatureXML
        return EntitlementsLinter.lint(file, profile: profile)
    }

    static let withoutDomains = #"<plist version="1.0"><dict>\#(identity)</dict></plist>"#
    static let bare = #"<plist version="1.0"><dict/></plist>"#

    @Test func aSignatureWithoutWhatItsProfileGrantsIsAASA622NotAASA614() throws {
        let r = try signed(Self.withoutDomains, profile: try Self.profile(grants: true))
        #expect(codes(r) == ["AASA622"])
        let d = try #require(r.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.message.contains("is signed without com.apple.developer.associated-domains"))
        #expect(d.message.contains("the signing step dropped the entitlements"))
        #expect(d.hint?.contains("codesign --force --sign") == true)
        #expect(d.hint?.contains("--entitlements") == true)
        #expect(!(d.hint ?? "").contains("add the capability"))
        // No entitlements at all: said so.
        let none = try signed(Self.bare, profile: try Self.profile(grants: true))
        #expect(codes(none) == ["AASA622"])
        #expect(none.diagnostics[0].message.contains("not even application-identifier"))
    }

    @Test func otherWaysAnAppClaimsNoDomainStayAASA614() throws {
        // The profile does not grant the capability: it is off, as AASA614 says.
        #expect(codes(try signed(Self.withoutDomains, profile: try Self.profile(grants: false))) == ["AASA614"])
        // No profile known.
        #expect(codes(try signed(Self.withoutDomains, profile: nil)) == ["AASA614"])
        // A source file is not a signature: the capability is missing from the file.
        let file = try EntitlementsFile.read(Array(Self.withoutDomains.utf8), path: "App.entitlements")
        #expect(codes(EntitlementsLinter.lint(file, profile: try Self.profile(grants: true))) == ["AASA614"])
        // An empty array signed in: the entitlements file lists none (AASA614), not dropped.
        let empty = try signed(F.plist([]), profile: try Self.profile(grants: true))
        #expect(codes(empty) == ["AASA614"])
        // Signed with the domains: nothing.
        #expect(codes(try signed(F.plist(["applinks:soarstarter.com"], extra: Self.identity), profile: try Self.profile(grants: true))) == [])
    }

    // MARK: source entitlements against the build

    func report(_ entries: [String]?, path: String, signed: Bool, settings: [String: String]? = nil) throws -> EntitlementsReport {
        let xml = entries.map { F.plist($0) } ?? Self.withoutDomains
        var file = try EntitlementsFile.read(Array(xml.utf8), path: path)
        if signed { file.container = .codeSignatureXML }
        var built: BuildSettings?
        if let settings {
            var s = BuildSettings()
            for (k, v) in settings { s.set(k, v) }
            built = s
        }
        return EntitlementsLinter.lint(file, settings: built)
    }

    /// (source entries, build entries or nil for none signed, codes, hosts named)
    static let comparisons: [([String], [String]?, [String])] = [
        (["applinks:soarstarter.com", "applinks:www.soarstarter.com"], ["applinks:soarstarter.com", "applinks:www.soarstarter.com"], []),
        // Order, host case and a repeated entry do not matter.
        (["applinks:www.soarstarter.com", "applinks:soarstarter.com"], ["applinks:SoarStarter.com", "applinks:www.soarstarter.com",
                                                                        "applinks:soarstarter.com"], []),
        (["applinks:soarstarter.com", "applinks:www.soarstarter.com"], ["applinks:soarstarter.com"], ["AASA623"]),
        // Another service is another entry; a mode is part of the entry.
        (["applinks:soarstarter.com", "webcredentials:soarstarter.com"], ["applinks:soarstarter.com"], ["AASA623"]),
        (["applinks:soarstarter.com?mode=developer"], ["applinks:soarstarter.com"], ["AASA603", "AASA623", "AASA624"]),
        (["applinks:soarstarter.com"], ["applinks:soarstarter.com", "applinks:staging.soarstarter.com"], ["AASA624"]),
        // "2 associated domains" beside "0": each is missing.
        (["applinks:soarstarter.com", "applinks:www.soarstarter.com"], nil, ["AASA623", "AASA623"]),
        // An entry that still holds a setting is not compared (AASA613 says why).
        (["applinks:$(LINK_HOST)", "applinks:soarstarter.com"], ["applinks:soarstarter.com"], ["AASA613"]),
    ]

    @Test(arguments: comparisons)
    func sourceEntitlementsAreComparedEntryByEntryWithTheBuild(source: [String], build: [String]?, expected: [String]) throws {
        let s = try report(source, path: "App.entitlements", signed: false)
        let b = try report(build, path: "Shop.ipa:Payload/Shop.app", signed: true)
        let found = s.diagnostics + SourceAndBuild.compare(source: s, build: b)
        #expect(found.map(\.code.rawValue) == expected, "\(found.map(\.message))")
        for d in found where d.code == .aasa623 {
            #expect(d.severity == .error && d.file == "App.entitlements" && d.location != nil && d.target == "Shop.ipa:Payload/Shop.app")
        }
        for d in found where d.code == .aasa624 {
            #expect(d.severity == .warning && d.file == "Shop.ipa:Payload/Shop.app")
        }
    }

    @Test func sourcesAreComparedAsExpanded() throws {
        let s = try report(["applinks:$(LINK_HOST)"], path: "App.entitlements", signed: false, settings: ["LINK_HOST": "soarstarter.com"])
        let b = try report(["applinks:www.soarstarter.com"], path: "Shop.ipa:Payload/Shop.app", signed: true)
        let found = SourceAndBuild.compare(source: s, build: b)
        #expect(found.map(\.code) == [.aasa623, .aasa624])
        #expect(found[0].message.contains("`applinks:soarstarter.com` (written `applinks:$(LINK_HOST)`)"))
    }

    @Test func theBuildOfASourceIsTheBundleSignedWithItsAppIDElseTheClosest() throws {
        let main = try report(["applinks:soarstarter.com", "webcredentials:soarstarter.com"], path: "Shop.ipa:Payload/Shop.app", signed: true)
        let clip = try report(["appclips:soarstarter.com"], path: "Shop.ipa:Payload/Shop.app/AppClips/Clip.app", signed: true)
        let share = try report([], path: "Shop.ipa:Payload/Shop.app/PlugIns/Share.appex", signed: true)
        let builds = [main, clip, share]
        #expect(SourceAndBuild.counterpart(of: try report(["appclips:soarstarter.com"], path: "Clip.entitlements", signed: false),
                                           among: builds) == 1)
        #expect(SourceAndBuild.counterpart(of: try report(["applinks:soarstarter.com"], path: "App.entitlements", signed: false),
                                           among: builds) == 0)
        // Nothing shared: the main app (the first).
        #expect(SourceAndBuild.counterpart(of: try report(["applinks:other.example-shop.com"], path: "App.entitlements", signed: false),
                                           among: builds) == 0)
        #expect(SourceAndBuild.counterpart(of: main, among: []) == nil)
        // The main bundle signed without the key (a dropped signature) is still the app's build,
        // though its App Clip shares an entry; an App Clip's source is compared with the clip.
        var dropped = try report(nil, path: "Shop.ipa:Payload/Shop.app", signed: true)
        dropped.source = .init(file: "Shop.ipa", bundle: "Payload/Shop.app")
        var nested = try report(["appclips:soarstarter.com", "applinks:soarstarter.com"], path: "Shop.ipa:Payload/Shop.app/AppClips/Clip.app", signed: true)
        nested.source = .init(file: "Shop.ipa", bundle: "Payload/Shop.app/AppClips/Clip.app")
        let app = try report(["applinks:soarstarter.com", "appclips:soarstarter.com"], path: "App.entitlements", signed: false)
        #expect(SourceAndBuild.counterpart(of: app, among: [dropped, nested]) == 0)
        let clipSource = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["appclips:soarstarter.com"],
            extra: "\t<key>com.apple.developer.parent-application-identifiers</key>\n\t<array/>").utf8), path: "Clip.entitlements"))
        #expect(SourceAndBuild.counterpart(of: clipSource, among: [dropped, nested]) == 1)
    }

    // MARK: a profile of another app than the entitlement's own

    /// (the profile's bundle id, the entitlement's application-identifier, AASA612 expected)
    static let profileFits: [(String, String, Bool)] = [
        ("com.soarstarter.SoarStarterSwift", app, false),
        ("com.soarstarter.Other", app, true),
        ("com.soarstarter.SoarStarterSwift", "A1B2C3D4E5.com.soarstarter.SoarStarterSwift", true),
        // Wildcard App IDs cover the bundle ids that start so.
        ("com.soarstarter.*", app, false),
        ("*", app, false),
        ("com.other.*", app, true),
    ]

    @Test(arguments: profileFits)
    func aProfileOfAnotherAppThanTheEntitlementsIsAASA612(bundleID: String, own: String, mismatch: Bool) throws {
        let profile = try Self.profile(grants: true, bundleID: bundleID)
        let found = EntitlementsLinter.checkProfileSigns(profile, appID: own, source: .entitlements("App.xcent"))
        #expect(found.map(\.code) == (mismatch ? [.aasa612] : []))
        if let d = found.first {
            #expect(d.severity == .error)
            #expect(d.message.contains("the application-identifier `\(own)` of `App.xcent`"), "\(d.message)")
        }
        // The app ID checked keeps its wording.
        let checked = EntitlementsLinter.checkProfileSigns(profile, appID: own)
        #expect(checked.count == found.count)
        #expect(checked.allSatisfy { $0.message.contains("the app ID checked") })
    }

    // MARK: the App Clip's hint

    @Test func anAppClipsOwnEntryIsToldToAddItsOwnAppID() throws {
        let entries = try EntitlementsFile.read(Array(F.plist(["appclips:soarstarter.com"]).utf8)).associatedDomains.entries
        let doc = try #require(Validator.validate(Array(#"{"appclips": {"apps": []}}"#.utf8)).document)
        let clip = Self.app + ".Clip"
        let own = try #require(EntitlementCrossCheck.check(entries: entries, appID: clip, documents: ["soarstarter.com": doc],
                                                           file: nil, appIsClip: true).first)
        #expect(own.hint == "add \"\(clip)\" (this App Clip's app ID) to appclips.apps")
        #expect(!(own.hint ?? "").contains(".Clip.Clip"))
        // The full app's entry: a clip of it, as before.
        let full = try #require(EntitlementCrossCheck.check(entries: entries, appID: Self.app, documents: ["soarstarter.com": doc],
                                                            file: nil).first)
        #expect(full.hint?.contains("\"\(Self.app).Clip\" or whatever its bundle ID is") == true)
        // A clip listing another app's clip: named, and still its own ID proposed.
        let other = try #require(Validator.validate(Array(#"{"appclips": {"apps": ["A1B2C3D4E5.com.other.Clip"]}}"#.utf8)).document)
        let d = try #require(EntitlementCrossCheck.check(entries: entries, appID: clip, documents: ["soarstarter.com": other],
                                                         file: nil, appIsClip: true).first)
        #expect(d.hint == "the file lists `A1B2C3D4E5.com.other.Clip`, not this App Clip; add \"\(clip)\" (this App Clip's app ID) to appclips.apps")
    }

    @Test func anAppClipIsKnownByItsFolderOrItsEntitlements() throws {
        func report(bundle: String?, extra: String = "") throws -> EntitlementsReport {
            var r = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["appclips:soarstarter.com"], extra: extra).utf8)))
            r.source = .init(file: "Shop.ipa", bundle: bundle)
            return r
        }
        #expect(try report(bundle: "Payload/Shop.app/AppClips/Clip.app").isAppClip)
        #expect(try !report(bundle: "Payload/Shop.app").isAppClip)
        #expect(try !report(bundle: "Payload/Shop.app/PlugIns/Share.appex").isAppClip)
        #expect(try report(bundle: nil, extra: "\t<key>com.apple.developer.on-demand-install-capable</key>\n\t<true/>").isAppClip)
        #expect(try report(bundle: nil, extra: "\t<key>com.apple.developer.parent-application-identifiers</key>\n\t<array/>").isAppClip)
        #expect(try !report(bundle: nil).isAppClip)
    }

    // MARK: the domains check --entitlements is given

    /// (entries, host checked, claimed): a `?mode=developer` entry claims for development
    /// builds; a wildcard covers subdomains, never its apex; another service claims nothing for
    /// universal links; an entry with a setting is not judged.
    static let claims: [([String], String, Bool?)] = [
        (["applinks:soarstarter.com"], "soarstarter.com", true),
        (["applinks:soarstarter.com"], "www.soarstarter.com", false),
        (["applinks:SoarStarter.com"], "soarstarter.com", true),
        (["webcredentials:www.soarstarter.com"], "www.soarstarter.com", false),
        (["applinks:*.soarstarter.com"], "www.soarstarter.com", true),
        (["applinks:*.soarstarter.com"], "shop.eu.soarstarter.com", true),
        (["applinks:*.soarstarter.com"], "soarstarter.com", false),
        (["applinks:*.soarstarter.com"], "notsoarstarter.com", false),
        (["applinks:www.soarstarter.com?mode=developer"], "www.soarstarter.com", true),
        (["applinks:www.soarstarter.com:8443?mode=developer"], "www.soarstarter.com:8443", true),
        (["applinks:www.soarstarter.com:8443?mode=developer"], "www.soarstarter.com", false),
        // Entries the system drops claim nothing.
        (["applinks:www.soarstarter.com/"], "www.soarstarter.com", false),
        (["applinks:www.soarstarter.com:8443"], "www.soarstarter.com:8443", false),
        (["app links:www.soarstarter.com"], "www.soarstarter.com", false),
        // Not judged without settings.
        (["applinks:$(LINK_HOST)"], "www.soarstarter.com", nil),
        (["$(APPLINK)"], "www.soarstarter.com", nil),
        (["webcredentials:$(LINK_HOST)"], "www.soarstarter.com", false),
    ]

    @Test(arguments: claims)
    func whichEntriesClaimADomainForUniversalLinks(entries: [String], host: String, claimed: Bool?) throws {
        let list = try EntitlementsFile.read(Array(F.plist(entries).utf8)).associatedDomains.entries
        let claim = DomainClaim.claim(host, service: .applinks, entries: list)
        switch (claim, claimed) {
        case (.claimed, true?), (.unclaimed, false?), (.undecided, nil): break
        default: Issue.record("\(entries) \(host): \(claim)")
        }
        let finding = DomainClaim.unclaimed(host, entries: list, appID: Self.app, file: "App.entitlements")
        #expect((finding != nil) == (claimed == false))
        if let finding {
            // Claimed for another service only (passkeys, an App Clip): the app may use the host
            // for that alone, so a warning; claimed for nothing: an error.
            let otherService = entries.contains { !$0.hasPrefix("applinks:") && $0.contains(":") && !$0.contains("$(") && !$0.hasPrefix("app ") }
            #expect(finding.code == .aasa621 && finding.severity == (otherService ? .warning : .error) && finding.target == host, "\(entries)")
            #expect(finding.message.hasSuffix(otherService ? "which is right only if the app uses \(host) for those services alone"
                                                           : "universal links on \(host) can never open this app"), "\(finding.message)")
            #expect(finding.hint?.contains("applinks:\(host)") == true)
        }
    }

    @Test func theUnclaimedFindingSaysWhatTheEntitlementHolds() throws {
        func message(_ entries: [String], _ host: String) throws -> String {
            let list = try EntitlementsFile.read(Array(F.plist(entries).utf8)).associatedDomains.entries
            return try #require(DomainClaim.unclaimed(host, entries: list, appID: Self.app, file: nil)).message
        }
        #expect(try message(["applinks:soarstarter.com"], "www.soarstarter.com").contains("its applinks entries are soarstarter.com"))
        #expect(try message(["webcredentials:www.soarstarter.com"], "www.soarstarter.com")
            .contains("it claims www.soarstarter.com for `webcredentials:www.soarstarter.com` only"))
        #expect(try message(["applinks:*.soarstarter.com"], "soarstarter.com")
            .contains("`applinks:*.soarstarter.com` covers the subdomains of soarstarter.com, not soarstarter.com itself"))
        #expect(try message(["applinks:www.soarstarter.com/"], "www.soarstarter.com")
            .contains("`applinks:www.soarstarter.com/` (line 7) names it, but the system drops that entry"))
        #expect(try message([], "soarstarter.com").contains("it has no applinks entry at all"))
    }

    static let listing = #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/todos/*"}]}]}, "webcredentials": {"apps": ["\#(app)"]}}"#
    static let other = #"{"applinks": {"details": [{"appIDs": ["Q9W8E7R6T5.com.other.App"], "components": [{"/": "/todos/*"}]}]}}"#

    func judge(_ entries: [String], host: String, file: String, cdn: String? = nil, isMainApp: Bool = true) throws -> [Diagnostic] {
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(entries).utf8), path: "App.entitlements"),
                                             appID: Self.app)
        let document = try #require(Validator.validate(Array(file.utf8), domain: host).document)
        let copy = try cdn.map { try #require(Validator.validate(Array($0.utf8), domain: host).document) }
        return CheckedDomain.judge(host: host, apps: [.init(report: report, appIDs: [Self.app], isMainApp: isMainApp)],
                                   document: document, cdnCopy: copy, fileLabel: host + "/.well-known/apple-app-site-association")
    }

    @Test func theServedFileMustListTheAppTheEntitlementImplies() throws {
        // The entry for the host: one AASA607, on the entry's line.
        let exact = try judge(["applinks:soarstarter.com"], host: "soarstarter.com", file: Self.other)
        #expect(exact.map(\.code) == [.aasa607])
        #expect(exact[0].location?.line == 7 && exact[0].file == "App.entitlements")
        // Covered by a wildcard: the subdomain's own file must list the app (it was silent).
        let wildcard = try judge(["applinks:*.soarstarter.com", "applinks:soarstarter.com"], host: "www.soarstarter.com", file: Self.other)
        #expect(wildcard.map(\.code) == [.aasa607])
        #expect(wildcard[0].source == .origin && wildcard[0].message.contains("not in any applinks details entry of www.soarstarter.com's file"))
        // Not claimed: AASA621, and the file is judged for the app too.
        let www = try judge(["applinks:soarstarter.com"], host: "www.soarstarter.com", file: Self.other)
        #expect(www.map(\.code) == [.aasa621, .aasa607])
        #expect(try judge(["applinks:soarstarter.com"], host: "www.soarstarter.com", file: Self.listing).map(\.code) == [.aasa621])
        // Apple's CDN copy lacks the app the origin lists: devices read the copy.
        let stale = try judge(["applinks:soarstarter.com"], host: "soarstarter.com", file: Self.listing, cdn: Self.other)
        #expect(stale.map(\.code) == [.aasa607])
        #expect(stale[0].source == .cdn)
        // Everything in order: nothing.
        #expect(try judge(["applinks:soarstarter.com", "webcredentials:soarstarter.com"], host: "soarstarter.com",
                          file: Self.listing, cdn: Self.listing).isEmpty)
        // A nested bundle (an extension) need not claim or be listed; its entries are still cross-checked.
        #expect(try judge([], host: "soarstarter.com", file: Self.other, isMainApp: false).isEmpty)
        #expect(try judge(["webcredentials:soarstarter.com"], host: "soarstarter.com", file: Self.other, isMainApp: false).map(\.code)
            == [.aasa607])
    }

    @Test func aProfileGivenAsTheEntitlementImpliesItsAppButClaimsNoDomain() throws {
        let profile = try Self.profile(grants: true)
        let report = EntitlementsLinter.lint(profile)
        #expect(report.appIdentity?.appID == Self.app)
        func judge(_ file: String) throws -> [DiagnosticCode] {
            let document = try #require(Validator.validate(Array(file.utf8), domain: "soarstarter.com").document)
            return CheckedDomain.judge(host: "soarstarter.com", apps: [.init(report: report, appIDs: [Self.app], isMainApp: true)],
                                       document: document, fileLabel: nil).map(\.code)
        }
        #expect(try judge(Self.listing) == [])
        #expect(try judge(Self.other) == [.aasa607])
    }
}
