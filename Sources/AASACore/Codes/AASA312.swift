extension CodeDoc {
    /// Both `components` and `paths` in one entry, decided by behaviour (issue 10 item 3).
    static let aasa312 = CodeDoc(
        code: .aasa312, severity: .warning,
        title: "One entry has both `components` and `paths` and they decide some URL differently (info when they behave the same)",
        why: "Systems since iOS 13 use `components` and ignore `paths`; iOS 12 reads only `paths`. Keeping both is right for an app that still supports iOS 12, as long as both decide every URL alike; where they differ, a link opens the app on one system and the website on the other.",
        fix: "Make `paths` say what `components` says for the URL given (or drop `paths` if iOS 12 is no longer supported).",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "paths": ["/shop/*"], "components": [{"/": "/buy/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/shop/*"}]}]}}"#),
        check: { ctx in LegacyPathsComparison.findings(ctx) })
}

/// Compares an entry's legacy `paths` with its `components` by behaviour, with the diff engine
/// (``RuleListDiff``): every URL is decided by the `paths` rules as iOS 12 reads them and by
/// the `components` as later systems do. The `paths` rules are compiled as the matcher compiles
/// a `paths`-only entry (spec §5 step 3).
enum LegacyPathsComparison {
    /// A fifth of a diff's limits: validation runs this for every entry with both lists.
    static let limits = DiffLimits(work: 60_000_000, statesPerCondition: 5_000)

    static func findings(_ ctx: CheckContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (position, entry) in (ctx.document.applinks?.details ?? []).enumerated() {
            guard case .components = entry.rules, let node = entry.node["paths"] else { continue }
            let pointer = JSONPointer.appending(entry.ref.pointer, "paths")
            let ref = SourceRef(pointer: pointer, location: ctx.sourceMap.location(of: node.offset))
            guard let strings = node.arrayValue else { continue }  // AASA302 reports the type
            let links = ctx.document.applinks
            let legacy: [CompiledRule] = strings.enumerated().compactMap { i, element in
                guard let s = element.stringValue else { return nil }
                let p = JSONPointer.appending(pointer, i)
                let rule = DocumentDecoder.legacyPathRule(s, index: i, ref: SourceRef(pointer: p, location: ctx.sourceMap.location(of: element.offset)))
                return CompiledRule(rule: rule, detail: entry.index, entryDefaults: entry.defaults, applinksDefaults: links?.defaults ?? RuleKeys(),
                                    variables: links?.substitutionVariables ?? [:])
            }
            let compiled = ctx.matcher.entries.first { $0.entry.index == entry.index } ?? ctx.matcher.entries[position]
            let result = RuleListDiff.compare(RuleListSide(rules: legacy), RuleListSide(compiled), limits: limits, matcher: ctx.matcher)
            // Only whether the app opens is visible: excluded and unmatched URLs both stay on the web.
            let visible = result.changes.filter { ($0.oldDecision == .match) != ($0.newDecision == .match) }
            if let change = visible.first {
                func side(_ decision: MatchDecision, _ position: Int?, _ list: String, _ rules: [CompiledRule]) -> String {
                    let what: String
                    switch decision {
                    case .match: what = "opens the app"
                    case .exclude: what = "is excluded"
                    case .noMatch: what = "matches no rule"
                    }
                    guard let position else { return what }
                    return "\(what) by \(list)[\(position)] `\(rules[position].rule.text)`"
                }
                let more = visible.count > 1 ? " (\(visible.count) kinds of URL differ)" : ""
                out.append(ctx.diagnostic(.aasa312, at: ref,
                                          "details[\(entry.index)] has both components and paths and they decide some URLs differently\(more): \(change.example) "
                                            + "\(side(change.oldDecision, change.old, "paths", legacy)) on iOS 12 but \(side(change.newDecision, change.new, "components", compiled.rules)) on iOS 13 and later",
                                          hint: "Make paths decide \(change.example) as components do, or remove paths if the app no longer supports iOS 12."))
            } else {
                var finding = ctx.diagnostic(.aasa312, at: ref,
                                             result.incomplete.isEmpty
                                                ? "details[\(entry.index)] has both components and paths, and they open the app for exactly the same URLs (paths serve iOS 12; later systems use components)"
                                                : "details[\(entry.index)] has both components and paths; no URL was found that opens the app with one and not the other, but the comparison could not finish (rules too costly to compare)",
                                             hint: nil)
                finding.severity = .info
                out.append(finding)
            }
        }
        return out
    }
}

extension DiagnosticCode {
    /// AASA312: see ``CodeDoc/aasa312``.
    public static let aasa312 = DiagnosticCode(rawValue: "AASA312")
}
