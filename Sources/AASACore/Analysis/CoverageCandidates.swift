/// For each rule, the earlier rules of its entry that could cover it, found without looking at
/// every pair (issue 17, kind 5; issue 11's complete analysis).
///
/// A rule that covers another matches every URL the other matches, so its path accepts the
/// other's *witness* (a shortest string the other's path accepts, ``PatternWitness``), and a
/// string it accepts contains every literal text its pattern passes through on every way to a
/// match (a *mandatory* run: literal scalars outside any variable's alternatives). So each path
/// is indexed by one window of a mandatory run — at most 8 scalars, case folded, the window the
/// fewest rules share — and a rule's candidates are the earlier rules whose window occurs in
/// its witness (found by hashing the witness's windows of each key length), plus the rules
/// without a window (no path, or a path without mandatory literal text, such as `*`).
///
/// `/item/*/p17?` and `/item/*/p18?` share `/item/`, but each is indexed by its rarer `/p17`
/// and `/p18`: 20,000 such rules cost 20,000 short lookups, not 200 million pairs. A hash
/// collision only adds a candidate, which the coverage check then refutes.
///
/// Memory is a few words a rule (issue 17: 190,000 literal rules at the read cap): a literal
/// path's witness is its literal text (shared, not copied), rules that share a compiled path
/// share its witness and windows, the rules of all keys are laid out in one array, and a rule's
/// candidates are counted by binary search and read in order as the coverage checks need
/// them, not listed.
struct CoverageCandidates {
    private struct Key: Hashable {
        let length: Int
        let hash: UInt64
    }

    private enum Path {
        /// No `/` key: the rule's path accepts everything.
        case none
        /// A path that accepts no string (an undefined variable: AASA315 says so).
        case empty
        case witness([UInt32])
    }

    /// A window's text, exactly: up to 8 ASCII scalars packed with the length into one word,
    /// else the scalars themselves.
    private enum Window: Hashable {
        case ascii(UInt64)
        case scalars([UInt32])
    }

    /// A window with its length and the hash ``candidates(for:cap:)`` looks it up by.
    private struct Indexed {
        let window: Window
        let key: Key
    }

    /// The keyed rules, grouped by key, ascending within each group.
    private var members: [Int32] = []
    /// Each key's group in ``members``.
    private var byKey = KeyTable()
    /// Each key's group, by open addressing: a key is already a hash, and looking up every
    /// window of every witness was most of the candidate search's time with `Hasher` (issue 17).
    /// The slot is a multiply-shift hash with a random odd multiplier, so crafted rules cannot
    /// choose which keys share slots.
    private struct KeyTable {
        /// A slot's key length; 0 for an empty slot (keys are 1 to 8 scalars).
        private var lengths: [UInt8] = [0]
        private var hashes: [UInt64] = [0]
        private var groups: [(start: Int32, count: Int32)] = [(0, 0)]
        private var shift: UInt64 = 64
        private let multiplier = UInt64.random(in: 0...UInt64.max) | 1

        init() {}

        /// A table for `count` keys, at most half full.
        init(capacity count: Int) {
            var bits = 1
            while 1 << bits < 2 * count { bits += 1 }
            lengths = Array(repeating: 0, count: 1 << bits)
            hashes = Array(repeating: 0, count: 1 << bits)
            groups = Array(repeating: (0, 0), count: 1 << bits)
            shift = UInt64(64 - bits)
        }

        /// The slot of `key`, or the empty slot where it would go.
        private func slot(_ key: Key) -> Int {
            let mask = lengths.count - 1
            // A shift by 64 (the empty table) is 0 in Swift's `>>`.
            var s = Int(truncatingIfNeeded: ((key.hash ^ UInt64(key.length)) &* multiplier) >> shift) & mask
            while lengths[s] != 0 && (Int(lengths[s]) != key.length || hashes[s] != key.hash) {
                s = (s + 1) & mask
            }
            return s
        }

        func contains(_ key: Key) -> Bool { lengths[slot(key)] != 0 }

        func group(_ key: Key) -> (start: Int32, count: Int32)? {
            let s = slot(key)
            return lengths[s] != 0 ? groups[s] : nil
        }

        /// Adds `key`, which the table does not hold.
        mutating func insert(_ key: Key, _ group: (start: Int32, count: Int32)) {
            let s = slot(key)
            lengths[s] = UInt8(key.length)
            hashes[s] = key.hash
            groups[s] = group
        }
    }

    /// The lengths keys have (at most four: 1, 2, 4, 8).
    private var keyLengths: [Int] = []
    /// Rules without a key, ascending: candidates for every later rule.
    private var unkeyed: [Int32] = []
    private var paths: [Path] = []

    /// Longest key, in scalars.
    static let keyLength = 8

