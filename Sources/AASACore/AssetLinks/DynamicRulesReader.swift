extension ElementReader {
    static let voids = "; Android discards every dynamic rule of this statement and the manifest alone decides"

    /// Reads `relation_extensions` (spec `assetlinks-reference.md` §3.1): only the
    /// `handle_all_urls` entry's `dynamic_app_link_components` is read (AOSP `StatementParser.kt`);
    /// a malformed field (DAL401) or an empty one (DAL402), or an empty list (DAL403), voids
    /// every rule of the statement (documented); other keys are warnings (DAL404, DAL405).
    mutating func dynamicRules(_ node: JSONNode?, pointer: String, relations: [String]?) -> DynamicRules {
        guard let node else { return .absent }
        guard let members = node.objectMembers else {
            let m = "relation_extensions is \(StatementListParser.article(node.typeName)), not an object" + ElementReader.voids
            sink.add(.dal401, at: node.offset, pointer: pointer, m)
            return .void(list: nil, reasons: [m])
        }
        var result = DynamicRules.absent
        for member in StatementListParser.uniqueMembers(members) {
            let ptr = JSONPointer.appending(pointer, member.key)
            guard member.key == AssetLinksRelation.handleAllURLs else {
                sink.add(.dal405, at: member.keyOffset, pointer: ptr,
                         "relation_extensions key \"\(SafeText.escape(member.key, limit: 80))\" is not read: only \(AssetLinksRelation.handleAllURLs) carries dynamic rules",
                         hint: "Put dynamic_app_link_components under \"\(AssetLinksRelation.handleAllURLs)\".")
                continue
            }
            guard let entry = member.value.objectMembers else {
                let m = "relation_extensions[\"\(AssetLinksRelation.handleAllURLs)\"] is \(StatementListParser.article(member.value.typeName)), not an object" + ElementReader.voids
                sink.add(.dal401, at: member.value.offset, pointer: ptr, m)
                result = .void(list: nil, reasons: [m])
                continue
            }
            for e in StatementListParser.uniqueMembers(entry) where e.key != "dynamic_app_link_components" {
                let suggestion = StatementListParser.suggestion(e.key, among: ["dynamic_app_link_components"])
                sink.add(.dal405, at: e.keyOffset, pointer: JSONPointer.appending(ptr, e.key),
                         "\"\(SafeText.escape(e.key, limit: 80))\" is not read in the \(AssetLinksRelation.handleAllURLs) extension" + (suggestion.map { ": did you mean \"\($0)\"?" } ?? ""),
                         hint: "Only dynamic_app_link_components is read there.")
            }
            if let components = member.value["dynamic_app_link_components"] {
                result = rules(components, pointer: JSONPointer.appending(ptr, "dynamic_app_link_components"))
            } else {
                sink.add(.dal405, at: member.value.offset, pointer: ptr,
                         "the \(AssetLinksRelation.handleAllURLs) extension has no dynamic_app_link_components: it does nothing")
            }
        }
        if result != .absent, let relations, !relations.contains(AssetLinksRelation.handleAllURLs) {
            sink.add(.dal406, at: node.offset, pointer: pointer,
                     "this statement has dynamic rules but its relation does not grant \(AssetLinksRelation.handleAllURLs): they are never read",
                     hint: "Add \"\(AssetLinksRelation.handleAllURLs)\" to the statement's relation, or move the rules to the statement that has it.")
        }
        return result
    }

    mutating func rules(_ node: JSONNode, pointer: String) -> DynamicRules {
        guard let items = node.arrayValue else {
            let m = "dynamic_app_link_components is \(StatementListParser.article(node.typeName)), not an array of rules" + ElementReader.voids
            sink.add(.dal401, at: node.offset, pointer: pointer, m)
            return .void(list: nil, reasons: [m])
        }
        let location = sink.map.location(of: node.offset)
        guard !items.isEmpty else {
            let m = "dynamic_app_link_components is empty: an empty rule list is ignored and the manifest alone decides"
            sink.add(.dal403, at: node.offset, pointer: pointer, m,
                     hint: "List the rules ([{\"/\": \"/products/*\"}]), or remove relation_extensions if every manifest path should open the app.")
            return .void(list: DynamicRuleList(rules: [], pointer: pointer, location: location), reasons: [m])
        }
        var reasons: [String] = []
        var rules: [DynamicRule] = []
        for (index, item) in items.enumerated() {
            let ptr = JSONPointer.appending(pointer, index)
            guard let members = item.objectMembers else {
                let m = "rule \(index) is \(StatementListParser.article(item.typeName)), not an object" + ElementReader.voids
                sink.add(.dal401, at: item.offset, pointer: ptr, m)
                reasons.append(m)
                continue
            }
            var rule = DynamicRule(index: index, pointer: ptr, location: sink.map.location(of: item.offset),
                                   text: String(item.compactText.prefix(400)))
            var emptyField = false
            func malformed(_ at: Int, _ p: String, _ what: String) {
                emptyField = true
                let m = "rule \(index): \(what)" + ElementReader.voids
                sink.add(.dal401, at: at, pointer: p, m)
                reasons.append(m)
            }
            func empty(_ at: Int, _ p: String, _ what: String) {
                let m = "rule \(index): \(what) is empty" + ElementReader.voids
                sink.add(.dal402, at: at, pointer: p, m,
                         hint: "Give the key a pattern (\"*\" matches anything) or remove it.")
                reasons.append(m)
                emptyField = true
            }
            for m in StatementListParser.uniqueMembers(members) {
                let p = JSONPointer.appending(ptr, m.key)
                switch m.key {
                case "/", "#":
                    guard let s = m.value.stringValue else {
                        malformed(m.value.offset, p, "\"\(m.key)\" is \(StatementListParser.article(m.value.typeName)), not a string")
                        continue
                    }
                    if s.isEmpty { empty(m.value.offset, p, "\"\(m.key)\""); continue }
                    if m.key == "/" { rule.path = RulePattern(s) } else { rule.fragment = RulePattern(s) }
                case "?":
                    guard let entries = m.value.objectMembers else {
                        malformed(m.value.offset, p, "\"?\" is \(StatementListParser.article(m.value.typeName)), not an object of parameter patterns")
                        continue
                    }
                    if entries.isEmpty { empty(m.value.offset, p, "\"?\""); continue }
                    for e in StatementListParser.uniqueMembers(entries) {
                        let ep = JSONPointer.appending(p, e.key)
                        guard let value = e.value.stringValue else {
                            malformed(e.value.offset, ep, "the \"?\" value of \"\(SafeText.escape(e.key, limit: 60))\" is \(StatementListParser.article(e.value.typeName)), not a string")
                            continue
                        }
                        if e.key.isEmpty { empty(e.keyOffset, ep, "a \"?\" parameter name"); continue }
                        if value.isEmpty { empty(e.value.offset, ep, "the \"?\" value of \"\(SafeText.escape(e.key, limit: 60))\""); continue }
                        rule.query.append(QueryEntry(name: e.key, value: RulePattern(value)))
                    }
                case "exclude":
                    guard let b = m.value.boolValue else {
                        malformed(m.value.offset, p, "\"exclude\" is \(StatementListParser.article(m.value.typeName)), not true or false")
                        continue
                    }
                    rule.exclude = b
                case "comments":
                    if m.value.stringValue == nil {
                        malformed(m.value.offset, p, "\"comments\" is \(StatementListParser.article(m.value.typeName)), not a string")
                    }
                default:
                    let suggestion = StatementListParser.suggestion(m.key, among: StatementListParser.ruleKeys)
                    sink.add(.dal404, at: m.keyOffset, pointer: p,
                             "rule \(index): unknown key \"\(SafeText.escape(m.key, limit: 60))\"" + (suggestion.map { ", did you mean \"\($0)\"?" } ?? " is ignored"),
                             hint: "A rule's keys are \"/\", \"#\", \"?\", \"exclude\" and \"comments\"; a misspelt key changes what the rule matches, silently.")
                }
            }
            if rule.path == nil && rule.fragment == nil && rule.query.isEmpty && !emptyField {
                let m = "rule \(index) has no \"/\", \"#\" or \"?\": a rule without a pattern is an empty field" + ElementReader.voids
                sink.add(.dal402, at: item.offset, pointer: ptr, m,
                         hint: "Add the pattern the rule is about; {\"/\": \"*\"} matches every URL.")
                reasons.append(m)
            }
            rules.append(rule)
        }
        let list = DynamicRuleList(rules: rules, pointer: pointer, location: location)
        guard reasons.isEmpty else { return .void(list: list, reasons: reasons) }
        DynamicRuleAnalysis.analyze(list, into: &sink, budget: &analysisBudget)
        return .rules(list)
    }
}
