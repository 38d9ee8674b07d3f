/// One automaton taking part in a search: a compiled pattern, and whether the input is
/// case-folded before it reads it (true for case-insensitive rules).
public struct SearchAutomaton: Sendable {
    public let pattern: CompiledPattern

    public init(_ pattern: CompiledPattern) {
        self.pattern = pattern
    }

    var folds: Bool { pattern.caseInsensitive }
}

/// The answer of a ``PatternSearch``.
public enum SearchOutcome: Sendable, Equatable {
    /// A string with the property, as Unicode scalar values.
    case found([UInt32])
    /// Proven: no string has the property.
    case none
    /// The search was cut off at its state limit; nothing is claimed.
    case unknown

    /// The witness as text.
    public var witness: String? {
        if case .found(let s) = self { return String(String.UnicodeScalarView(s.compactMap(Unicode.Scalar.init))) }
        return nil
    }
}

/// Reasoning over patterns instead of sampling: a breadth-first search of the product of
/// several pattern automata for a string whose acceptance vector satisfies a goal.
///
/// Soundness rests on a finite alphabet of representatives: every literal of every pattern
/// with its case variants, and for each region of characters that no literal distinguishes
/// (digits, A–F, G–Z, a–f, g–z, other ASCII, non-ASCII) one member that is neither a literal
/// nor a case variant of one. Two characters of the same region behave identically in every
/// automaton (the built-in classes are unions of these regions), so a string exists with
/// the property if and only if one over the representatives does. Breadth-first order gives a
/// shortest witness, preferring letters and digits.
public enum PatternSearch {
    /// Most work one search may do unless told otherwise (see ``find(_:limit:work:explored:where:)``).
    public static let defaultWork = 4_000_000
    /// Most automaton places all the product states of one search may hold together; past
    /// it the answer is ``SearchOutcome/unknown``, so memory stays bounded (about 8 bytes a place).
    public static let placeLimit = 4_000_000

    /// Finds a string accepted in the combination `goal` describes.
    /// - Parameters:
    ///   - automata: the patterns, each reading the string (folded when case-insensitive).
    ///   - goal: given which automata accept the string, whether it is what we look for.
    ///   - limit: most product states explored before answering ``SearchOutcome/unknown``.
    public static func find(_ automata: [SearchAutomaton], limit: Int = 20_000,
                            where goal: ([Bool]) -> Bool) -> SearchOutcome {
        var explored = 0
        return find(automata, limit: limit, explored: &explored, where: goal)
    }

    /// ``find(_:limit:where:)`` that also says how much work it did (see
    /// ``find(_:limit:work:explored:where:)``).
    public static func find(_ automata: [SearchAutomaton], limit: Int, explored: inout Int,
                            where goal: ([Bool]) -> Bool) -> SearchOutcome {
        find(automata, limit: limit, work: defaultWork, explored: &explored, where: goal)
    }

    /// The search with every bound explicit.
    ///
    /// Work is counted as the automaton places each transition visits (one per automaton and
    /// character at least, plus the places reached), so it measures time whatever the
    /// patterns' size: a thousand-value variable costs what it really costs (issue 17, kind 3).
    /// - Parameters:
    ///   - limit: most product states.
    ///   - work: most work units; past either bound, or ``placeLimit``, the answer is
    ///     ``SearchOutcome/unknown``.
    ///   - explored: set to the work done.
    public static func find(_ automata: [SearchAutomaton], limit: Int, work: Int, explored: inout Int,
                            where goal: ([Bool]) -> Bool) -> SearchOutcome {
        explored = 0
        guard !automata.isEmpty else { return .none }
        let alphabet = representatives(for: automata.map(\.pattern))
        // A product state is the automata's place sets laid out flat: count, places, count, …
        func key(_ sets: [[Int]]) -> [Int32] {
            var k: [Int32] = []
            k.reserveCapacity(sets.reduce(sets.count) { $0 + $1.count })
            for set in sets {
                k.append(Int32(set.count))
                for pc in set { k.append(Int32(pc)) }
            }
            return k
        }
        func sets(_ key: [Int32]) -> [[Int]] {
            var out: [[Int]] = []
            out.reserveCapacity(automata.count)
            var i = 0
            while i < key.count {
                let n = Int(key[i])
                out.append(key[(i + 1)..<(i + 1 + n)].map { Int($0) })
                i += n + 1
            }
            return out
        }
        let start = key(automata.map { $0.pattern.startSet() })
        var states: [[Int32]] = [start]
        var parents: [(parent: Int32, scalar: UInt32)] = [(-1, 0)]
        var seen: [[Int32]: Int32] = [start: 0]
        var places = start.count
        var head = 0
        func witness(_ index: Int) -> [UInt32] {
            var out: [UInt32] = []
            var n = index
            while parents[n].parent >= 0 {
                out.append(parents[n].scalar)
                n = Int(parents[n].parent)
            }
            return out.reversed()
        }
        while head < states.count {
            let current = sets(states[head])
            let index = head
            head += 1
            let accepting = zip(automata, current).map { $0.pattern.isAccepting($1) }
            if goal(accepting) { return .found(witness(index)) }
            // A state where no automaton can ever accept again decides the same for every
            // continuation; it was just tested, so it need not be expanded.
            if current.allSatisfy(\.isEmpty) { continue }
            let cost = zip(automata, current).reduce(0) { $0 + ($1.1.isEmpty ? 1 : $1.0.pattern.stepCost($1.1)) }
            for c in alphabet {
                explored += cost
                if explored > work { return .unknown }
                let next = key(zip(automata, current).map { a, set in
                    set.isEmpty ? set : a.pattern.step(set, a.folds ? CaseFold.fold(c) : c)
                })
                guard seen[next] == nil else { continue }
                places += next.count
                if states.count >= limit || places > placeLimit { return .unknown }
                seen[next] = Int32(states.count)
                states.append(next)
                parents.append((Int32(index), c))
            }
        }
        return .none
    }

