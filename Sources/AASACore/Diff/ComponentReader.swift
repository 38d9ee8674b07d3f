/// The part of a URL a rule condition reads.
enum URLComponentKind: Sendable {
    case path
    case query
    case fragment

    /// Whether `c` can appear as written in this part of a URL as ``URLParts`` holds it: printable
    /// ASCII other than what ``URLParts`` percent-encodes (`"`, `<`, `>`, `` ` ``), and for the
    /// path not `?` or `#`, for the query not `#`.
    func allowsRaw(_ c: UInt32) -> Bool {
        guard c >= 0x21 && c <= 0x7E, c != 0x22, c != 0x3C, c != 0x3E, c != 0x60 else { return false }
        switch self {
        case .path: return c != 0x3F && c != 0x23
        case .query: return c != 0x23
        case .fragment: return true
        }
    }

    /// Characters with a role of their own in this part: `/` and `*` in a path (normalisation),
    /// `&` and `=` in a query (item separators, when written as themselves).
    var structural: [UInt32] {
        switch self {
        case .path: return [0x2F, 0x2A]
        case .query: return [0x26, 0x3D]
        case .fragment: return []
        }
    }
}

/// One symbol of a search: a character written as itself, or written as a percent escape
/// (`%` and the UTF-8 bytes in upper-case hex). Rules that decode escapes
/// (`percentEncoded: false`) read both as the character; the others read what is written.
enum DiffSymbol {
    static let escapedBit: UInt32 = 0x4000_0000

    static func escaped(_ c: UInt32) -> UInt32 { c | escapedBit }
    static func isEscaped(_ s: UInt32) -> Bool { s & escapedBit != 0 }
    static func scalar(_ s: UInt32) -> UInt32 { s & ~escapedBit }

    /// The text of `c` as a percent escape: `%` and each UTF-8 byte in upper-case hex.
    static func percentEscape(_ c: UInt32) -> [UInt32] {
        let hex = Array("0123456789ABCDEF".unicodeScalars.map(\.value))
        guard let scalar = Unicode.Scalar(c) else { return [] }
        var out: [UInt32] = []
        for b in String(scalar).utf8 {
            out += [0x25, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
        }
        return out
    }

    /// The symbols as they are written in a URL.
    static func text(_ symbols: [UInt32]) -> String {
        var out = String.UnicodeScalarView()
        for s in symbols {
            let scalars = isEscaped(s) ? percentEscape(scalar(s)) : [s]
            for c in scalars { if let u = Unicode.Scalar(c) { out.append(u) } }
        }
        return String(out)
    }
}

/// A ``CompiledPattern`` run as a deterministic automaton built on demand: each set of NFA
/// places reached is numbered once, and each step from a numbered set is computed once.
final class PatternDFA {
    let pattern: CompiledPattern
    private var sets: [[Int]] = []
    private var ids: [[Int]: Int32] = [:]
    private var transitions: [UInt64: Int32] = [:]
    private var acceptingFlags: [Bool] = []
    /// The start, and the empty set (nothing can match any more).
    private(set) var start: Int32 = 0
    private(set) var empty: Int32 = 0

    private let meter: WorkMeter

    init(_ pattern: CompiledPattern, meter: WorkMeter) {
        self.pattern = pattern
        self.meter = meter
        empty = intern([])
        start = intern(pattern.startSet())
    }

    private func intern(_ set: [Int]) -> Int32 {
        let key = set.sorted()
        if let id = ids[key] { return id }
        let id = Int32(sets.count)
        meter.grew(to: sets.count)
        sets.append(key)
        ids[key] = id
        acceptingFlags.append(pattern.isAccepting(key))
        return id
    }

    /// How many sets have been numbered (the automaton's size so far).
    var stateCount: Int { sets.count }

