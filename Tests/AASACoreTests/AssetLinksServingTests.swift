import Testing
@testable import AASACore

/// The serving judge, the fetch plan, the `HOST.` comparison and robots.txt (spec
/// `assetlinks-reference.md` §1), and include processing as a state machine (§2.5).
@Suite struct AssetLinksServingTests {
    static let good = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.app", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
    static let site = AssetLinksSite(scheme: "https", host: "shop.example")

    static func record(_ url: String = "https://shop.example/.well-known/assetlinks.json", status: Int = 200,
                       type: String? = "application/json", body: String = good, headers: [HTTPHeader] = [],
                       timeMs: Double? = 40, truncated: Bool = false) -> FetchRecord {
        FetchRecord(url: url, status: status, statusLine: "HTTP/1.1 \(status)",
                    headers: (type.map { [HTTPHeader("Content-Type", $0)] } ?? []) + headers, body: Array(body.utf8),
                    truncated: truncated, timeMs: timeMs)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var record: FetchRecord
        var codes: [String]
        var google: [String?]
        var readable: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "served well", record: record(), codes: [], google: [], readable: true),
        Row(name: "charset parameter", record: record(type: "Application/JSON; charset=utf-8"), codes: [], google: [], readable: true),
        Row(name: "redirect", record: record(status: 301, type: "text/html", headers: [HTTPHeader("Location", "https://www.shop.example/.well-known/assetlinks.json")]),
            codes: ["DAL103"], google: ["ERROR_CODE_REDIRECT"], readable: false),
        Row(name: "not found", record: record(status: 404, type: "text/html"), codes: ["DAL104"], google: ["ERROR_CODE_FETCH_ERROR"], readable: false),
        Row(name: "wrong type", record: record(type: "text/plain"), codes: ["DAL105"], google: ["ERROR_CODE_WRONG_CONTENT_TYPE"], readable: false),
        Row(name: "no type", record: record(type: nil), codes: ["DAL105"], google: ["ERROR_CODE_WRONG_CONTENT_TYPE"], readable: false),
        Row(name: "cut body", record: record(truncated: true), codes: ["DAL106"], google: ["ERROR_CODE_TOO_LARGE"], readable: false),
        Row(name: "slow", record: record(timeMs: 5_400), codes: ["DAL108"], google: [nil], readable: true),
        Row(name: "TLS", record: FetchRecord(url: "https://shop.example/.well-known/assetlinks.json",
                                             error: FetchError(kind: .tlsHostname, message: "SSL: no alternative certificate subject name matches")),
            codes: ["DAL102"], google: ["ERROR_CODE_FAILED_SSL_VALIDATION"], readable: false),
        Row(name: "DNS", record: FetchRecord(url: "https://shop.example/.well-known/assetlinks.json",
                                             error: FetchError(kind: .dns, message: "Could not resolve host")),
            codes: ["DAL101"], google: ["ERROR_CODE_FETCH_ERROR"], readable: false),
    ]

    @Test(arguments: rows)
    func judges(_ row: Row) {
        let v = AssetLinksServing.judge(row.record)
        #expect(v.diagnostics.map(\.code.rawValue) == row.codes)
        #expect(v.diagnostics.map(\.dalErrorCode) == row.google)
        #expect((v.body != nil) == row.readable)
    }

    @Test func redirectNamesStatusAndLocation() throws {
        let v = AssetLinksServing.judge(Self.rows[2].record)
        let d = try #require(v.diagnostics.first)
        #expect(d.message.contains("HTTP/1.1 301") && d.message.contains("https://www.shop.example/.well-known/assetlinks.json"))
    }

    /// A 404 says where to deploy: the well-known path for the main file, the include's own
    /// URL for an include (a new-user report: an include's 404 pointed at /.well-known/).
    @Test(arguments: [
        (nil, "Deploy the file at /.well-known/assetlinks.json on this host."),
        ("https://shop.example/more.json", "Serve the included file at this URL, or correct the include statement that names it."),
    ] as [(String?, String)])
    func notFoundSaysWhatToDeploy(include: String?, hint: String) throws {
        let record = FetchRecord(url: include ?? "https://shop.example/.well-known/assetlinks.json", status: 404, statusLine: "HTTP/2 404")
        let d = try #require(AssetLinksServing.judge(record, fileLabel: include).diagnostics.first)
        #expect(d.code == .dal104)
        #expect(d.hint == hint)
    }

    @Test func utf8AndByteOrderMarkAreTheParsers() {
        let bom = IncludeResolver(site: Self.site, main: Self.record(body: "\u{FEFF}" + Self.good)).result()
        #expect(bom.diagnostics.map(\.code.rawValue) == ["DAL202"])
        #expect(bom.statements.isEmpty)
        var bad = Self.record()
        bad.body = Array("[\"caf".utf8) + [0xE9] + Array("\"]".utf8)
        #expect(IncludeResolver(site: Self.site, main: bad).result().diagnostics.map(\.code.rawValue) == ["DAL205"])
    }

    @Test func fetchPlan() {
        let plan = AssetLinksFetchPlan(host: "*.Shop.Example.")
        #expect(plan.host == "shop.example")
        #expect(plan.requests.map(\.role) == [.statementList, .trailingDotHost, .robots])
        #expect(plan.requests.map(\.url) == ["https://shop.example/.well-known/assetlinks.json",
                                              "https://shop.example./.well-known/assetlinks.json",
                                              "https://shop.example/robots.txt"])
        #expect(plan.requests[0].readLimit == 1_048_577)
        #expect(!AssetLinksFetchPlan.followsRedirects && AssetLinksFetchPlan.verifiesTLS)
        #expect(AssetLinksFetchPlan.fetchBudget == 10)
    }

    @Test func trailingDotHost() {
        let plain = Self.record()
        let same = Self.record("https://shop.example./.well-known/assetlinks.json")
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: same).isEmpty)
        // Same statements written differently: the same.
        let respelled = Self.record("https://shop.example./.well-known/assetlinks.json", body: Self.good.replacingOccurrences(of: ", ", with: ",\n"))
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: respelled).isEmpty)
        let other = Self.record("https://shop.example./.well-known/assetlinks.json", body: "[]")
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: other).map(\.code.rawValue) == ["DAL109"])
        let missing = Self.record("https://shop.example./.well-known/assetlinks.json", status: 404, type: "text/html")
        #expect(AssetLinksServing.compareTrailingDot(host: "shop.example", plain: plain, dotted: missing).map(\.code.rawValue) == ["DAL109"])
    }

    struct RobotsRow: Sendable, CustomTestStringConvertible {
        var robots: String
        var blocked: Bool
        var testDescription: String { robots }
    }

    static let robots: [RobotsRow] = [
        RobotsRow(robots: "User-agent: *\nDisallow: /", blocked: true),
        RobotsRow(robots: "User-agent: *\nDisallow: /.well-known/", blocked: true),
        RobotsRow(robots: "User-agent: *\nDisallow: /*.json$", blocked: true),
        RobotsRow(robots: "User-agent: *\nDisallow: /.well-known/assetlinks.json$", blocked: true),
        RobotsRow(robots: "User-agent: *\nDisallow: /.well-known/assetlinks.jso$", blocked: false),
        RobotsRow(robots: "User-agent: *\nDisallow: /\nAllow: /.well-known/", blocked: false),
        RobotsRow(robots: "User-agent: *\nAllow: /.well-known/\nDisallow: /.well-known/", blocked: false),
        RobotsRow(robots: "User-agent: *\nDisallow:", blocked: false),
        RobotsRow(robots: "User-agent: *\nDisallow: /admin/", blocked: false),
        RobotsRow(robots: "Disallow: /\nUser-agent: *\nAllow: /", blocked: false),
        RobotsRow(robots: "User-agent: BadBot\r\nUser-agent: OtherBot\r\nDisallow: /\r\n\r\nUser-agent: *\r\nDisallow: /private/", blocked: true),
    ]

    @Test(arguments: robots)
    func robotsTxt(_ row: RobotsRow) {
        let r = Self.record("https://shop.example/robots.txt", type: "text/plain", body: row.robots)
        #expect(!AssetLinksServing.judgeRobots(host: "shop.example", r).isEmpty == row.blocked)
    }

    @Test func robotsGroupsAndSitemapsShareTheReader() {
        let text = "Sitemap: https://shop.example/a.xml\nUser-agent: A\nUser-agent: B # both\nDisallow: /x\n\nUser-agent: C\nAllow: /y\nsitemap: https://shop.example/b.xml\n"
        let groups = RobotsTxt.groups(Array(text.utf8))
        #expect(groups.map(\.userAgents) == [["A", "B"], ["C"]])
        #expect(groups[0].rules == [RobotsTxt.Rule(allow: false, pattern: "/x", line: 4)])
        #expect(RobotsTxt.sitemaps(Array(text.utf8)) == ["https://shop.example/a.xml", "https://shop.example/b.xml"])
        #expect(AssetLinksServing.judgeRobots(host: "shop.example", Self.record(status: 404, type: "text/plain", body: "User-agent: *\nDisallow: /")).isEmpty)
    }
}

