/// Compares two documents by behaviour: the services present, the app IDs of each service, and
/// each applinks app's rules in order after `defaults` are applied, plus substitution
/// variables. Formatting, key order, comments and white space do not count
/// (spec `aasa-reference.md` §2: the CDN may re-serialise).
public enum DocumentComparison {
    /// What differs, one sentence each, origin first; empty when both behave the same.
    public static func differences(origin: AASADocument, cdn: AASADocument) -> [String] {
        var out: [String] = []
        let a = Set(origin.serviceNames), b = Set(cdn.serviceNames)
        for s in origin.serviceNames where !b.contains(s) { out.append("service \(s) is in the origin file but not in the CDN copy") }
        for s in cdn.serviceNames where !a.contains(s) { out.append("service \(s) is in the CDN copy but not in the origin file") }

        if let la = origin.applinks, let lb = cdn.applinks {
            let ra = appRules(la), rb = appRules(lb)
            for (id, _) in ra where rb[id] == nil { out.append("applinks: app ID \(NetworkText.escape(id)) is only in the origin file") }
            for (id, _) in rb where ra[id] == nil { out.append("applinks: app ID \(NetworkText.escape(id)) is only in the CDN copy") }
            for (id, rulesA) in ra.sorted(by: { $0.key < $1.key }) {
                guard let rulesB = rb[id], rulesA != rulesB else { continue }
                out.append("applinks rules for \(NetworkText.escape(id)) differ: " + describeRuleDifference(rulesA, rulesB))
            }
            if la.substitutionVariables != lb.substitutionVariables {
                let names = Set(la.substitutionVariables.keys).union(lb.substitutionVariables.keys)
                    .filter { la.substitutionVariables[$0] != lb.substitutionVariables[$0] }.sorted()
                out.append("applinks substitutionVariables differ: \(names.map { NetworkText.escape($0) }.joined(separator: ", "))")
            }
        }
        for service in ["webcredentials", "appclips", "activitycontinuation"] {
            guard let sa = origin.appsService(service), let sb = cdn.appsService(service) else { continue }
            let ia = Set((sa.apps ?? []).map(\.value)), ib = Set((sb.apps ?? []).map(\.value))
            for id in ia.subtracting(ib).sorted() { out.append("\(service): app ID \(NetworkText.escape(id)) is only in the origin file") }
            for id in ib.subtracting(ia).sorted() { out.append("\(service): app ID \(NetworkText.escape(id)) is only in the CDN copy") }
        }
        return out
    }

    /// One rule as it behaves: its effective keys, or "every URL" for an entry without rules.
    struct EffectiveRule: Hashable {
        var keys: RuleKeys
        var text: String

        static func == (a: EffectiveRule, b: EffectiveRule) -> Bool { a.keys == b.keys }
        func hash(into h: inout Hasher) { h.combine(keys) }
    }

    enum AppRules: Equatable {
        case all
        case rules([EffectiveRule])
    }

    /// App ID → the rules of the first entry that names it (later entries are ignored by the system).
    static func appRules(_ applinks: AppLinksService) -> [String: AppRules] {
        var out: [String: AppRules] = [:]
        for entry in applinks.details {
            let defaults = entry.defaults.inheriting(from: applinks.defaults)
            let rules: AppRules
            switch entry.rules {
            case .matchAll: rules = .all
            case .components(let list), .paths(let list):
                rules = .rules(list.map { EffectiveRule(keys: $0.keys.inheriting(from: defaults), text: $0.text) })
            }
            for id in entry.appIDs where out[id.value] == nil { out[id.value] = rules }
        }
        return out
    }

    static func describeRuleDifference(_ a: AppRules, _ b: AppRules) -> String {
        switch (a, b) {
        case (.all, _): return "the origin file matches every URL (no rules), the CDN copy has rules"
        case (_, .all): return "the CDN copy matches every URL (no rules), the origin file has rules"
        case (.rules(let ra), .rules(let rb)):
            let common = min(ra.count, rb.count)
            for i in 0..<common where ra[i] != rb[i] {
                return "rule \(i) is \(NetworkText.escape(ra[i].text, limit: 120)) in the origin file but \(NetworkText.escape(rb[i].text, limit: 120)) in the CDN copy"
            }
            if ra.count > rb.count {
                return "the origin file has \(ra.count) rules, the CDN copy \(rb.count); first missing: \(NetworkText.escape(ra[common].text, limit: 120))"
            }
            return "the CDN copy has \(rb.count) rules, the origin file \(ra.count); first extra: \(NetworkText.escape(rb[common].text, limit: 120))"
        }
    }
}
