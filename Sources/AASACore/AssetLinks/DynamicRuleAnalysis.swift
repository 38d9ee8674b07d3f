/// Rule analysis of one valid dynamic rule list, on Android's semantics (spec
/// `assetlinks-reference.md` §3.2): first matching rule decides, no match ⇒ excluded, `*`
/// without backtracking, a missing fragment or query never matches a rule that names one.
///
/// Reports: a catch-all (`{"/": "*"}` alone: it matches every URL, the bare host's empty path
/// included) and the rules after it (DAL407); a rule no URL can match (DAL409, e.g. a `/`
/// pattern that neither starts with `/` nor with a wildcard); a rule the rules before it
/// leave no URL to decide, naming the one earlier rule that covers it when there is one
/// (DAL408); exclude rules after the last include rule, which change nothing since unmatched
/// URLs stay in the browser anyway (DAL412); patterns whose device behaviour is unknown
/// (DAL410); and where the work limits stopped it (DAL411). The questions are answered by
/// ``DynamicRuleSearch`` over the rules' automata — Apple's rule analysis
/// (`Sources/AASACore/Analysis`) is not reused: its `*` backtracks and its rules are whole
/// path globs, so its coverage answers differ from Android's.
public enum DynamicRuleAnalysis {
    /// Rules analysed per list; later rules get DAL411.
    public static let maxRules = 1_000
    /// Work (product states visited, rules tried against a candidate URL) the analysis of one
    /// file may do, all its lists together; what is left undecided gets DAL411.
    public static let workPerFile = 4_000_000
    /// Earlier rules tried one by one to name the single rule that covers a dead rule.
    static let namingCandidates = 64

    static func analyze(_ list: DynamicRuleList, into sink: inout FindingSink, budget: inout SearchBudget) {
        let rules = list.rules
        for rule in rules { unknowns(rule, into: &sink) }
        var search = DynamicRuleSearch(budget: SearchBudget(states: budget.states))
        defer { budget.states = max(0, search.budget.states) }
        var incomplete: [Int] = []
        if let catchAll = rules.firstIndex(where: isCatchAll) {
            let after = rules[(catchAll + 1)...]
            let rule = rules[catchAll]
            if !after.isEmpty {
                let dead = after.prefix(10).map { String($0.index) }.joined(separator: ", ") + (after.count > 10 ? ", …" : "")
                sink.add(.dal407, at: nil, pointer: rule.pointer, location: rule.location,
                         "\(rule.label) matches every URL, so the \(after.count == 1 ? "rule" : "rules") after it (\(dead)) never \(after.count == 1 ? "decides" : "decide") anything",
                         hint: "Move the catch-all to the end, or remove the rules after it.", severity: .warning)
            } else if !rule.exclude {
                sink.add(.dal407, at: nil, pointer: rule.pointer, location: rule.location,
                         "\(rule.label) matches every URL: each URL the rules before it do not decide opens the app",
                         severity: .info)
            }
        }
        let lastInclude = rules.lastIndex { !$0.exclude }
        let catchAll = rules.firstIndex(where: isCatchAll).map { $0 + 1 } ?? rules.count
        for rule in rules.prefix(min(catchAll, maxRules)) {
            let earlier = rules[..<rule.index]
            switch search.find(matching: [rule], notMatching: earlier) {
            case .witness:
                if rule.exclude, lastInclude.map({ $0 < rule.index }) ?? true {
                    sink.add(.dal412, at: nil, pointer: rule.pointer, location: rule.location,
                             "\(rule.label) excludes URLs that no later rule would open: URLs no rule matches stay in the browser anyway, so it changes nothing",
                             hint: "Remove it, or keep it only to document the intent.")
                }
            case .undecided:
                incomplete.append(rule.index)
            case .impossible:
                if case .impossible = search.find(matching: [rule]) {
                    sink.add(.dal409, at: nil, pointer: rule.pointer, location: rule.location,
                             "\(rule.label) can never match a URL" + neverReason(rule),
                             hint: "A `/` pattern is matched against the decoded path, which is empty or starts with /.")
                    continue
                }
                var cover: DynamicRule?
                for candidate in earlier.reversed().prefix(namingCandidates) {
                    if case .impossible = search.find(matching: [rule], notMatching: [candidate][...]) {
                        cover = candidate
                        break
                    }
                }
                let message: String
                if let cover, rule.exclude && !cover.exclude {
                    message = "\(rule.label) never excludes anything: \(cover.label) before it already opens the app for every URL it matches"
                } else if let cover {
                    message = "\(rule.label) never decides anything: \(cover.label) before it matches every URL it matches"
                } else {
                    message = "\(rule.label) never decides anything: the rules before it together match every URL it matches"
                }
                sink.add(.dal408, at: nil, pointer: rule.pointer, location: rule.location, message,
                         hint: rule.exclude ? "Move the exclude rule before the rule that covers it." : "Remove it, or move it before the rules that cover it.")
            }
        }
        let capped = rules.count > maxRules && catchAll > maxRules
        if capped { incomplete += Array(maxRules..<min(catchAll, rules.count)) }
        if !incomplete.isEmpty {
            let shown = incomplete.prefix(10).map(String.init).joined(separator: ", ") + (incomplete.count > 10 ? ", …" : "")
            var why: [String] = []
            if capped { why.append("rules after the first \(maxRules) are not analysed") }
            if search.exhausted { why.append("the work limits were reached") }
            if why.isEmpty { why.append("no example URL can be built for them (a query parameter would have to hold & or ;)") }
            sink.add(.dal411, at: list.location?.offset, pointer: list.pointer,
                     "rule analysis is incomplete: \(incomplete.count) \(incomplete.count == 1 ? "rule" : "rules") (\(shown)) could not be compared with the rules before \(incomplete.count == 1 ? "it" : "them"): " + why.joined(separator: "; "))
        }
    }

    /// Only a `/` key whose pattern is only `*`: every URL, the empty path included.
    public static func isCatchAll(_ rule: DynamicRule) -> Bool {
        rule.fragment == nil && rule.query.isEmpty && rule.path?.matchesEverything == true
    }

    static func neverReason(_ rule: DynamicRule) -> String {
        if let p = rule.path, let first = p.text.utf16.first, first != 0x2F, first != 0x2A, first != 0x3F {
            return ": its `/` pattern \"\(SafeText.escape(p.text, limit: 80))\" does not start with / (write \"/\(SafeText.escape(p.text, limit: 80))\")"
        }
        return ": its patterns exclude each other"
    }

    /// DAL410: the unknown behaviours of §3.2 a rule's patterns touch.
    static func unknowns(_ rule: DynamicRule, into sink: inout FindingSink) {
        var reasons: [String] = []
        if rule.patterns.contains(where: \.dependsOnBacktracking) {
            reasons.append("a `*` followed by more pattern is matched without backtracking (it stops at the first occurrence of the next character); a device that backtracks matches more URLs")
        }
        if rule.patterns.contains(where: \.hasDot) {
            reasons.append("`.` is matched literally; a device that builds a simple glob reads it as any character")
        }
        if rule.query.contains(where: { $0.name.utf16.contains(0x2A) || $0.name.utf16.contains(0x3F) }) {
            reasons.append("a `?` parameter name holding `*` or `?` is compared literally; a device may read them as wildcards")
        }
        guard !reasons.isEmpty else { return }
        sink.add(.dal410, at: nil, pointer: rule.pointer, location: rule.location,
                 "\(rule.label): device behaviour is unknown here, so decisions may differ on device: " + reasons.joined(separator: "; "),
                 hint: "`match` marks each URL whose decision depends on it; test such links on a device.")
    }

}
