import AASAArtifacts
import Foundation
import SampleSupport
import Testing
@testable import AASACore

/// Bundles of a built app read through a FileTree (issue 12): layouts, nested bundles,
/// Info.plist forms, embedded profiles (AASA612, AASA619).
@Suite struct AppBundleTests {
    static let shopID = "K7Q2M9XW3P.com.myshop.app"
    static let now = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15

    static func executable(_ appID: String, domains: [String], arch: SampleMachO.Arch = .arm64) -> [UInt8] {
        var s = SampleMachO()
        s.arch = arch
        s.entitlements = ["application-identifier": .string(appID)]
        if !domains.isEmpty { s.entitlements?["com.apple.developer.associated-domains"] = .array(domains.map(PlistValue.string)) }
        return s.bytes()
    }

    static func profile(appID: String, grants: Bool = true, expires: String = "2099-01-01T00:00:00Z") -> [UInt8] {
        let prefix = String(appID.prefix(while: { $0 != "." }))
        let bundle = String(appID.drop(while: { $0 != "." }).dropFirst())
        return Array(CodeDoc.decodedProfilePlist(prefix: prefix, bundleID: bundle, grantsAssociatedDomains: grants, expires: expires).utf8)
    }

    static func shop(profile: [UInt8]? = nil) -> SampleBundle {
        var app = SampleBundle(name: "Shop.app", bundleID: "com.myshop.app", executableName: "Shop",
                               executable: executable(shopID, domains: ["applinks:myshop.com", "appclips:myshop.com"]), profile: profile)
        var clip = SampleBundle(name: "Clip.app", bundleID: "com.myshop.app.Clip", executableName: "Clip",
                                executable: executable(shopID + ".Clip", domains: ["appclips:myshop.com"]))
        clip.binaryInfoPlist = false
        let share = SampleBundle(name: "Share.appex", bundleID: "com.myshop.app.Share", executableName: "Share",
                                 executable: executable(shopID + ".Share", domains: []))
        var watch = SampleBundle(name: "ShopWatch.app", bundleID: "com.myshop.app.watchkitapp", executableName: "ShopWatch",
                                 executable: executable(shopID + ".watchkitapp", domains: ["webcredentials:myshop.com"], arch: .arm64e))
        watch.nested = [("PlugIns", SampleBundle(name: "Complication.appex", bundleID: "com.myshop.app.watchkitapp.c",
                                                 executableName: "Complication", executable: executable(shopID + ".watchkitapp.c", domains: [])))]
        app.nested = [("AppClips", clip), ("PlugIns", share), ("Watch", watch)]
        return app
    }

    func tree(_ files: [(String, [UInt8])], name: String = "Shop.ipa") -> MemoryTree {
        MemoryTree(name: name, files: Dictionary(files, uniquingKeysWith: { a, _ in a }))
    }

