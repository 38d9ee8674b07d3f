/// The rules that decide URLs for one app on one side of a comparison, in order.
struct RuleListSide {
    /// The rules in the order they are tried.
    var rules: [CompiledRule]
    /// The entry has neither `components` nor `paths`: every URL opens the app.
    var matchesAll: Bool

    init(rules: [CompiledRule], matchesAll: Bool = false) {
        self.rules = rules
        self.matchesAll = matchesAll
    }

    init(_ entry: CompiledEntry) {
        self.init(rules: entry.rules, matchesAll: entry.matchesAll)
    }
}

/// Compares two first-match rule lists by reasoning over their patterns.
///
/// A URL is its path, query and fragment; each rule is the conjunction of its conditions on
/// them, and the first rule whose conditions all hold decides. The three parts are
/// independent, so the comparison searches each part on its own: the path search explores the
/// product of every path condition's automaton (both lists, duplicates shared) and lists every
/// combination of path conditions some path satisfies, with a shortest such path. For each
/// combination, the rules that can still decide are those whose path condition holds (or that
/// have none), up to the first one without query or fragment conditions; the query and
/// fragment conditions of those few rules are searched the same way, and every combination of
/// the three parts gives a pair (deciding rule in OLD, deciding rule in NEW). Nothing is
/// sampled: a pair is reported if and only if some URL produces it, unless a search stopped
/// (``DiffIncompleteReason``).
///
/// Percent escapes: each part is searched as written in the URL. When no rule of a part
/// decodes escapes, the characters are those a URL can hold as written; when every rule
/// decodes, each character is one symbol, written as an escape where it must be. When some
/// rules decode and others do not (the mixed case), each character is searched both as written
/// and as an upper-case escape: every example is still exact, but URLs with lower-case hex or
/// invalid escapes are not all covered, so the comparison says it is not complete
/// (``DiffIncompleteReason/mixedPercentEncoding``).
struct RuleListDiff {
    /// One pair of deciding rules some URL produces, with such a URL.
    struct Outcome {
        /// Positions in the lists; `nil` when no rule decides. For an entry that matches
        /// everything, position 0 stands for the entry itself.
        var old: Int?
        var new: Int?
        var oldDecision: MatchDecision
        var newDecision: MatchDecision
        /// Path, then `?query` and `#fragment` when not empty.
        var example: String
    }

    struct Incomplete {
        var reason: DiffIncompleteReason
        /// Positions of the rules involved in each list.
        var old: [Int]
        var new: [Int]
    }

    struct Result {
        /// Every pair whose decisions differ, in the order found (shortest examples first).
        var changes: [Outcome]
        var incomplete: [Incomplete]
    }

    /// A rule as the comparison sees it.
    private struct Condition {
        var side: Int
        var position: Int
        var exclude: Bool
        var path: Int?
        var query: [Int]
        var fragment: Int?
        var unconditionalBeyondPath: Bool { query.isEmpty && fragment == nil }
    }

    private struct ReaderSpec {
        var kind: ComponentReader.Kind
        var pattern: CompiledPattern
        var decode: Bool
    }

    /// Compares `old` and `new`.
    /// - Parameter matcher: decides each example again, rule by rule, so that every outcome
    ///   reported reproduces (any matcher: only its rule evaluation is used).
    static func compare(_ old: RuleListSide, _ new: RuleListSide, limits: DiffLimits = .default, matcher: DocumentMatcher) -> Result {
        var result = search(old, new, limits: limits)
        var unreproduced: [Outcome] = []
        result.changes.removeAll { outcome in
            guard let parts = URLParts(outcome.example) else { unreproduced.append(outcome); return true }
            var input = PreparedURL(parts)
            func decide(_ side: RuleListSide) -> Int? {
                if side.matchesAll { return 0 }
                return side.rules.firstIndex { matcher.matches($0, &input) }
            }
            let ok = decide(old) == outcome.old && decide(new) == outcome.new
            if !ok { unreproduced.append(outcome) }
            return !ok
        }
        if !unreproduced.isEmpty {
            result.incomplete.append(Incomplete(reason: .unreproduced, old: unreproduced.compactMap(\.old), new: unreproduced.compactMap(\.new)))
        }
        return result
    }