    func step(_ state: Int32, _ c: UInt32) -> Int32 {
        if state == empty { return empty }
        let key = UInt64(UInt32(bitPattern: state)) << 32 | UInt64(c)
        if let hit = transitions[key] { return hit }
        let set = sets[Int(state)]
        let next = intern(pattern.step(set, c))
        meter.left -= 300 + 40 * set.count
        transitions[key] = next
        return next
    }

    func accepts(_ state: Int32) -> Bool { acceptingFlags[Int(state)] }

    /// Whether some place of the set can consume `c`: when not, the step leads to the empty
    /// set, and no set need be built.
    func canConsume(_ state: Int32, _ c: UInt32) -> Bool {
        for pc in sets[Int(state)] {
            switch program[pc] {
            case .scalar(let s): if s == c { return true }
            case .one(let k), .loop(let k): if k.contains(c) { return true }
            default: break
            }
        }
        return false
    }

    private var program: [PatternInstruction] { pattern.program }
}

/// One condition of a rule on one part of the URL, as an automaton over the symbols of a
/// search: a `/` pattern (which normalises the path as spec §5 says: runs of `/` collapsed, a
/// `/` added at the end unless the path ends with `/` or `*`), a `#` pattern or `?` string
/// (the text as is), or one item of a `?` object (every occurrence of the named item must
/// match; absence counts as the empty value).
///
/// The reader decodes escapes when its rule has `percentEncoded: false` and folds case when
/// the rule is case-insensitive; item names are compared exactly (decoded when the rule
/// decodes), never folded. States are numbered on demand and each step is computed once.
final class ComponentReader {
    enum Kind: Hashable {
        case path
        case text
        case item(name: [UInt32])
    }

    /// What identifies a reader: two rules with the same key read the URL the same way.
    struct Key: Hashable {
        var kind: Kind
        var program: [PatternInstruction]
        var fold: Bool
        var decode: Bool
    }

    private struct State: Hashable {
        /// Pattern state (the value's, for an item).
        var p: Int32
        /// Path: 0 after `/`, 1 after `*`, 2 otherwise. Item: 0 in a name, 1 in the value of
        /// the named item, 2 in another value.
        var phase: Int8
        /// Item: how many characters of the name matched so far, -1 when not the name.
        var progress: Int32
        /// Item: bit 0 the item so far is not empty, bit 1 the named item was seen.
        var flags: UInt8
    }

    let key: Key
    let kind: Kind
    let decode: Bool
    let fold: Bool
    let dfa: PatternDFA
    private let meter: WorkMeter
    private let symbols: [UInt32]
    private var states: [State] = []
    private var index: [State: Int32] = [:]
    /// `transitions[state * classCount + classOf[symbol]]`: -2 not computed yet, -1 dead.
    private var transitions: [Int32] = []
    /// Symbols this reader cannot tell apart share a class: characters written as themselves
    /// that are not literals of its pattern, not structural, and in the same character
    /// classes of its pattern. Transitions are computed once per class.
    private let classOf: [Int32]
    private let classCount: Int
    /// For each state, the symbols that may not kill it (computed on demand).
    private var live: [[Int32]?] = []
    /// The first character the reader reads of each symbol, case-folded when it folds.
    private let firstRead: [UInt32]
    private let allSymbols: [Int32]
    private var acceptingFlags: [Bool] = []
    private(set) var start: Int32 = 0

    /// - Parameters:
    ///   - pattern: the condition's pattern, compiled as its rule says (case folding included).
    ///   - symbols: the alphabet of the search it takes part in.
    init(kind: Kind, pattern: CompiledPattern, decode: Bool, symbols: [UInt32], meter: WorkMeter) {
        self.meter = meter
        self.kind = kind
        self.decode = decode
        fold = pattern.caseInsensitive
        key = Key(kind: kind, program: pattern.program, fold: pattern.caseInsensitive, decode: decode)
        dfa = PatternDFA(pattern, meter: meter)
        self.symbols = symbols
        let fold = pattern.caseInsensitive
        firstRead = symbols.map { symbol in
            let c = DiffSymbol.isEscaped(symbol) && !decode ? 0x25 : DiffSymbol.scalar(symbol)
            return fold ? CaseFold.fold(c) : c
        }
        allSymbols = symbols.indices.map(Int32.init)
        (classOf, classCount) = ComponentReader.classes(of: symbols, pattern: pattern, kind: kind, decode: decode)
        let initial: State
        switch kind {
        case .path: initial = State(p: dfa.start, phase: 2, progress: 0, flags: 0)
        case .text: initial = State(p: dfa.start, phase: 0, progress: 0, flags: 0)
        case .item: initial = State(p: dfa.empty, phase: 0, progress: 0, flags: 0)
        }
        start = intern(initial)
    }