    @Test func anIPAsBundlesAreReadMainAppFirstThenNested() throws {
        let t = tree(Self.shop().files(under: "Payload"))
        #expect(try AppBundles.layout(of: t) == .ipa)
        let reading = AppBundles.read(t, layout: .ipa, file: "Shop.ipa", digest: Digests.compute, now: Self.now)
        #expect(reading.unreadable.isEmpty)
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.subjects.map(\.source.bundle) == [
            "Payload/Shop.app", "Payload/Shop.app/AppClips/Clip.app", "Payload/Shop.app/PlugIns/Share.appex",
            "Payload/Shop.app/Watch/ShopWatch.app", "Payload/Shop.app/Watch/ShopWatch.app/PlugIns/Complication.appex",
        ])
        #expect(reading.subjects.map(\.bundleID) == ["com.myshop.app", "com.myshop.app.Clip", "com.myshop.app.Share",
            "com.myshop.app.watchkitapp", "com.myshop.app.watchkitapp.c"])
        #expect(reading.subjects[0].file.path == "Shop.ipa:Payload/Shop.app")
        #expect(reading.subjects[0].file.associatedDomains.entries.map(\.raw) == ["applinks:myshop.com", "appclips:myshop.com"])
        #expect(reading.subjects[1].file.applicationIdentifier == Self.shopID + ".Clip")
    }

    @Test func appAndXcarchiveLayouts() throws {
        let app = tree(Self.shop().files(under: ""), name: "Shop.app")
        // As a directory named Shop.app, the tree's root is the bundle itself.
        let rooted = MemoryTree(name: "Shop.app", files: Dictionary(uniqueKeysWithValues: app.files.map {
            (String($0.key.dropFirst("Shop.app/".count)), $0.value)
        }))
        #expect(try AppBundles.layout(of: rooted) == .app)
        let fromApp = AppBundles.read(rooted, layout: .app, file: "Shop.app", digest: Digests.compute, now: Self.now)
        #expect(fromApp.subjects.first?.source.bundle == "")
        #expect(fromApp.subjects.first?.file.path == "Shop.app")
        #expect(fromApp.subjects.count == 5)
        let archive = tree(Self.shop().files(under: "Products/Applications") + [("Info.plist.txt", [1])], name: "Shop.xcarchive")
        #expect(try AppBundles.layout(of: archive) == .xcarchive)
        let fromArchive = AppBundles.read(archive, layout: .xcarchive, file: "Shop.xcarchive", digest: Digests.compute, now: Self.now)
        #expect(fromArchive.subjects.first?.source.bundle == "Products/Applications/Shop.app")
        #expect(try AppBundles.layout(of: tree([("README", [1])])) == nil)
    }

    @Test func embeddedProfilesAreCheckedPerBundle() throws {
        // Expired, and it does not grant Associated Domains while the app claims domains.
        let expired = Self.profile(appID: Self.shopID, grants: false, expires: "2024-01-01T00:00:00Z")
        let reading = AppBundles.read(tree(Self.shop(profile: expired).files(under: "Payload")), layout: .ipa, file: "Shop.ipa",
                                      digest: Digests.compute, now: Self.now)
        #expect(reading.diagnostics.map(\.code) == [.aasa619, .aasa612])
        #expect(reading.diagnostics[0].file == "Shop.ipa:Payload/Shop.app/embedded.mobileprovision")
        #expect(reading.diagnostics[0].message.contains("expired on 2024-01-01 00:00 UTC"))
        #expect(reading.subjects[0].profile?.profile?.applicationIdentifier == Self.shopID)
        // The profile of another app.
        let other = AppBundles.read(tree(Self.shop(profile: Self.profile(appID: "K7Q2M9XW3P.com.other")).files(under: "Payload")),
                                    layout: .ipa, file: "Shop.ipa", digest: Digests.compute, now: Self.now)
        #expect(other.diagnostics.map(\.code) == [.aasa612])
        #expect(other.diagnostics.first?.message.contains("is for bundle id `com.other`, not `com.myshop.app`") == true)
    }

    @Test func wildcardProfiles() throws {
        func codes(_ appID: String) -> [DiagnosticCode] {
            AppBundles.read(tree(Self.shop(profile: Self.profile(appID: appID)).files(under: "Payload")), layout: .ipa,
                            file: "Shop.ipa", digest: Digests.compute, now: Self.now).diagnostics.map(\.code)
        }
        #expect(codes("K7Q2M9XW3P.*") == [])
        #expect(codes("K7Q2M9XW3P.com.myshop.*") == [])
        #expect(codes("K7Q2M9XW3P.com.other.*") == [.aasa612])
        #expect(codes("A1B2C3D4E5.*") == [.aasa612])
    }

    @Test func brokenBundlesAreUnreadableAndTheOthersAreStillRead() throws {
        var files = Self.shop().files(under: "Payload")
        // The clip's executable is garbage; the watch app's Info.plist names no executable.
        files = files.map { path, bytes in
            if path.hasSuffix("Clip.app/Clip") { return (path, Array("not an executable".utf8)) }
            if path.hasSuffix("ShopWatch.app/Info.plist") { return (path, Array(#"<plist version="1.0"><dict/></plist>"#.utf8)) }
            return (path, bytes)
        }
        let reading = AppBundles.read(tree(files), layout: .ipa, file: "Shop.ipa", digest: Digests.compute, now: Self.now)
        #expect(reading.unreadable == [
            "Shop.ipa:Payload/Shop.app/AppClips/Clip.app: not a Mach-O executable: text that does not start with `<` (XML) or `bplist` (binary)",
            "Shop.ipa:Payload/Shop.app/Watch/ShopWatch.app: its Info.plist names no executable (CFBundleExecutable)",
        ])
        #expect(reading.subjects.map(\.bundleID) == ["com.myshop.app", "com.myshop.app.Share", "com.myshop.app.watchkitapp.c"])
        // No Payload/*.app.
        let empty = AppBundles.read(tree([("Payload/readme.txt", [1])]), layout: .ipa, file: "x.ipa", digest: Digests.compute, now: Self.now)
        #expect(empty.unreadable == ["x.ipa: the archive has no Payload/*.app: not an .ipa"])
    }

    @Test func aUniversalExecutableInABundleNamesItsSlices() throws {
        var app = Self.shop()
        app.nested = []
        var intel = SampleMachO()
        intel.arch = .x86_64
        intel.entitlements = ["application-identifier": .string(Self.shopID)]
        var arm = intel
        arm.arch = .arm64
        app.executable = SampleMachO.universal([arm, intel])
        let reading = AppBundles.read(tree(app.files(under: "Payload")), layout: .ipa, file: "Shop.ipa", digest: Digests.compute, now: Self.now)
        #expect(reading.subjects.map { $0.source.description } == ["Shop.ipa:Payload/Shop.app (arm64)", "Shop.ipa:Payload/Shop.app (x86_64)"])
        #expect(reading.subjects.map(\.sameAs) == [nil, 0])
    }
}

