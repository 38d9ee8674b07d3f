import Testing
@testable import AASACore

/// The app against its hosts' statement lists (``AppLinksCrossCheck``, issue 23; spec
/// `assetlinks-reference.md` §1.2, §3.1, §4.5, §4.6): tables of app × files → codes.
struct AppLinksCrossCheckTests {
    static let a = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let b = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"
    static let c = "AA:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"
    static let package = "com.example.shop"

    /// A source manifest: one autoVerify filter with these hosts and `<data>` attributes.
    static func manifest(hosts: [String], minimum: Int = 31, data: String = "") -> AndroidManifest {
        let elements = hosts.map { "<data android:scheme=\"https\" android:host=\"\($0)\" \(data)/>" }.joined(separator: "\n")
        let text = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
          <uses-sdk android:minSdkVersion="\(minimum)" android:targetSdkVersion="34" />
          <application><activity android:name=".Link" android:exported="true">
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              \(elements)
            </intent-filter>
          </activity></application>
        </manifest>
        """
        return try! AndroidManifest.read(Array(text.utf8))
    }

    /// A device range seeing `signers` (and accepting `past` too).
    static func range(_ low: Int, _ high: Int?, _ signers: [String], past: [String] = []) -> AndroidApp.DeviceRange {
        AndroidApp.DeviceRange(apiLevels: high.map { "\(low)–\($0)" } ?? "\(low) and later", lowestAPILevel: low, highestAPILevel: high,
                               scheme: .v3, signers: signers, fingerprints: signers + past, refusal: nil)
    }

    static func app(_ manifest: AndroidManifest, devices: [AndroidApp.DeviceRange], upload: [String] = [], given: [String] = []) -> AppLinksCrossCheck.App {
        let summary = AndroidApp(file: "app.apk", form: .manifest, manifest: manifest, signatures: nil)
        var app = AppLinksCrossCheck.App(summary, fingerprints: given)!
        if given.isEmpty { app.devices = devices }
        app.uploadFingerprints = upload
        return app
    }

    /// A statement list: a handle_all_urls statement per (package, fingerprints, rules JSON).
    static func list(_ statements: [(String, [String], String?)]) -> AppLinksCrossCheck.SiteList {
        let items = statements.map { p, fps, rules in
            let extra = rules.map { #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#($0)}}"# } ?? ""
            return #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(p)", "sha256_cert_fingerprints": [\#(fps.map { "\"\($0)\"" }.joined(separator: ", "))]}\#(extra)}"#
        }
        let parsed = StatementListParser.parse(Array(("[" + items.joined(separator: ",") + "]").utf8), url: "https://example.com/.well-known/assetlinks.json")
        return .statements(parsed.statements)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var app: AppLinksCrossCheck.App
        var lists: [String: AppLinksCrossCheck.SiteList]
        /// The codes found, in order, with the severity of each.
        var expected: [String]
        /// A text some finding says.
        var says: String? = nil
        var testDescription: String { name }
    }

    static let one = manifest(hosts: ["example.com"])
    static let two = manifest(hosts: ["example.com", "www.example.com"], minimum: 24)
    static let twoNew = manifest(hosts: ["example.com", "www.example.com"], minimum: 31)
    static let shop = manifest(hosts: ["example.com"], data: #"android:pathPrefix="/shop/""#)
    static let wildcard = manifest(hosts: ["*.example.com"])
    static let now = [range(31, nil, [a])]

    static let rows: [Row] = [
        Row(name: "the file lists the certificate devices see", app: app(one, devices: now), lists: ["example.com": list([(package, [a], nil)])], expected: []),
        Row(name: "another certificate", app: app(one, devices: now), lists: ["example.com": list([(package, [b], nil)])],
            expected: ["DAL627 error"], says: "not verified for com.example.shop (app.apk) on any device"),
        Row(name: "one of several listed", app: app(one, devices: now), lists: ["example.com": list([(package, [b, a], nil)])], expected: []),
        Row(name: "another package only", app: app(one, devices: now), lists: ["example.com": list([("com.other.app", [a], nil)])],
            expected: ["DAL627 error"], says: "grants handle_all_urls to com.other.app"),
        Row(name: "the file cannot be used", app: app(one, devices: now), lists: ["example.com": .unusable("status 404")],
            expected: ["DAL627 error"], says: "status 404"),
        Row(name: "an empty list", app: app(one, devices: now), lists: ["example.com": list([])], expected: ["DAL627 error"]),
        Row(name: "a host without a list is not judged", app: app(one, devices: now), lists: [:], expected: []),
        Row(name: "minSdk 24: one failing host breaks the other on Android 11 and lower", app: app(two, devices: [range(24, nil, [a])]),
            lists: ["example.com": list([(package, [a], nil)]), "www.example.com": list([])],
            expected: ["DAL627 error", "DAL630 error"], says: "www.example.com breaks also example.com there"),
        Row(name: "minSdk 31: hosts are verified one by one", app: app(twoNew, devices: now),
            lists: ["example.com": list([(package, [a], nil)]), "www.example.com": list([])], expected: ["DAL627 error"]),
        Row(name: "minSdk 24, both hosts right", app: app(two, devices: [range(24, nil, [a])]),
            lists: ["example.com": list([(package, [a], nil)]), "www.example.com": list([(package, [a], nil)])], expected: []),
        Row(name: "a rotated key: the old one only, for devices that see the new signer", app: app(one, devices: [range(24, 27, [a]), range(28, nil, [b], past: [a])]),
            lists: ["example.com": list([(package, [a], nil)])], expected: ["DAL629 warning"], says: "API 28 and later: Android's reference verifier accepts the lineage, but Google's verifier is not documented to accept it, so these devices may stay unverified"),
        Row(name: "a rotated key: the new one only leaves older devices out", app: app(one, devices: [range(24, 27, [a]), range(28, nil, [b], past: [a])]),
            lists: ["example.com": list([(package, [b], nil)])], expected: ["DAL627 error"], says: "devices at API 24–27"),
        Row(name: "a rotated key: both listed", app: app(one, devices: [range(24, 27, [a]), range(28, nil, [b], past: [a])]),
            lists: ["example.com": list([(package, [a, b], nil)])], expected: []),
        Row(name: "an App Bundle: only the upload key", app: app(one, devices: [], upload: [a]),
            lists: ["example.com": list([(package, [a], nil)])], expected: ["DAL628 warning"], says: "upload key"),
        Row(name: "an App Bundle: the upload key and another (Play's)", app: app(one, devices: [], upload: [a]),
            lists: ["example.com": list([(package, [a, b], nil)])], expected: []),
        Row(name: "an App Bundle with --fingerprint: only the upload key listed", app: app(one, devices: [], upload: [a], given: [b]),
            lists: ["example.com": list([(package, [a], nil)])], expected: ["DAL627 error"],
            says: "not the certificate given with --fingerprint: it lists only the App Bundle's upload key, and builds installed from Google Play are signed with the app signing key"),
        Row(name: "an App Bundle with --fingerprint: Play's key listed", app: app(one, devices: [], upload: [a], given: [b]),
            lists: ["example.com": list([(package, [b], nil)])], expected: []),
        Row(name: "a manifest alone: the package is enough", app: app(one, devices: []),
            lists: ["example.com": list([(package, [c], nil)])], expected: []),
        Row(name: "a wildcard host is judged with the apex's file", app: app(wildcard, devices: now),
            lists: ["example.com": list([(package, [b], nil)])], expected: ["DAL627 error"], says: "*.example.com is not verified"),
        Row(name: "a dynamic rule for a path the manifest refuses", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/cart"}]"#)])], expected: ["DAL631 warning"], says: "/cart"),
        Row(name: "a dynamic rule inside the manifest's paths", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/shop/cart"}]"#)])], expected: []),
        Row(name: "an exclude rule outside the manifest's paths narrows nothing but opens nothing either", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/cart", "exclude": true}]"#)])], expected: []),
        // Wildcard rules: DAL631 only when no path they match can be one a filter accepts.
        Row(name: "a wildcard rule under a prefix the manifest lacks", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/c*"}]"#)])], expected: ["DAL631 warning"], says: "each starts with /c"),
        Row(name: "a wildcard rule for another section", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/blog/*"}]"#)])], expected: ["DAL631 warning"]),
        Row(name: "a wildcard rule inside the prefix", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/shop/item/*"}]"#)])], expected: []),
        Row(name: "a wildcard rule around the prefix", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/sh*"}]"#)])], expected: []),
        Row(name: "a rule for every path", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/*"}]"#)])], expected: []),
        Row(name: "a ? before the prefix departs", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/s?op/*"}]"#)])], expected: []),
        Row(name: "a dot may be any character on devices: only the part before it counts", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/shop.*"}]"#)])], expected: []),
        Row(name: "a dot after a departing prefix", app: app(shop, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/blog.*"}]"#)])], expected: ["DAL631 warning"]),
        Row(name: "a wildcard rule that matches the manifest's exact path", app: app(cart, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/ca*"}]"#)])], expected: []),
        Row(name: "a wildcard rule that misses the manifest's exact path", app: app(cart, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/cb*"}]"#)])], expected: ["DAL631 warning"]),
        Row(name: "a manifest pattern is not second-guessed", app: app(pattern, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/blog/*"}]"#)])], expected: []),
        Row(name: "a manifest without paths accepts every rule", app: app(one, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/blog/*"}]"#)])], expected: []),
        // Never certain (a new user's third pass found each as a false DAL631):
        Row(name: "a dot in an exact rule may be any character on devices", app: app(pax, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/p.x"}]"#)])], expected: []),
        Row(name: "a dot in an exact rule against an exact path", app: app(fileX, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/file.html"}]"#)])], expected: []),
        Row(name: "percent-encoding on both sides", app: app(cafe, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/caf%C3%A9"}]"#)])], expected: []),
        Row(name: "a relative filter group with a query the rule leaves open", app: app(group, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/cart"}]"#)])], expected: []),
        Row(name: "a filter whose host is left to the build", app: app(placeholder, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "/cart"}, {"/": "/blog/*"}]"#)])], expected: []),
        Row(name: "a wildcard rule with no literal prefix against an exact path", app: app(cart, devices: now),
            lists: ["example.com": list([(package, [a], #"[{"/": "*/tail"}]"#)])], expected: ["DAL631 warning"],
            says: "no path or pathPrefix of theirs is one it can match"),
    ]
    static let pax = manifest(hosts: ["example.com"], data: #"android:path="/pax""#)
    static let fileX = manifest(hosts: ["example.com"], data: #"android:path="/fileXhtml""#)
    static let cafe = manifest(hosts: ["example.com"], data: #"android:path="/caf%C3%A9""#)
    static func custom(_ filters: String) -> AndroidManifest {
        try! AndroidManifest.read(Array("""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
          <uses-sdk android:minSdkVersion="35" android:targetSdkVersion="35" />
          <application><activity android:name=".Link" android:exported="true">\(filters)</activity></application>
        </manifest>
        """.utf8))
    }
    static let filterHead = """
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" />
        """
    static let group = custom(filterHead + """
        <data android:scheme="https" android:host="example.com" />
        <uri-relative-filter-group><data android:path="/cart" /><data android:query="ref=x" /></uri-relative-filter-group>
        </intent-filter>
        """)
    static let placeholder = custom(filterHead + #"<data android:scheme="https" android:host="${linkHost}" /></intent-filter>"#
        + filterHead + #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/product" /></intent-filter>"#)
    static let cart = manifest(hosts: ["example.com"], data: #"android:path="/cart""#)
    static let pattern = manifest(hosts: ["example.com"], data: #"android:pathPattern="/b.*""#)

    @Test(arguments: rows)
    func crossCheck(_ row: Row) {
        let found = AppLinksCrossCheck.run(row.app, lists: row.lists)
        #expect(found.map { "\($0.code.rawValue) \($0.severity.rawValue)" } == row.expected, "\(found.map(\.message))")
        if let says = row.says { #expect(found.contains { $0.message.contains(says) }, "\(found.map(\.message))") }
    }

    /// DAL627's hint says what to change in the file that is there (new-user finding 11): the
    /// relation of the package's statement, the elements Google's parser skips, or a new
    /// statement; with the Play key given and only the upload key listed, the upload key's
    /// hint, and DAL628 is not said beside it (finding 12).
    @Test(arguments: [
        (#"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\#(a)"]}}]"#,
         #"Add "delegate_permission/common.handle_all_urls" to the relation of the statement for com.example.shop in https://example.com/.well-known/assetlinks.json (it grants delegate_permission/common.get_login_creds)"#),
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": 7, "sha256_cert_fingerprints": ["\#(a)"]}}]"#,
         "https://example.com/.well-known/assetlinks.json has 1 element Google's parser skips (the errors reported for the file say where and why)"),
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.other.app", "sha256_cert_fingerprints": ["\#(a)"]}}]"#,
         "Add a statement for com.example.shop with its signing certificate's SHA-256 to https://example.com/.well-known/assetlinks.json."),
    ])
    func theHintSaysWhatToChange(json: String, hint: String) throws {
        let parsed = StatementListParser.parse(Array(json.utf8), url: "https://example.com/.well-known/assetlinks.json")
        let found = AppLinksCrossCheck.run(Self.app(Self.one, devices: Self.now), lists: ["example.com": .statements(parsed.statements, skipped: parsed.skipped)])
        #expect(found.map(\.code.rawValue) == ["DAL627"])
        let given = try #require(found.first?.hint)
        #expect(given.hasPrefix(hint), "\(given)")
    }

    @Test func theUploadKeyIsSaidOnce() throws {
        let found = AppLinksCrossCheck.run(Self.app(Self.one, devices: [], upload: [Self.a], given: [Self.b]),
                                           lists: ["example.com": Self.list([(Self.package, [Self.a], nil)])])
        #expect(found.map(\.code.rawValue) == ["DAL627"])
        #expect(found.first?.hint == AppLinksCrossCheck.uploadKeyHint)
    }

    /// From a real summary: an `AndroidApp` without a package gives no app to check.
    @Test func noPackageNoApp() throws {
        let text = #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application/></manifest>"#
        let summary = AndroidApp(file: "x.xml", form: .manifest, manifest: try AndroidManifest.read(Array(text.utf8)), signatures: nil)
        #expect(AppLinksCrossCheck.App(summary) == nil)
    }
}
