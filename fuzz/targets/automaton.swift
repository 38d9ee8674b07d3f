// seeds: Fixtures/corpus/aasa
// dict: patterns
@testable import AASACore

/// Differential, for the compiled automaton (issue 15): a document of up to 24 rules and URLs
/// generated from the input (RandomDocuments), each decided with the automaton — its cache at
/// the normal size, and so small (the input's first byte chooses) that it is emptied at
/// almost every new state — rule by rule, and by ReferenceMatcher (spec §5). Any difference
/// is a finding, and so is a cache past its limit by more than the states it must hold.
enum AutomatonFuzz: FuzzTarget {
    static let name = "automaton"

    static func run(_ data: [UInt8]) {
        var choices = ByteChoices(data)
        let limit = [CompiledDocument.defaultCacheLimit, 1, 300, 4_000][choices.next(4)]
        let json = RandomDocuments.document(&choices, maxRules: 24)
        guard let document = RandomDocuments.decode(json) else { return }
        let compiled = CompiledDocument(document, cacheLimit: limit)
        let automaton = DocumentMatcher(compiled: compiled, host: RandomDocuments.host)
        let ruleByRule = DocumentMatcher(compiled: compiled, host: RandomDocuments.host, strategy: .ruleByRule)
        let decider = automaton.decider(appIDs: [RandomDocuments.app])
        for _ in 0..<12 {
            let url = RandomDocuments.url(&choices)
            let expected = ReferenceMatcher.decide(document, host: RandomDocuments.host, url: url, appID: RandomDocuments.app)
            let bulk = decider.decide(url, app: 0)
            let single = automaton.decision(url, appID: RandomDocuments.app)
            let baseline = ruleByRule.decision(url, appID: RandomDocuments.app)
            let explained = URLParts(url).map { automaton.decide($0, appID: RandomDocuments.app) }
            let component = expected?.decision == .noMatch ? nil : expected?.component
            if bulk?.decision != expected?.decision || bulk?.component != component
                || single?.decision != expected?.decision || single?.component != component
                || baseline?.decision != expected?.decision || baseline?.component != component
                || explained?.decision != expected?.decision || (explained?.decision != .noMatch && explained?.component != component) {
                fuzzFailure("""
                    \(json)
                    \(url) (cache limit \(limit)): reference \(String(describing: expected)), bulk \(String(describing: bulk)), \
                    single \(String(describing: single)), rule by rule \(String(describing: baseline)), \
                    explained \(String(describing: explained.map { ($0.decision, $0.component) }))
                    """)
            }
        }
        let stats = decider.statistics
        // Per view (two at most): the limit, plus the start state and the one being added.
        let places = compiled.rules.reduce(0) { $0 + ($1.path?.program.count ?? 0) }
        let oneState = 8 * places + 4 * compiled.rules.count + 512
        if stats.bytes > 2 * (limit + 2 * oneState) {
            fuzzFailure("\(json)\ncache of \(stats.bytes) bytes past its limit of \(limit): \(stats)")
        }
    }
}
