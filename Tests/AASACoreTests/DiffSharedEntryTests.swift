import Testing
@testable import AASACore

/// `diff` of many app IDs that share one `details` entry (issue 22): the entry pair is compared
/// once, every app still gets its changes, and `appIDs` compares only the apps asked for.
@Suite struct DiffSharedEntryTests {
    static let apps = (0..<20).map { "ABCDE12345.com.example.app\($0)" }

    static func document(_ rules: [String], apps: [String] = apps) -> [UInt8] {
        let ids = apps.map { "\"\($0)\"" }.joined(separator: ",")
        let comps = rules.map { "{\"/\":\"\($0)\"}" }.joined(separator: ",")
        return Array("{\"applinks\":{\"details\":[{\"appIDs\":[\(ids)],\"components\":[\(comps)]}]}}".utf8)
    }

    static let old = document((0..<50).map { "/r\($0)" })
    static let new = document((0..<50).map { $0 == 7 ? "/r7/*" : "/r\($0)" })

    @Test func everyAppOfTheEntryGetsTheSameChanges() throws {
        let diff = try DocumentDiff(old: Self.old, new: Self.new)
        let first = diff.changes(for: Self.apps[0])
        #expect(!first.isEmpty)
        for app in Self.apps {
            let mine = diff.changes(for: app)
            #expect(mine.map(\.example) == first.map(\.example), "\(app)")
            #expect(mine.allSatisfy { $0.appID == app })
        }
        #expect(diff.changes.count == first.count * Self.apps.count)
    }

    @Test("only the apps asked for", arguments: [[String](), ["ABCDE12345.com.example.app3"], ["abcde12345.com.example.app3", "ABCDE12345.com.example.app9"], ["ABCDE12345.com.other"]])
    func onlyTheAppsAskedFor(asked: [String]) throws {
        let (o, n) = (try DocumentDiff.decode(Self.old), try DocumentDiff.decode(Self.new))
        let all = DocumentDiff(old: CompiledDocument(o), new: CompiledDocument(n))
        let some = DocumentDiff(old: CompiledDocument(o), new: CompiledDocument(n), appIDs: asked)
        let keys = Set(asked.map(AppIdentity.canonical))
        #expect(some.changes == all.changes.filter { keys.contains(AppIdentity.canonical($0.appID)) })
        #expect(some.incomplete.isEmpty)
    }

    @Test func appsOfDifferentEntriesAreComparedApart() throws {
        // Two entries: app0 in the first, app1 in the second; only the second's rules change.
        func two(_ second: String) -> [UInt8] {
            Array("{\"applinks\":{\"details\":[{\"appIDs\":[\"ABCDE12345.com.example.app0\"],\"components\":[{\"/\":\"/a\"}]},{\"appIDs\":[\"ABCDE12345.com.example.app1\"],\"components\":[{\"/\":\"\(second)\"}]}]}}".utf8)
        }
        let diff = try DocumentDiff(old: two("/b"), new: two("/b/*"))
        #expect(diff.changes(for: "ABCDE12345.com.example.app0").isEmpty)
        #expect(!diff.changes(for: "ABCDE12345.com.example.app1").isEmpty)
    }
}
