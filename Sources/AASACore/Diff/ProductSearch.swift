/// The alphabet of a search over one part of the URL: a finite set of symbols such that a
/// string with a given combination of rule answers exists if and only if one over these
/// symbols does.
///
/// Every literal of every pattern and item name takes part, with its case variants; the
/// characters no literal distinguishes fall into regions that every pattern class is a union
/// of (digits, `a`–`f`, `g`–`z`, `A`–`F`, `G`–`Z`, other ASCII, non-ASCII), and one free member
/// of each region stands for all of it. Characters with a role of their own (`/` and `*` in a
/// path, `&` and `=` in a query) are always symbols.
///
/// How characters are written depends on how the rules read the part: when no rule decodes
/// percent escapes, only characters that can appear as written are symbols; when every rule
/// decodes, each character is one symbol, written as an escape when it cannot appear as
/// written; when some rules decode and others do not, each character is both (see
/// ``RuleListDiff``'s note on the mixed case).
enum DiffAlphabet {
    /// The pattern search's letter and digit regions (digits, `a`–`f`, `g`–`z`, `A`–`F`,
    /// `G`–`Z`), then other ASCII — most readable first; space and controls only where
    /// decoding can make them — and non-ASCII.
    static let regions: [[UInt32]] = Array(PatternSearch.regions.prefix(5)) + [
        Array("-_~.!$'()+,;:@[]^{|}\\%&=*/?#\"<>` ".unicodeScalars.map(\.value)) + Array(0x01...0x1F) + [0x7F],
        [0x4E00, 0x4E01, 0x4E03, 0x4E07, 0x4E08],
    ]

    /// - Parameters:
    ///   - literals: every scalar written in the patterns and item names of the readers.
    ///   - raw: whether some reader reads the text as written.
    ///   - decoded: whether some reader decodes percent escapes.
    static func symbols(for component: URLComponentKind, literals: Set<UInt32>, raw: Bool, decoded: Bool) -> [UInt32] {
        let rawOnly = raw && !decoded
        func possible(_ c: UInt32) -> Bool { rawOnly ? component.allowsRaw(c) : c != 0 }
        var taken = Set<UInt32>()
        for c in literals.union(component.structural) where possible(c) {
            taken.insert(c)
            guard let s = Unicode.Scalar(c) else { continue }
            for variant in [s.properties.lowercaseMapping, s.properties.uppercaseMapping] where variant.unicodeScalars.count == 1 {
                let v = variant.unicodeScalars.first!.value
                if possible(v) { taken.insert(v) }
            }
        }
        var chars = taken
        for region in regions {
            if let free = region.first(where: { c in
                possible(c) && !component.structural.contains(c) && !taken.contains(c) && !taken.contains(CaseFold.fold(c))
            }) {
                chars.insert(free)
            }
        }
        func rawSafe(_ c: UInt32) -> Bool {
            component.allowsRaw(c) && c != 0x25 && !(component == .query && component.structural.contains(c))
        }
        var out: [UInt32] = []
        for c in chars {
            if rawOnly {
                out.append(c)
            } else if !raw {
                // Every reader decodes: one symbol per character, plus the query's separators.
                out.append(rawSafe(c) ? c : DiffSymbol.escaped(c))
                if component == .query && component.structural.contains(c) { out.append(c) }
            } else {
                if component.allowsRaw(c) && c != 0x25 { out.append(c) }
                out.append(DiffSymbol.escaped(c))
            }
        }
        return out.sorted { a, b in
            let ra = rank(a), rb = rank(b)
            return ra != rb ? ra < rb : a < b
        }
    }

    /// Letters first, then digits, so examples read naturally.
    static func rank(_ s: UInt32) -> Int {
        let escaped = DiffSymbol.isEscaped(s) ? 10 : 0
        switch DiffSymbol.scalar(s) {
        case 0x61...0x7A: return escaped + 0
        case 0x30...0x39: return escaped + 1
        case 0x41...0x5A: return escaped + 2
        case 0x21...0x7E: return escaped + 3
        default: return escaped + 4
        }
    }
}

/// The work a comparison may still do, shared by its searches and readers (units of about a
/// nanosecond).
final class WorkMeter {
    var left: Int
    /// Most states an automaton may grow to; one that grows past it ends the work.
    let statesPerCondition: Int