    init(_ rules: [CompiledRule]) {
        // A literal path's witness is its text, and its windows (two at most) are computed
        // again when needed rather than kept; other paths' are computed once per distinct
        // compiled path (rules share them).
        var other: [ObjectIdentifier: (witness: [UInt32]?, windows: [Indexed])] = [:]
        var scratch: [Indexed] = []
        // How many rules have each window (a rule counts once per distinct window).
        var count: [Window: Int] = [:]
        count.reserveCapacity(2 * rules.count)
        paths.reserveCapacity(rules.count)
        func summary(_ path: CompiledPattern) -> (witness: [UInt32]?, windows: [Indexed]) {
            if let literal = path.literal {
                Self.windows(path, into: &scratch)
                return (literal, scratch)
            }
            if let known = other[ObjectIdentifier(path)] { return known }
            var windows: [Indexed] = []
            let witness = PatternWitness.shortest(path)
            if witness != nil { Self.windows(path, into: &windows) }
            other[ObjectIdentifier(path)] = (witness, windows)
            return (witness, windows)
        }
        for rule in rules {
            guard let path = rule.path else {
                paths.append(.none)
                continue
            }
            let (found, windows) = summary(path)
            guard let witness = found else {
                paths.append(.empty)
                continue
            }
            paths.append(.witness(witness))
            Self.countDistinct(windows, into: &count)
        }
        // The rules of one key chained, first and last; `next[i]` follows rule `i`.
        var chains: [Key: (first: Int, last: Int)] = [:]
        var next = [Int](repeating: -1, count: rules.count)
        var lengths = Set<Int>()
        for (i, rule) in rules.enumerated() {
            switch paths[i] {
            case .empty: continue
            case .none: unkeyed.append(Int32(i)); continue
            case .witness: break
            }
            // The window the fewest rules share, the longer one on a tie, the first on both.
            var best: Indexed?
            var bestCount = 0
            for w in summary(rule.path!).windows {
                let c = count[w.window]!
                if let b = best, !(c < bestCount || (c == bestCount && w.key.length > b.key.length)) { continue }
                best = w
                bestCount = c
            }
            guard let key = best?.key else {
                unkeyed.append(Int32(i))
                continue
            }
            lengths.insert(key.length)
            if let chain = chains[key] {
                next[chain.last] = i
                chains[key] = (chain.first, i)
            } else {
                chains[key] = (i, i)
            }
        }
        keyLengths = lengths.sorted()
        byKey = KeyTable(capacity: chains.count)
        members.reserveCapacity(rules.count - unkeyed.count)
        for (key, chain) in chains {
            let start = members.count
            var i = chain.first
            while i >= 0 {
                members.append(Int32(i))
                i = next[i]
            }
            byKey.insert(key, (Int32(start), Int32(members.count - start)))
        }
    }

