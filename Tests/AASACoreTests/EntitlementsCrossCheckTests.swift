import Testing
@testable import AASACore

/// AASA607: entitlement entries against the domains' files.
@Suite struct EntitlementsCrossCheckTests {
    typealias F = EntitlementsFixtures
    static let appID = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"

    func entries(_ list: [String]) throws -> [AssociatedDomainEntry] {
        try EntitlementsFile.read(Array(F.plist(list).utf8)).associatedDomains.entries
    }

    func document(_ json: String) throws -> AASADocument {
        try #require(Validator.validate(Array(json.utf8)).document)
    }

    @Test func planGroupsByFileHost() throws {
        let plan = EntitlementCrossCheck.plan(try entries([
            "applinks:*.soarstarter.com",            // 0 → soarstarter.com
            "applinks:soarstarter.com",              // 1 → soarstarter.com
            "webcredentials:dev.soarstarter.com?mode=developer",  // 2 → origin only
            "appclips:*.soarstarter.com",            // 3 not checked (AASA605)
            "applinks:203.0.113.9",                  // 4 not checked (AASA606)
            "applinks:dev.soarstarter.com:8443?mode=developer",   // 5 → with port
            "messagefilter:soarstarter.com",         // 6 no file
            "app links:soarstarter.com",             // 7 unknown service
            "activitycontinuation:www.soarstarter.com",  // 8
            "applinks:$(HOST)",                      // 9 unresolved
        ]))
        #expect(plan == [
            DomainFileRequest(host: "soarstarter.com", checkCDN: true, entryIndices: [0, 1]),
            DomainFileRequest(host: "dev.soarstarter.com", checkCDN: false, entryIndices: [2]),
            DomainFileRequest(host: "dev.soarstarter.com:8443", checkCDN: false, entryIndices: [5]),
            DomainFileRequest(host: "www.soarstarter.com", checkCDN: true, entryIndices: [8]),
        ])
    }

    @Test func listedAppPasses() throws {
        let doc = try document("""
            {"applinks": {"details": [{"appIDs": ["OTHER12345.x.y"]}, {"appID": "k7tq3zp2mx.com.soarstarter.SoarStarterSwift"}]},
             "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]},
             "appclips": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]},
             "activitycontinuation": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]}}
            """)
        let list = try entries(["applinks:soarstarter.com", "webcredentials:soarstarter.com",
            "appclips:soarstarter.com", "activitycontinuation:soarstarter.com"])
        #expect(EntitlementCrossCheck.check(entries: list, appID: Self.appID,
            documents: ["soarstarter.com": doc], file: "A.entitlements").isEmpty)
    }

    @Test func legacyDictionaryDetailsCount() throws {
        let doc = try document(#"{"applinks": {"apps": [], "details": {"K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift": {"paths": ["*"]}}}}"#)
        #expect(EntitlementCrossCheck.check(entries: try entries(["applinks:soarstarter.com"]), appID: Self.appID,
            documents: ["soarstarter.com": doc], file: nil).isEmpty)
    }

    @Test func missingAppIsReportedOnTheEntry() throws {
        let doc = try document(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.soarstarter.SoarStarterSwift"]}]}}"#)
        let list = try entries(["applinks:www.soarstarter.com", "applinks:soarstarter.com"])
        let found = EntitlementCrossCheck.check(entries: list, appID: Self.appID,
            documents: ["soarstarter.com": doc], file: "App.entitlements")
        #expect(found.count == 1)
        let d = try #require(found.first)
        #expect(d.code == "AASA607")
        #expect(d.severity == .error)
        #expect(d.target == "soarstarter.com")
        #expect(d.file == "App.entitlements")
        #expect(d.source == .entitlements)
        #expect(d.location?.line == 8)
        #expect(d.pointer == "/com.apple.developer.associated-domains/1")
        #expect(d.message == "the file of soarstarter.com does not list K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift in any "
            + "`applinks.details` entry, so `applinks:soarstarter.com` does not work for this app")
        #expect(d.hint?.contains("the same bundle id with another App ID prefix") == true)
    }

    @Test func bundleIDCaseMatters() throws {
        let doc = try document(#"{"webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.soarstarterswift"]}}"#)
        let found = EntitlementCrossCheck.check(entries: try entries(["webcredentials:soarstarter.com"]),
            appID: Self.appID, documents: ["soarstarter.com": doc], file: nil)
        #expect(found.map(\.code.rawValue) == ["AASA607"])
        #expect(found.first?.hint?.contains("bundle ids compare case-sensitively") == true)
    }

    @Test func missingServiceAndMissingApps() throws {
        let doc = try document(#"{"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]}]}, "appclips": {}}"#)
        let found = EntitlementCrossCheck.check(
            entries: try entries(["webcredentials:soarstarter.com", "appclips:soarstarter.com", "applinks:soarstarter.com"]),
            appID: Self.appID, documents: ["soarstarter.com": doc], file: nil)
        #expect(found.map(\.message) == [
            "the file of soarstarter.com has no `webcredentials` service, so `webcredentials:soarstarter.com` does not work for K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            "the file of soarstarter.com has no `appclips.apps` array, so `appclips:soarstarter.com` does not work for K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
        ])
        #expect(found.first?.hint == "add \"K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift\" to webcredentials.apps")
    }

    @Test func wildcardUsesTheApexFileAndHostsWithoutFilesAreSkipped() throws {
        let apex = try document(#"{"applinks": {"details": [{"appIDs": ["OTHER12345.com.other"]}]}}"#)
        let found = EntitlementCrossCheck.check(
            entries: try entries(["applinks:*.soarstarter.com", "applinks:other.example.net"]),
            appID: Self.appID, documents: ["soarstarter.com": apex], file: nil)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("the file of soarstarter.com (which serves `*.soarstarter.com`) does not list") == true)
        #expect(found.first?.hint == "the file lists `OTHER12345.com.other`; add \"K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift\" to appIDs of a details entry")
    }
}

/// `check --app-id`'s membership check (AASA607), pure, in Core.
@Suite struct AppMembershipTests {
    func document(_ json: String) throws -> AASADocument {
        try #require(Validator.validate(Array(json.utf8)).document)
    }

    @Test func appIDsAreLookedUpInTheDetailsAndTheCDNCopy() throws {
        let origin = try document(#"{"applinks": {"details": [{"appIDs": ["k7tq3zp2mx.com.a"]}]}, "webcredentials": {"apps": ["K7TQ3ZP2MX.com.b"]}}"#)
        let copy = try document(#"{"applinks": {"details": []}}"#)
        #expect(AppMembership.check(["K7TQ3ZP2MX.com.a"], document: origin, domain: "a.com", fileLabel: "f").isEmpty)
        let missing = AppMembership.check(["K7TQ3ZP2MX.com.b"], document: origin, domain: "a.com", fileLabel: "f")
        #expect(missing.map(\.message) == ["the app ID K7TQ3ZP2MX.com.b is not in any applinks details entry of a.com's file (it is listed under webcredentials)"])
        #expect(missing.first?.file == "f")
        let stale = AppMembership.check(["K7TQ3ZP2MX.com.a"], document: origin, domain: "a.com", fileLabel: "f", cdnCopy: copy)
        #expect(stale.map(\.source) == [.cdn])
        #expect(AppMembership.check([], document: origin, domain: "a.com", fileLabel: nil).isEmpty)
    }
}
