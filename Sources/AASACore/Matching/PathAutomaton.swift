import Synchronization

/// An entry's rule list as one automaton over the URL's path, so that deciding a URL costs
/// about the same whatever the number of rules (issue 15).
///
/// The `/` patterns of the rules that read the same view of the path are run together as one
/// nondeterministic automaton (each rule's compiled program, ``CompiledPattern``), determinised
/// lazily: a state of the deterministic automaton is the set of places still alive in every
/// rule, built the first time a path leads there and then cached, with a transition table
/// over classes of ASCII characters that every pattern treats alike. Each state knows, in
/// priority order, the rules whose path matches when the path ends there (with the rules that
/// have no `/`), cut after the first that has neither `?` nor `#` — no later rule can decide.
/// Only those rules' `?` and `#` are then checked, in order: the first that holds decides
/// (spec `aasa-reference.md` §5, first match wins).
///
/// Views: a rule with `percentEncoded: true` (the default) reads the path as written, which is
/// ASCII; one with `percentEncoded: false` reads it decoded. The two sets of rules get an
/// automaton each, and a path without `%` is the same in both views. A case-insensitive rule
/// folds the characters it reads, inside the automaton, so one automaton serves both cases.
///
/// Bounds: the cache of states holds at most ``CompiledDocument/defaultCacheLimit`` bytes per
/// view and is emptied when full; building states for one path may do at most about four
/// times the work of matching every rule one by one (``DFACache/budget(_:_:)``), past which the
/// caller decides that URL rule by rule; an automaton that keeps giving up is not used again
/// by that cache. So memory never grows with the number of paths seen, and time never exceeds
/// a constant factor of the rule-by-rule matcher's (whose own bounds are those of issue 17).
final class EntryAutomaton: Sendable {
    /// Rules that read the path as written, and the rules without `/` (candidates everywhere).
    let raw: PathNFA
    /// Rules with `/` and `percentEncoded: false`; `nil` when the entry has none.
    let decoded: PathNFA?
    let cacheLimit: Int
    /// The caches the single-URL calls share (``DocumentMatcher/decision(_:appID:)``); a
    /// ``URLDecider`` borrows them for its lifetime.
    private let shared = Mutex<EntryCaches?>(nil)

    init(_ rules: [CompiledRule], cacheLimit: Int) {
        var rawSlots: [Int] = []
        var decodedSlots: [Int] = []
        var always: [Int] = []
        for (i, rule) in rules.enumerated() {
            if rule.path == nil {
                always.append(i)
            } else if rule.percentEncoded {
                rawSlots.append(i)
            } else {
                decodedSlots.append(i)
            }
        }
        raw = PathNFA(rules, slots: rawSlots, always: always)
        decoded = decodedSlots.isEmpty ? nil : PathNFA(rules, slots: decodedSlots, always: [])
        self.cacheLimit = cacheLimit
    }

    /// Empty caches for this automaton.
    func makeCaches() -> EntryCaches {
        EntryCaches(raw: DFACache(raw, limit: cacheLimit), decoded: decoded.map { DFACache($0, limit: cacheLimit) })
    }

    /// Runs `body` with the shared caches; `nil` when another thread is using them (the
    /// caller then decides rule by rule rather than wait).
    func withSharedCaches<R: Sendable>(_ body: (inout EntryCaches) -> R) -> R? {
        shared.withLockIfAvailable { slot -> R in
            var caches = slot.take() ?? makeCaches()
            defer { slot = caches }
            return body(&caches)
        }
    }

    /// The shared caches, taken out for one owner (or new ones when they are out already).
    func borrowCaches() -> EntryCaches {
        shared.withLock { slot in slot.take() } ?? makeCaches()
    }

    /// Puts caches back for the next owner (kept only when the slot is empty).
    func giveBack(_ caches: EntryCaches) {
        shared.withLock { slot in
            if slot == nil { slot = caches }
        }
    }