    init(budget: Int, statesPerCondition: Int = 10_000) {
        left = budget
        self.statesPerCondition = statesPerCondition
    }

    /// Called by an automaton that just grew to `states` states.
    @inline(__always)
    func grew(to states: Int) {
        if states > statesPerCondition { left = min(left, -1) }
    }
}

/// A breadth-first search of the product of several ``ComponentReader``s that lists every
/// combination of answers some string gives, each with a shortest string giving it.
///
/// Only readers that can still accept are kept in a product state, so a search over many
/// rules with distinct literal prefixes explores about the trie of those prefixes.
struct ProductSearch {
    /// One combination: the readers (indices into the searched list) that accept, ascending.
    struct Combination {
        var accepting: [Int32]
        var witness: [UInt32]
    }

    struct Result {
        /// Every combination found, in the order first reached (shortest strings first).
        var combinations: [Combination]
        /// Whether the search ran to the end; when not, some combination may be missing.
        var complete: Bool
        /// For an incomplete search: the readers still running in the states left unexplored.
        var unfinished: [Int]
    }

    /// - Parameters:
    ///   - readers: the automata, sharing the alphabet `symbols`.
    ///   - prefix: symbols every string starts with (`/` for a path).
    ///   - meter: the work left; the search (and the readers, for the steps they compute) takes
    ///     what it uses off, and with none left the result is incomplete.
    static func run(_ readers: [ComponentReader], symbols: [UInt32], prefix: [UInt32] = [], meter: WorkMeter) -> Result {
        var start: [UInt64] = []
        for (i, r) in readers.enumerated() {
            var s = r.start
            for symbol in prefix { s = r.advance(s, symbol: symbol) }
            if s >= 0 { start.append(UInt64(i) << 32 | UInt64(UInt32(bitPattern: s))) }
        }
        var nodes: [[UInt64]] = [start]
        var parent: [Int32] = [-1]
        var via: [Int32] = [-1]
        var ids: [[UInt64]: Int32] = [start: 0]
        var combinations: [Combination] = []
        var seenCombination: [[Int32]: Int] = [:]

        func witness(_ node: Int) -> [UInt32] {
            var out: [UInt32] = []
            var n = node
            while n > 0 {
                out.append(symbols[Int(via[n])])
                n = Int(parent[n])
            }
            return prefix + out.reversed()
        }
        func record(_ node: Int) {
            var accepting: [Int32] = []
            for e in nodes[node] {
                let r = Int(e >> 32)
                if readers[r].accepts(Int32(truncatingIfNeeded: e & 0xFFFF_FFFF)) { accepting.append(Int32(r)) }
            }
            if seenCombination[accepting] == nil {
                seenCombination[accepting] = combinations.count
                combinations.append(Combination(accepting: accepting, witness: witness(node)))
            }
        }
        record(0)
        var head = 0
        let width = symbols.count
        // Successors are built reader by reader: each reader adds itself to the buckets of the
        // symbols that may keep it alive, so a state of many literal patterns costs about one
        // step per reader, not one per reader and symbol.
        var buckets = [[UInt64]](repeating: [], count: width)
        while head < nodes.count {
            let node = nodes[head]
            if node.isEmpty {
                head += 1
                continue
            }
            var work = width
            for e in node {
                let r = Int(e >> 32)
                let s = Int32(truncatingIfNeeded: e & 0xFFFF_FFFF)
                let live = readers[r].liveSymbols(s)
                work += live.count
                for a in live {
                    let t = readers[r].step(s, Int(a))
                    if t >= 0 { buckets[Int(a)].append(UInt64(r) << 32 | UInt64(UInt32(bitPattern: t))) }
                }
            }
            meter.left -= 4 * work
            for a in 0..<width {
                if ids[buckets[a]] == nil {
                    let id = Int32(nodes.count)
                    ids[buckets[a]] = id
                    nodes.append(buckets[a])
                    parent.append(Int32(head))
                    via.append(Int32(a))
                    record(Int(id))
                }
                buckets[a].removeAll(keepingCapacity: true)
            }
            head += 1
            if meter.left < 0 {
                var unfinished = Set<Int>()
                for n in nodes[head...] { for e in n { unfinished.insert(Int(e >> 32)) } }
                return Result(combinations: combinations, complete: false, unfinished: unfinished.sorted())
            }
        }
        return Result(combinations: combinations, complete: true, unfinished: [])
    }
}

