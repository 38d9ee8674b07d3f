// seeds: Fixtures/corpus/aasa
// dict: patterns
@testable import AASACore

/// Differential: a document and URLs generated from the input (RandomDocuments), decided by
/// the compiled matcher (fast path and general path) and by ReferenceMatcher, written from
/// spec §5. Any difference is a finding.
enum MatcherFuzz: FuzzTarget {
    static let name = "matcher"

    static func run(_ data: [UInt8]) {
        var choices = ByteChoices(data)
        let json = RandomDocuments.document(&choices)
        guard let document = RandomDocuments.decode(json) else { return }
        let matcher = DocumentMatcher(document: document, host: RandomDocuments.host)
        for _ in 0..<8 {
            let url = RandomDocuments.url(&choices)
            for app in [RandomDocuments.app, "ZZZZZ99999.com.other"] {
                let expected = ReferenceMatcher.decide(document, host: RandomDocuments.host, url: url, appID: app)
                let fast = matcher.decision(url, appID: app)
                let general = URLParts(url).map { matcher.decide($0, appID: app) }
                let g = general.map { ($0.decision, $0.detail, $0.decision == .noMatch ? nil : $0.component) }
                if expected?.decision != fast?.decision || expected?.component != fast?.component
                    || expected?.decision != g?.0 || expected?.component != g?.2 {
                    fuzzFailure("""
                        \(json)
                        \(url) for \(app): reference \(String(describing: expected)), fast \(String(describing: fast)), general \(String(describing: g))
                        """)
                }
            }
        }
    }
}
