import Testing
@testable import AASACore

/// The cross-checks of one RP ID (webauthn-reference.md §4) with the worked examples of §4.1
/// (RP ID example.com) as a table.
@Suite struct PasskeyChecksTests {
    static let app = "ABCDE12345.com.example.app"
    static let package = "com.example.app"
    static let play = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let upload = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    static func links(_ relations: [String], fingerprints: [String] = [upload]) -> [AssetStatement] {
        let rels = relations.map { "\"delegate_permission/common.\($0)\"" }.joined(separator: ", ")
        let fps = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        return PasskeyInputs.statements(assetLinks: """
        [{"relation": [\(rels)], "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": [\(fps)]}}]
        """)
    }

    static func file(_ text: String) -> WebAuthnFile { WebAuthnFile.parse(Array(text.utf8)) }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var inputs: PasskeyInputs
        /// Warning and error codes expected, in order (infos are checked apart).
        var codes: [String]
        var origins: [String] = []
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "iOS passkeys allowed (checks 4-5 pass)",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com"], appIDs: [app],
                                  webcredentialsApps: ["example.com": [app]]), codes: []),
        Row(name: "entitlement only applinks (check 4)",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["applinks:example.com"]), codes: ["WAN601"]),
        Row(name: "webcredentials:login.example.com for example.com, no AASA listing",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:login.example.com"], appIDs: [app],
                                  webcredentialsApps: ["example.com": []]), codes: ["WAN602", "WAN603"]),
        Row(name: "wildcard entry",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:*.example.com"]), codes: ["WAN602"]),
        Row(name: "AASA lists the app with another case (check 5)",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com"], appIDs: [app],
                                  webcredentialsApps: ["example.com": ["ABCDE12345.com.example.App"]]), codes: ["WAN603"]),
        Row(name: "AASA not readable",
            inputs: PasskeyInputs(rpID: "example.com", appIDs: [app], aasaProblems: ["example.com": "404"]), codes: ["WAN603"]),
        Row(name: "HTTPS callback host with applinks only (check 6)",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "applinks:auth.example.com"],
                                  callbacks: ["https://auth.example.com/cb"]), codes: ["WAN604"]),
        Row(name: "HTTPS callback host's AASA without the app",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "webcredentials:auth.example.com"], appIDs: [app],
                                  webcredentialsApps: ["example.com": [app], "auth.example.com": []], callbacks: ["https://auth.example.com/cb"]),
            codes: ["WAN605"]),
        Row(name: "HTTPS callback fully associated",
            inputs: PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "webcredentials:auth.example.com"], appIDs: [app],
                                  webcredentialsApps: ["example.com": [app], "auth.example.com": [app]], callbacks: ["https://auth.example.com/cb"]),
            codes: []),
        Row(name: "only get_login_creds (check 7, observed 50152)",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: package, assetLinksStatements: links(["get_login_creds"])), codes: ["WAN607"]),
        Row(name: "only handle_all_urls (check 7)",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: package, assetLinksStatements: links(["handle_all_urls"])), codes: ["WAN606"]),
        Row(name: "no statement for the package",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: "com.other", assetLinksStatements: links(["handle_all_urls", "get_login_creds"])),
            codes: ["WAN606", "WAN607"]),
        Row(name: "both relations, upload key only, Play distribution (check 8)",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: package, androidFingerprints: [play],
                                  assetLinksStatements: links(["handle_all_urls", "get_login_creds"])), codes: ["WAN608"]),
        Row(name: "both relations, Play key linked",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: package, androidFingerprints: [play],
                                  assetLinksStatements: links(["handle_all_urls", "get_login_creds"], fingerprints: [upload, play])), codes: []),
        Row(name: "assetlinks.json not readable",
            inputs: PasskeyInputs(rpID: "example.com", androidPackage: package, assetLinksProblem: "status 404"), codes: ["WAN606"]),
        Row(name: "caller www.example.com is same-site, no file",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://www.example.com"]), codes: [], origins: ["same-site"]),
        Row(name: "caller example.co.uk listed",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://example.co.uk"], webauthn: file(#"{"origins":["https://example.co.uk"]}"#), webauthnUsable: true),
            codes: [], origins: ["listed"]),
        Row(name: "caller example.co.uk, entry without scheme",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://example.co.uk"], webauthn: file(#"{"origins":["example.co.uk"]}"#), webauthnUsable: true),
            codes: ["WAN402"], origins: ["not-listed"]),
        Row(name: "related_origins: every related caller fails",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://example.co.uk", "https://login.example.com"],
                                  webauthn: file(#"{"related_origins":["https://example.co.uk"]}"#), webauthnUsable: false),
            codes: ["WAN404"], origins: ["file-invalid", "same-site"]),
        Row(name: "no file fetched",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://example.co.uk"]), codes: ["WAN404"], origins: ["file-invalid"]),
        Row(name: "sixth label",
            inputs: PasskeyInputs(rpID: "example.com", webOrigins: ["https://foo.com"],
                                  webauthn: file(#"{"origins":["https://a.com","https://b.com","https://c.com","https://d.com","https://e.com","https://foo.com"]}"#), webauthnUsable: true),
            codes: ["WAN403"], origins: ["label-limit"]),
        Row(name: "RP ID a public suffix (check 1)", inputs: PasskeyInputs(rpID: "co.uk", webOrigins: ["https://a.co.uk"]), codes: ["WAN401"]),
        Row(name: "RP ID upper case", inputs: PasskeyInputs(rpID: "Example.com"), codes: ["WAN401"]),
        Row(name: "RP ID an IP address", inputs: PasskeyInputs(rpID: "192.0.2.1"), codes: ["WAN401"]),
        Row(name: "RP ID with a port", inputs: PasskeyInputs(rpID: "example.com:8443"), codes: ["WAN401"]),
    ]

    @Test(arguments: rows) func workedExamples(_ row: Row) {
        let report = PasskeyChecks.run(row.inputs)
        let loud = report.diagnostics.filter { $0.severity >= .warning }
        #expect(loud.map(\.code.rawValue) == row.codes, "\(loud.map(\.message))")
        #expect(report.origins.map(\.reason.rawValue) == row.origins)
        #expect(report.origins.map(\.accepted) == row.origins.map { $0 == "same-site" || $0 == "listed" })
    }

    /// Check 9: the origins the server sees (the reference's fingerprint 14:6D:…:E5).
    @Test func serverOrigins() throws {
        let origin = try #require(PasskeyChecks.apkKeyHashOrigin(Self.play))
        #expect(origin == "android:apk-key-hash:FG3pg8VzBlDY7rmVLzT8ZBagg0LmHb6oigSWsj_PROU")
        #expect(origin.dropFirst("android:apk-key-hash:".count).count == 43)
        #expect(PasskeyChecks.apkKeyHashOrigin(Self.play.replacingOccurrences(of: ":", with: "")) == origin)
        #expect(PasskeyChecks.apkKeyHashOrigin("14:6D") == nil)
        #expect(PasskeyChecks.base64url([0xFB, 0xFF]) == "-_8")
        #expect(PasskeyChecks.base64url(Array("f".utf8)) == "Zg")
        #expect(PasskeyChecks.base64url(Array("fo".utf8)) == "Zm8")
        let report = PasskeyChecks.run(PasskeyInputs(rpID: "example.com", appIDs: [Self.app], webcredentialsApps: ["example.com": [Self.app]],
                                                     androidPackage: Self.package, androidFingerprints: [Self.play],
                                                     assetLinksStatements: Self.links(["handle_all_urls", "get_login_creds"], fingerprints: [Self.play])))
        #expect(report.serverOrigins == ["https://example.com", origin])
        #expect(report.diagnostics.map(\.code) == [.wan609])
    }

    @Test func messagesSayWhatToChange() throws {
        let caseRow = PasskeyChecks.run(PasskeyInputs(rpID: "example.com", appIDs: [Self.app], webcredentialsApps: ["example.com": ["ABCDE12345.com.example.App"]]))
        #expect(caseRow.diagnostics.first?.message.contains("case-sensitively") == true)
        let applinks = PasskeyChecks.run(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "applinks:auth.example.com"],
                                                       callbacks: ["https://auth.example.com/cb"]))
        let d = try #require(applinks.diagnostics.first { $0.code == .wan604 })
        #expect(d.message.contains("applinks:auth.example.com is there") && d.hint?.contains("webcredentials:auth.example.com") == true)
    }

    /// Check 11: an association made on a related origin instead of the RP ID is WAN610 (info,
    /// beside the RP ID's own finding); made on the RP ID (too), or on a same-site host, it is not.
    @Test func associationOnlyOnARelatedOrigin() throws {
        let file = Self.file(#"{"origins":["https://example.co.uk", "https://www.example.com"]}"#)
        func related(_ i: PasskeyInputs) -> [Diagnostic] { PasskeyChecks.run(i).diagnostics.filter { $0.code == .wan610 } }
        // Apple, the entitlement: webcredentials for the related origin only.
        let entitlement = related(PasskeyInputs(rpID: "example.com", associatedDomains: ["applinks:example.com", "webcredentials:example.co.uk"],
                                                webauthn: file, webauthnUsable: true))
        let e = try #require(entitlement.first)
        #expect(entitlement.count == 1)
        #expect(e.severity == .info && e.source == .entitlements && e.target == "example.com")
        #expect(e.message == "the entitlement has webcredentials:example.co.uk for the related origin example.co.uk, not webcredentials:example.com: an app signs in with the RP ID's own association; a related origin needs none for web passkeys and its own does not count for example.com")
        #expect(e.hint?.hasPrefix("Add webcredentials:example.com to com.apple.developer.associated-domains") == true)
        #expect(PasskeyChecks.run(PasskeyInputs(rpID: "example.com", associatedDomains: ["applinks:example.com", "webcredentials:example.co.uk"],
                                                webauthn: file, webauthnUsable: true)).diagnostics.map(\.code).contains(.wan601))
        #expect(related(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "webcredentials:example.co.uk"],
                                      webauthn: file, webauthnUsable: true)).isEmpty)
        // A --web-origin is a related origin too; a same-site one is not.
        #expect(related(PasskeyInputs(rpID: "example.com", webOrigins: ["https://example.de"], associatedDomains: ["webcredentials:example.de"])).count == 1)
        #expect(related(PasskeyInputs(rpID: "example.com", webOrigins: ["https://www.example.com"], associatedDomains: ["webcredentials:www.example.com"])).isEmpty)
        // Apple, the files: the related host lists the app, the RP ID does not.
        let aasa = related(PasskeyInputs(rpID: "example.com", appIDs: [Self.app], webcredentialsApps: ["example.com": [], "example.co.uk": [Self.app]],
                                         webauthn: file, webauthnUsable: true))
        #expect(aasa.map(\.message) == ["https://example.co.uk/.well-known/apple-app-site-association lists \(Self.app) in webcredentials.apps, but passkeys for the RP ID example.com read https://example.com/.well-known/apple-app-site-association, which does not: an app signs in with the RP ID's own association; a related origin needs none for web passkeys and its own does not count for example.com"])
        #expect(aasa.first?.hint == "Add \"\(Self.app)\" to webcredentials.apps in https://example.com/.well-known/apple-app-site-association; the related origin's file needs no change.")
        #expect(related(PasskeyInputs(rpID: "example.com", appIDs: [Self.app], webcredentialsApps: ["example.com": [Self.app], "example.co.uk": [Self.app]],
                                      webauthn: file, webauthnUsable: true)).isEmpty)
        // Android: the related host's assetlinks.json links the package, the RP ID's grants one relation.
        let android = related(PasskeyInputs(rpID: "example.com", androidPackage: Self.package, assetLinksStatements: Self.links(["handle_all_urls"]),
                                            relatedAssetLinks: ["example.co.uk": Self.links(["handle_all_urls", "get_login_creds"])], webauthn: file, webauthnUsable: true))
        #expect(android.count == 1)
        #expect(android.first?.message.hasPrefix("https://example.co.uk/.well-known/assetlinks.json grants com.example.app delegate_permission/common.get_login_creds and delegate_permission/common.handle_all_urls, but Credential Manager validates the RP ID example.com with https://example.com/.well-known/assetlinks.json only") == true)
        #expect(android.first?.file == "example.com/.well-known/assetlinks.json")
        #expect(related(PasskeyInputs(rpID: "example.com", androidPackage: Self.package, assetLinksStatements: Self.links(["handle_all_urls", "get_login_creds"]),
                                      relatedAssetLinks: ["example.co.uk": Self.links(["handle_all_urls", "get_login_creds"])], webauthn: file, webauthnUsable: true)).isEmpty)
    }

    /// Which related files check 11 reads: only where the RP ID's own association is missing,
    /// related hosts only (not same-site ones), at most `limit` each.
    @Test func relatedFilesAreReadOnlyWhereTheRPIDLacksTheAssociation() {
        let many = Self.file(#"{"origins":["https://a.com","https://b.com","https://www.example.com","https://c.com","https://d.com","https://e.com","https://f.com"]}"#)
        let missing = PasskeyInputs(rpID: "example.com", webOrigins: ["https://z.com"], appIDs: [Self.app], webcredentialsApps: ["example.com": []],
                                    androidPackage: Self.package, assetLinksStatements: Self.links(["get_login_creds"]), webauthn: many, webauthnUsable: true)
        #expect(PasskeyChecks.relatedHosts(missing) == ["z.com", "a.com", "b.com", "c.com", "d.com", "e.com", "f.com"])
        let read = PasskeyChecks.relatedFilesToRead(missing)
        #expect(read.aasa == ["z.com", "a.com", "b.com", "c.com", "d.com"])
        #expect(read.assetLinks == ["z.com", "a.com", "b.com", "c.com", "d.com"])
        var fine = missing
        fine.webcredentialsApps = ["example.com": [Self.app], "z.com": []]
        fine.assetLinksStatements = Self.links(["get_login_creds", "handle_all_urls"])
        #expect(PasskeyChecks.relatedFilesToRead(fine).aasa.isEmpty)
        #expect(PasskeyChecks.relatedFilesToRead(fine).assetLinks.isEmpty)
        fine.webcredentialsApps = ["example.com": [], "z.com": []]
        #expect(PasskeyChecks.relatedFilesToRead(fine, limit: 2).aasa == ["a.com", "b.com"])
    }
}
