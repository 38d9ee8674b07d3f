/// A URL built by the rule search: the decoded parts a rule list is matched against, and the
/// URL text that decodes to them.
public struct URLWitness: Sendable, Hashable {
    /// `getPath()`: empty or starting with `/`.
    public var path: [UInt16]
    /// The query's parameters (joined by `&`), `nil` for no query.
    public var parameters: [[UInt16]]?
    /// `getFragment()`, `nil` for no fragment.
    public var fragment: [UInt16]?

    /// The parts as the rules read them.
    public var input: RuleInput {
        RuleInput(path: path, query: parameters.map { Array($0.joined(separator: [0x26])) }, fragment: fragment)
    }

    /// `https://HOST` + the parts, percent-encoded so that Android's `Uri` decodes them back to
    /// exactly these parts; `nil` when a part holds a lone surrogate (no UTF-8 spells it).
    public func url(host: String) -> String? {
        guard let p = URLWitness.encode(path, keep: URLWitness.pathKeeps) else { return nil }
        var out = "https://\(host)" + p
        if let parameters {
            var encoded: [String] = []
            for parameter in parameters {
                guard let e = URLWitness.encode(parameter, keep: URLWitness.parameterKeeps) else { return nil }
                encoded.append(e)
            }
            out += "?" + encoded.joined(separator: "&")
        }
        if let fragment {
            guard let f = URLWitness.encode(fragment, keep: URLWitness.fragmentKeeps) else { return nil }
            out += "#" + f
        }
        return out
    }

    /// The path, query and fragment as text (`/p?a=1#x`), for messages.
    public var relativeText: String {
        var out = String(decoding: path, as: UTF16.self)
        if let parameters { out += "?" + parameters.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "&") }
        if let fragment { out += "#" + String(decoding: fragment, as: UTF16.self) }
        return out
    }

    static func pathKeeps(_ b: UInt8) -> Bool { PercentEncoding.isUnreserved(b) || "/!$'()*,=:@;".utf8.contains(b) }
    static func fragmentKeeps(_ b: UInt8) -> Bool { pathKeeps(b) || b == 0x3F }
    static func parameterKeeps(_ b: UInt8) -> Bool { PercentEncoding.isUnreserved(b) || "/!$'()*,=:@?".utf8.contains(b) }

    static func encode(_ units: [UInt16], keep: (UInt8) -> Bool) -> String? {
        var scalars = String.UnicodeScalarView()
        for result in UTF16.decodeAll(units) {
            guard let s = result else { return nil }
            scalars.append(s)
        }
        return PercentEncoding.encode(String(scalars), keeping: keep)
    }
}

extension UTF16 {
    /// Each scalar of `units`, `nil` for a lone surrogate.
    static func decodeAll(_ units: [UInt16]) -> [Unicode.Scalar?] {
        var out: [Unicode.Scalar?] = []
        var it = units.makeIterator()
        var codec = UTF16()
        loop: while true {
            switch codec.decode(&it) {
            case .scalarValue(let s): out.append(s)
            case .emptyInput: break loop
            case .error: out.append(nil)
            }
        }
        return out
    }
}

/// The work a search may do before it gives up and says so (no search is unbounded).
public struct SearchBudget: Sendable {
    /// Product states left to visit.
    public var states: Int
    /// Whether some search ran out.
    public var exhausted = false

    public init(states: Int) { self.states = states }
}

/// Questions about which URLs a list of dynamic rules decides how, answered by reasoning over
/// the rules' automata rather than by sampling URLs (spec `assetlinks-reference.md` §3.2).
///
/// Each pattern of the policy algorithm is a deterministic automaton (its states are the
/// positions in its steps), so "is there a URL that matches these rules and none of those" is a
/// search of the product of a few automata, per URL part: the path (empty or starting with
/// `/`, as `getPath()` is for an `https://` URL), the fragment (absent unless a rule needs one)
/// and each query parameter (the query is absent unless a rule needs one). Rules that must not
/// match are added lazily: the search builds the shortest URL meeting the current
/// constraints, finds the first excluded rule that still matches it, and branches on which of
/// that rule's keys fails; rules that never match the candidate cost nothing. Witness query
/// parameters hold no `&` or `;` (they would split differently); a case needing one is
/// reported as undecided, never as impossible.
///
/// Differs from Apple's rule analysis (`Sources/AASACore/Analysis`): there `*` backtracks and
/// rules are globs over the whole path; here `*` advances to the first occurrence of the next
/// character and never backtracks, a `?` entry matches one parameter of a split query, and an
/// absent fragment or query never matches a rule that names one — so the automata are
/// different and this search is its own.
public struct DynamicRuleSearch {
    /// Outcome of one question.
    public enum Answer: Sendable, Hashable {
        /// A URL with the asked decisions.
        case witness(URLWitness)
        /// No URL has them.
        case impossible
        /// The work limits stopped the search.
        case undecided
    }

