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

    /// ``find(_:limit:where:)`` that also says how much work it did: product states explored
    /// times the alphabet's size (the transitions computed).
    public static func find(_ automata: [SearchAutomaton], limit: Int, explored: inout Int,
                            where goal: ([Bool]) -> Bool) -> SearchOutcome {
        var seenCount = 1
        guard !automata.isEmpty else { return .none }
        let alphabet = representatives(for: automata.map(\.pattern))
        defer { explored = seenCount * alphabet.count }
        struct Node: Hashable {
            let sets: [[Int]]
        }
        let start = Node(sets: automata.map { $0.pattern.startSet() })
        var parent: [Node: (Node, UInt32)] = [:]
        var seen: Set<Node> = [start]
        var queue: [Node] = [start]
        var head = 0
        func accepting(_ node: Node) -> [Bool] {
            zip(automata, node.sets).map { $0.pattern.isAccepting($1) }
        }
        func witness(_ node: Node) -> [UInt32] {
            var out: [UInt32] = []
            var n = node
            while let (p, c) = parent[n] {
                out.append(c)
                n = p
            }
            return out.reversed()
        }
        while head < queue.count {
            let node = queue[head]
            head += 1
            if goal(accepting(node)) { return .found(witness(node)) }
            // A state where no automaton can ever accept again decides the same for every
            // continuation; it was just tested, so it need not be expanded.
            if node.sets.allSatisfy(\.isEmpty) { continue }
            for c in alphabet {
                let next = Node(sets: zip(automata, node.sets).map { a, set in
                    set.isEmpty ? set : a.pattern.step(set, a.folds ? CaseFold.fold(c) : c)
                })
                if seen.insert(next).inserted {
                    seenCount = seen.count
                    if seen.count > limit { return .unknown }
                    parent[next] = (node, c)
                    queue.append(next)
                }
            }
        }
        return .none
    }

    /// Whether every string `inner` accepts is accepted by `outer`.
    /// - Returns: `true` proven, `false` refuted, `nil` unknown (search cut off).
    /// - Parameter budget: transitions the search may still compute (product states explored
    ///   times the alphabet's size); what it computes is taken off.
    public static func includes(_ outer: CompiledPattern, _ inner: CompiledPattern, budget: inout Int) -> Bool? {
        if outer.matchesEverything { return true }
        let limit = max(1, min(20_000, budget / 16))
        var explored = 0
        let outcome = find([SearchAutomaton(inner), SearchAutomaton(outer)], limit: limit, explored: &explored, where: { $0[0] && !$0[1] })
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