    /// What a search of the candidates found.
    enum Found {
        /// The rule at this index of the entry decides.
        case rule(Int)
        /// No rule decides.
        case none
        /// The automaton gave up on this path: decide it rule by rule.
        case gaveUp
    }

    /// Runs the path through the automata and offers each candidate rule, in priority order,
    /// to `accepts` (which checks its `?` and `#`) until one is accepted.
    /// - Parameters:
    ///   - path: the normalised path as written (scalars or ASCII bytes).
    ///   - decodedPath: the normalised decoded path; the same as `path` when it has no `%`.
    func search<C: Collection>(_ caches: inout EntryCaches, path: C, decodedPath: C, accepts: (Int) -> Bool) -> Found
    where C.Element: FixedWidthInteger {
        guard let first = caches.raw.run(raw, path) else { return .gaveUp }
        guard let decoded else { return Self.first(caches.raw.candidates(first), accepts) }
        guard let second = caches.decoded!.run(decoded, decodedPath) else { return .gaveUp }
        return Self.first(caches.raw.candidates(first), caches.decoded!.candidates(second), accepts)
    }

    /// ``search(_:path:decodedPath:accepts:)`` for a path of ASCII bytes that reads the same in
    /// both views, normalised but for its ends: a `/` goes before `body` when `lead`, after it
    /// when `trail` (the fast path's way of normalising without copying).
    func search(_ caches: inout EntryCaches, lead: Bool, _ body: UnsafeBufferPointer<UInt8>, trail: Bool,
                accepts: (Int) -> Bool) -> Found {
        guard let first = caches.raw.run(raw, lead: lead, body, trail: trail) else { return .gaveUp }
        guard let decoded else { return Self.first(caches.raw.candidates(first), accepts) }
        guard let second = caches.decoded!.run(decoded, lead: lead, body, trail: trail) else { return .gaveUp }
        return Self.first(caches.raw.candidates(first), caches.decoded!.candidates(second), accepts)
    }

    /// The first candidate `accepts`, in order.
    @inline(__always)
    private static func first(_ candidates: ArraySlice<Int32>, _ accepts: (Int) -> Bool) -> Found {
        for r in candidates where accepts(Int(r)) { return .rule(Int(r)) }
        return .none
    }

    /// The first candidate of either view `accepts`: the two lists hold different rules, each
    /// in order.
    private static func first(_ raw: ArraySlice<Int32>, _ decoded: ArraySlice<Int32>, _ accepts: (Int) -> Bool) -> Found {
        inOrder(raw, decoded) { accepts(Int($0)) }.map { .rule(Int($0)) } ?? .none
    }
}

/// Walks two ascending lists of rule indices as one, in order, until `stop` says so.
/// - Returns: the index `stop` stopped at, or `nil`.
@discardableResult
func inOrder<A: Collection, B: Collection>(_ a: A, _ b: B, _ stop: (Int32) -> Bool) -> Int32?
where A.Element == Int32, B.Element == Int32 {
    var i = a.startIndex, j = b.startIndex
    while i != a.endIndex || j != b.endIndex {
        let r: Int32
        if j == b.endIndex || (i != a.endIndex && a[i] < b[j]) {
            r = a[i]
            a.formIndex(after: &i)
        } else {
            r = b[j]
            b.formIndex(after: &j)
        }
        if stop(r) { return r }
    }
    return nil
}

/// The lazily built states of an entry's automata, one cache per view.
struct EntryCaches: Sendable {
    var raw: DFACache
    var decoded: DFACache?
}

/// The `/` patterns of some rules of an entry, as one nondeterministic automaton: slot `s`
/// runs the program of rule ``slotRule``[s].
final class PathNFA: Sendable {
    /// The entry's index of each slot's rule, ascending.
    let slotRule: [Int32]
    let patterns: [CompiledPattern]
    /// Whether each slot's rule folds case (its input is folded before it steps).
    let folds: [Bool]
    /// Rules without `/`, candidates in every state (entry indices, ascending).
    let always: [Int32]
    /// Per rule of the entry: whether it decides as soon as its path matches.
    let decidesOnPath: [Bool]
    /// ASCII character → its class: characters of one class are accepted by exactly the same
    /// pattern instructions (folded or not), so they lead to the same states.
    let byteClass: [UInt8]
    let classCount: Int
    /// One character of each class.
    let representatives: [UInt32]
    /// The start state: for each slot that can match at all, its marker then its places.
    let startKey: [Int32]
    /// Instructions of every program: the size of the automaton.
    let size: Int