/// Include processing (spec §2.5) as a pure state machine.
@Suite struct IncludeResolverTests {
    static let site = AssetLinksSiteTestSupport.site
    typealias T = AssetLinksSiteTestSupport

    @Test func wavesAreFetchedLevelByLevelInFileOrder() {
        var r = IncludeResolver(site: Self.site, main: T.ok("/.well-known/assetlinks.json", T.includes("/a.json", "/b.json")))
        #expect(r.pending == ["https://shop.example/a.json", "https://shop.example/b.json"])
        // Fed out of order: nothing moves until the wave is complete.
        r.feed(T.ok("/b.json", T.includes("/c.json")))
        #expect(r.pending == ["https://shop.example/a.json"])
        r.feed(T.ok("/a.json", T.list(T.app("com.shop.a"))))
        #expect(r.pending == ["https://shop.example/c.json"])
        r.feed(T.ok("/c.json", T.list(T.app("com.shop.c"))))
        #expect(r.isFinished)
        let result = r.result()
        #expect(result.statements.map(\.place.file) == ["https://shop.example/a.json", "https://shop.example/c.json"])
        #expect(result.statements.map(\.place.depth) == [1, 2])
        #expect(result.records.count == 4)
        // Two apps for every URL; c.json is two levels deep: AOSP's verifier does not read it.
        #expect(result.diagnostics.map(\.code.rawValue) == ["DAL319", "DAL113"])
    }

