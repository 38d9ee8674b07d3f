// seeds: Fixtures/routes
// dict: routes
@testable import AASACore

/// Route lists on any bytes against a generated document (the input's first bytes choose it):
/// parsing never crashes, and every decided verdict agrees with the matcher on a value of the
/// route's placeholders (for `always` and `never`, every value must agree).
enum RoutesFuzz: FuzzTarget {
    static let name = "routes"

    static func run(_ data: [UInt8]) {
        let split = min(data.count, 48)
        var choices = ByteChoices(Array(data.prefix(split)))
        let json = RandomDocuments.document(&choices)
        guard let document = RandomDocuments.decode(json) else { return }
        let matcher = DocumentMatcher(document: document, host: RandomDocuments.host)
        let parsed = RouteList.parse(Array(data.dropFirst(split)))
        let result = RouteCheck.run(matcher: matcher, domain: RandomDocuments.host, routes: parsed.routes, appIDs: [RandomDocuments.app],
                                    routesFile: "routes")
        for v in result.verdicts where v.coverage == .always || v.coverage == .never {
            for value in ["v", "a", "A", "x1", "é"] {
                var route = v.route
                route.path = route.path.split(separator: "/", omittingEmptySubsequences: false)
                    .map { RouteList.placeholderName($0) != nil ? value : String($0) }.joined(separator: "/")
                guard let decided = matcher.decide(route.url(on: RandomDocuments.host), appID: RandomDocuments.app) else { continue }
                if (decided.decision == .match) != (v.coverage == .always) {
                    fuzzFailure("\(json)\n\(v.route.text) is \(v.coverage!.rawValue) but \(route.path) → \(decided.decision.rawValue)")
                }
            }
        }
    }
}