    init(_ rules: [CompiledRule], slots: [Int], always: [Int]) {
        slotRule = slots.map { Int32($0) }
        patterns = slots.map { rules[$0].path! }
        folds = slots.map { !rules[$0].caseSensitive }
        self.always = always.map { Int32($0) }
        decidesOnPath = rules.map(\.decidesOnPath)
        size = patterns.reduce(0) { $0 + $1.program.count }
        (byteClass, classCount, representatives) = Self.classes(patterns, folds)
        var start: [Int32] = []
        for (slot, p) in patterns.enumerated() {
            let places = p.startSet()
            if places.isEmpty { continue }
            start.append(Self.marker(slot))
            for pc in places { start.append(Int32(pc)) }
        }
        startKey = start
    }

    /// A slot's marker in a state key (negative; places are not).
    @inline(__always) static func marker(_ slot: Int) -> Int32 { Int32(-1 - slot) }

    /// Partitions ASCII by what every consuming instruction accepts.
    static func classes(_ patterns: [CompiledPattern], _ folds: [Bool]) -> ([UInt8], Int, [UInt32]) {
        struct Mask: Hashable {
            var low: UInt64 = 0
            var high: UInt64 = 0
            mutating func insert(_ b: Int) { if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) } }
            func contains(_ b: Int) -> Bool { b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0 }
        }
        var seen: [Set<PatternInstruction>] = [[], []]
        for (p, fold) in zip(patterns, folds) {
            for inst in p.program {
                switch inst {
                case .scalar, .one, .loop: seen[fold ? 1 : 0].insert(inst)
                default: break
                }
            }
        }
        var masks = Set<Mask>()
        for fold in [false, true] {
            for inst in seen[fold ? 1 : 0] {
                var m = Mask()
                for b in 0..<128 {
                    let c = fold ? CaseFold.fold(UInt32(b)) : UInt32(b)
                    switch inst {
                    case .scalar(let s): if s == c { m.insert(b) }
                    case .one(let k), .loop(let k): if k.contains(c) { m.insert(b) }
                    default: break
                    }
                }
                if m != Mask() { masks.insert(m) }
            }
        }
        var cls = [Int](repeating: 0, count: 128)
        var count = 1
        // A class and whether the mask holds the byte: the new class (cls < 128, so the key < 256).
        var renumber = [Int](repeating: -1, count: 256)
        for m in masks {
            for k in renumber.indices { renumber[k] = -1 }
            count = 0
            for b in 0..<128 {
                let key = cls[b] * 2 + (m.contains(b) ? 1 : 0)
                if renumber[key] >= 0 {
                    cls[b] = renumber[key]
                } else {
                    renumber[key] = count
                    cls[b] = count
                    count += 1
                }
            }
        }
        var representatives = [UInt32](repeating: 0, count: count)
        for b in stride(from: 127, through: 0, by: -1) { representatives[cls[b]] = UInt32(b) }
        return (cls.map { UInt8($0) }, count, representatives)
    }

    /// The state reached from `key` by reading `c`; `work` grows by the places visited.
    func step(_ key: [Int32], _ c: UInt32, work: inout Int) -> [Int32] {
        var out: [Int32] = []
        var places: [Int] = []
        var i = 0
        while i < key.count {
            let slot = Int(-1 - key[i])
            var j = i + 1
            places.removeAll(keepingCapacity: true)
            while j < key.count && key[j] >= 0 {
                places.append(Int(key[j]))
                j += 1
            }
            let next = patterns[slot].step(places, folds[slot] ? CaseFold.fold(c) : c)
            work += j - i + next.count
            if !next.isEmpty {
                out.append(key[i])
                for pc in next { out.append(Int32(pc)) }
            }
            i = j
        }
        return out
    }

    /// The candidates of a state: rules whose path matches when the path ends in `key`, with
    /// the rules without `/`, in order, up to the first that decides on its path alone.
    func candidates(_ key: [Int32]) -> [Int32] {
        var accepting: [Int32] = []
        var i = 0
        while i < key.count {
            let slot = Int(-1 - key[i])
            var j = i + 1
            while j < key.count && key[j] >= 0 { j += 1 }
            // Places are sorted and `accept` ends each program.
            if patterns[slot].program[Int(key[j - 1])] == .accept { accepting.append(slotRule[slot]) }
            i = j
        }
        var out: [Int32] = []
        inOrder(accepting, always) { r in
            out.append(r)
            return decidesOnPath[Int(r)]
        }
        return out
    }
}