    /// The work left.
    public internal(set) var budget: SearchBudget
    private var cache: [ComponentKey: ComponentAnswer] = [:]

    /// Whether a search over few small automata keeps its states packed in one integer
    /// (``PackedState``); off only in tests, which compare both representations.
    var packsStates = true
    /// Whether the shortest string of one pattern alone is read off its steps
    /// (``shortestAlone(_:pathDomain:alphabet:)``); off only in tests, which compare it with
    /// the search.
    var readsLonePatterns = true

    public init(budget: SearchBudget = SearchBudget(states: 200_000)) { self.budget = budget }

    /// Whether the budget ran out in some search.
    public var exhausted: Bool { budget.exhausted }

    /// A URL that every rule of `matching` matches and no rule of `notMatching` matches (the
    /// slices are read in place, not copied). Each rule tried against a candidate costs one
    /// state of the budget, so the whole question is bounded.
    public mutating func find(matching: [DynamicRule], notMatching: ArraySlice<DynamicRule>...) -> Answer {
        var c = Constraints()
        for rule in matching {
            // A rule without keys matches nothing (§3.2).
            if rule.path == nil && rule.fragment == nil && rule.query.isEmpty { return .impossible }
            if let p = rule.path { c.pathPos.append(p.steps) }
            if let f = rule.fragment { c.fragmentPos.append(f.steps) }
            c.queryPos += rule.query.map(\.pattern.steps)
        }
        var undecided = false
        let result = search(c, notMatching, depth: 0, undecided: &undecided)
        if let result { return .witness(result) }
        return undecided ? .undecided : .impossible
    }

    private struct Constraints: Hashable {
        var pathPos: [[PatternStep]] = []
        var pathNeg: [[PatternStep]] = []
        var fragmentPos: [[PatternStep]] = []
        var fragmentNeg: [[PatternStep]] = []
        var queryPos: [[PatternStep]] = []
        var queryNeg: [[PatternStep]] = []
    }

    private mutating func search(_ c: Constraints, _ negatives: [ArraySlice<DynamicRule>], depth: Int, undecided: inout Bool) -> URLWitness? {
        guard !budget.exhausted else { undecided = true; return nil }
        guard let w = witness(c, undecided: &undecided) else { return nil }
        let uri = w.input
        let params = uri.queryParameters
        var found: DynamicRule?
        outer: for slice in negatives {
            for rule in slice {
                budget.states -= 1
                if budget.states < 0 {
                    budget.exhausted = true
                    undecided = true
                    return nil
                }
                if DynamicRuleList.matches(rule, uri, params, .policy) {
                    found = rule
                    break outer
                }
            }
        }
        guard let violated = found else { return w }
        // Branch on which key of the violated rule fails; each branch is a complete case.
        if let p = violated.path {
            var d = c
            d.pathNeg.append(p.steps)
            if let found = search(d, negatives, depth: depth + 1, undecided: &undecided) { return found }
        }
        if let f = violated.fragment {
            var d = c
            d.fragmentNeg.append(f.steps)
            if let found = search(d, negatives, depth: depth + 1, undecided: &undecided) { return found }
        }
        for entry in violated.query {
            var d = c
            d.queryNeg.append(entry.pattern.steps)
            if let found = search(d, negatives, depth: depth + 1, undecided: &undecided) { return found }
        }
        return nil
    }

    /// The shortest parts meeting the constraints, or `nil` (with `undecided` set when the
    /// budget or the witness alphabet, not the rules, said no).
    private mutating func witness(_ c: Constraints, undecided: inout Bool) -> URLWitness? {
        guard let path = component(ComponentKey(pos: c.pathPos, neg: c.pathNeg, kind: .path), undecided: &undecided) else { return nil }
        var fragment: [UInt16]?
        if !c.fragmentPos.isEmpty {
            guard let f = component(ComponentKey(pos: c.fragmentPos, neg: c.fragmentNeg, kind: .free), undecided: &undecided) else { return nil }
            fragment = f
        }
        var parameters: [[UInt16]]?
        if !c.queryPos.isEmpty {
            var ps: [[UInt16]] = []
            for entry in c.queryPos {
                guard let p = component(ComponentKey(pos: [entry], neg: c.queryNeg, kind: .parameter), undecided: &undecided) else { return nil }
                ps.append(p)
            }
            parameters = ps
        }
        return URLWitness(path: path, parameters: parameters, fragment: fragment)
    }

    private struct ComponentKey: Hashable {
        enum Kind: Hashable { case path, free, parameter }
        var pos: [[PatternStep]]
        var neg: [[PatternStep]]
        var kind: Kind
    }

