import Foundation
import Testing
@testable import AASACore

/// Issue 10's entitlement kinds: App Clips (AASA607), duplicates against malformed entries and
/// entries named by line (AASA611), the build-setting hint (AASA613), keys given twice
/// (AASA615) and expired profiles (AASA619). Each example with its neighbours.
@Suite struct EntitlementsFalseErrorTests {
    typealias F = EntitlementsFixtures

    func entries(_ list: [String]) throws -> [AssociatedDomainEntry] {
        try EntitlementsFile.read(Array(F.plist(list).utf8)).associatedDomains.entries
    }

    func document(_ json: String) throws -> AASADocument {
        try #require(Validator.validate(Array(json.utf8)).document)
    }

    // MARK: App Clips (issue 10 item 1)

    static let shop = "K7Q2M9XW3P.com.myshop.app"

    /// (clips listed in `appclips.apps`, app ID checked, the clip that satisfies it or nil for AASA607)
    static let clipTable: [([String], String, String?)] = [
        // The issue's example: the full app's entry is satisfied by its clip.
        (["K7Q2M9XW3P.com.myshop.app.Clip"], shop, "K7Q2M9XW3P.com.myshop.app.Clip"),
        // Another clip suffix, a deeper one, and the prefix compared case-insensitively.
        (["K7Q2M9XW3P.com.myshop.app.AppClip"], shop, "K7Q2M9XW3P.com.myshop.app.AppClip"),
        (["K7Q2M9XW3P.com.myshop.app.clips.Store"], shop, "K7Q2M9XW3P.com.myshop.app.clips.Store"),
        (["k7q2m9xw3p.com.myshop.app.Clip"], shop, "k7q2m9xw3p.com.myshop.app.Clip"),
        // The first clip of the app among others.
        (["A1B2C3D4E5.com.other.app.Clip", "K7Q2M9XW3P.com.myshop.app.Clip"], shop, "K7Q2M9XW3P.com.myshop.app.Clip"),
        // Only other apps' clips: still AASA607.
        (["A1B2C3D4E5.com.other.app.Clip"], shop, nil),
        // The same bundle ID under another App ID prefix is another team's app.
        (["A1B2C3D4E5.com.myshop.app.Clip"], shop, nil),
        // A bundle ID that only starts with the app's letters is another app.
        (["K7Q2M9XW3P.com.myshop.application.Clip"], shop, nil),
        (["K7Q2M9XW3P.com.myshop.app."], shop, nil),
        // The clip's bundle ID compares case-sensitively, as bundle IDs do.
        (["K7Q2M9XW3P.com.MyShop.app.Clip"], shop, nil),
        // A clip is not the parent of the app: the clip checked against the full app's ID.
        (["K7Q2M9XW3P.com.myshop"], shop, nil),
    ]

