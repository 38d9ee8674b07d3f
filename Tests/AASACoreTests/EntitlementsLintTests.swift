import Foundation
import Testing
@testable import AASACore

@Suite struct EntitlementsLintTests {
    typealias F = EntitlementsFixtures

    @Test func findingsCarryLineColumnPointerAndFile() throws {
        let xml = F.plist(["applinks:soarstarter.com", "app links:soarstarter.com"])
        let file = try EntitlementsFile.read(Array(xml.utf8), path: "App/App.entitlements")
        let report = EntitlementsLinter.lint(file)
        let d = try #require(report.diagnostics.first { $0.code == "AASA602" })
        // Line 1 XML declaration, 2 DOCTYPE, 3 <plist>, 4 <dict>, 5 <key>, 6 <array>, 7 and 8 <string>.
        #expect(d.location?.line == 8)
        #expect(d.location?.column == 3)
        #expect(d.pointer == "/com.apple.developer.associated-domains/1")
        #expect(d.file == "App/App.entitlements")
        #expect(d.target == "App/App.entitlements")
        #expect(d.source == .entitlements)
        #expect(d.message.contains("`app links`"))
        #expect(d.hint?.contains("did you mean `applinks`") == true)
        #expect(report.entries.map(\.location?.line) == [7, 8])
    }