    private enum ComponentAnswer: Hashable {
        case found([UInt16])
        case none
        case undecided
    }

    private mutating func component(_ key: ComponentKey, undecided: inout Bool) -> [UInt16]? {
        let answer: ComponentAnswer
        if let cached = cache[key] {
            answer = cached
        } else {
            switch key.kind {
            case .path: answer = shortest(key.pos, key.neg, pathDomain: true, excluded: [])
            case .free: answer = shortest(key.pos, key.neg, pathDomain: false, excluded: [])
            case .parameter:
                // A parameter never holds `&`; `;` would split a lone parameter: keep both out of
                // witnesses, and say "undecided" when only they could make one.
                let strict = shortest(key.pos, key.neg, pathDomain: false, excluded: [0x26, 0x3B])
                if case .none = strict, case .found = shortest(key.pos, key.neg, pathDomain: false, excluded: []) {
                    answer = .undecided
                } else {
                    answer = strict
                }
            }
            cache[key] = answer
        }
        switch answer {
        case .found(let w): return w
        case .none: return nil
        case .undecided:
            undecided = true
            return nil
        }
    }

    /// The code units one of which stands for every unit no pattern names: ASCII letters and
    /// digits, then CJK ideographs (made once, not on every search).
    private static let standIns: [UInt16] = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf16) + (0x4E00...0x4F00).map { UInt16($0) }

    /// Breadth-first search of the product of the automata: the shortest string every `pos`
    /// pattern matches and no `neg` pattern matches (and, for a path, empty or starting with `/`).
    private mutating func shortest(_ pos: [[PatternStep]], _ neg: [[PatternStep]], pathDomain: Bool, excluded: Set<UInt16>) -> ComponentAnswer {
        let alphabet = Self.alphabet(pos + neg, pathDomain: pathDomain, excluded: excluded)
        if readsLonePatterns, pos.count == 1, neg.isEmpty,
           let answer = shortestAlone(pos[0], pathDomain: pathDomain, alphabet: alphabet) {
            return answer
        }
        let width = pos.count + neg.count + (pathDomain ? 1 : 0)
        if packsStates, width <= PackedState.capacity, (pos + neg).allSatisfy({ $0.count <= PackedState.maxPosition }) {
            return shortest(PackedState.self, pos, neg, pathDomain: pathDomain, alphabet: alphabet)
        }
        return shortest(WideState.self, pos, neg, pathDomain: pathDomain, alphabet: alphabet)
    }

    /// The code units the search reads, in ascending order: every one the patterns name (and
    /// `/` for a path), and one that no pattern names, standing for all the others; none of
    /// `excluded`.
    private static func alphabet(_ automata: [[PatternStep]], pathDomain: Bool, excluded: Set<UInt16>) -> [UInt16] {
        var symbols = Set<UInt16>()
        for steps in automata {
            for step in steps {
                switch step {
                case .literal(let u), .starUntil(let u): symbols.insert(u)
                default: break
                }
            }
        }
        if pathDomain { symbols.insert(0x2F) }
        // One code unit no pattern names stands for all the others.
        if let other = Self.standIns.first(where: { !symbols.contains($0) }) {
            symbols.insert(other)
        }
        return symbols.subtracting(excluded).sorted()
    }

    /// What the search of one pattern alone finds, and the work it counts, without searching:
    /// its states are its positions, one more for each code unit read, so the first string it
    /// reaches an accepting position with reads each literal and each `*`'s next character,
    /// and the smallest code unit of `alphabet` for each `?` (the search tries them in
    /// ascending order); it tried every code unit at each position but the last, and at the
    /// last up to the one it read. `nil` (search instead) when a code unit the pattern needs
    /// is not in `alphabet`, or when a path must start with `/` and the pattern does not start
    /// with a literal `/`.
    private mutating func shortestAlone(_ steps: [PatternStep], pathDomain: Bool, alphabet: [UInt16]) -> ComponentAnswer? {
        if RuleAutomaton.accepting(steps, 0) { return .found([]) }
        if pathDomain, steps.first != .literal(0x2F) { return nil }
        var out: [UInt16] = []
        var last = 0
        var p = 0
        while !RuleAutomaton.accepting(steps, p) {
            let u: UInt16
            switch steps[p] {
            case .literal(let c), .starUntil(let c): u = c
            case .any:
                guard let first = alphabet.first else { return nil }
                u = first
            case .starEnd: return nil  // accepting: not reached
            }
            guard let at = Self.position(of: u, in: alphabet) else { return nil }
            out.append(u)
            last = at
            p += 1
        }
        let work = (out.count - 1) * alphabet.count + last + 1
        guard work <= budget.states else {
            budget.states = -1
            budget.exhausted = true
            return .undecided
        }
        budget.states -= work
        return .found(out)
    }

    /// Where `u` is in the ascending `alphabet`, or `nil`.
    private static func position(of u: UInt16, in alphabet: [UInt16]) -> Int? {
        var lower = 0, upper = alphabet.count
        while lower < upper {
            let mid = (lower + upper) / 2
            if alphabet[mid] < u { lower = mid + 1 } else { upper = mid }
        }
        return lower < alphabet.count && alphabet[lower] == u ? lower : nil
    }

    /// ``shortest(_:_:pathDomain:excluded:)`` with its states kept as `State`: the same search
    /// in the same order, whatever the representation, over `alphabet` (``alphabet(_:pathDomain:excluded:)``).
    private mutating func shortest<State: ProductState>(_: State.Type, _ pos: [[PatternStep]], _ neg: [[PatternStep]],
                                                        pathDomain: Bool, alphabet: [UInt16]) -> ComponentAnswer {
        let automata = pos + neg
        let positives = pos.count
        // State: each automaton's position (-1 dead), then the path domain's (0 start, 1 after `/`).
        let width = automata.count + (pathDomain ? 1 : 0)
        func accepts(_ s: State) -> Bool {
            for k in 0..<automata.count {
                let ok = s[k] >= 0 && RuleAutomaton.accepting(automata[k], s[k])
                if k < positives ? !ok : ok { return false }
            }
            return true
        }
        let start = State(width: width)
        var parent: [State: (State, UInt16)] = [:]
        var seen: Set<State> = [start]
        var frontier = [start]
        if accepts(start) { return .found([]) }
        while !frontier.isEmpty {
            var next: [State] = []
            for state in frontier {
                for u in alphabet {
                    budget.states -= 1
                    if budget.states < 0 {
                        budget.exhausted = true
                        return .undecided
                    }
                    var s = state
                    var dead = false
                    for k in 0..<automata.count where s[k] >= 0 {
                        s[k] = RuleAutomaton.step(automata[k], s[k], u)
                        if s[k] < 0 && k < positives { dead = true; break }
                    }
                    if dead { continue }
                    if pathDomain {
                        let d = s[width - 1]
                        if d == 0 { if u == 0x2F { s[width - 1] = 1 } else { continue } }
                    }
                    guard seen.insert(s).inserted else { continue }
                    parent[s] = (state, u)
                    if accepts(s) {
                        var out: [UInt16] = []
                        var cur = s
                        while let (p, unit) = parent[cur] {
                            out.append(unit)
                            cur = p
                        }
                        return .found(out.reversed())
                    }
                    next.append(s)
                }
            }
            frontier = next
        }
        return .none
    }
}