    private static func search(_ old: RuleListSide, _ new: RuleListSide, limits: DiffLimits) -> Result {
        var builder = Builder()
        let sides = [old, new]
        var conditions: [[Condition]] = [[], []]
        for (side, list) in sides.enumerated() {
            if list.matchesAll {
                conditions[side].append(Condition(side: side, position: 0, exclude: false, path: nil, query: [], fragment: nil))
                continue
            }
            for (position, rule) in list.rules.enumerated() {
                var c = Condition(side: side, position: position, exclude: rule.exclude, path: nil, query: [], fragment: nil)
                let decode = !rule.percentEncoded
                if let p = rule.path { c.path = builder.add(.path, ReaderSpec(kind: .path, pattern: p, decode: decode)) }
                switch rule.query {
                case .whole(let p)?:
                    c.query = [builder.add(.query, ReaderSpec(kind: .text, pattern: p, decode: decode))]
                case .items(let items)?:
                    c.query = items.map { item in
                        builder.add(.query, ReaderSpec(kind: .item(name: item.name.unicodeScalars.map(\.value)), pattern: item.pattern, decode: decode))
                    }
                case nil:
                    break
                }
                if let f = rule.fragment { c.fragment = builder.add(.fragment, ReaderSpec(kind: .text, pattern: f, decode: decode)) }
                conditions[side].append(c)
            }
        }
        var result = Result(changes: [], incomplete: [])
        if conditions[0].count == conditions[1].count
            && zip(conditions[0], conditions[1]).allSatisfy({ $0.exclude == $1.exclude && $0.path == $1.path && $0.query == $1.query && $0.fragment == $1.fragment }) {
            return result  // the same conditions in the same order: every URL is decided alike
        }
        let meter = WorkMeter(budget: limits.work, statesPerCondition: limits.statesPerCondition)
        let readers = builder.build(meter: meter)
        for (component, mixed) in readers.mixed where mixed {
            let involved = { (side: Int) in
                conditions[side].filter { c in
                    switch component {
                    case .path: return c.path != nil
                    case .query: return !c.query.isEmpty
                    case .fragment: return c.fragment != nil
                    }
                }.map(\.position)
            }
            result.incomplete.append(Incomplete(reason: .mixedPercentEncoding, old: involved(0), new: involved(1)))
        }

        let pathSearch = ProductSearch.run(readers.path, symbols: readers.pathSymbols, prefix: [0x2F], meter: meter)
        if !pathSearch.complete {
            let unfinished = Set(pathSearch.unfinished)
            let involved = { (side: Int) in conditions[side].filter { $0.path.map(unfinished.contains) ?? false }.map(\.position) }
            result.incomplete.append(Incomplete(reason: .workLimit, old: involved(0), new: involved(1)))
        }
        var seen = Set<[Int]>()
        var cache: [[Int]: [(o: Int?, n: Int?, rest: String)]] = [:]
        for combination in pathSearch.combinations {
            let accepted = Set(combination.accepting.map(Int.init))
            let candidates = conditions.map { list -> [Condition] in
                var out: [Condition] = []
                for c in list where c.path.map(accepted.contains) ?? true {
                    out.append(c)
                    if c.unconditionalBeyondPath { break }
                }
                return out
            }
            let signature = candidates[0].map(\.position) + [-1] + candidates[1].map(\.position)
            let outcomes: [(o: Int?, n: Int?, rest: String)]
            if let hit = cache[signature] {
                outcomes = hit
            } else if sameBehaviour(candidates[0], candidates[1]) {
                outcomes = []
                cache[signature] = outcomes
            } else {
                let found = queryAndFragment(candidates[0], candidates[1], readers: readers, meter: meter)
                if let incomplete = found.incomplete { result.incomplete.append(incomplete) }
                outcomes = found.outcomes
                cache[signature] = outcomes
            }
            for outcome in outcomes {
                let key = [outcome.o ?? -1, outcome.n ?? -1]
                let od = decision(conditions[0], outcome.o)
                let nd = decision(conditions[1], outcome.n)
                guard od != nd, seen.insert(key).inserted else { continue }
                let example = DiffSymbol.text(combination.witness) + outcome.rest
                result.changes.append(Outcome(old: outcome.o, new: outcome.n, oldDecision: od, newDecision: nd, example: example))
            }
        }
        return result
    }