    @Test func locationsSurviveCommentsCDATAAndSelfClosingElements() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <!-- <key>com.apple.developer.associated-domains</key> -->
            <dict>
              <key>other</key><array><string>x</string><string/></array>
              <key>com.apple.developer.<![CDATA[associated-domains]]></key>
              <array>
                <string/>
                <string>applinks:one.soarstarter.com</string>   <string>bad entry</string>
              </array>
            </dict>
            </plist>
            """
        let file = try EntitlementsFile.read(Array(xml.utf8))
        let entries = file.associatedDomains.entries
        #expect(entries.map(\.raw) == ["", "applinks:one.soarstarter.com", "bad entry"])
        #expect(entries.map { $0.location.map { "\($0.line):\($0.column)" } } == ["8:5", "9:5", "9:53"])
    }

    @Test func binaryPlistEntriesHaveNoLineButAPointer() throws {
        let xml = F.plist(["applinks:soarstarter.com", "applinks:soarstarter.com"])
        let binary = try binaryPlist(fromXML: xml)
        let file = try EntitlementsFile.read(binary, path: "App.xcent")
        #expect(file.container == .binaryPropertyList)
        let report = EntitlementsLinter.lint(file)
        let d = try #require(report.diagnostics.first { $0.code == "AASA611" })
        #expect(d.location == nil)
        #expect(d.pointer == "/com.apple.developer.associated-domains/1")
    }

    @Test func wrongTypeAndNonStringElements() throws {
        let asString = """
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>\
            <string>applinks:soarstarter.com</string></dict></plist>
            """
        #expect(try F.codes(asString) == ["AASA601"])
        let withInteger = """
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>\
            <array><integer>3</integer><string>applinks:soarstarter.com</string></array></dict></plist>
            """
        let file = try EntitlementsFile.read(Array(withInteger.utf8))
        let report = EntitlementsLinter.lint(file)
        #expect(report.diagnostics.map(\.code.rawValue) == ["AASA601"])
        #expect(report.diagnostics.first?.message.contains("<integer>, not a <string>") == true)
        #expect(report.diagnostics.first?.location?.column == 84)
    }

    @Test func missingAndEmptyEntitlement() throws {
        let none = #"<plist version="1.0"><dict><key>aps-environment</key><string>production</string></dict></plist>"#
        #expect(try F.codes(none) == ["AASA614"])
        #expect(try F.codes(F.plist([])) == ["AASA614"])
    }

    @Test func developerModeDependsOnBuildKind() throws {
        let entries = ["applinks:soarstarter.com?mode=developer"]
        // No marker: taken as release.
        #expect(try F.codes(F.plist(entries), path: "Soar.entitlements") == ["AASA603"])
        // Debug-only file names.
        #expect(try F.codes(F.plist(entries), path: "ios/Runner/RunnerDebug.entitlements") == [])
        #expect(try F.codes(F.plist(entries), path: "App-Dev.entitlements") == [])
        #expect(try F.codes(F.plist(entries), path: "Soar_development.entitlements") == [])
        // Release file names win over nothing, but a development signature wins over names.
        #expect(try F.codes(F.plist(entries), path: "Telegram-iOS-AppStoreLLC.entitlements") == ["AASA603"])
        let devSigned = F.plist(entries, extra: "\t<key>get-task-allow</key>\n\t<true/>")
        #expect(try F.codes(devSigned, path: "Release.xcent") == [])
        let distSigned = F.plist(entries, extra: "\t<key>get-task-allow</key>\n\t<false/>")
        #expect(try F.codes(distSigned, path: "AppDebug.xcent") == ["AASA603"])
        // Managed mode alone is for apps MDM deploys, release builds included: no AASA603,
        // but it needs the MDM-managed entitlement (AASA620). With developer mode it counts.
        #expect(try F.codes(F.plist(["applinks:soarstarter.com?mode=managed"])) == ["AASA620"])
        let mdm = "\t<key>com.apple.developer.associated-domains.mdm-managed</key>\n\t<true/>"
        #expect(try F.codes(F.plist(["applinks:intranet.soarstarter.com?mode=managed"], extra: mdm), path: "Soar.entitlements") == [])
        #expect(try F.codes(F.plist(["applinks:intranet.soarstarter.com?mode=developer+managed"], extra: mdm), path: "Soar.entitlements")
                    == ["AASA603"])
        let d = try #require(EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(entries).utf8)))
            .diagnostics.first)
        #expect(d.message.contains("`?mode=developer`"))
        #expect(d.message.contains("nothing marks it as development-only"))
    }

    @Test func buildKindNameWords() {
        #expect(BuildKind.nameWords("RunnerDebug") == ["runner", "debug"])
        #expect(BuildKind.nameWords("Telegram-iOS-AppStoreLLC") == ["telegram", "i", "os", "app", "store", "llc"])
        #expect(BuildKind.nameWords("SimpleX (iOS)") == ["simple", "x", "i", "os"])
    }

    @Test func wildcardApexCoverage() throws {
        #expect(try F.codes(F.plist(["applinks:*.soarstarter.com"])) == ["AASA604"])
        #expect(try F.codes(F.plist(["applinks:*.soarstarter.com", "applinks:soarstarter.com"])) == [])
        // The apex entry must be for the same service…
        #expect(try F.codes(F.plist(["applinks:*.soarstarter.com", "webcredentials:soarstarter.com"])) == ["AASA604"])
        // …and usable in the same builds: a developer-mode apex does not cover a normal wildcard.
        #expect(try F.codes(
            F.plist(["applinks:*.soarstarter.com", "applinks:soarstarter.com?mode=developer"]),
            path: "AppDebug.entitlements") == ["AASA604"])
        #expect(try F.codes(
            F.plist(["applinks:*.soarstarter.com?mode=developer", "applinks:soarstarter.com"]),
            path: "AppDebug.entitlements") == [])
    }

    @Test func entriesTheSystemDropsGetNoWildcardCoverageFinding() throws {
        // `*.*.soarstarter.com` is malformed: no advice to add `*.soarstarter.com`.
        let doubled = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["applinks:*.*.soarstarter.com"]).utf8)))
        #expect(doubled.diagnostics.map(\.code.rawValue) == ["AASA601"])
        #expect(try F.codes(F.plist(["applinks:*.soarstarter.com/path"])) == ["AASA601"])
        // An unknown service: no advice to add `applink:soarstarter.com`.
        #expect(try F.codes(F.plist(["applink:*.soarstarter.com"])) == ["AASA602"])
    }

    @Test func portsAndAddresses() throws {
        #expect(try F.codes(F.plist(["applinks:soarstarter.com:8443"])) == ["AASA606"])
        #expect(try F.codes(F.plist(["applinks:203.0.113.7"])) == ["AASA606"])
        #expect(try F.codes(F.plist(["applinks:[2001:db8::1]"])) == ["AASA606"])
        #expect(try F.codes(F.plist(["applinks:203.0.113.7:8443?mode=developer"]), path: "Debug.entitlements") == [])
    }

    @Test func placeholders() throws {
        for host in ["example.com", "www.example.com", "links.example.org", "example.net", "shop.example",
            "yourdomain.com", "www.your-domain.io"]
        {
            #expect(try F.codes(F.plist(["applinks:\(host)"])) == ["AASA608"], "\(host)")
        }
        // `_` is not allowed in a host name, and the name is a template's placeholder.
        #expect(try F.codes(F.plist(["applinks:LINKING_DOMAIN.com"])) == ["AASA601", "AASA608"])
        // Tunnel hosts: only in normal mode.
        #expect(try F.codes(F.plist(["applinks:67e9-76-154-22-254.ngrok-free.app"])) == ["AASA608"])
        #expect(try F.codes(F.plist(["applinks:abc.ngrok-free.app?mode=developer"]), path: "Debug.entitlements") == [])
        #expect(try F.codes(F.plist(["applinks:examples.com", "applinks:counterexample.com"])) == [])
    }

    @Test func duplicates() throws {
        let twice = EntitlementsLinter.lint(try EntitlementsFile.read(Array(
            F.plist(["applinks:soarstarter.com", "webcredentials:soarstarter.com", "applinks:SoarStarter.com"]).utf8)))
        #expect(twice.diagnostics.map(\.code.rawValue) == ["AASA611"])
        #expect(twice.diagnostics.first?.pointer == "/com.apple.developer.associated-domains/2")
        #expect(twice.diagnostics.first?.message == "`applinks:SoarStarter.com` repeats line 7 (`applinks:soarstarter.com`)")
        #expect(twice.diagnostics.first?.hint == "remove the entry on line 9; line 7 keeps the domain")
        let withMode = F.plist(["applinks:soarstarter.com?mode=developer", "applinks:soarstarter.com"])
        #expect(try F.codes(withMode, path: "Debug.entitlements") == ["AASA611"])
        // Different modes of one host are not "with and without".
        let twoModes = F.plist(["applinks:soarstarter.com?mode=developer", "applinks:soarstarter.com?mode=managed"])
        #expect(try F.codes(twoModes, path: "Debug.entitlements") == ["AASA620"])
    }

    @Test func tooManyDomainsIsReportedOnce() throws {
        let many = (0..<40).map { "applinks:d\($0).soarstarter.com" } + (0..<40).map { "webcredentials:d\($0).soarstarter.com" }
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(many).utf8)))
        #expect(report.diagnostics.map(\.code.rawValue) == ["AASA609"])
        #expect(report.diagnostics.first?.message.contains("lists 40 domains") == true)
        #expect(report.diagnostics.first?.pointer == "/com.apple.developer.associated-domains/30")
    }

    @Test func nonASCIIHostSuggestsPunycode() throws {
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(["applinks:*.bücher.de"]).utf8)))
        #expect(report.diagnostics.map(\.code.rawValue) == ["AASA610", "AASA604"])
        #expect(report.diagnostics.first?.hint == "write `applinks:*.xn--bcher-kva.de`")
    }

    @Test func unresolvedVariablesAreNotReportedAsMalformed() throws {
        #expect(try F.codes(F.plist(["applinks:$(LINK_HOST)"])) == ["AASA613"])
        #expect(try F.codes(F.plist(["$(SERVICE):soarstarter.com"])) == ["AASA613"])
        #expect(try F.codes(F.plist(["appclips:*.${associatedDomain}"])) == ["AASA613"])
    }

    @Test func controlCharactersAreEscapedInMessages() throws {
        let xml = F.plist(["applinks:soar&#27;[31mstarter.com"])
        let report = EntitlementsLinter.lint(try EntitlementsFile.read(Array(xml.utf8)))
        let d = try #require(report.diagnostics.first)
        #expect(d.code == "AASA601")
        #expect(!d.message.unicodeScalars.contains { $0.value == 27 })
        #expect(d.message.contains("\\u{1B}"))
    }

    @Test func profileChecks() throws {
        let appID = "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"
        func profile(_ prefix: String, _ bundle: String, grants: Bool) throws -> EntitlementsFile {
            try EntitlementsFile.read(Array(
                CodeDoc.decodedProfilePlist(prefix: prefix, bundleID: bundle, grantsAssociatedDomains: grants).utf8),
                path: "Soar.mobileprovision")
        }
        let good = try profile("K7TQ3ZP2MX", "com.soarstarter.SoarStarterSwift", grants: true)
        #expect(good.profile?.grantsAssociatedDomains == true)
        #expect(EntitlementsLinter.checkProfile(good, appID: appID).isEmpty)
        #expect(EntitlementsLinter.checkProfile(good, appID: "k7tq3zp2mx.com.soarstarter.SoarStarterSwift").isEmpty)

        let lacking = try profile("K7TQ3ZP2MX", "com.soarstarter.SoarStarterSwift", grants: false)
        let d1 = EntitlementsLinter.checkProfile(lacking, appID: nil)
        #expect(d1.map(\.code.rawValue) == ["AASA612"])
        #expect(d1.first?.message.contains("does not grant Associated Domains") == true)
        #expect(d1.first?.file == "Soar.mobileprovision")

        let otherPrefix = EntitlementsLinter.checkProfile(good, appID: "ZZZZZ99999.com.soarstarter.SoarStarterSwift")
        #expect(otherPrefix.map(\.code.rawValue) == ["AASA612"])
        #expect(otherPrefix.first?.message.contains("App ID prefix K7TQ3ZP2MX") == true)

        let otherBundle = EntitlementsLinter.checkProfile(good, appID: "K7TQ3ZP2MX.com.soarstarter.Other")
        #expect(otherBundle.first?.message.contains("bundle id `com.soarstarter.SoarStarterSwift`") == true)

        // A wildcard profile fits any bundle id of its prefix.
        let wildcard = try profile("K7TQ3ZP2MX", "*", grants: true)
        #expect(EntitlementsLinter.checkProfile(wildcard, appID: "K7TQ3ZP2MX.com.other.App").isEmpty)
        #expect(AppIdentity.resolve(argument: nil, file: nil, profile: wildcard) == nil)

        // --profile supplies the app ID and the build kind of an entitlements file.
        let ent = try EntitlementsFile.read(Array(F.plist(["applinks:soarstarter.com?mode=developer"]).utf8),
            path: "Soar.entitlements")
        let report = EntitlementsLinter.lint(ent, profile: good)
        #expect(report.appIdentity == AppIdentity(appID: appID, origin: .profile("Soar.mobileprovision")))
        #expect(report.buildKind.isRelease)
        #expect(report.diagnostics.map(\.code.rawValue) == ["AASA603"])
    }

    @Test func xcentIdentity() throws {
        let xcent = F.plist(["applinks:soarstarter.com"],
            extra: "\t<key>application-identifier</key>\n\t<string>K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift</string>")
        let file = try EntitlementsFile.read(Array(xcent.utf8), path: "Soar.app.xcent")
        let own = EntitlementsLinter.lint(file)
        #expect(own.appIdentity == AppIdentity(appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            origin: .entitlements("Soar.app.xcent")))
        #expect(own.appIdentity?.prefix == "K7TQ3ZP2MX")
        #expect(own.appIdentity?.bundleID == "com.soarstarter.SoarStarterSwift")
        #expect(own.diagnostics.isEmpty)
        let other = EntitlementsLinter.lint(file, appID: "K7TQ3ZP2MX.com.soarstarter.Beta")
        #expect(other.diagnostics.map(\.code.rawValue) == ["AASA612"])
        #expect(other.appIdentity?.origin == .argument)
        // Xcode source files often hold variables here: not an identity.
        let source = F.plist(["applinks:soarstarter.com"],
            extra: "\t<key>application-identifier</key>\n\t<string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>")
        let s = EntitlementsLinter.lint(try EntitlementsFile.read(Array(source.utf8)), appID: "K7TQ3ZP2MX.a.b")
        #expect(s.diagnostics.isEmpty)
        #expect(EntitlementsLinter.lint(try EntitlementsFile.read(Array(source.utf8))).appIdentity == nil)
    }
}

func binaryPlist(fromXML xml: String) throws -> [UInt8] {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: &format)
    return [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
}