    /// States numbered so far (a measure of the work done).
    var stateCount: Int { states.count }

    private func intern(_ s: State) -> Int32 {
        if let id = index[s] { return id }
        let id = Int32(states.count)
        meter.grew(to: states.count)
        states.append(s)
        index[s] = id
        acceptingFlags.append(computeAccepts(s))
        transitions.append(contentsOf: repeatElement(-2, count: classCount))
        live.append(nil)
        return id
    }

    /// The symbols whose step from `state` may leave the reader alive (a superset): for a
    /// `/` or text pattern, those whose first character some place of the pattern can take
    /// (or a `/` that collapses into the one before); for an item, every symbol.
    func liveSymbols(_ state: Int32) -> [Int32] {
        if let known = live[Int(state)] { return known }
        var out: [Int32] = []
        switch kind {
        case .item:
            out = allSymbols
        case .path, .text:
            let s = states[Int(state)]
            for (i, x) in firstRead.enumerated() where (kind == .path && x == 0x2F && s.phase == 0) || dfa.canConsume(s.p, x) {
                out.append(Int32(i))
            }
            meter.left -= 2 * firstRead.count
        }
        live[Int(state)] = out
        return out
    }

    /// The state after reading the symbol at `symbolIndex` of the alphabet; -1 when the reader
    /// can never accept again.
    @inline(__always)
    func step(_ state: Int32, _ symbolIndex: Int) -> Int32 {
        let slot = Int(state) * classCount + Int(classOf[symbolIndex])
        let cached = transitions[slot]
        if cached != -2 { return cached }
        let next = advance(state, symbol: symbols[symbolIndex])
        meter.left -= next < 0 ? 20 : 200
        transitions[slot] = next
        return next
    }

    /// Groups the symbols into classes the reader cannot tell apart.
    private static func classes(of symbols: [UInt32], pattern: CompiledPattern, kind: Kind, decode: Bool) -> ([Int32], Int) {
        var literals = pattern.literalScalars
        var kinds = Set<CharClass>()
        for instruction in pattern.program {
            switch instruction {
            case .one(let k), .loop(let k): kinds.insert(k)
            default: break
            }
        }
        let structural: Set<UInt32>
        switch kind {
        case .path: structural = [0x2F, 0x2A]
        case .text: structural = []
        case .item(let name):
            structural = [0x26, 0x3D]
            literals.formUnion(name)
        }
        let ordered = kinds.sorted { "\($0)" < "\($1)" }
        var keys: [[UInt32]: Int32] = [:]
        var out: [Int32] = []
        for symbol in symbols {
            let c = DiffSymbol.scalar(symbol)
            let key: [UInt32]
            if DiffSymbol.isEscaped(symbol) && !decode {
                key = [1, symbol]  // read as several characters: its own class
            } else if DiffSymbol.isEscaped(symbol) && structural.contains(c) {
                key = [2, c]  // an escaped separator is content, unlike the separator itself
            } else {
                let x = pattern.caseInsensitive ? CaseFold.fold(c) : c
                if case .item = kind, literals.contains(c) || literals.contains(x) {
                    key = [3, c]  // item names are compared without folding: case variants differ
                } else if literals.contains(x) || literals.contains(c) || structural.contains(c) {
                    key = [3, x]
                } else {
                    key = [4] + ordered.map { $0.contains(x) ? 1 : 0 }
                }
            }
            if let k = keys[key] {
                out.append(k)
            } else {
                let k = Int32(keys.count)
                keys[key] = k
                out.append(k)
            }
        }
        return (out, keys.count)
    }

