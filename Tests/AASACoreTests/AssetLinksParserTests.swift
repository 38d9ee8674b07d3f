import Testing
@testable import AASACore

/// The statement list as Google parses it (spec `assetlinks-reference.md` §2) and the
/// findings beyond Google's (§2, §3).
@Suite struct AssetLinksParserTests {
    static let fp = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let app = #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.app", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}"#

    static func parse(_ text: String) -> StatementListFile { StatementListParser.parse(Array(text.utf8), url: "https://shop.example/.well-known/assetlinks.json") }

    struct Row: Sendable, CustomTestStringConvertible {
        var text: String
        /// The codes expected, in file order.
        var codes: [String]
        /// Statements that survive.
        var statements: Int
        var testDescription: String { text }
    }

    static func app(package: String = "com.shopwave.app", fingerprint: String = fp, relation: String = "\"delegate_permission/common.handle_all_urls\"") -> String {
        #"{"relation": [\#(relation)], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
    }

    static let rows: [Row] = [
        Row(text: "[\(app)]", codes: [], statements: 1),
        Row(text: "[]", codes: ["DAL301"], statements: 0),
        Row(text: "[\(app),]", codes: ["DAL203"], statements: 0),
        Row(text: "\u{FEFF}[\(app)]", codes: ["DAL202"], statements: 0),
        Row(text: "[\(app)", codes: ["DAL201"], statements: 0),
        Row(text: app, codes: ["DAL206"], statements: 0),
        Row(text: "42", codes: ["DAL206"], statements: 0),
        Row(text: "", codes: ["DAL201"], statements: 0),
        // comptest2003: a bad element is skipped, the others count.
        Row(text: "[{}, \(app), 7]", codes: ["DAL302", "DAL302"], statements: 1),
        Row(text: #"[{"target": {"namespace": "web", "site": "https://shop.example"}}]"#, codes: ["DAL303"], statements: 0),
        Row(text: #"[{"relation": "delegate_permission/common.get_login_creds", "target": {"namespace": "web", "site": "https://shop.example"}}]"#, codes: ["DAL303"], statements: 0),
        Row(text: #"[{"relation": [{}], "target": {"namespace": "web", "site": "https://shop.example"}}]"#, codes: ["DAL303"], statements: 0),
        Row(text: "[\(app(relation: "\"delegate_permission/*\""))]", codes: ["DAL303"], statements: 0),
        Row(text: "[\(app(relation: "\"Delegate_permission/common.handle_all_urls\""))]", codes: ["DAL303"], statements: 0),
        Row(text: "[\(app(relation: ""))]", codes: ["DAL312"], statements: 1),
        Row(text: "[\(app(relation: "\"navigate/yellow_brick_road\""))]", codes: ["DAL316"], statements: 1),
        Row(text: "[\(app(relation: "\"delegate_permission/common.write_on_the_walls\""))]", codes: ["DAL317"], statements: 1),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"]}]"#, codes: ["DAL304"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": "https://shop.example"}]"#, codes: ["DAL304"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "internets", "site": "https://shop.example"}}]"#, codes: ["DAL304"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "ios_app", "appid": "1"}}]"#, codes: ["DAL311"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web"}}]"#, codes: ["DAL305"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://shop.example:999999"}}]"#, codes: ["DAL305"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://shop.example/*"}}]"#, codes: ["DAL305"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "HtTpS://Shop.Example.:443"}}]"#, codes: [], statements: 1),
        Row(text: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "http://shop.example"}}]"#, codes: ["DAL318"], statements: 1),
        Row(text: "[\(app(package: ""))]", codes: ["DAL306"], statements: 0),
        Row(text: "[\(app(package: "com.example.app"))]", codes: ["DAL314"], statements: 1),
        Row(text: "[\(app(package: "shopwave"))]", codes: ["DAL315"], statements: 1),
        // Placeholder words are whole characters: `replace` with a combining accent is not one
        // (the name is still no Java package name), nor is `TODO` with a diaeresis.
        Row(text: "[\(app(package: "com.replace_me.app"))]", codes: ["DAL314"], statements: 1),
        Row(text: "[\(app(package: "com.replace\u{301}.app"))]", codes: ["DAL315"], statements: 1),
        Row(text: "[\(app(fingerprint: "TODO\u{308}"))]", codes: ["DAL308"], statements: 0),
        Row(text: "[\(app(fingerprint: fp.lowercased()))]", codes: ["DAL308"], statements: 0),
        Row(text: "[\(app(fingerprint: "REPLACE_WITH_PLAY_APP_SIGNING_SHA256"))]", codes: ["DAL308"], statements: 0),
        Row(text: "[\(app(fingerprint: String(repeating: "00:", count: 31) + "00"))]", codes: ["DAL314"], statements: 1),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.app", "sha256_cert_fingerprints": []}}]"#, codes: ["DAL307"], statements: 0),
        Row(text: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.app", "sha256_cert_fingerprint": ["14:6D"]}}]"#, codes: ["DAL307", "DAL310"], statements: 0),
        Row(text: #"[{"include": "https://shop.example/more.json"}]"#, codes: [], statements: 0),
        Row(text: #"[{"include": "https://shop.example/more.json", "target": {"namespace": "web", "site": "https://shop.example"}}]"#, codes: ["DAL309"], statements: 0),
        Row(text: #"[{"include": "mailto://user@shop.example"}]"#, codes: ["DAL309"], statements: 0),
        Row(text: #"[{"include": "https://shop.example:999999"}]"#, codes: ["DAL309"], statements: 0),
        Row(text: #"[{"include": "https://shop.example/more.json", "note": "central list"}]"#, codes: ["DAL310"], statements: 0),
    ]

    /// What a placeholder is, whole characters compared: the ASCII words by their bytes, and
    /// a word followed by a combining mark is another character, so no placeholder.
    @Test func placeholderWordsAreWholeCharacters() {
        #expect(CertificateFingerprint.looksLikePlaceholder("TODO"))
        #expect(CertificateFingerprint.looksLikePlaceholder("<sha256 of the upload key>"))
        #expect(!CertificateFingerprint.looksLikePlaceholder("TODO\u{308}"))
        #expect(!CertificateFingerprint.looksLikePlaceholder("<\u{338}"))
        #expect(AndroidPackageName.looksLikePlaceholder("com.shop.${applicationId}"))
        #expect(AndroidPackageName.looksLikePlaceholder("com.Replace.app"))
        #expect(!AndroidPackageName.looksLikePlaceholder("com.replace\u{301}.app"))
        #expect(!AndroidPackageName.looksLikePlaceholder("com.shopwave.app"))
        let todo = Self.parse("[\(Self.app(fingerprint: "TODO\u{308}"))]").diagnostics.first
        #expect(todo?.message.contains("placeholder") == false, "\(todo?.message ?? "")")
    }

    @Test(arguments: rows)
    func readsAsGoogleDoes(_ row: Row) {
        let file = Self.parse(row.text)
        #expect(file.diagnostics.map(\.code.rawValue) == row.codes, "\(file.diagnostics.map(\.message))")
        #expect(file.statements.count == row.statements)
    }

    /// Every finding Google would report carries MALFORMED_CONTENT; the others carry none.
    @Test func googleFindingsCarryTheirErrorCode() {
        for row in Self.rows {
            for d in Self.parse(row.text).diagnostics {
                let google = d.severity == .error && d.code != .dal301
                #expect((d.dalErrorCode == DALErrorCode.malformedContent.rawValue) == google, "\(d.code): \(d.message)")
            }
        }
    }

    @Test func statementsKeepTheirPlace() throws {
        let text = "[\n  {},\n  \(Self.app)\n]"
        let file = Self.parse(text)
        let s = try #require(file.statements.first)
        #expect(s.place.pointer == "/1")
        #expect(s.place.location?.line == 3 && s.place.location?.column == 3)
        #expect(s.place.file == "https://shop.example/.well-known/assetlinks.json")
        #expect(s.place.depth == 0)
        #expect(s.target == .androidApp(AndroidAppTarget(packageName: "com.shopwave.app", fingerprints: [Self.fp])))
        let bad = try #require(file.diagnostics.first)
        #expect(bad.pointer == "/0" && bad.location?.line == 2)
    }

    /// §2.3: the exact defect of a fingerprint, with the corrected spelling when recoverable.
    @Test func fingerprintDefects() {
        let lower = CertificateFingerprint.defect(Self.fp.lowercased())
        #expect(lower?.corrected == Self.fp && lower?.reason.contains("lower case") == true)
        let bare = CertificateFingerprint.defect(Self.fp.replacingOccurrences(of: ":", with: ""))
        #expect(bare?.corrected == Self.fp)
        #expect(CertificateFingerprint.defect(Self.fp.replacingOccurrences(of: ":", with: " "))?.corrected == Self.fp)
        #expect(CertificateFingerprint.defect(" " + Self.fp + " ")?.corrected == Self.fp)
        #expect(CertificateFingerprint.defect(String(Self.fp.dropFirst(3)))?.reason == "it is 31 bytes; a SHA-256 fingerprint is 32")
        #expect(CertificateFingerprint.defect(String(repeating: "AB:", count: 19) + "CD")?.reason.contains("SHA-1") == true)
        #expect(CertificateFingerprint.defect("GG:HH" + Self.fp.dropFirst(5))?.corrected == nil)
        #expect(CertificateFingerprint.defect("")?.reason == "it is empty")
        #expect(CertificateFingerprint.defect("REPLACE_WITH_PLAY_APP_SIGNING_SHA256")?.isPlaceholder == true)
        #expect(CertificateFingerprint.defect(Self.fp) == nil)
    }

    @Test func siteNormalisation() throws {
        let a = try AssetLinksSite.parse("HTTPS://Shop.Example.:443").get()
        #expect(a == AssetLinksSite(scheme: "https", host: "shop.example"))
        #expect(a.origin == "https://shop.example" && a.googleSpelling == "https://shop.example.")
        let b = try AssetLinksSite.parse("https://shop.example:444").get()
        #expect(b != a && b.googleSpelling == "https://shop.example.:444")
        #expect(try AssetLinksSite.parse("http://shop.example:80").get() == AssetLinksSite(scheme: "http", host: "shop.example"))
        #expect(try AssetLinksSite.parse("http://shop.example").get() != a)
        for bad in ["shop.example", "mailto://x@shop.example", "https://u:p@shop.example", "https://shop.example?x",
                    "https://shop.example#x", "https://shop.example/", "https://shop.example:0", "https://", "https://caf\u{E9}.example"] {
            #expect(throws: SiteDefect.self) { try AssetLinksSite.parse(bad).get() }
        }
    }

    @Test func relationGrammar() {
        #expect(AssetLinksRelation.defect("delegate_permission/common.handle_all_urls") == nil)
        #expect(AssetLinksRelation.defect("navigate/yellow_brick_road") == nil)
        #expect(AssetLinksRelation.defect("delegate_permission/")?.hasPrefix("Invalid 'detail'") == true)
        #expect(AssetLinksRelation.defect(" delegate_permission/x")?.hasPrefix("Invalid 'kind'") == true)
        #expect(AssetLinksRelation.defect("a/b/c")?.hasPrefix("Invalid relation string") == true)
        #expect(AssetLinksRelation.defect("")?.hasPrefix("Invalid relation string") == true)
    }

    /// A list of half a million bad elements gives a bounded number of findings.
    @Test func findingsAreFoldedPerCode() {
        let text = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
        let file = Self.parse(text)
        #expect(file.elementCount == 200_000)
        // DAL107 (400 KB is unusually large), 100 DAL302, one folded line.
        #expect(file.diagnostics.count == FindingSink.perCodeLimit + 2)
        #expect(file.diagnostics.contains(code: .dal107))
        #expect(file.diagnostics.last?.message.hasPrefix("199900 more findings") == true)
    }

    @Test func tooLargeIsNotRead() {
        let text = "[\(Self.app)]" + String(repeating: " ", count: StatementListParser.maxBytes)
        let file = Self.parse(text)
        #expect(file.isVoid && file.statements.isEmpty)
        #expect(file.diagnostics.map(\.code.rawValue) == ["DAL106"])
        #expect(file.diagnostics.first?.dalErrorCode == DALErrorCode.tooLarge.rawValue)
    }

    /// The cross-statement checks of a local file.
    @Test func crossChecks() {
        let other = #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.seller", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}"#
        let v = AssetLinksValidator.validate(Array("[\(Self.app), \(other), \(Self.app)]".utf8))
        #expect(v.diagnostics.map(\.code.rawValue) == ["DAL313", "DAL319"])
        #expect(v.diagnostics.first?.pointer == "/2")
        #expect(v.resolved.listing().count == 2)
    }
}
