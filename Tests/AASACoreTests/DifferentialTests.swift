import Testing
@testable import AASACore

/// The compiled matcher — its fast URL path and its general path — against ReferenceMatcher
/// (spec §5 written plainly), and the rule-coverage search against sampled URLs, on random
/// documents (RandomDocuments; a failing seed reproduces).
@Suite struct DifferentialTests {
    @Test(arguments: 0..<8)
    func matcherAgreesWithTheReference(_ batch: Int) throws {
        var choices = SeededChoices(seed: 0xD1FF_0000 + UInt64(batch))
        for _ in 0..<250 {
            let json = RandomDocuments.document(&choices)
            guard let document = validate(json, domain: RandomDocuments.host).document else { continue }
            let matcher = DocumentMatcher(document: document, host: RandomDocuments.host)
            for _ in 0..<10 {
                let url = RandomDocuments.url(&choices)
                let expected = ReferenceMatcher.decide(document, host: RandomDocuments.host, url: url, appID: RandomDocuments.app)
                let fast = matcher.decision(url, appID: RandomDocuments.app)
                let general = URLParts(url).map { matcher.decide($0, appID: RandomDocuments.app) }
                #expect(fast?.decision == expected?.decision && fast?.component == expected?.component, "\(json)\n\(url)")
                #expect(general?.decision == expected?.decision, "\(json)\n\(url)")
                if general?.decision != .noMatch { #expect(general?.component == expected?.component, "\(json)\n\(url)") }
            }
        }
    }

    /// Whenever the analysis proves that an earlier rule covers a later one, no sampled URL
    /// is matched by the later rule and not by the earlier one.
    @Test(arguments: 0..<4)
    func coverageProofsHoldOnSampledURLs(_ batch: Int) throws {
        var choices = SeededChoices(seed: 0xC0FE_0000 + UInt64(batch))
        var proofs = 0
        for _ in 0..<300 {
            let json = RandomDocuments.document(&choices, maxRules: 4)
            guard let document = validate(json, domain: RandomDocuments.host).document else { continue }
            let matcher = DocumentMatcher(document: document, host: RandomDocuments.host)
            guard let entry = matcher.entries.first, entry.rules.count >= 2 else { continue }
            let urls = (0..<60).compactMap { _ in URLParts(RandomDocuments.url(&choices)) }
            for j in entry.rules.indices.dropFirst() {
                for i in 0..<j where RuleCoverage.covers(entry.rules[i], entry.rules[j]) {
                    proofs += 1
                    for url in urls {
                        var input = PreparedURL(url)
                        if matcher.matches(entry.rules[j], &input) {
                            #expect(matcher.matches(entry.rules[i], &input), "\(json)\nrule \(i) covers \(j) but not \(url.original)")
                        }
                    }
                }
            }
        }
        #expect(proofs > 0)
    }
}
