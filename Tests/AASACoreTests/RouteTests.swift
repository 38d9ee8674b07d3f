import Foundation
import Testing
@testable import AASACore

@Suite struct RouteTests {
    static let seedRoutes: [UInt8] = Array(try! Data(contentsOf: fixture("routes/soar-starter.routes")))
    static let app = "9JA89QQLNQ.com.soarstarter.SoarStarterSwift"

    func check(_ rules: String, _ routes: [UInt8] = seedRoutes, app: String = app) throws -> RouteCheckResult {
        let json = #"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":\#(rules)}]}}"#
        let doc = try #require(validate(json, domain: "soar.example").document)
        return RouteCheck.run(document: doc, domain: "soar.example", routeList: routes)
    }

    func appRoutes(_ r: RouteCheckResult) -> [RouteVerdict] { r.verdicts.filter { $0.route.expect == .app } }

    @Test func catchAllOpensEveryRoute() throws {
        let r = try check(#"[{"/":"*"}]"#)
        #expect(appRoutes(r).count == 16)
        #expect(appRoutes(r).allSatisfy { $0.ok && $0.decision == .match })
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA703"], "only /auth-callback, listed as web, is reported")
    }

    @Test func meExcludedProfileNot() throws {
        let r = try check(#"[{"/":"/me/*","exclude":true},{"/":"*"}]"#)
        let me = try #require(r.verdicts.first { $0.route.text == "/me" })
        #expect(me.decision == .exclude && !me.ok && me.component == 0)
        let profile = try #require(r.verdicts.first { $0.route.text == "/profile" })
        #expect(profile.decision == .match && profile.ok && profile.component == 1)
        let failures = r.diagnostics.filter { $0.code == "AASA702" }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("/me must open the app") == true)
        #expect(failures.first?.location?.line == 8)
    }

    @Test func leavingOutRedeemCodeReportsExactlyThatRoute() throws {
        let r = try check(#"[{"/":"/auth-callback","exclude":true},{"/":"/"},{"/":"/home"},{"/":"/component"},{"/":"/showcase"},{"/":"/todos"},{"/":"/me"},{"/":"/profile"},{"/":"/personal-info"},{"/":"/notifications","?":{"route":"*"}},{"/":"/permissions"},{"/":"/refer"},{"/":"/paywall"}]"#)
        let failed = r.verdicts.filter { !$0.ok }.map(\.route.text)
        #expect(failed == ["/redeem-code"])
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA701"])
        #expect(r.summary == "17 routes, 15 open the app as expected, 1 stays on the web as expected")
    }

    @Test func workedExampleFixtureHasOneDeliberateGap() throws {
        let doc = try #require(Validator.validate(Array(try Data(contentsOf: fixture("routes/soar-starter-aasa.json"))), domain: "soar.example").document)
        let r = RouteCheck.run(document: doc, domain: "soar.example", routeList: RouteTests.seedRoutes)
        #expect(r.verdicts.filter { !$0.ok }.map(\.route.text) == ["/redeem-code"])
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA701"])
    }

    @Test func unusedIncludeRulesAreAASA704() throws {
        let r = try check(#"[{"/":"/legacy/*"},{"/":"*"},{"/":"/old/*","exclude":true}]"#, Array("/todos\n".utf8))
        let unused = r.diagnostics.filter { $0.code == "AASA704" }
        #expect(unused.count == 1)
        #expect(unused.first?.pointer == "/applinks/details/0/components/0")
    }

    /// (rules, route, expected coverage): each `sometimes` example is checked through the matcher.
    @Test(arguments: [
        (#"[{"/":"/trail/*"}]"#, "/trail/:id", RouteCoverage.always),
        (#"[{"/":"/trail/????"}]"#, "/trail/:id", .sometimes),
        (#"[{"/":"/trail/?*"}]"#, "/trail/:id", .always),
        (#"[{"/":"/trail/?"}]"#, "/trail/{id}", .sometimes),
        (#"[{"/":"/trail/new"}]"#, "/trail/:id", .sometimes),
        (#"[{"/":"/trail/new"}]"#, "/trails/:id", .never),
        (#"[{"/":"/trail/$(digit)*"}]"#, "/trail/:id", .sometimes),
        (#"[{"/":"/trail/*/photos"}]"#, "/trail/:id/photos", .always),
        (#"[{"/":"/trail/*/photos"}]"#, "/trail/:id/videos", .never),
        (#"[{"/":"/trail/new","exclude":true},{"/":"/trail/*"}]"#, "/trail/:id", .sometimes),
        (#"[{"/":"/trail/*","exclude":true},{"/":"*"}]"#, "/trail/:id", .never),
        (#"[{"/":"/u/*/*"}]"#, "/u/:a/:b", .always),
        (#"[{"/":"/u/?/*"}]"#, "/u/:a/:b", .sometimes),
        (#"[{"/":"/Trail/*","caseSensitive":false}]"#, "/trail/:id", .always),
        (#"[{"/":"/trail/*","?":{"ref":"?*"}}]"#, "/trail/:id?ref=1", .always),
        (#"[{"/":"/trail/*","?":{"ref":"?*"}}]"#, "/trail/:id", .never),
    ])
    func placeholderCoverage(_ rules: String, _ route: String, _ expected: RouteCoverage) throws {
        let r = try check(rules, Array("\(route)\n".utf8), app: "ABCDE12345.com.example.app")
        let v = try #require(r.verdicts.first)
        #expect(v.coverage == expected, "\(v.explanation)")
        let doc = try #require(validate(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":\#(rules)}]}}"#).document)
        let matcher = DocumentMatcher(document: doc, host: "soar.example")
        if expected == .sometimes {
            let open = try #require(v.matchExample)
            let stay = try #require(v.noMatchExample)
            var query = ""
            if let q = v.route.query { query = "?" + q }
            #expect(matcher.decide("https://soar.example\(open)\(query)", appID: v.appID)?.decision == .match, "\(open)")
            #expect(matcher.decide("https://soar.example\(stay)\(query)", appID: v.appID)?.decision != .match, "\(stay)")
            #expect(!open.contains(":") && !stay.contains("{"), "examples are concrete values")
        } else {
            #expect(v.matchExample == nil && v.noMatchExample == nil)
        }
        #expect(v.ok == (expected == .always))
    }

    @Test func routeForms() throws {
        let parsed = RouteList.parse(Array("""
        /todos
        /notifications?route=me   app
        /help/website/*  web  # a comment
        https://Example.com/me
        soar://todos
        soar:///paywall
        soar:///notifications?route=me
        soar://todos/1#x
        /trail/:id
        /trail/{id}/photos
        """.utf8))
        #expect(parsed.errors.isEmpty)
        let r = parsed.routes
        #expect(r.map(\.path) == ["/todos", "/notifications", "/help/website/*", "/me", "/todos", "/paywall", "/notifications", "/todos/1", "/trail/:id", "/trail/{id}/photos"])
        #expect(r[1].query == "route=me" && r[1].expect == .app)
        #expect(r[2].expect == .web)
        #expect(r[3].host == "example.com")
        #expect(r[6].query == "route=me")
        #expect(r[7].fragment == "x")
        #expect(r[8].placeholders == ["id"] && r[9].placeholders == ["id"])
        #expect(r.map(\.line) == Array(1...10))
    }

    /// A full URL with its scheme's default port names the same host (a new user's route list
    /// with `https://dyn.test:443/cart` was counted as another host, "dyn.test:443").
    @Test(arguments: [
        ("https://Example.com:443/me", "example.com"), ("http://example.com:80/me", "example.com"),
        ("https://example.com:8443/me", "example.com:8443"), ("http://example.com:443/me", "example.com:443"),
        ("https://[::1]:443/me", "[::1]"),
    ])
    func defaultPortNamesTheSameHost(line: String, host: String) {
        let parsed = RouteList.read(Array((line + "\n").utf8))
        #expect(parsed.routes.first?.host == host)
        #expect(parsed.routes.first?.path == "/me")
    }

    /// The JSON form reads `expect` as the text form reads its second word: `App`, `WEB` too
    /// (before: `"expect": "Web"` was AASA705 in JSON and `web` in text).
    @Test func expectationsReadTheSameInBothForms() throws {
        let json = RouteList.read(Array(#"[{"route": "/a", "expect": "Web"}, {"route": "/b", "expect": "APP"}]"#.utf8))
        let text = RouteList.read(Array("/a Web\n/b APP\n".utf8))
        #expect(json.routes.map(\.expect) == [.web, .app] && json.errors.isEmpty, "\(json.routes.map(\.expect)) \(json.errors)")
        #expect(text.routes.map(\.expect) == [.web, .app] && text.errors.isEmpty)
        #expect(RouteList.read(Array(#"[{"route": "/c", "expect": "maybe"}]"#.utf8)).errors.count == 1)
    }

    @Test func unreadableLinesAreAASA705WithTheirLine() {
        let parsed = RouteList.parse(Array("/ok\ntodos\n/x maybe\n/y app extra\n/z/:\n/q/{a\n".utf8))
        #expect(parsed.routes.map(\.path) == ["/ok"])
        #expect(parsed.errors.map(\.line) == [2, 3, 4, 5, 6])
        #expect(parsed.errors[0].diagnostic(file: "r").code == "AASA705")
    }

    /// A list written on Windows (CRLF line ends, a byte order mark) or with classic Mac line
    /// ends (CR) reads as the same list, with each route's line, column and offset in the file.
    @Test(arguments: [("", "\n"), ("", "\r\n"), ("\u{FEFF}", "\n"), ("\u{FEFF}", "\r\n"), ("\u{FEFF}", "\r")])
    func windowsLineEndsAndByteOrderMark(_ bom: String, _ eol: String) throws {
        let text = bom + ["/todos", "# a comment", "   ", "/help/website/*  web", "\t/trail/:id app  # placeholder", ""].joined(separator: eol)
        let bytes = Array(text.utf8)
        let parsed = RouteList.read(bytes)
        #expect(parsed.errors.isEmpty, "\(parsed.errors)")
        #expect(parsed.routes.map(\.text) == ["/todos", "/help/website/*", "/trail/:id"])
        #expect(parsed.routes.map(\.expect) == [.app, .web, .app])
        #expect(parsed.routes.map(\.line) == [1, 4, 5])
        #expect(parsed.routes.map(\.location.column) == [1, 1, 2])
        for r in parsed.routes {
            #expect(Array(bytes[r.location.offset..<r.location.offset + r.text.utf8.count]) == Array(r.text.utf8), "offset of \(r.text)")
        }
        // An entry that cannot be read is named at its own line and place.
        let bad = RouteList.read(Array((bom + ["/ok", "/x maybe", ""].joined(separator: eol)).utf8))
        #expect(bad.routes.map(\.text) == ["/ok"] && bad.errors.map(\.line) == [2])
        #expect(bad.errors.first?.message == #"after the route, expected app or web, found "maybe""#)
    }

    @Test(arguments: ["", "\u{FEFF}"])
    func jsonRouteListAfterAByteOrderMark(_ bom: String) throws {
        let text = bom + "[\r\n  \"/todos\",\r\n  {\"route\": \"/x\", \"expect\": \"web\"},\r\n  7\r\n]\r\n"
        let bytes = Array(text.utf8)
        let parsed = RouteList.read(bytes)
        #expect(parsed.isJSON)
        #expect(parsed.routes.map(\.text) == ["/todos", "/x"] && parsed.routes.map(\.line) == [2, 3])
        #expect(Array(bytes[parsed.routes[0].location.offset...].prefix(8)) == Array(#""/todos""#.utf8))
        #expect(parsed.errors.map(\.line) == [4])
        #expect(bytes[parsed.errors[0].offset] == UInt8(ascii: "7"))
    }

    @Test func jsonRouteLists() {
        let a = RouteList.parse(Array(#"[{"route": "/todos", "expect": "app"}, {"route": "/x", "expect": "web"}, "/y"]"#.utf8))
        #expect(a.routes.map(\.path) == ["/todos", "/x", "/y"] && a.routes[1].expect == .web && a.errors.isEmpty)
        let b = RouteList.parse(Array(#"{"routes": [{"route": "/todos"}]}"#.utf8))
        #expect(b.routes.count == 1)
        let c = RouteList.parse(Array(#"[{"route": "/todos", "expect": "maybe"}, {"path": "/x"}]"#.utf8))
        #expect(c.errors.count == 2)
        let d = RouteList.parse(Array("[\n{\"route\": \"/a\"},\n]".utf8))
        #expect(d.errors.first?.line == 3)
    }
    /// AASA706: a list without routes (empty, comments only, an empty JSON list) is an error,
    /// and no rule is reported as unused (AASA704) against it.
    @Test(arguments: ["", "\n\n", "# routes\n   # none yet\n", "[]", " {\"routes\": []}\n"])
    func emptyRouteListIsAASA706(_ list: String) throws {
        let r = try check(#"[{"/":"/todos"},{"/":"/legacy/*"}]"#, Array(list.utf8))
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA706"])
        #expect(r.diagnostics.first?.severity == .error)
        #expect(r.diagnostics.first?.file == "routes")
        #expect(r.summary.hasPrefix("0 routes"))
    }

    /// A list with entries that cannot be read (exit 2 in the CLI) says nothing about unused
    /// rules: the unread entries might be the ones that use them.
    @Test(arguments: ["/todos\nnot a route\n", #"[{"route": "/todos"}, {"rout": "/legacy/x"}]"#])
    func unreadableEntriesSuppressAASA704(_ list: String) throws {
        let r = try check(#"[{"/":"/todos"},{"/":"/legacy/*"}]"#, Array(list.utf8))
        #expect(r.diagnostics.map(\.code.rawValue) == ["AASA705"])
        #expect(r.verdicts.map(\.route.text) == ["/todos"])
        let whole = try check(#"[{"/":"/todos"},{"/":"/legacy/*"}]"#, Array("/todos\n".utf8))
        #expect(whole.diagnostics.map(\.code.rawValue) == ["AASA704"], "a list read whole still reports it")
    }

    /// Routes are counted as entries, whatever lines they are on.
    @Test(arguments: [
        (#"[{"route": "/todos"}, {"route": "/me", "expect": "web"}, "/profile"]"#, 3),
        (#"{"routes": ["/todos", "/me"]}"#, 2),
        ("/todos\n/me web\n", 2),
    ] as [(String, Int)])
    func routesAreCountedAsEntries(_ list: String, _ count: Int) throws {
        let r = try check(#"[{"/":"/todos"},{"/":"/profile"}]"#, Array(list.utf8))
        #expect(r.routeCount == count)
        #expect(r.summary.hasPrefix("\(count) routes"), "\(r.summary)")
    }

    /// What standard error says about a list that cannot be read: entries for JSON, lines for text.
    @Test func unreadableReasonsCountEntries() {
        let json = RouteList.read(Array(#"[{"route": "/a"}, 5, {"rout": "/b"}]"#.utf8))
        #expect(json.unreadableReason(file: "r.json") == "r.json: the route list has 2 entries that cannot be read (AASA705)")
        let one = RouteList.read(Array(#"["/a", 5]"#.utf8))
        #expect(one.unreadableReason(file: "r.json") == "r.json: the route list has 1 entry that cannot be read (AASA705)")
        let text = RouteList.read(Array("/a\nnope\nnope again\n".utf8))
        #expect(text.unreadableReason(file: "r.txt") == "r.txt: the route list has 2 lines that cannot be read (AASA705)")
        let broken = RouteList.read(Array("[\"/a\",\n".utf8))
        #expect(broken.unreadableReason(file: "r.json")?.hasPrefix("r.json: the route list is not valid JSON: ") == true)
        #expect(RouteList.read(Array("/a\n".utf8)).unreadableReason(file: "r") == nil)
    }
}

@Suite struct RouteHintTests {
    @Test func aRouteOnAnotherHostGetsAHostHint() throws {
        let doc = try #require(validate(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*"}]}]}}"#, domain: "soar.example").document)
        let r = RouteCheck.run(document: doc, domain: "soar.example", routeList: Array("https://other.example/todos\n".utf8))
        let d = try #require(r.diagnostics.first)
        #expect(d.code == "AASA701")
        #expect(d.hint?.contains("another host") == true)
    }
}
