import Testing
@testable import AASACore

/// The worked examples of spec `assetlinks-reference.md` §6.1 (statement lists, query = check),
/// each row: the file (and its includes), the question, Google's expected answer and
/// aasa-check's finding.
@Suite struct AssetLinksWorkedExamplesTests {
    typealias T = AssetLinksSiteTestSupport
    static let zero = String(repeating: "00:", count: 31) + "00"
    static let f1 = String(repeating: "11:", count: 31) + "11"
    static let f2 = String(repeating: "22:", count: 31) + "22"

    static func app(_ fps: [String], package: String = "org.x", relation: String = AssetLinksRelation.handleAllURLs) -> String {
        #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": [\#(fps.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#
    }

    static func web(_ site: String, relation: String = AssetLinksRelation.getLoginCreds) -> String {
        #"{"relation": ["\#(relation)"], "target": {"namespace": "web", "site": "\#(site)"}}"#
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var includes: [String: String] = [:]
        var relation: String
        var target: AssetLinksAsset
        var linked: Bool
        var outcome: GoogleAnswer.Outcome
        var errorCodes: [DALErrorCode] = []
        /// A finding aasa-check must report (nil: none at error level).
        var code: String?
        var testDescription: String { name }
    }

    static let handle = AssetLinksRelation.handleAllURLs
    static let creds = AssetLinksRelation.getLoginCreds
    static func site(_ s: String) -> AssetLinksAsset { .web(try! AssetLinksSite.parse(s).get()) }

    static let rows: [Row] = [
        Row(name: "comptest2301 all-zero certificate", file: "[\(app([zero]))]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: zero), linked: true, outcome: .success, code: "DAL314"),
        Row(name: "comptest2302 second fingerprint", file: "[\(app([f1, f2]))]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: f2), linked: true, outcome: .success),
        Row(name: "comptest2312 lower case", file: "[\(app([T.fp.lowercased()]))]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL308"),
        Row(name: "comptest2002 empty list", file: "[]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError, code: "DAL301"),
        Row(name: "comptest2003 bad element skipped", file: "[\(web("https://t.example")), {}, \(app([T.fp]))]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: true, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL302"),
        Row(name: "comptest2009 object", file: app([T.fp]), relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL206"),
        Row(name: "comptest2008 trailing comma", file: "[\(app([T.fp])),]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL203"),
        Row(name: "comptest2004 include with a target", file: #"[{"include": "https://shop.example/x.json", "target": {"namespace": "web", "site": "https://t.example"}}]"#,
            includes: ["/x.json": "[\(web("https://t.example"))]"], relation: creds,
            target: site("https://t.example"), linked: false, outcome: .fetchError, errorCodes: [.malformedContent], code: "DAL309"),
        Row(name: "comptest2110 wildcard relation", file: "[\(app([T.fp], relation: "delegate_permission/*"))]", relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL303"),
        Row(name: "2100 navigate kind", file: "[\(web("https://t.example", relation: "navigate/yellow_brick_road"))]", relation: "navigate/yellow_brick_road",
            target: site("https://t.example"), linked: true, outcome: .success, code: "DAL316"),
        Row(name: "comptest2204 trailing dot", file: "[\(web("https://t.example."))]", relation: creds,
            target: site("https://t.example"), linked: true, outcome: .success),
        Row(name: "comptest2212 trailing slash", file: "[\(web("https://t.example/"))]", relation: creds,
            target: site("https://t.example"), linked: false, outcome: .fetchError, errorCodes: [.malformedContent], code: "DAL305"),
        Row(name: "comptest4405 explicit default port", file: "[\(web("https://t.example:443"))]", relation: creds,
            target: site("https://t.example"), linked: true, outcome: .success),
        Row(name: "comptest4406 other port", file: "[\(web("https://t.example:444"))]", relation: creds,
            target: site("https://t.example"), linked: false, outcome: .success),
        Row(name: "comptest4403 http site", file: "[\(web("http://t.example"))]", relation: creds,
            target: site("https://t.example"), linked: false, outcome: .success, code: "DAL318"),
        Row(name: "comptest5006 https includes http", file: #"[{"include": "http://shop.example/x.json"}]"#,
            includes: ["/x.json": "[\(app([T.fp]))]"], relation: handle,
            target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.secureAssetIncludesInsecure], code: "DAL111"),
        Row(name: "comptest5005 include loop", file: T.includes("/b.json"),
            includes: ["/b.json": "[\(app([T.fp])), {\"include\": \"https://shop.example/c.json\"}]", "/c.json": T.includes("/b.json")],
            relation: handle, target: .androidApp(packageName: "org.x", fingerprint: T.fp), linked: true, outcome: .fetchError,
            errorCodes: [.fetchBudgetExhausted], code: "DAL112"),
        Row(name: "comptest5003 invalid include voided", file: T.includes("/u1.json", "/u2.json"),
            includes: ["/u1.json": "[\(app([T.fp], package: "org.s1")), {INVALID_JSON}]", "/u2.json": "[\(app([T.fp], package: "org.s2"))]"],
            relation: handle, target: .androidApp(packageName: "org.s1", fingerprint: T.fp), linked: false, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL201"),
        Row(name: "comptest5003 sibling include counts", file: T.includes("/u1.json", "/u2.json"),
            includes: ["/u1.json": "[\(app([T.fp], package: "org.s1")), {INVALID_JSON}]", "/u2.json": "[\(app([T.fp], package: "org.s2"))]"],
            relation: handle, target: .androidApp(packageName: "org.s2", fingerprint: T.fp), linked: true, outcome: .fetchError,
            errorCodes: [.malformedContent], code: "DAL201"),
        Row(name: "comptest5002 invalid include, own statements count", file: "[\(app([T.fp])), {\"include\": \"https://shop.example/u.json\"}]",
            includes: ["/u.json": "INVALID_JSON"], relation: handle, target: .androidApp(packageName: "org.x", fingerprint: T.fp),
            linked: true, outcome: .fetchError, errorCodes: [.malformedContent], code: "DAL201"),
    ]

    @Test(arguments: rows)
    func answersAsTheReferenceSays(_ row: Row) {
        let resolved = T.resolve(row.file, row.includes)
        let answer = resolved.googleCheck(relation: row.relation, target: row.target)
        #expect(answer.linked == row.linked)
        #expect(answer.outcome == row.outcome, "\(answer.debugString)")
        #expect(answer.errorCodes == row.errorCodes)
        if let code = row.code {
            #expect(resolved.diagnostics.contains(code: code), "\(resolved.diagnostics.map(\.code.rawValue))")
        } else {
            #expect(!resolved.diagnostics.contains { $0.severity == .error })
        }
    }

    /// cli.md `statements`: one per relation × target asset, after includes, each once.
    @Test func listingIsOnePerRelationAndTarget() {
        let two = #"{"relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"], "target": {"namespace": "android_app", "package_name": "org.x", "sha256_cert_fingerprints": ["\#(Self.f1)", "\#(Self.f2)"]}}"#
        let resolved = T.resolve("[\(two), {\"include\": \"https://shop.example/more.json\"}]", ["/more.json": "[\(Self.web("https://t.example")), \(two)]"])
        let listing = resolved.listing()
        #expect(listing.count == 5)
        #expect(listing.last == ListedStatement(source: .web(T.site), relation: Self.creds, target: Self.site("https://t.example")))
        #expect(resolved.listing(relation: Self.creds).count == 3)
        #expect(resolved.googleList(relation: nil).statements == listing)
        #expect(listing.allSatisfy { $0.source == .web(T.site) })
    }
}