    /// The state after reading `symbol` (any symbol, not only the alphabet's), -1 when dead.
    func advance(_ state: Int32, symbol: UInt32) -> Int32 {
        guard state >= 0 else { return -1 }
        var s = states[Int(state)]
        let structural = !DiffSymbol.isEscaped(symbol)
        let c = DiffSymbol.scalar(symbol)
        switch kind {
        case .path, .text:
            if !structural && !decode {
                for x in read(symbol) { s = consume(s, x) }
            } else {
                // A character written as itself: refuse it early when the pattern cannot take it.
                if !(kind == .path && c == 0x2F && s.phase == 0) && !dfa.canConsume(s.p, fold ? CaseFold.fold(c) : c) { return -1 }
                s = consume(s, c)
            }
            if s.p == dfa.empty { return -1 }
        case .item(let name):
            if structural && c == 0x26 {
                s = finishItem(s)
                if s.p == -1 { return -1 }  // an occurrence did not match: never again
                s.phase = 0
                s.progress = 0
                s.flags &= ~1
                s.p = dfa.empty
            } else if structural && c == 0x3D && s.phase == 0 {
                s.flags |= 1
                if s.progress == Int32(name.count) {
                    s.phase = 1
                    s.p = dfa.start
                } else {
                    s.phase = 2
                }
            } else {
                for x in read(symbol) {
                    switch s.phase {
                    case 0:
                        s.flags |= 1
                        if s.progress >= 0 && Int(s.progress) < name.count && name[Int(s.progress)] == x {
                            s.progress += 1
                        } else {
                            s.progress = -1
                        }
                    case 1:
                        s.p = dfa.step(s.p, fold ? CaseFold.fold(x) : x)
                        if s.p == dfa.empty { return -1 }  // this occurrence can no longer match
                    default:
                        break
                    }
                }
            }
        }
        return intern(s)
    }

    /// What the reader's rule sees of a symbol, before case folding.
    @inline(__always)
    private func read(_ symbol: UInt32) -> [UInt32] {
        let c = DiffSymbol.scalar(symbol)
        if DiffSymbol.isEscaped(symbol) && !decode { return DiffSymbol.percentEscape(c) }
        return [c]
    }

    private func consume(_ s: State, _ c: UInt32) -> State {
        var s = s
        if kind == .path {
            if c == 0x2F && s.phase == 0 { return s }  // runs of `/` collapse
            s.phase = c == 0x2F ? 0 : (c == 0x2A ? 1 : 2)
        }
        s.p = dfa.step(s.p, fold ? CaseFold.fold(c) : c)
        return s
    }

    /// An item ends: a named occurrence is seen, and must have matched.
    private func finishItem(_ s: State) -> State {
        var s = s
        guard case .item(let name) = kind else { return s }
        switch s.phase {
        case 0 where s.flags & 1 != 0 && s.progress == Int32(name.count):
            // `name` without `=`: the value is empty.
            s.flags |= 2
            if !dfa.accepts(dfa.start) { s.p = -1 }
        case 1:
            s.flags |= 2
            if !dfa.accepts(s.p) { s.p = -1 }
        default:
            break
        }
        return s
    }

    private func computeAccepts(_ s: State) -> Bool {
        switch kind {
        case .path:
            if s.phase == 2 { return dfa.accepts(dfa.step(s.p, 0x2F)) }
            return dfa.accepts(s.p)
        case .text:
            return dfa.accepts(s.p)
        case .item:
            let end = finishItem(s)
            if end.p == -1 { return false }
            return end.flags & 2 != 0 || dfa.accepts(dfa.start)
        }
    }

    func accepts(_ state: Int32) -> Bool { acceptingFlags[Int(state)] }
}