    /// One gap per reason, naming every rule involved once, in order.
    static func merged(_ gaps: [Incomplete]) -> [Incomplete] {
        var out: [Incomplete] = []
        for gap in gaps {
            if let i = out.firstIndex(where: { $0.reason == gap.reason }) {
                out[i].old = Array(Set(out[i].old + gap.old)).sorted()
                out[i].new = Array(Set(out[i].new + gap.new)).sorted()
            } else {
                out.append(gap)
            }
        }
        return out
    }

    private static func decision(_ list: [Condition], _ position: Int?) -> MatchDecision {
        guard let position else { return .noMatch }
        return list[position].exclude ? .exclude : .match
    }

    /// Whether two candidate lists decide alike for every query and fragment: the same
    /// conditions with the same decisions in the same order.
    private static func sameBehaviour(_ a: [Condition], _ b: [Condition]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x.exclude != y.exclude || x.query != y.query || x.fragment != y.fragment {
            return false
        }
        return true
    }

    /// The pairs the candidate rules produce over every query and fragment, each with the
    /// `?query#fragment` text that produces it.
    ///
    /// The conditions are searched in independent groups: the fragment's, and the query's —
    /// one group per item name when every query condition is an item of a `?` object read the
    /// same way (items of different names are different parts of the query), else one group.
    /// Combining the groups keeps, for each set of candidate rules whose conditions hold, one
    /// witness, so the work follows the number of distinct outcomes, not the product of the
    /// groups' answers.
    private static func queryAndFragment(_ old: [Condition], _ new: [Condition], readers: Readers, meter: WorkMeter)
        -> (outcomes: [(o: Int?, n: Int?, rest: String)], incomplete: Incomplete?)
    {
        let candidates = old + new
        struct Group {
            var members: [Int]
            var isQuery: Bool
        }
        var groups: [Group] = []
        let queryUsed = Array(Set(candidates.flatMap(\.query))).sorted()
        if !queryUsed.isEmpty {
            var byName: [[UInt32]: [Int]] = [:]
            var splittable = !readers.queryMixed
            for r in queryUsed {
                if case .item(let name) = readers.query[r].kind { byName[name, default: []].append(r) } else { splittable = false }
            }
            if splittable {
                groups += byName.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { Group(members: byName[$0]!, isQuery: true) }
            } else {
                groups.append(Group(members: queryUsed, isQuery: true))
            }
        }
        let fragmentUsed = Array(Set(candidates.compactMap(\.fragment))).sorted()
        if !fragmentUsed.isEmpty { groups.append(Group(members: fragmentUsed, isQuery: false)) }

        struct Partial {
            var holds: [Bool]
            var query: [String]
            var fragment: String
        }
        var partials = [Partial(holds: Array(repeating: true, count: candidates.count), query: [], fragment: "")]
        var complete = true
        for group in groups {
            let pool = group.isQuery ? readers.query : readers.fragment
            let search = ProductSearch.run(group.members.map { pool[$0] }, symbols: group.isQuery ? readers.querySymbols : readers.fragmentSymbols, meter: meter)
            complete = complete && search.complete
            let members = Set(group.members)
            // What each answer of the group does: which candidates' conditions fail.
            var effects: [(failing: [Int], text: String)] = []
            var seenEffects = Set<[Int]>()
            for combination in search.combinations {
                let accepted = Set(combination.accepting.map { group.members[Int($0)] })
                let failing = candidates.indices.filter { i in
                    let conditions = group.isQuery ? candidates[i].query : candidates[i].fragment.map { [$0] } ?? []
                    return conditions.contains { members.contains($0) && !accepted.contains($0) }
                }
                if seenEffects.insert(failing).inserted { effects.append((failing, DiffSymbol.text(combination.witness))) }
            }
            var next: [Partial] = []
            var seen = Set<[Bool]>()
            for p in partials {
                for effect in effects {
                    var q = p
                    for i in effect.failing { q.holds[i] = false }
                    guard seen.insert(q.holds).inserted else { continue }
                    if group.isQuery {
                        if !effect.text.isEmpty { q.query.append(effect.text) }
                    } else {
                        q.fragment = effect.text
                    }
                    next.append(q)
                }
            }
            partials = next
        }
        var outcomes: [(o: Int?, n: Int?, rest: String)] = []
        var seen = Set<[Int]>()
        for p in partials {
            let o = old.indices.first { p.holds[$0] }.map { old[$0].position }
            let n = new.indices.first { p.holds[old.count + $0] }.map { new[$0].position }
            guard seen.insert([o ?? -1, n ?? -1]).inserted else { continue }
            var rest = ""
            if !p.query.isEmpty { rest += "?" + p.query.joined(separator: "&") }
            if !p.fragment.isEmpty { rest += "#" + p.fragment }
            outcomes.append((o, n, rest))
        }
        let incomplete = complete ? nil : Incomplete(reason: .workLimit, old: old.map(\.position), new: new.map(\.position))
        return (outcomes, incomplete)
    }

