import Foundation
import Testing
@testable import AASACheckKit

/// `routes` output for route lists that hold no route, one-line JSON lists and unreadable ones.
@Suite struct RouteListCommandTests {
    static let document = #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/todos"}, {"/": "/legacy/*"}]}]}}"#

    func routes(_ list: String, name: String, json: Bool = true) throws -> Run {
        let doc = try temporaryFile(Array(Self.document.utf8), name: UUID().uuidString + ".json")
        let file = try temporaryFile(Array(list.utf8), name: UUID().uuidString + name)
        defer {
            try? FileManager.default.removeItem(atPath: doc)
            try? FileManager.default.removeItem(atPath: file)
        }
        return run(["routes", doc, "--routes", file, "--no-color"] + (json ? ["--json"] : []))
    }

    @Test func aOneLineJSONListCountsItsEntries() throws {
        let r = try routes(#"[{"route": "/todos"}, {"route": "/legacy/x"}, {"route": "/me", "expect": "web"}]"#, name: ".json", json: false)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("3 routes, 2 open the app as expected, 1 stays on the web as expected"), "\(r.stdout)")
    }

    @Test(arguments: ["# nothing yet\n\n", "[]"])
    func anEmptyListIsAASA706(_ list: String) throws {
        let r = try routes(list, name: ".routes")
        #expect(r.status == 1)
        #expect(try r.codes() == ["AASA706"], "no AASA704 against a list without routes")
    }

    @Test(arguments: [
        (#"[{"route": "/todos"}, {"rout": "/legacy/x"}, 5]"#, "the route list has 2 entries that cannot be read (AASA705)"),
        ("/todos\nlegacy maybe\n", "the route list has 1 line that cannot be read (AASA705)"),
    ])
    func anUnreadableListExits2WithoutAASA704(_ list: String, _ reason: String) throws {
        let r = try routes(list, name: ".routes")
        #expect(r.status == 2)
        #expect(r.stderr.contains(reason), "\(r.stderr)")
        let codes = try r.codes()
        #expect(!codes.isEmpty && codes.allSatisfy { $0 == "AASA705" }, "\(codes)")
    }
}