/// A state of ``DynamicRuleSearch``'s product search: `width` small integers, each an
/// automaton's position (-1 when it can no longer match) or the path domain's (0 or 1), all 0
/// at the start.
private protocol ProductState: Hashable {
    init(width: Int)
    subscript(_ k: Int) -> Int { get set }
}

/// Any number of positions of any size, in an array.
private struct WideState: ProductState {
    var slots: [Int]
    init(width: Int) { slots = [Int](repeating: 0, count: width) }
    subscript(_ k: Int) -> Int {
        get { slots[k] }
        set { slots[k] = newValue }
    }
}

/// Up to ``capacity`` positions of at most ``maxPosition``, in one integer (a byte each, the
/// position plus one, so that -1 is 0): most rule lists' searches, without an allocation per
/// state.
private struct PackedState: ProductState {
    static let capacity = 8
    static let maxPosition = 253
    var bits: UInt64
    init(width: Int) { bits = width == 0 ? 0 : UInt64.max >> (64 - 8 * width) & 0x0101_0101_0101_0101 }
    subscript(_ k: Int) -> Int {
        get { Int((bits >> (8 * UInt64(k))) & 0xFF) - 1 }
        set {
            let shift = 8 * UInt64(k)
            bits = bits & ~(0xFF << shift) | UInt64(newValue + 1) << shift
        }
    }
}

/// A compiled pattern read as a deterministic automaton: state `i` is "steps before `i` done".
enum RuleAutomaton {
    /// The state after reading `u` in state `s`; -1 when no continuation can match.
    static func step(_ steps: [PatternStep], _ s: Int, _ u: UInt16) -> Int {
        guard s < steps.count else { return -1 }
        switch steps[s] {
        case .literal(let c): return u == c ? s + 1 : -1
        case .any: return s + 1
        case .starUntil(let c): return u == c ? s + 1 : s
        case .starEnd: return s
        }
    }

    /// Whether the input may end in state `s`.
    static func accepting(_ steps: [PatternStep], _ s: Int) -> Bool {
        s == steps.count || (s < steps.count && steps[s] == .starEnd)
    }
}