/// The states of a ``PathNFA`` built so far: state 0 is the start; `table[s × classCount + c]`
/// is the state after reading a character of class `c` in state `s`, or ``unknown`` when not
/// built yet. Entries are 16 bits (a row of a 1,600-rule file's 50-odd classes fits two cache
/// lines), so a cache holds fewer than 65,535 states.
struct DFACache: Sendable {
    private var keys: [[Int32]] = []
    private var index: [[Int32]: Int32] = [:]
    private var table: [UInt16] = []
    private var candidateStart: [Int32] = [0]
    private var candidateData: [Int32] = []
    let classCount: Int
    /// Bytes held (approximately); past ``limit`` the cache starts again.
    private(set) var bytes = 0
    let limit: Int
    /// Paths run, and how many of them the automaton gave up on.
    private(set) var runs = 0
    private(set) var gaveUp = 0
    /// Times the cache was emptied because it was full.
    private(set) var flushes = 0
    /// Set when the automaton gave up too often: every later run gives up at once.
    private(set) var disabled = false
    /// A transition not built yet.
    static let unknown = UInt16.max
    static let maxStates = Int(UInt16.max)

    init(_ nfa: PathNFA, limit: Int) {
        self.limit = limit
        classCount = nfa.classCount
        add(nfa.startKey, nfa)
    }

    /// States built.
    var stateCount: Int { keys.count }

    /// The work one path of `length` characters may spend building states: about four times
    /// what matching every rule one by one could cost.
    static func budget(_ nfa: PathNFA, _ length: Int) -> Int {
        4 * (nfa.size + (nfa.patterns.count + 1) * (length + 1)) + 4096
    }

    /// The state after reading `input` from the start, or `nil` when building the states it
    /// needs would cost more than ``budget(_:_:)``.
    mutating func run<C: Collection>(_ nfa: PathNFA, _ input: C) -> Int32? where C.Element: FixedWidthInteger {
        runs += 1
        if disabled { return nil }
        var work = 0
        let budget = Self.budget(nfa, input.count)
        return advance(nfa, from: 0, input, work: &work, budget: budget) ?? gaveUpOnce()
    }

    /// ``run(_:_:)`` over a path normalised already but for its ends: a `/` before `body`
    /// when `lead`, after it when `trail` (spec §5 normalisation without copying the path).
    mutating func run(_ nfa: PathNFA, lead: Bool, _ body: UnsafeBufferPointer<UInt8>, trail: Bool) -> Int32? {
        runs += 1
        if disabled { return nil }
        var work = 0
        let budget = Self.budget(nfa, body.count + 2)
        var state: Int32 = 0
        if lead {
            guard let s = advance(nfa, from: state, CollectionOfOne(UInt8(0x2F)), work: &work, budget: budget) else { return gaveUpOnce() }
            state = s
        }
        guard let s = advance(nfa, from: state, body, work: &work, budget: budget) else { return gaveUpOnce() }
        state = s
        if trail {
            guard let s = advance(nfa, from: state, CollectionOfOne(UInt8(0x2F)), work: &work, budget: budget) else { return gaveUpOnce() }
            state = s
        }
        return state
    }