    /// The readers of a comparison, one per distinct condition, with each part's alphabet.
    struct Readers {
        var path: [ComponentReader]
        var query: [ComponentReader]
        var fragment: [ComponentReader]
        var pathSymbols: [UInt32]
        var querySymbols: [UInt32]
        var fragmentSymbols: [UInt32]
        /// Parts where some readers decode escapes and others do not.
        var mixed: [(URLComponentKind, Bool)]
        var queryMixed: Bool { mixed.contains { $0.0 == .query && $0.1 } }
    }

    private struct Builder {
        var specs: [URLComponentKind: [ReaderSpec]] = [:]
        var keys: [URLComponentKind: [ComponentReader.Key: Int]] = [:]

        mutating func add(_ component: URLComponentKind, _ spec: ReaderSpec) -> Int {
            let key = ComponentReader.Key(kind: spec.kind, program: spec.pattern.program, fold: spec.pattern.caseInsensitive, decode: spec.decode)
            if let i = keys[component]?[key] { return i }
            let i = specs[component, default: []].count
            specs[component, default: []].append(spec)
            keys[component, default: [:]][key] = i
            return i
        }

        func build(meter: WorkMeter) -> Readers {
            var mixed: [(URLComponentKind, Bool)] = []
            func make(_ component: URLComponentKind) -> ([ComponentReader], [UInt32]) {
                let list = specs[component] ?? []
                var literals = Set<UInt32>()
                for s in list {
                    literals.formUnion(s.pattern.literalScalars)
                    if case .item(let name) = s.kind { literals.formUnion(name) }
                }
                let raw = list.contains { !$0.decode }
                let decoded = list.contains { $0.decode }
                mixed.append((component, raw && decoded))
                let symbols = DiffAlphabet.symbols(for: component, literals: literals, raw: raw || !decoded, decoded: decoded)
                return (list.map { ComponentReader(kind: $0.kind, pattern: $0.pattern, decode: $0.decode, symbols: symbols, meter: meter) }, symbols)
            }
            let p = make(.path), q = make(.query), f = make(.fragment)
            return Readers(path: p.0, query: q.0, fragment: f.0, pathSymbols: p.1, querySymbols: q.1, fragmentSymbols: f.1, mixed: mixed)
        }
    }
}