    /// A string both patterns accept, shortest first, or proof that there is none.
    ///
    /// An intersection needs no sets of places (unlike the searches with negation above): a
    /// breadth-first search of pairs of single places, at most one state per pair, and no
    /// alphabet to try: a pair of consuming instructions goes on with one scalar both take, when
    /// there is one, since every scalar they both take leads to the same pair. So a route of 30
    /// segments against a rule costs about the product of their lengths, not a subset
    /// construction (issue 17, kind 6).
    /// - Parameters:
    ///   - work: most pairs of places visited; past it the answer is ``SearchOutcome/unknown``.
    ///   - explored: increased by the work done.
    public static func overlap(_ a: CompiledPattern, _ b: CompiledPattern, work: Int, explored: inout Int) -> SearchOutcome {
        let programA = a.program, programB = b.program
        let width = programB.count
        // Pairs seen, by number: a flat table when it is small, else a dictionary.
        let flat = programA.count * width <= 1 << 20
        var table = flat ? [Int32](repeating: -1, count: programA.count * width) : []
        var map: [Int: Int32] = [:]
        var placeA: [Int32] = [], placeB: [Int32] = [], parent: [Int32] = [], scalar: [UInt32] = []
        var spent = 0
        defer { explored += spent }
        let limit = placeLimit / 2
        // Adds every pair of the two closures; false when the state limit is reached.
        func insert(_ ta: Int, _ tb: Int, from: Int32, _ c: UInt32) -> Bool {
            let closureB = b.closure(of: tb)
            for na in a.closure(of: ta) {
                for nb in closureB {
                    spent += 1
                    let key = Int(na) * width + Int(nb)
                    if flat {
                        if table[key] >= 0 { continue }
                        table[key] = Int32(placeA.count)
                    } else {
                        if map[key] != nil { continue }
                        map[key] = Int32(placeA.count)
                    }
                    if placeA.count >= limit { return false }
                    placeA.append(na)
                    placeB.append(nb)
                    parent.append(from)
                    scalar.append(c)
                }
            }
            return true
        }
        guard insert(0, 0, from: -1, 0) else { return .unknown }
        var head = 0
        while head < placeA.count {
            let pa = Int(placeA[head]), pb = Int(placeB[head])
            let at = head
            head += 1
            spent += 1
            if spent > work { return .unknown }
            let x = programA[pa], y = programB[pb]
            if case .accept = x, case .accept = y {
                var out: [UInt32] = []
                var n = at
                while parent[n] >= 0 {
                    out.append(scalar[n])
                    n = Int(parent[n])
                }
                return .found(out.reversed())
            }
            guard let c = common(x, a.caseInsensitive, y, b.caseInsensitive) else { continue }
            guard insert(x.isLoop ? pa : pa + 1, y.isLoop ? pb : pb + 1, from: Int32(at), c) else { return .unknown }
        }
        return .none
    }

