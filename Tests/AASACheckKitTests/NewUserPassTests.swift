import Foundation
import Testing

/// What the last new-user pass found (stop 26), each before → after.
@Suite struct NewUserPassTests {
    static let aasa = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.aasacheck.shop"], "components": [{"/": "/product/*"}]}]}}"#

    /// Before: `routes FILE --domain H` gave AASA701 for each route on another host (a false
    /// error for a list that also holds the www host's routes) while `check --routes` noted
    /// them. Now both count them in one notice and judge the rest.
    @Test func routesOnAnotherHostAreCountedNotFailed() throws {
        let file = try temporaryFile(Array(Self.aasa.utf8), name: UUID().uuidString + ".json")
        let routes = try temporaryFile(Array("https://other.example/product/1\n/product/2\n".utf8), name: UUID().uuidString + ".routes")
        defer { [file, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["routes", file, "--routes", routes, "--domain", "clip.example", "--json"])
        #expect(r.status == 0, "\(r.stdout)")
        let json = try r.json()
        let verdicts = try #require(json["routes"] as? [[String: Any]])
        #expect(verdicts.compactMap { $0["url"] as? String } == ["https://clip.example/product/2"])
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("1 route of") && $0.contains("other.example") && $0.contains("not judged") }, "\(notes)")
    }

    /// Before: two truncated statement lists gave "no change", exit 1; never "no change" for a
    /// side Google's API refuses. A lost statement is placed in OLD, named by OLD.
    @Test func androidDiffOfRefusedListsAndLostStatements() throws {
        let truncated = try temporaryFile(Array(#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"#.utf8), name: "assetlinks.json")
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        let r = run(["diff", truncated, truncated, "--kind", "assetlinks"])
        #expect(r.status == 1)
        #expect(!r.stdout.contains("no change"), "\(r.stdout)")
        #expect(r.stdout.contains("Google's Digital Asset Links API refuses"), "\(r.stdout)")
        let statement = #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}"#
        let oldDir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: oldDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: oldDir) }
        let old = oldDir.appendingPathComponent("old.json").path, new = oldDir.appendingPathComponent("new.json").path
        try Array("[\n\n\n  \(statement)\n]\n".utf8).withUnsafeBufferPointer { try Data($0).write(to: URL(fileURLWithPath: old)) }
        try Array("[]".utf8).withUnsafeBufferPointer { try Data($0).write(to: URL(fileURLWithPath: new)) }
        let lost = run(["diff", old, new, "--kind", "assetlinks"])
        #expect(lost.stdout.contains("\(old):4:"), "\(lost.stdout)")
        #expect(!lost.stdout.contains("\(new):4:"), "\(lost.stdout)")
    }
}
