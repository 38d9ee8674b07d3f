import Foundation
import Testing
@testable import AASACheckKit

/// `match --json`: the fields spec `cli.md` fixes for each decision.
@Suite struct MatchJSONTests {
    /// A `no_match` carries the closest rule as `closest`, not as the deciding `rule`.
    @Test func matchJSONNamesTheClosestRule() throws {
        let doc = try temporaryFile(Array(##"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/":"/e","?":{"flag":""}},{"/":"/f","#":"*market*"}]}]}}"##.utf8),
                                    name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: doc) }
        let r = run(["match", doc, "/f#x", "/nothing", "/e", "--json"])
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        try #require(matches.count == 3)
        #expect(matches[0]["decision"] as? String == "no_match")
        #expect(matches[0]["component"] is NSNull && matches[0]["rule"] is NSNull)
        let closest = try #require(matches[0]["closest"] as? [String: Any])
        #expect(closest["detail"] as? Int == 0 && closest["component"] as? Int == 1)
        #expect(closest["rule"] as? String == ##"{"/":"/f","#":"*market*"}"##)
        #expect(matches[1]["closest"] is NSNull, "no rule's path matched /nothing")
        #expect(matches[2]["decision"] as? String == "match" && matches[2]["component"] as? Int == 0)
        #expect(matches[2]["rule"] as? String == #"{"/":"/e","?":{"flag":""}}"# && matches[2]["closest"] is NSNull)
    }
}