    /// Counts a path given up on; always `nil`.
    private mutating func gaveUpOnce() -> Int32? {
        gaveUp += 1
        if gaveUp >= 64 && gaveUp * 8 > runs { disabled = true }
        return nil
    }

    /// The state after reading `input` from `start`, building the states it needs; `nil`
    /// when `work` goes past `budget`.
    @inline(__always)
    private mutating func advance<C: Collection>(_ nfa: PathNFA, from start: Int32, _ input: C, work: inout Int, budget: Int) -> Int32?
    where C.Element: FixedWidthInteger {
        var state = start
        var i = input.startIndex
        let end = input.endIndex
        while true {
            // The cached part: table lookups only, until a transition is missing.
            let k = classCount
            (state, i) = table.withUnsafeBufferPointer { t in
                nfa.byteClass.withUnsafeBufferPointer { classes in
                    var s = state
                    var at = i
                    while at != end {
                        let c = UInt32(truncatingIfNeeded: input[at])
                        guard c < 128 else { break }
                        let next = t[Int(s) &* k &+ Int(classes[Int(c)])]
                        guard next != DFACache.unknown else { break }
                        s = Int32(next)
                        input.formIndex(after: &at)
                    }
                    return (s, at)
                }
            }
            if i == end { return state }
            state = transition(nfa, from: state, on: UInt32(truncatingIfNeeded: input[i]), work: &work)
            if work > budget { return nil }
            input.formIndex(after: &i)
        }
    }

    /// The candidates of `state`, in priority order (see ``PathNFA/candidates(_:)``).
    func candidates(_ state: Int32) -> ArraySlice<Int32> {
        candidateData[Int(candidateStart[Int(state)])..<Int(candidateStart[Int(state) + 1])]
    }

    /// Builds (or finds) the state after `c` from `state`, and records the transition for
    /// ASCII characters.
    private mutating func transition(_ nfa: PathNFA, from state: Int32, on c: UInt32, work: inout Int) -> Int32 {
        let representative = c < 128 ? nfa.representatives[Int(nfa.byteClass[Int(c)])] : c
        let key = nfa.step(keys[Int(state)], representative, work: &work)
        work += key.count
        if let known = index[key] {
            if c < 128 { table[Int(state) * classCount + Int(nfa.byteClass[Int(c)])] = UInt16(known) }
            return known
        }
        let cost = Self.cost(key.count, classCount)
        if (bytes + cost > limit || keys.count >= Self.maxStates) && keys.count > 1 {
            // Full: start again with the start state and the new one (`state` is gone).
            flushes += 1
            keys.removeAll(keepingCapacity: true)
            index.removeAll(keepingCapacity: true)
            table.removeAll(keepingCapacity: true)
            candidateStart = [0]
            candidateData.removeAll(keepingCapacity: true)
            bytes = 0
            add(nfa.startKey, nfa)
            if let start = index[key] { return start }
            return add(key, nfa)
        }
        let id = add(key, nfa)
        if c < 128 { table[Int(state) * classCount + Int(nfa.byteClass[Int(c)])] = UInt16(id) }
        return id
    }

    /// Approximate bytes a state holds: its key twice (list and index), its table row, its
    /// candidates and bookkeeping.
    private static func cost(_ keyCount: Int, _ classCount: Int) -> Int {
        8 * keyCount + 2 * classCount + 96
    }

    @discardableResult
    private mutating func add(_ key: [Int32], _ nfa: PathNFA) -> Int32 {
        let id = Int32(keys.count)
        keys.append(key)
        index[key] = id
        table.append(contentsOf: repeatElement(Self.unknown, count: classCount))
        let candidates = nfa.candidates(key)
        candidateData += candidates
        candidateStart.append(Int32(candidateData.count))
        bytes += Self.cost(key.count, classCount) + 4 * candidates.count
        return id
    }
}
