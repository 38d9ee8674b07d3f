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

    private var byKey: [Key: [Int]] = [:]
    /// The lengths keys have (at most four: 1, 2, 4, 8).
    private var keyLengths: [Int] = []
    /// Rules without a key, ascending: candidates for every later rule.
    private var unkeyed: [Int] = []
    private var paths: [Path] = []

    /// Longest key, in scalars.
    static let keyLength = 8

    init(_ rules: [CompiledRule]) {
        var windows: [[[UInt32]]] = []
        var shared: [[UInt32]: Int] = [:]
        for rule in rules {
            guard let path = rule.path else {
                paths.append(.none)
                windows.append([])
                continue
            }
            guard let witness = PatternWitness.shortest(path) else {
                paths.append(.empty)
                windows.append([])
                continue
            }
            paths.append(.witness(witness))
            var mine: [[UInt32]] = []
            for run in Self.mandatoryRuns(path) {
                var length = 1
                while length * 2 <= min(run.count, Self.keyLength) { length *= 2 }
                mine.append(Array(run.prefix(length)))
                if run.count > length { mine.append(Array(run.suffix(length))) }
            }
            for w in Set(mine) { shared[w, default: 0] += 1 }
            windows.append(mine)
        }
        var lengths = Set<Int>()
        for (i, mine) in windows.enumerated() {
            if case .empty = paths[i] { continue }
            guard let key = mine.min(by: { shared[$0]! < shared[$1]! || (shared[$0]! == shared[$1]! && $0.count > $1.count) }) else {
                unkeyed.append(i)
                continue
            }
            lengths.insert(key.count)
            byKey[Key(length: key.count, hash: Self.hash(key[...])), default: []].append(i)
        }
        keyLengths = lengths.sorted()
    }

    /// The literal runs every string the pattern accepts passes through, case folded. A place
    /// is passed on every way to `accept` when no fork or jump before it goes past it (every
    /// fork and jump goes forward).
    static func mandatoryRuns(_ pattern: CompiledPattern) -> [[UInt32]] {
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
    /// candidates visited); `nil` candidates when there are more than `cap`. A rule whose path
    /// accepts nothing has none (it never decides, and AASA315 says why).
    func candidates(for j: Int, cap: Int = .max) -> (candidates: [Int]?, work: Int) {
        var out: [Int] = []
        var work = 0
        for i in unkeyed {
            guard i < j else { break }
            work += 1
            out.append(i)
            if out.count > cap { return (nil, work) }
        }
        switch paths[j] {
        case .empty:
            return ([], work)
        case .none:
            // Only a path that accepts everything covers a rule without one: no keyed path does.
            return (out, work)
        case .witness(let w):
            let text = CaseFold.fold(w)
            // Prefix hashes: the hash of text[s..<s+L] is prefix[s+L] - prefix[s] × base^L.
            var prefix = [UInt64](repeating: 0, count: text.count + 1)
            for (k, c) in text.enumerated() { prefix[k + 1] = prefix[k] &* Self.base &+ UInt64(c) &+ 1 }
            var found = Set<Key>()
            for length in keyLengths where length <= text.count {
                var power: UInt64 = 1
                for _ in 0..<length { power = power &* Self.base }
                for s in 0...(text.count - length) {
                    let key = Key(length: length, hash: prefix[s + length] &- prefix[s] &* power)
                    if byKey[key] != nil { found.insert(key) }
                }
                work += text.count
            }
            let start = out.count
            for key in found {
                for i in byKey[key]! {
                    guard i < j else { break }
                    work += 1
                    out.append(i)
                    if out.count > cap { return (nil, work) }
                }
            }
            return (out.count > start ? CompiledPattern.sortedUnique(out) : out, work)
        }
    }
}
