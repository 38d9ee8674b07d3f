import Foundation
import Testing
@testable import AASACore

/// The files of entitlements-samples/ give the findings its README promises.
@Suite struct EntitlementsSamplesTests {
    typealias F = EntitlementsFixtures
    static let appID = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"

    @Test(arguments: [
        ("SoarStarterSwift.entitlements", ["AASA608"]),
        ("SoarStarterSwift-Release.entitlements", []),
        ("SoarStarterSwift-Debug.entitlements", []),
        ("SoarStarterSwift-Wildcard.entitlements", ["AASA604"]),
        ("SoarStarterSwift.app.xcent", []),
        ("SoarStarterSwift.mobileprovision", []),
        ("SoarStarterSwift-NoAssociatedDomains.mobileprovision", ["AASA612"]),
    ])
    func sampleFindings(name: String, codes: [String]) throws {
        let report = try F.lint(F.samples.appendingPathComponent(name), appID: Self.appID)
        #expect(report.diagnostics.map(\.code.rawValue) == codes, "\(report.diagnostics.map(\.message))")
    }

    @Test func starterPlaceholderIsLocated() throws {
        let report = try F.lint(F.samples.appendingPathComponent("SoarStarterSwift.entitlements"))
        let d = try #require(report.diagnostics.first)
        #expect(d.location?.line == 7)
        #expect(d.location?.column == 3)
        #expect(d.message.contains("`applinks:example.com`"))
    }

    @Test func developmentFileWouldWarnUnderAReleaseName() throws {
        let bytes = try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift-Debug.entitlements"))
        let file = try EntitlementsFile.read(bytes, path: "SoarStarterSwift.entitlements")
        #expect(EntitlementsLinter.lint(file).diagnostics.map(\.code.rawValue) == ["AASA603", "AASA603", "AASA603"])
    }

    @Test func signedProfileIsUnwrapped() throws {
        let file = try EntitlementsFile.read(
            try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift.mobileprovision")), path: "p")
        #expect(file.container == .signedProfile)
        let p = try #require(file.profile)
        #expect(p.isSigned)
        #expect(p.name == "Soar Starter App Store")
        #expect(p.uuid == "3F2A9C1E-7B4D-4E8A-9C0F-1D2E3F4A5B6C")
        #expect(p.teamIdentifiers == ["K7TQ3ZP2MX"])
        #expect(p.appIDPrefixes == ["K7TQ3ZP2MX"])
        #expect(p.appIDPrefix == "K7TQ3ZP2MX")
        #expect(p.applicationIdentifier == Self.appID)
        #expect(p.bundleID == "com.soarstarter.SoarStarterSwift")
        #expect(p.getTaskAllow == false)
        #expect(p.grantsAssociatedDomains)
        #expect(p.expirationDate == ISO8601DateFormatter().date(from: "2027-01-05T10:00:00Z"))
        #expect(file.associatedDomains == .granted("*"))
        #expect(file.entitlements["aps-environment"] == .string("production"))
        #expect(AppIdentity.resolve(argument: nil, file: file, profile: nil)
            == AppIdentity(appID: Self.appID, origin: .profile("p")))
    }

    @Test func definiteLengthProfileIsUnwrapped() throws {
        let bytes = try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift-NoAssociatedDomains.mobileprovision"))
        #expect(bytes[1] == 0x82)  // definite length, two bytes: not the streamed layout
        let file = try EntitlementsFile.read(bytes)
        #expect(file.profile?.name == "Soar Starter App Store (no Associated Domains)")
        #expect(file.profile?.grantsAssociatedDomains == false)
        #expect(file.associatedDomains == .absent)
    }

    @Test func profileFromProfileFlagDrivesAnEntitlementsFile() throws {
        let profile = try EntitlementsFile.read(
            try F.bytes(F.samples.appendingPathComponent("SoarStarterSwift.mobileprovision")),
            path: "SoarStarterSwift.mobileprovision")
        let report = try F.lint(F.samples.appendingPathComponent("SoarStarterSwift-Release.entitlements"), profile: profile)
        #expect(report.appIdentity?.appID == Self.appID)
        #expect(report.buildKind == .release(reason: "the provisioning profile is a distribution profile (get-task-allow false)"))
        #expect(report.diagnostics.isEmpty)
        #expect(EntitlementsLinter.checkProfile(profile, appID: "ZZZZZ99999.com.soarstarter.SoarStarterSwift")
            .map(\.code.rawValue) == ["AASA612"])
    }
}