    /// How many of the ascending `list` are below `bound`.
    private static func countBelow(_ list: ArraySlice<Int32>, _ bound: Int) -> Int {
        var lo = list.startIndex, hi = list.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(list[mid]) < bound { lo = mid + 1 } else { hi = mid }
        }
        return lo - list.startIndex
    }

    /// Candidate rules, ascending, read as they are needed: most rules' search ends at the
    /// first candidate that covers them, so the candidates are not listed.
    struct Candidates: Sequence {
        /// Ascending runs of rule indices; at most two (more are merged when made).
        fileprivate var runs: [ArraySlice<Int32>] = []

        init() {}

        fileprivate init(_ runs: [ArraySlice<Int32>]) {
            let nonEmpty = runs.filter { !$0.isEmpty }
            if nonEmpty.count <= 2 {
                self.runs = nonEmpty
            } else {
                self.runs = [ArraySlice(nonEmpty.joined().sorted())]
            }
        }

        struct Iterator: IteratorProtocol {
            fileprivate var a: ArraySlice<Int32>
            fileprivate var b: ArraySlice<Int32>

            mutating func next() -> Int? {
                if let x = a.first, b.first.map({ x < $0 }) ?? true {
                    a.removeFirst()
                    return Int(x)
                }
                guard let y = b.first else { return nil }
                b.removeFirst()
                return Int(y)
            }
        }

        func makeIterator() -> Iterator {
            Iterator(a: runs.first ?? [], b: runs.count > 1 ? runs[1] : [])
        }
    }

    /// Counts each distinct window of one rule once.
    private static func countDistinct(_ windows: [Indexed], into count: inout [Window: Int]) {
        if windows.count <= 16 {
            for (k, w) in windows.enumerated() where !windows[..<k].contains(where: { $0.window == w.window }) {
                count[w.window, default: 0] += 1
            }
        } else {
            for w in Set(windows.map(\.window)) { count[w, default: 0] += 1 }
        }
    }

    /// The windows a path may be indexed by, in order, into `out` (emptied first): of each
    /// mandatory run (``mandatoryRuns(_:)``), the longest power-of-two prefix of at most
    /// ``keyLength`` scalars, and the suffix of the same length when the run is longer.
    private static func windows(_ pattern: CompiledPattern, into out: inout [Indexed]) {
        out.removeAll(keepingCapacity: true)
        for run in mandatoryRuns(pattern) {
            var length = 1
            while length * 2 <= min(run.count, keyLength) { length *= 2 }
            out.append(indexed(run[..<length]))
            if run.count > length { out.append(indexed(run[(run.count - length)...])) }
        }
    }

    private static func indexed(_ window: ArraySlice<UInt32>) -> Indexed {
        var packed = UInt64(window.count) << 56
        var ascii = true
        for (k, c) in window.enumerated() {
            guard c < 0x80 else { ascii = false; break }
            packed |= UInt64(c) << (7 * UInt64(k))
        }
        return Indexed(window: ascii ? .ascii(packed) : .scalars(Array(window)),
                       key: Key(length: window.count, hash: hash(window)))
    }

    /// The literal runs every string the pattern accepts passes through, case folded. A place
    /// is passed on every way to `accept` when no fork or jump before it goes past it (every
    /// fork and jump goes forward).
    static func mandatoryRuns(_ pattern: CompiledPattern) -> [[UInt32]] {
        if let literal = pattern.literal {
            // No fork or jump: the whole text is one run.
            guard !literal.isEmpty else { return [] }
            return [literal.allSatisfy({ CaseFold.fold($0) == $0 }) ? literal : CaseFold.fold(literal)]
        }
        var runs: [[UInt32]] = []
        var current: [UInt32] = []
        let passed = CompiledPattern.passedOnEveryWay(pattern.program)
        for (pc, inst) in pattern.program.enumerated() {
            if passed[pc], case .scalar(let c) = inst {
                current.append(CaseFold.fold(c))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static let base: UInt64 = 0x100_0000_01B3

    private static func hash(_ key: ArraySlice<UInt32>) -> UInt64 {
        var h: UInt64 = 0
        for c in key { h = h &* base &+ UInt64(c) &+ 1 }
        return h
    }

    /// A shortest string rule `j`'s path accepts, as it reads it; `nil` when the rule has no
    /// path or its path accepts nothing.
    func witness(_ j: Int) -> [UInt32]? {
        if case .witness(let w) = paths[j] { return w }
        return nil
    }

    /// Candidate indices below `j`, ascending, and the work the lookup did (scalars hashed and
    /// candidates counted); `nil` candidates when there are more than `cap`. A rule whose path
    /// accepts nothing has none (it never decides, and AASA315 says why).
    func candidates(for j: Int, cap: Int = .max) -> (candidates: Candidates?, work: Int) {
        let below = Self.countBelow(unkeyed[...], j)
        if below > cap { return (nil, cap + 1) }
        let unkeyedBelow = unkeyed[..<below]
        var work = below
        switch paths[j] {
        case .empty:
            return (Candidates(), work)
        case .none:
            // Only a path that accepts everything covers a rule without one: no keyed path does.
            return (Candidates([unkeyedBelow]), work)
        case .witness(let w):
            let n = w.count
            // The keys of the witness's windows that index some rule, each once.
            var found: [Key] = []
            // Prefix hashes of the folded witness: the hash of text[s..<s+L] is
            // prefix[s+L] - prefix[s] × base^L.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n + 1) { prefix in
                prefix[0] = 0
                for k in 0..<n { prefix[k + 1] = prefix[k] &* Self.base &+ UInt64(CaseFold.fold(w[k])) &+ 1 }
                for length in keyLengths where length <= n {
                    var power: UInt64 = 1
                    for _ in 0..<length { power = power &* Self.base }
                    for s in 0...(n - length) {
                        let key = Key(length: length, hash: prefix[s + length] &- prefix[s] &* power)
                        if byKey.contains(key) { found.append(key) }
                    }
                    work += n
                }
            }
            if found.count > 1 {
                found.sort { ($0.length, $0.hash) < ($1.length, $1.hash) }
                var unique = 1
                for r in 1..<found.count where found[r] != found[unique - 1] {
                    found[unique] = found[r]
                    unique += 1
                }
                found.removeLast(found.count - unique)
            }
            var runs = [unkeyedBelow]
            var total = below
            for key in found {
                let group = byKey.group(key)!
                let all = members[Int(group.start)..<Int(group.start + group.count)]
                let run = all.prefix(Self.countBelow(all, j))
                work += run.count
                total += run.count
                if total > cap { return (nil, work) }
                runs.append(run)
            }
            return (Candidates(runs), work)
        }
    }
}
