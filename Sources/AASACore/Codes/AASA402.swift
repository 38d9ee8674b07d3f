extension CodeDoc {
    /// A rule that can never decide anything.
    static let aasa402 = CodeDoc(
        code: .aasa402, severity: .warning,
        title: "A rule can never decide anything because an earlier rule covers every URL it matches (give the earlier rule)",
        why: "The first matching rule decides, so a rule whose URLs are all matched earlier is dead: editing it changes nothing, which misleads whoever maintains the file.",
        fix: "Remove the dead rule, or move it before the rule that covers it if it was meant to decide (typically an exclude or a narrower include).",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/shop/sale/*", "?": {"ref": "*"}}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/sale/*", "?": {"ref": "*"}}, {"/": "/shop/*"}]}]}}"#),
        check: { ctx in RuleShadowing.findings(ctx) })  // reports AASA404 too: one pass over the rules
}

/// Finds, for each rule, the first earlier rule of its entry that covers it (AASA402, AASA404),
/// and says so (AASA405) when the work limits stopped the proof for some pair.
enum RuleShadowing {
    /// Most work the automaton searches for one document may do (``PatternSearch``, a fraction
    /// of a second); past it, coverage is not claimed.
    static let searchBudget = 8_000_000
    /// Most work the pairwise comparisons of one document may do: each candidate pair counts
    /// one, plus one per 64 scalars its checks compare, plus the candidate lookups (scalars
    /// hashed, ``CoverageCandidates``).
    static let pairBudget = 2_000_000

    static func findings(_ ctx: CheckContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var budget = searchBudget
        var pairs = pairBudget
        var undecided = 0
        var firstUndecided: (CompiledEntry, CompiledRule)?
        for entry in ctx.matcher.entries {
            let list = entry.entry.rules.keyName ?? "components"
            let rules = entry.rules
            let index = CoverageCandidates(rules)
            for j in rules.indices where j > 0 {
                let later = rules[j]
                guard later.rule.isWellFormed else { continue }
                var coveringIndex: Int?
                var unsure = false
                // More candidates than work left: the work limit stops this rule's proof.
                let (candidates, lookup) = index.candidates(for: j, cap: max(0, pairs))
                pairs -= lookup / 64
                if candidates == nil {
                    unsure = true
                    pairs = 0
                }
                // A covering rule's path accepts the later rule's witness: one match refutes
                // most candidates.
                let witness = index.witness(j)
                for i in candidates ?? CoverageCandidates.Candidates() {
                    let earlier = rules[i]
                    let compared = (earlier.path?.program.count ?? 0) + (witness?.count ?? 0)
                    pairs -= 1 + compared / 64
                    if pairs < 0 { unsure = true; break }
                    if let w = witness, let path = earlier.path, !path.matches(path.caseInsensitive ? CaseFold.fold(w) : w) { continue }
                    switch RuleCoverage.covers(earlier, later, budget: &budget) {
                    case .covers: coveringIndex = i
                    case .unknown: unsure = true
                    case .doesNotCover: break
                    }
                    if coveringIndex != nil { break }
                }
                guard let i = coveringIndex else {
                    if unsure {
                        undecided += 1
                        if firstUndecided == nil { firstUndecided = (entry, later) }
                    }
                    continue
                }
                let earlier = rules[i]
                let earlierName = "details[\(entry.entry.index)].\(list)[\(earlier.rule.index)] `\(earlier.rule.text)`"
                let laterName = "details[\(entry.entry.index)].\(list)[\(later.rule.index)] `\(later.rule.text)`"
                if later.exclude && !earlier.exclude {
                    out.append(ctx.diagnostic(.aasa404, at: later.rule.ref,
                                              "the exclude rule \(laterName) never excludes anything: the broader rule \(earlierName) before it already opens every URL it matches",
                                              hint: "Move the exclude rule before \(earlierName)."))
                } else {
                    let effect = earlier.exclude == later.exclude ? "already decides the same for" : "already decides otherwise for"
                    out.append(ctx.diagnostic(.aasa402, at: later.rule.ref,
                                              "\(laterName) can never decide: \(earlierName) \(effect) every URL it matches",
                                              hint: "Remove it, or move it before \(earlierName) if it was meant to decide."))
                }
            }
        }
        if let (entry, rule) = firstUndecided {
            let list = entry.entry.rules.keyName ?? "components"
            out.append(ctx.diagnostic(.aasa405, at: rule.rule.ref,
                                      "rule analysis is incomplete: whether an earlier rule hides \(undecided == 1 ? "this rule" : "\(undecided) rules, starting with this one,") (details[\(entry.entry.index)].\(list)[\(rule.rule.index)] `\(rule.rule.text)`) could not be decided within the work limits",
                                      hint: "Patterns with many ? after a * are costly to compare; simpler patterns, or fewer rules, let every overlap be checked."))
        }
        return out
    }
}

extension DiagnosticCode {
    /// AASA402: see ``CodeDoc/aasa402``.
    public static let aasa402 = DiagnosticCode(rawValue: "AASA402")
}