    /// A scalar both instructions take (each reading it folded when its pattern folds), or nil.
    static func common(_ x: PatternInstruction, _ xFolds: Bool, _ y: PatternInstruction, _ yFolds: Bool) -> UInt32? {
        @inline(__always) func takes(_ i: PatternInstruction, _ folds: Bool, _ c: UInt32) -> Bool {
            let v = folds ? CaseFold.fold(c) : c
            switch i {
            case .scalar(let s): return s == v
            case .one(let k), .loop(let k): return k.contains(v)
            default: return false
            }
        }
        let literal: UInt32
        if case .scalar(let s) = x {
            literal = s
        } else if case .scalar(let s) = y {
            literal = s
        } else {
            guard x.consumes && y.consumes else { return nil }
            for c in classSamples where takes(x, xFolds, c) && takes(y, yFolds, c) { return c }
            return nil
        }
        // Every scalar a literal takes is the literal or, on a folding side, a case variant.
        if takes(x, xFolds, literal) && takes(y, yFolds, literal) { return literal }
        guard xFolds || yFolds, let u = Unicode.Scalar(literal) else { return nil }
        for variant in [u.properties.uppercaseMapping, u.properties.lowercaseMapping] where variant.unicodeScalars.count == 1 {
            let c = variant.unicodeScalars.first!.value
            if takes(x, xFolds, c) && takes(y, yFolds, c) { return c }
        }
        return nil
    }

    /// One scalar of each region no class tells apart (see ``regions``), letters first.
    static let classSamples: [UInt32] = [0x61, 0x67, 0x30, 0x41, 0x47, 0x2D, 0x2F, 0x25, 0x3F, 0x23, 0x4E00]

    /// Whether every string `inner` accepts is accepted by `outer`.
    /// - Returns: `true` proven, `false` refuted, `nil` unknown (search cut off).
    /// - Parameter budget: work the search may still do (see
    ///   ``find(_:limit:work:explored:where:)``); what it does is taken off.
    public static func includes(_ outer: CompiledPattern, _ inner: CompiledPattern, budget: inout Int) -> Bool? {
        if outer.matchesEverything { return true }
        var explored = 0
        let outcome = find([SearchAutomaton(inner), SearchAutomaton(outer)], limit: 20_000, work: max(1, min(defaultWork, budget)),
                           explored: &explored, where: { $0[0] && !$0[1] })
        budget -= explored
        switch outcome {
        case .none: return true
        case .found: return false
        case .unknown: return nil
        }
    }

    static let regions: [[UInt32]] = [
        Array("0123456789".unicodeScalars.map(\.value)),
        Array("abcdef".unicodeScalars.map(\.value)),
        Array("ghijklmnopqrstuvwxyz".unicodeScalars.map(\.value)),
        Array("ABCDEF".unicodeScalars.map(\.value)),
        Array("GHIJKLMNOPQRSTUVWXYZ".unicodeScalars.map(\.value)),
        Array("-_~.!$'()+,;=:@".unicodeScalars.map(\.value)),
        [0x4E00, 0x4E01, 0x4E03, 0x4E07, 0x4E08],
    ]

    /// Literals with their case variants, then one free member of each region.
    static func representatives(for patterns: [CompiledPattern]) -> [UInt32] {
        var literals = Set<UInt32>()
        for p in patterns { literals.formUnion(p.literalScalars) }
        var taken = literals
        for c in literals {
            guard let s = Unicode.Scalar(c) else { continue }
            for variant in [s.properties.lowercaseMapping, s.properties.uppercaseMapping] where variant.unicodeScalars.count == 1 {
                taken.insert(variant.unicodeScalars.first!.value)
            }
        }
        var out = Array(taken)
        for region in regions {
            if let free = region.first(where: { c in
                !taken.contains(c) && !taken.contains(CaseFold.fold(c))
            }) {
                out.append(free)
            }
        }
        // `/` always: it separates route placeholders' segments.
        if !out.contains(0x2F) { out.append(0x2F) }
        // Letters and digits first, so witnesses read naturally.
        return out.sorted { a, b in
            let ra = rank(a), rb = rank(b)
            return ra != rb ? ra < rb : a < b
        }
    }

    static func rank(_ c: UInt32) -> Int {
        switch c {
        case 0x61...0x7A: return 0
        case 0x30...0x39: return 1
        case 0x41...0x5A: return 2
        case 0x21...0x7E: return 3
        default: return 4
        }
    }
}

extension PatternInstruction {
    var isLoop: Bool { if case .loop = self { return true } else { return false } }
    /// Whether the instruction reads a scalar (`scalar`, `one`, `loop`).
    var consumes: Bool {
        switch self {
        case .scalar, .one, .loop: return true
        default: return false
        }
    }
}