    @Test(arguments: clipTable)
    func theFullAppsAppClipsEntryIsSatisfiedByItsClip(listed: [String], appID: String, clip: String?) throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.myshop.app"], "components": [{"/": "/*"}]}]}, "#
            + #""appclips": {"apps": ["# + listed.map { "\"\($0)\"" }.joined(separator: ", ") + "]}}"
        let doc = try document(json)
        let verdicts = EntitlementCrossCheck.verdicts(
            entries: try entries(["applinks:myshop.example", "appclips:myshop.example"]), appID: appID,
            documents: ["myshop.example": doc], file: "Shop.entitlements")
        #expect(verdicts.count == 2)
        #expect(verdicts[0].outcome == .listed)
        if let clip {
            #expect(verdicts[1].outcome == .listedClip(clip))
        } else {
            let d = try #require(verdicts[1].diagnostic)
            #expect(d.code == .aasa607)
            #expect(d.hint?.contains("App Clip's app ID") == true)
        }
    }

    @Test func theClipsOwnEntitlementIsCheckedForItsOwnID() throws {
        let doc = try document(#"{"appclips": {"apps": ["K7Q2M9XW3P.com.myshop.app.Clip"]}}"#)
        let list = try entries(["appclips:myshop.example"])
        #expect(EntitlementCrossCheck.check(entries: list, appID: "K7Q2M9XW3P.com.myshop.app.Clip",
            documents: ["myshop.example": doc], file: nil).isEmpty)
        // Another clip of the same app does not stand in for this clip.
        #expect(EntitlementCrossCheck.check(entries: list, appID: "K7Q2M9XW3P.com.myshop.app.Clip2",
            documents: ["myshop.example": doc], file: nil).map(\.code) == [.aasa607])
    }

    @Test func aClipListedElsewhereDoesNotSatisfyOtherServices() throws {
        // A clip's ID in webcredentials.apps is no listing of the full app for webcredentials.
        let doc = try document(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.myshop.app.Clip"]}}"#)
        let found = EntitlementCrossCheck.check(entries: try entries(["webcredentials:myshop.example"]),
            appID: Self.shop, documents: ["myshop.example": doc], file: nil)
        #expect(found.map(\.code) == [.aasa607])
    }

    // MARK: AASA611 (issue 10 item 4)

    @Test func aGoodEntryIsNotADuplicateOfAMalformedOne() throws {
        // The issue's example: the scheme makes the first entry malformed (AASA601); the second
        // is the one that works and must not be called a repeat.
        #expect(try F.codes(F.plist(["applinks:https://myshop.com", "applinks:myshop.com"]))
            == ["AASA601"])
        // Neighbours: a path, a trailing slash, white space, a wrong mode.
        #expect(try F.codes(F.plist(["applinks:myshop.com/shop", "applinks:myshop.com"])) == ["AASA601"])
        #expect(try F.codes(F.plist(["applinks:myshop.com/", "applinks:myshop.com"])) == ["AASA601"])
        #expect(try F.codes(F.plist([" applinks:myshop.com", "applinks:myshop.com"])) == ["AASA601"])
        #expect(try F.codes(F.plist(["applinks:myshop.com?mode=devloper", "applinks:myshop.com"])) == ["AASA601"])
        // Two malformed entries are not compared either.
        #expect(try F.codes(F.plist(["applinks:myshop.com/a", "applinks:myshop.com/a"])) == ["AASA601", "AASA601"])
        // Two good ones still are, whatever comes between.
        #expect(try F.codes(F.plist(["applinks:myshop.com", "applinks:https://myshop.com", "applinks:myshop.com"]))
            == ["AASA601", "AASA611"])
    }

    @Test func entriesAreNamedByLineOrByTheirPlaceCountedFromOne() throws {
        let xml = F.plist(["applinks:myshop.com", "applinks:myshop.com?mode=developer", "applinks:myshop.com"])
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(xml.utf8), path: "Debug.entitlements"))
        #expect(report.diagnostics.map(\.message) == [
            "`applinks:myshop.com?mode=developer` lists myshop.com again, with a mode, after line 7 (`applinks:myshop.com`)",
            "`applinks:myshop.com` repeats line 7 (`applinks:myshop.com`)",
        ])
        // A binary plist has no lines: the entry's place in the array, counted from 1.
        let binary = try binaryPlist(fromXML: xml)
        let noLines = EntitlementsLinter.lint(try EntitlementsFile.read(binary, path: "Debug.xcent"))
        #expect(noLines.diagnostics.map(\.message) == [
            "`applinks:myshop.com?mode=developer` lists myshop.com again, with a mode, after entry 1 (`applinks:myshop.com`)",
            "`applinks:myshop.com` repeats entry 1 (`applinks:myshop.com`)",
        ])
        #expect(noLines.diagnostics.last?.hint == "remove the entry on entry 3; entry 1 keeps the domain")
    }

    // MARK: AASA613 (issue 10 item 5)

    @Test func theBuildSettingHintSaysXcodeExpandsAndWhatToPass() throws {
        for entry in ["applinks:$(LINK_HOST)", "applinks:${LINK_HOST}", "webcredentials:$(LINK_HOST:lower)"] {
            let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist([entry]).utf8)))
            let d = try #require(report.diagnostics.first)
            #expect(d.code == .aasa613)
            let hint = try #require(d.hint)
            #expect(hint.contains("Xcode expands build settings"))
            #expect(hint.contains("an undefined one becomes empty"))
            #expect(hint.contains("--xcconfig FILE") && hint.contains("--build-setting NAME=VALUE"))
            #expect(!hint.contains("does not expand"))
        }
    }

    // MARK: AASA615 (issue 10 item 8)

    @Test func aKeyGivenTwiceSaysHowManyDomainsWereDropped() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:myshop.com</string>
            \t\t<string>applinks:www.myshop.com</string>
            \t\t<string>webcredentials:myshop.com</string>
            \t</array>
            \t<key>aps-environment</key>
            \t<string>production</string>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:myshop.com</string>
            \t</array>
            </dict>
            </plist>
            """
        let file = try EntitlementsFile.read(Array(xml.utf8), path: "Shop.entitlements")
        // Foundation keeps the last value: one domain is read.
        #expect(file.associatedDomains.entries.map(\.raw) == ["applinks:myshop.com"])
        let report = EntitlementsLinter.lint(file)
        #expect(report.diagnostics.map(\.code) == [.aasa615])
        let d = try #require(report.diagnostics.first)
        #expect(d.message == "`com.apple.developer.associated-domains` appears more than once in the top-level dictionary; "
            + "the earlier value (an array of 3 domains) is dropped and only the later one is read: "
            + "those domains are not in the signed entitlement")
        #expect(d.location?.line == 12)
        #expect(d.location?.column == 2)
        #expect(d.pointer == "/com.apple.developer.associated-domains")
        #expect(d.severity == .warning)
    }

    @Test func keysGivenTwiceElsewhereAndInBinaryPlists() throws {
        // Another key, in a nested dictionary of a decoded profile, given three times.
        let nested = """
            <plist version="1.0"><dict><key>Name</key><string>P</string><key>UUID</key><string>U</string>
            <key>Entitlements</key><dict>
            <key>get-task-allow</key><true/><key>get-task-allow</key><false/><key>get-task-allow</key><false/>
            </dict></dict></plist>
            """
        let profile = EntitlementsLinter.lint(try EntitlementsFile.read(Array(nested.utf8)), now: Date(timeIntervalSince1970: 0))
        let twice = profile.diagnostics.filter { $0.code == .aasa615 }
        #expect(twice.map(\.message) == [
            "`get-task-allow` appears more than once in the dictionary at `/Entitlements`; the earlier value (a <boolean>) is dropped and only the later one is read",
            "`get-task-allow` appears more than once in the dictionary at `/Entitlements`; the earlier value (a <boolean>) is dropped and only the later one is read",
        ])
        #expect(twice.map(\.pointer) == ["/Entitlements/get-task-allow", "/Entitlements/get-task-allow"])
        #expect(twice.map { $0.location?.line } == [3, 3])

        // Binary: Foundation's binary reader keeps the first value, so the later one is dropped.
        let key = "com.apple.developer.associated-domains"
        let bplist = BPlist(objects: [
            .dict([(1, 2), (1, 4)]), .string(key), .array([3]), .string("applinks:myshop.com"),
            .array([5, 6]), .string("applinks:a.myshop.com"), .string("applinks:b.myshop.com"),
        ])
        let file = try EntitlementsFile.read(bplist.bytes(), path: "Shop.xcent")
        #expect(file.associatedDomains.entries.map(\.raw) == ["applinks:myshop.com"])
        let d = try #require(EntitlementsLinter.lint(file).diagnostics.first)
        #expect(d.code == .aasa615)
        #expect(d.message.contains("the later value (an array of 2 domains) is dropped and only the first one is read"))
        #expect(d.location == nil)
        // An empty dropped array loses no domain.
        let empty = BPlist(objects: [.dict([(1, 2), (1, 4)]), .string(key), .array([3]), .string("applinks:myshop.com"), .array([])])
        let e = try #require(EntitlementsLinter.lint(try EntitlementsFile.read(empty.bytes())).diagnostics.first)
        #expect(e.message.hasSuffix("(an array of 0 domains) is dropped and only the first one is read"))
        // Keys that differ are no repeat, even when they look alike.
        let alike = #"<plist version="1.0"><dict><key>caf&#233;</key><true/><key>cafe&#769;</key><true/></dict></plist>"#
        #expect(try EntitlementsFile.read(Array(alike.utf8)).duplicateKeys.isEmpty)
    }

    @Test func aProfileWithTheKeyTwiceIsReportedWithoutALine() throws {
        let xml = CodeDoc.decodedProfilePlist(prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift",
            grantsAssociatedDomains: true).replacingOccurrences(of: "<key>UUID</key>", with: "<key>Name</key><string>again</string><key>UUID</key>")
        let file = try EntitlementsFile.read(Array(xml.utf8))
        #expect(file.duplicateKeys.map(\.key) == ["Name"])
        #expect(file.duplicateKeys.first?.location?.line == 26)
    }

    // MARK: AASA619 (issue 10 item 19)

    func profile(expires: String?) throws -> EntitlementsFile {
        try EntitlementsFile.read(Array(CodeDoc.decodedProfilePlist(
            prefix: "K7TQ3ZP2MX", bundleID: "com.soarstarter.SoarStarterSwift", grantsAssociatedDomains: true,
            expires: expires).utf8), path: "Soar.mobileprovision")
    }

    @Test func anExpiredProfileIsAnErrorWithTheDate() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2024-06-01T00:00:00Z"))
        let file = try profile(expires: "2024-05-01T12:00:00Z")
        let report = EntitlementsLinter.lint(file, now: now)
        #expect(report.diagnostics.map(\.code) == [.aasa619])
        let d = try #require(report.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.message == "`Soar Starter App Store` expired on 2024-05-01 12:00 UTC (30 days ago): devices refuse a build "
            + "signed with it and the App Store refuses the upload")
        #expect(d.pointer == "/ExpirationDate")
        #expect(d.file == "Soar.mobileprovision")
        // Neighbours: expired an hour ago; expiring in an hour; no date at all.
        #expect(EntitlementsLinter.checkExpiry(try profile(expires: "2024-05-31T23:00:00Z"), now: now).first?.message
            .contains("(less than a day ago)") == true)
        #expect(EntitlementsLinter.checkExpiry(try profile(expires: "2024-06-01T01:00:00Z"), now: now).isEmpty)
        #expect(EntitlementsLinter.checkExpiry(try profile(expires: nil), now: now).isEmpty)
        // A plain entitlements file is no profile.
        #expect(EntitlementsLinter.checkExpiry(try EntitlementsFile.read(Array(F.plist(["applinks:a.b"]).utf8)), now: now).isEmpty)
    }
}

/// Issue 17 item 4: the lint is linear in the number of entries. Outcomes of the inputs that
/// were quadratic (the timing is in scripts/bench-entitlements.sh).
@Suite struct EntitlementsManyEntriesTests {
    typealias F = EntitlementsFixtures

    @Test func manyRepeatsOfOneEntryEachNameTheFirst() throws {
        let n = 5_000
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(Array(repeating: "applinks:soarstarter.com", count: n)).utf8)))
        #expect(report.diagnostics.count == n - 1)
        #expect(report.diagnostics.allSatisfy { $0.code == .aasa611 && $0.message.hasSuffix("repeats line 7 (`applinks:soarstarter.com`)") })
        #expect(report.diagnostics.last?.location?.line == 7 + n - 1)
    }

    @Test func manyDistinctEntriesWarnOnceAboutTheCount() throws {
        let n = 5_000
        let list = (0..<n).map { "applinks:d\($0).soarstarter.com" }
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(list).utf8)))
        #expect(report.diagnostics.map(\.code) == [.aasa609])
        #expect(report.diagnostics.first?.message.contains("lists 5000 domains") == true)
        #expect(report.entries.count == n)
        #expect(report.entries.last?.location?.line == 7 + n - 1)
    }
}
