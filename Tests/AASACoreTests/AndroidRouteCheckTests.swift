import Testing
@testable import AASACore

/// Routes judged for Android (``AndroidRouteCheck``): a table of (dynamic rules, route,
/// manifest) → decision, coverage, the deciding rule and the code, as `check --routes` with
/// the Android platform gives them.
@Suite struct AndroidRouteCheckTests {
    static let package = "com.shopwave.app"
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func list(_ rules: String?) -> String {
        let extensions = rules.map { #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#($0)}}"# } ?? ""
        return """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extensions)}]
        """
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var rules: String?
        var route: String
        var decision: MatchDecision
        var coverage: RouteCoverage?
        var rule: Int?
        var code: String?
        var package = AndroidRouteCheckTests.package
        var fingerprints: [String]? = nil
        /// The manifest's one link filter's `<data>` path attribute for example.com; `nil`: no manifest.
        var manifestPath: String? = nil
        var testDescription: String { "\(rules ?? "no rules") \(route) \(manifestPath ?? "")" }
    }

    static let shop = ##"[{"/": "/account/*", "exclude": true}, {"/": "/product/*"}, {"/": "/order/*", "#": "track"}, {"/": "/sale/??"}]"##

    static let rows: [Row] = [
        // Concrete routes: the first matching rule decides; none ⇒ the browser.
        Row(rules: shop, route: "/product/1 app", decision: .match, coverage: nil, rule: 1, code: nil),
        Row(rules: shop, route: "/account/me app", decision: .exclude, coverage: nil, rule: 0, code: "DAL702"),
        Row(rules: shop, route: "/account/me web", decision: .exclude, coverage: nil, rule: 0, code: nil),
        Row(rules: shop, route: "/cart app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701"),
        Row(rules: shop, route: "/product/1 web", decision: .match, coverage: nil, rule: 1, code: "DAL703"),
        Row(rules: shop, route: "/order/7#track app", decision: .match, coverage: nil, rule: 2, code: nil),
        Row(rules: shop, route: "/order/7 app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701"),
        // Placeholders: every value tried decides the same, or some values differ.
        Row(rules: shop, route: "/product/:id app", decision: .match, coverage: .always, rule: 1, code: nil),
        Row(rules: shop, route: "/account/:tab web", decision: .exclude, coverage: .never, rule: 0, code: nil),
        Row(rules: shop, route: "/sale/:code app", decision: .match, coverage: .sometimes, rule: 3, code: "DAL701"),
        Row(rules: #"[{"/": "/p/new", "exclude": true}, {"/": "/p/*"}]"#, route: "/p/:id app", decision: .match, coverage: .sometimes, rule: 1, code: "DAL702"),
        Row(rules: #"[{"/": "/p/special"}]"#, route: "/p/:id web", decision: .match, coverage: .sometimes, rule: 0, code: "DAL703"),
        // No rules: every URL the manifest accepts opens the app.
        Row(rules: nil, route: "/anything app", decision: .match, coverage: nil, rule: nil, code: nil),
        // The manifest accepts /help and no rule narrows it: certain, an error.
        Row(rules: nil, route: "/help web", decision: .match, coverage: nil, rule: nil, code: "DAL703", manifestPath: #"android:pathPrefix="/""#),
        // Not verified: another package, another certificate.
        Row(rules: nil, route: "/anything app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701", package: "com.other.app"),
        Row(rules: nil, route: "/anything app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701",
            fingerprints: [String(repeating: "AB:", count: 31) + "AB"]),
        Row(rules: nil, route: "/anything app", decision: .match, coverage: nil, rule: nil, code: nil, fingerprints: [fingerprint]),
        // The manifest first: dynamic rules only narrow its paths.
        Row(rules: nil, route: "/shop/x app", decision: .match, coverage: nil, rule: nil, code: nil, manifestPath: #"android:pathPrefix="/shop/""#),
        Row(rules: nil, route: "/cart app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701", manifestPath: #"android:pathPrefix="/shop/""#),
        Row(rules: #"[{"/": "/cart"}]"#, route: "/cart app", decision: .noMatch, coverage: nil, rule: nil, code: "DAL701", manifestPath: #"android:pathPrefix="/shop/""#),
        Row(rules: #"[{"/": "/cart"}]"#, route: "/cart web", decision: .noMatch, coverage: nil, rule: nil, code: nil, manifestPath: #"android:pathPrefix="/shop/""#),
    ]

    @Test(arguments: rows)
    func decides(_ row: Row) throws {
        let statements = StatementListParser.parse(Array(Self.list(row.rules).utf8), url: "https://example.com/.well-known/assetlinks.json").statements
        #expect(statements.count == 1)
        let reading = RouteList.read(Array((row.route + "\n").utf8))
        var filters: [IntentFilter]?
        if let path = row.manifestPath {
            let manifest = try AndroidManifest.read(Array("""
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(Self.package)">
              <application><activity android:name=".Main" android:exported="true">
                <intent-filter android:autoVerify="true">
                  <action android:name="android.intent.action.VIEW"/>
                  <category android:name="android.intent.category.DEFAULT"/><category android:name="android.intent.category.BROWSABLE"/>
                  <data android:scheme="https" android:host="example.com" \(path)/>
                </intent-filter>
              </activity></application>
            </manifest>
            """.utf8))
            filters = AndroidApp(file: "app.apk", form: .manifest, manifest: manifest, signatures: nil).linkFilters
            #expect(filters?.count == 1)
        }
        let result = AndroidRouteCheck.run(statements: statements, app: .init(package: row.package, fingerprints: row.fingerprints, filters: filters),
                                           host: "example.com", routes: reading.routes, routesFile: "routes")
        let v = try #require(result.verdicts.first)
        #expect(v.platform == "android")
        #expect(v.appID == row.package)
        #expect(v.decision == row.decision, "\(v.explanation)")
        #expect(v.coverage == row.coverage)
        #expect(v.dynamicRule == row.rule)
        #expect(v.ok == (row.code == nil))
        #expect(result.diagnostics.map(\.code.rawValue) == (row.code.map { [$0] } ?? []), "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.allSatisfy { $0.location?.line == 1 && $0.source == .routes })
        if row.coverage == .sometimes {
            #expect(v.matchExample != nil && v.noMatchExample != nil && v.matchExample != v.noMatchExample)
        }
    }

    /// A file that cannot be used opens no route.
    @Test func unusableFileOpensNoRoute() throws {
        let reading = RouteList.read(Array("/a app\n/b web\n".utf8))
        let result = AndroidRouteCheck.run(statements: [], unusable: "status 404", app: .init(package: Self.package, fingerprints: nil, filters: nil),
                                           host: "example.com", routes: reading.routes, routesFile: "routes")
        #expect(result.verdicts.map(\.decision) == [.noMatch, .noMatch])
        #expect(result.verdicts.map(\.ok) == [false, true])
        #expect(result.diagnostics.map(\.code.rawValue) == ["DAL701"])
        #expect(result.diagnostics.first?.message.contains("cannot be used (status 404)") == true)
    }

    /// Without the manifest and without dynamic rules, only the app's intent filters decide a
    /// `web` route: it is not judged (no verdict, no DAL703), and a note says so.
    @Test func aWebRouteOnlyTheUnreadManifestDecidesIsNotJudged() {
        let statements = StatementListParser.parse(Array(Self.list(nil).utf8), url: "https://example.com/.well-known/assetlinks.json").statements
        let reading = RouteList.read(Array("/help web\n/cart\n".utf8))
        let result = AndroidRouteCheck.run(statements: statements, app: .init(package: Self.package, fingerprints: nil, filters: nil),
                                           host: "example.com", routes: reading.routes, routesFile: "routes")
        #expect(result.verdicts.map(\.route.text) == ["/cart"])
        #expect(result.diagnostics.isEmpty)
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.contains("1 web route of routes (/help) on example.com") == true, "\(result.notes)")
    }
}
