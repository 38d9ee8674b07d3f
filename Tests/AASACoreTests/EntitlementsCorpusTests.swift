import Foundation
import Testing
@testable import AASACore

/// The real entitlements of Tests/Fixtures/entitlements (copied from ../shared/corpus, origin in
/// SOURCES.tsv): each is read, and each oddity SOURCES.tsv notes is reported with its code.
@Suite struct EntitlementsCorpusTests {
    typealias F = EntitlementsFixtures

    /// File → codes expected (sorted), with the oddity from SOURCES.tsv that calls for them.
    static let expected: [String: [String]] = [
        "AerovekCommunity__Chartr.iOS__Chartr_Chartr_ChartrDebug.entitlements": [],
        // "applinks example.com + www.example.com placeholders (tutorial)"
        "AgoraIO-Community__Universal-Links-SwiftUI__AgoraUniversalLinks_AgoraUniversalLinks_AgoraUniversalLinks.entitlements":
            ["AASA608", "AASA608"],
        "AppsFlyerLiang__Attributable__ios_Runner_RunnerDebug.entitlements": [],
        "Expensify__App__ios_NewExpensify_Chat.entitlements": [],
        "Freegle__iznik-nuxt3__ios_App_App_App.entitlements": [],
        "HeliumEdu__frontend__ios_Runner_RunnerDebug.entitlements": [],
        // "applinks:…?mode=developer + webcredentials without mode": a mode in a file not marked Debug
        "Jaron-Lowe__ios-demos__Associated_Domains_Example_Associated_Domains_Example_Associated_Domains_Example.entitlements":
            ["AASA603"],
        "PhiZone__player__ios_App_App_App.entitlements": [],
        // "associated-domains key present with EMPTY <array/>"
        "PhiZone__player__ios_App_App_App.entitlements@0c2e88d": ["AASA614"],
        "TelegramMessenger__Telegram-iOS__Telegram-iOS_Telegram-iOS-AppStoreLLC.entitlements": [],
        "WelcometoMyGarden__welcometomygarden__ios_App_App_AppDebug.entitlements": [],
        "adammharris__diaryx__src-tauri_gen_apple_diaryx_iOS_diaryx_iOS.entitlements": [],
        "artsy__eigen__Artsy_App_Resources_Artsy.entitlements": [],
        // "webcredentials only; build-setting vars elsewhere": the variables are not in the domains
        "bitwarden__ios__Bitwarden_Application_Support_Bitwarden.entitlements": [],
        "coracle-social__flotilla__ios_App_Flotilla_Chat.entitlements": [],
        // "webcredentials with ?mode=developer (passkeys, Tauri)" in the app's only entitlements file
        "dkackman__tauri-plugin-passkey__examples_webauthn_src-tauri_gen_apple_webauthn_iOS_webauthn_iOS.entitlements":
            ["AASA603"],
        "kickstarter__ios-oss__Kickstarter-iOS_Debug.entitlements": [],
        // "same domain twice: plain AND ?mode=developer in shipped entitlement"
        "simplex-chat__simplex-chat__apps_ios_SimpleX__iOS_.entitlements": ["AASA603", "AASA611"],
        // "ephemeral ngrok host + 'webcredentials:localhost?mode=developer' (localhost, not a FQDN)":
        // the ngrok host twice (normal mode), localhost allowed in developer mode but in a release-looking file
        "wadearnold__passkey-demo__frontend-swift_PasskeyDemo_PasskeyDemo.entitlements":
            ["AASA603", "AASA608", "AASA608"],
        "wem-technology__ios-webxr__HelloXRClip.entitlements": [],
        // "TEMPLATE: 'appclips:${associatedDomain}' unexpanded variable as domain"
        "wem-technology__ios-webxr__MainApp.entitlements": ["AASA613"],
        // "WILDCARD … *.wikipedia.org plus apex": every wildcard has its apex, so no AASA604
        "wikimedia__wikipedia-ios__Wikipedia_Wikipedia.entitlements": [],
    ]

    static func corpusFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: F.corpus.path).filter { $0 != "SOURCES.tsv" && $0 != "README.md" }.sorted()
    }

    @Test func everyFixtureHasAnExpectationAndAnAttribution() throws {
        let files = try Self.corpusFiles()
        #expect(files.count == 22)
        #expect(Set(files) == Set(Self.expected.keys))
        let tsv = try String(contentsOf: F.corpus.appendingPathComponent("SOURCES.tsv"), encoding: .utf8)
        let rows = tsv.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.allSatisfy { $0.count == 5 && $0[3].count == 40 })
        #expect(Set(rows.map { String($0[0]) }) == Set(files))
    }

    @Test(arguments: try corpusFiles())
    func corpusFileFindings(name: String) throws {
        let report = try F.lint(F.corpus.appendingPathComponent(name))
        let codes = report.diagnostics.map(\.code.rawValue).sorted()
        #expect(codes == Self.expected[name], "\(name): \(report.diagnostics.map { "\($0.code) \($0.message)" })")
        // Every finding about an entry is placed on its <string> element.
        for d in report.diagnostics where d.code != "AASA614" {
            #expect(d.location != nil, "\(name) \(d.code) has no line")
        }
        #expect(report.entries.allSatisfy { $0.location != nil })
    }

    @Test func specificCorpusFacts() throws {
        let wiki = try F.lint(F.corpus.appendingPathComponent("wikimedia__wikipedia-ios__Wikipedia_Wikipedia.entitlements"))
        #expect(wiki.entries.map(\.isWildcard) == [true, true, true, false, false, false])
        #expect(wiki.entries.map(\.service) == [.applinks, .webcredentials, .activitycontinuation,
            .applinks, .activitycontinuation, .webcredentials])
        #expect(wiki.entries.allSatisfy { $0.fileHost == "wikipedia.org" })

        // CRLF line endings: lines still count from 1 by \n, columns start after the tab.
        let helium = try F.lint(F.corpus.appendingPathComponent("HeliumEdu__frontend__ios_Runner_RunnerDebug.entitlements"))
        #expect(helium.entries.map { $0.location?.line } == [9, 10, 11, 12, 13])
        #expect(helium.entries.allSatisfy { $0.location?.column == 3 })
        #expect(helium.entries.last?.host == "app.heliumedu.com")

        let simplex = try F.lint(F.corpus.appendingPathComponent("simplex-chat__simplex-chat__apps_ios_SimpleX__iOS_.entitlements"))
        let dup = try #require(simplex.diagnostics.first { $0.code == "AASA611" })
        #expect(dup.location?.line == 11)
        #expect(dup.message.contains("with a mode, after line 9"))

        let pass = try F.lint(F.corpus.appendingPathComponent("wadearnold__passkey-demo__frontend-swift_PasskeyDemo_PasskeyDemo.entitlements"))
        #expect(pass.entries[1].host == "localhost")
        #expect(pass.entries[1].malformations.isEmpty)
        #expect(pass.diagnostics.first { $0.code == "AASA608" }?.message.contains("temporary tunnel host") == true)

        let clip = try F.lint(F.corpus.appendingPathComponent("wem-technology__ios-webxr__MainApp.entitlements"))
        #expect(clip.diagnostics.first?.message.contains("`${associatedDomain}`") == true)
    }
}