/// AASA620: managed-mode entries need the MDM-managed entitlement.
@Suite struct ManagedModeTests {
    typealias F = EntitlementsFixtures
    static let debug = "\t<key>get-task-allow</key>\n\t<true/>"

    @Test func managedEntriesNeedTheEntitlement() throws {
        #expect(try F.codes(F.plist(["applinks:a.soarstarter.com?mode=managed"], extra: Self.debug)) == ["AASA620"])
        #expect(try F.codes(F.plist(["applinks:a.soarstarter.com?mode=developer+managed"], extra: Self.debug)) == ["AASA620"])
        #expect(try F.codes(F.plist(["applinks:a.soarstarter.com?mode=MANAGED"], extra: Self.debug)) == ["AASA620"])
        // Developer mode alone does not need it.
        #expect(try F.codes(F.plist(["applinks:a.soarstarter.com?mode=developer"], extra: Self.debug)) == [])
        let key = "\t<key>com.apple.developer.associated-domains.mdm-managed</key>\n"
        #expect(try F.codes(F.plist(["applinks:a.soarstarter.com?mode=managed"], extra: Self.debug + "\n" + key + "\t<true/>")) == [])
        let off = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["applinks:a.soarstarter.com?mode=managed"],
            extra: Self.debug + "\n" + key + "\t<false/>").utf8)))
        #expect(off.diagnostics.map(\.code) == [.aasa620])
        #expect(off.diagnostics.first?.message.contains("is not true (it is false)") == true)
        let text = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["applinks:a.soarstarter.com?mode=managed"],
            extra: Self.debug + "\n" + key + "\t<string>YES</string>").utf8)))
        #expect(text.diagnostics.first?.message.contains("(it is a <string>)") == true)
    }
}