    @Test func statementsStandWhereTheirIncludeDoes() {
        let main = T.list(T.app("com.shop.first"), #"{"include": "https://shop.example/a.json"}"#, T.app("com.shop.last"))
        let resolved = T.resolve(main, ["/a.json": T.list(T.app("com.shop.middle"))])
        let packages = resolved.statements.map { s -> String in
            if case .androidApp(let a) = s.target { return a.packageName }
            return ""
        }
        #expect(packages == ["com.shop.first", "com.shop.middle", "com.shop.last"])
    }

    @Test func budgetIsTenFetchesIncludingTheMainFile() {
        // main → f1 → f2 → … → f12: f1…f9 fetched, f10 refused.
        var files: [String: String] = [:]
        for i in 1...12 { files["/f\(i).json"] = T.list(T.app("com.shop.f\(i)"), #"{"include": "https://shop.example/f\#(i + 1).json"}"#) }
        let resolved = T.resolve(T.includes("/f1.json"), files)
        #expect(resolved.records.count == 10)
        #expect(resolved.statements.count == 9)
        let refused = resolved.diagnostics.filter { $0.code == .dal112 }
        #expect(refused.count == 1)
        #expect(refused.first?.file == "https://shop.example/f9.json")
        #expect(refused.first?.message.hasPrefix("Fetch budget exhausted") == true)
        #expect(refused.first?.dalErrorCode == DALErrorCode.fetchBudgetExhausted.rawValue)
    }

    @Test func eachURLIsFetchedOnce() {
        // A diamond: a and b both include c (spelled differently): c is fetched once.
        let resolved = T.resolve(T.includes("/a.json", "/b.json"), [
            "/a.json": T.list(#"{"include": "https://SHOP.example:443/c.json#top"}"#),
            "/b.json": T.list(#"{"include": "https://shop.example/c.json"}"#),
            "/c.json": T.list(T.app("com.shop.c")),
        ])
        #expect(resolved.records.count == 4)
        #expect(resolved.statements.count == 1)
        let repeats = resolved.diagnostics.filter { $0.code == .dal112 }
        #expect(repeats.count == 1 && repeats[0].message.contains("a second time"))
    }

    @Test func secureIncludesInsecureTransitively() {
        // http main → https include → http include: refused (5009).
        var r = IncludeResolver(site: AssetLinksSite(scheme: "http", host: "shop.example"),
                                main: T.ok("/.well-known/assetlinks.json", T.list(#"{"include": "https://cdn.example/a.json"}"#), scheme: "http"))
        #expect(r.pending == ["https://cdn.example/a.json"])
        r.feed(FetchRecord(url: "https://cdn.example/a.json", status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                           body: Array(T.list(#"{"include": "http://cdn.example/b.json"}"#).utf8)))
        #expect(r.isFinished)
        let d = r.result().diagnostics.filter { $0.code == .dal111 }
        #expect(d.count == 1 && d[0].message.hasPrefix("Insecure include file included by secure include file"))
        // An app's statements are a secure source (5007).
        let app = IncludeResolver(androidApp: "com.shop.app", fingerprint: T.fp, statements: Array(T.list(#"{"include": "http://cdn.example/b.json"}"#).utf8), label: "Shop.apk")
        #expect(app.pending.isEmpty)
        #expect(app.result().diagnostics.first?.message.hasPrefix("Insecure URL in fetch stack of secure asset") == true)
    }

    @Test func anIncludeIsJudgedAndReadOnItsOwn() {
        let resolved = T.resolve(T.includes("/moved.json", "/broken.json", "/text.json", "/ok.json"), [
            "/broken.json": "[{\"relation\": [INVALID]}]",
            "/ok.json": T.list(T.app("com.shop.ok")),
        ], extra: [
            "https://shop.example/moved.json": FetchRecord(url: "https://shop.example/moved.json", status: 302, statusLine: "HTTP/1.1 302 Found",
                                                           headers: [HTTPHeader("Location", "https://shop.example/new.json")]),
            "https://shop.example/text.json": FetchRecord(url: "https://shop.example/text.json", status: 200,
                                                          headers: [HTTPHeader("Content-Type", "text/plain")], body: Array(T.list(T.app("com.shop.text")).utf8)),
        ])
        #expect(resolved.diagnostics.map(\.code.rawValue) == ["DAL103", "DAL201", "DAL105"])
        #expect(resolved.diagnostics.map(\.file) == ["https://shop.example/moved.json", "https://shop.example/broken.json", "https://shop.example/text.json"])
        #expect(resolved.statements.count == 1)
        #expect(resolved.googleCheck(relation: AssetLinksRelation.handleAllURLs, target: .androidApp(packageName: "com.shop.ok", fingerprint: T.fp)).linked)
    }
}

/// Helpers for building sites and statement lists in tests.
enum AssetLinksSiteTestSupport {
    static let site = AssetLinksSite(scheme: "https", host: "shop.example")
    static let fp = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func app(_ package: String, relation: String = AssetLinksRelation.handleAllURLs) -> String {
        #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fp)"]}}"#
    }

    static func list(_ statements: String...) -> String { "[" + statements.joined(separator: ", ") + "]" }

    static func includes(_ paths: String...) -> String {
        "[" + paths.map { #"{"include": "https://shop.example\#($0)"}"# }.joined(separator: ", ") + "]"
    }

    static func ok(_ path: String, _ body: String, scheme: String = "https") -> FetchRecord {
        FetchRecord(url: "\(scheme)://shop.example\(path)", status: 200, statusLine: "HTTP/1.1 200 OK",
                    headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
    }

    /// `main` served for shop.example, includes answered from `files` (by path on shop.example)
    /// or `extra` (by URL); anything else is 404.
    static func resolve(_ main: String, _ files: [String: String] = [:], extra: [String: FetchRecord] = [:]) -> ResolvedStatementList {
        IncludeResolver.resolve(IncludeResolver(site: site, main: ok("/.well-known/assetlinks.json", main))) { url in
            if let r = extra[url] { return r }
            let path = String(url.dropFirst("https://shop.example".count))
            if url.hasPrefix("https://shop.example/"), let body = files[path] { return ok(path, body) }
            return FetchRecord(url: url, status: 404, statusLine: "HTTP/1.1 404 Not Found", headers: [HTTPHeader("Content-Type", "text/html")])
        }
    }
}
