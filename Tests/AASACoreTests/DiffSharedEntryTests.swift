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
            #expect(mine.allSatisfy { $0.appIDs == Self.apps })
        }
        // Reported once for the 20 apps, not once per app (issue 22: output bounded by the input).
        #expect(diff.changes.count == first.count)
        #expect(first.map(\.example) == ["/r7/a"])
        #expect(first.first?.appsLabel == "ABCDE12345.com.example.app0 and 19 more app IDs of the same entry")
        let message = diff.diagnostics().first?.message
        #expect(message == "URLs that did not open ABCDE12345.com.example.app0 and 19 more app IDs of the same entry now do, e.g. /r7/a: it was matched by no rule, now it is opened by details[0].components[7] `{\"/\":\"/r7/*\"}`")
    }

    @Test("only the apps asked for", arguments: [[String](), ["ABCDE12345.com.example.app3"], ["abcde12345.com.example.app3", "ABCDE12345.com.example.app9"], ["ABCDE12345.com.other"]])
    func onlyTheAppsAskedFor(asked: [String]) throws {
        let (o, n) = (try DocumentDiff.decode(Self.old), try DocumentDiff.decode(Self.new))
        let all = DocumentDiff(old: CompiledDocument(o), new: CompiledDocument(n))
        let some = DocumentDiff(old: CompiledDocument(o), new: CompiledDocument(n), appIDs: asked)
        let keys = Set(asked.map(AppIdentity.canonical))
        // The same changes, held for the apps asked for only.
        let expected = all.changes.compactMap { change -> DocumentChange? in
            var change = change
            change.appIDs = change.appIDs.filter { keys.contains(AppIdentity.canonical($0)) }
            guard let first = change.appIDs.first else { return nil }
            change.appID = first
            return change
        }
        #expect(some.changes == expected)
        let listed = Set(Self.apps.map(AppIdentity.canonical)).intersection(keys).count
        #expect(some.changes.allSatisfy { $0.appIDs.count == listed })
        #expect(some.changes.count == (listed == 0 ? 0 : all.changes.count))
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
