extension CodeDoc {
    /// A rule that can never decide anything.
    static let aasa402 = CodeDoc(
        code: "AASA402", severity: .warning,
        title: "A rule can never decide anything because an earlier rule covers every URL it matches (give the earlier rule)",
        why: "The first matching rule decides, so a rule whose URLs are all matched earlier is dead: editing it changes nothing, which misleads whoever maintains the file.",
        fix: "Remove the dead rule, or move it before the rule that covers it if it was meant to decide (typically an exclude or a narrower include).",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/shop/sale/*", "?": {"ref": "*"}}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/sale/*", "?": {"ref": "*"}}, {"/": "/shop/*"}]}]}}"#),
        check: { ctx in RuleShadowing.findings(ctx) })  // reports AASA404 too: one pass over the rules
}

/// Finds, for each rule, the first earlier rule of its entry that covers it (AASA402, AASA404).
enum RuleShadowing {
    /// Most automaton states the searches for one document may explore (about a second of
    /// work); past it, coverage is not claimed.
    static let searchBudget = 2_000_000

    static func findings(_ ctx: CheckContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var budget = searchBudget
        for entry in ctx.matcher.entries {
            let list = entry.entry.rules.keyName ?? "components"
            let rules = entry.rules
            for j in rules.indices where j > 0 {
                let later = rules[j]
                guard entry.entry.node.isObjectRule(later.rule) else { continue }
                guard let i = rules[..<j].firstIndex(where: { RuleCoverage.covers($0, later, budget: &budget) }) else { continue }
                let earlier = rules[i]
                let earlierName = "details[\(entry.entry.index)].\(list)[\(earlier.rule.index)] `\(earlier.rule.text)`"
                let laterName = "details[\(entry.entry.index)].\(list)[\(later.rule.index)] `\(later.rule.text)`"
                if later.exclude && !earlier.exclude {
                    out.append(ctx.diagnostic("AASA404", at: later.rule.ref,
                                              "the exclude rule \(laterName) never excludes anything: the broader rule \(earlierName) before it already opens every URL it matches",
                                              hint: "Move the exclude rule before \(earlierName)."))
                } else {
                    let effect = earlier.exclude == later.exclude ? "already decides the same for" : "already decides otherwise for"
                    out.append(ctx.diagnostic("AASA402", at: later.rule.ref,
                                              "\(laterName) can never decide: \(earlierName) \(effect) every URL it matches",
                                              hint: "Remove it, or move it before \(earlierName) if it was meant to decide."))
                }
            }
        }
        return out
    }
}
