/// The answer to "does one rule cover another".
public enum CoverageAnswer: Sendable, Equatable {
    /// Proven: every URL the later rule matches, the earlier one matches.
    case covers
    /// Proven not, or not provable with the information the rules give (different URL views).
    case doesNotCover
    /// The search was cut off (state limit or budget): nothing is claimed.
    case unknown
}

/// Whether one rule matches every URL another matches, decided over the patterns
/// (``PatternSearch``), never by sampling URLs.
///
/// A rule is the conjunction of its path, query and fragment conditions, so rule `earlier`
/// covers rule `later` when each condition of `earlier` holds wherever the same condition of
/// `later` does. Where the two rules read the URL differently (one decodes percent escapes and
/// the other does not) only a condition that accepts everything is taken to cover, so a
/// ``CoverageAnswer/covers`` answer is always proven.
///
/// Common shapes are decided without a search: equal patterns, `prefix*`, `*suffix` and
/// `prefix*suffix` outer patterns, and length or literal-prefix/suffix conflicts.
public enum RuleCoverage {
    /// Whether every URL `later` matches is matched by `earlier`.
    /// - Parameter budget: work the searches may still do (``PatternSearch``); what they do is
    ///   taken off, and with none left the answer is ``CoverageAnswer/unknown``.
    public static func covers(_ earlier: CompiledRule, _ later: CompiledRule, budget: inout Int) -> CoverageAnswer {
        let sameView = earlier.percentEncoded == later.percentEncoded
        var answer = covers(earlier.path, later.path, sameView: sameView, budget: &budget)
        guard answer == .covers else { return answer }
        answer = covers(earlier.fragment, later.fragment, sameView: sameView, budget: &budget)
        guard answer == .covers else { return answer }
        return coversQuery(earlier.query, later.query, sameView: sameView, budget: &budget)
    }

    /// ``covers(_:_:budget:)`` with a budget of its own.
    public static func covers(_ earlier: CompiledRule, _ later: CompiledRule) -> Bool {
        var budget = 2_000_000
        return covers(earlier, later, budget: &budget) == .covers
    }

    /// A string condition; `nil` accepts everything.
    static func covers(_ outer: CompiledPattern?, _ inner: CompiledPattern?, sameView: Bool, budget: inout Int) -> CoverageAnswer {
        guard let outer else { return .covers }
        if outer.matchesEverything { return .covers }
        var unknown = false
        if outer.minLength == 0 && outer.maxLength == nil {
            switch includes(outer, anything, budget: &budget) {
            case .covers: return .covers
            case .unknown: unknown = true
            case .doesNotCover: break
            }
        }
        guard let inner, sameView else { return unknown ? .unknown : .doesNotCover }
        return includes(outer, inner, budget: &budget)
    }

    static let anything = CompiledPattern("*")

    /// Whether `L(inner) ⊆ L(outer)`.
    static func includes(_ outer: CompiledPattern, _ inner: CompiledPattern, budget: inout Int) -> CoverageAnswer {
        if outer.matchesEverything { return .covers }
        if inner.minLength >= Int.max / 2 { return .covers }  // matches nothing
        if outer.program == inner.program && outer.caseInsensitive == inner.caseInsensitive { return .covers }
        if !mayInclude(outer, inner) { return .doesNotCover }
        if let shaped = byShape(outer, inner) { return shaped }
        guard budget > 0 else { return .unknown }
        switch PatternSearch.includes(outer, inner, budget: &budget) {
        case true?: return .covers
        case false?: return .doesNotCover
        case nil: return .unknown
        }
    }

    /// Outer patterns of the form `P*`, `*S` or `P*S` (literals around one `*`): every inner
    /// string starts with inner's literal prefix and ends with its literal suffix, so when
    /// those extend outer's and inner's strings are long enough, inclusion is proven.
    static func byShape(_ outer: CompiledPattern, _ inner: CompiledPattern) -> CoverageAnswer? {
        let p = outer.literalPrefix.count
        let s = outer.literalSuffix.count
        guard outer.program.count == p + s + 2, case .loop(.any) = outer.program[p] else { return nil }
        let fold = outer.caseInsensitive
        func extends(_ long: [UInt32], _ short: [UInt32], fromEnd: Bool) -> Bool {
            guard long.count >= short.count else { return false }
            let offset = fromEnd ? long.count - short.count : 0
            for k in short.indices {
                let a = long[offset + k], b = short[k]
                if fold ? CaseFold.fold(a) != CaseFold.fold(b) : a != b { return false }
            }
            return true
        }
        // A case-insensitive inner pattern's literals stand for both cases; only a folding
        // outer pattern accepts them all.
        if inner.caseInsensitive && !fold && (p > 0 || s > 0) { return nil }
        if extends(inner.literalPrefix, outer.literalPrefix, fromEnd: false)
            && extends(inner.literalSuffix, outer.literalSuffix, fromEnd: true)
            && inner.minLength >= p + s {
            return .covers
        }
        return nil
    }

    /// Cheap necessary conditions for `inner ⊆ outer`, decided without a search: the lengths
    /// `inner` produces fit `outer`'s bounds, and the literal text every `inner` string
    /// starts (ends) with agrees with what every `outer` match must start (end) with.
    static func mayInclude(_ outer: CompiledPattern, _ inner: CompiledPattern) -> Bool {
        if inner.minLength < outer.minLength { return false }
        if let outerMax = outer.maxLength, inner.maxLength.map({ $0 > outerMax }) ?? true { return false }
        return literalsAgree(outer, inner, fold: outer.caseInsensitive || inner.caseInsensitive)
    }

    /// Whether the literal text two patterns' strings must start with agree as far as both go,
    /// and likewise the text they must end with; when not, no string matches both.
    static func literalsAgree(_ a: CompiledPattern, _ b: CompiledPattern, fold: Bool) -> Bool {
        func agree<S: Sequence, T: Sequence>(_ x: S, _ y: T) -> Bool where S.Element == UInt32, T.Element == UInt32 {
            for (p, q) in zip(x, y) where (fold ? CaseFold.fold(p) != CaseFold.fold(q) : p != q) { return false }
            return true
        }
        return agree(a.literalPrefix, b.literalPrefix) && agree(a.literalSuffix.reversed(), b.literalSuffix.reversed())
    }

    static func coversQuery(_ outer: CompiledQuery?, _ inner: CompiledQuery?, sameView: Bool, budget: inout Int) -> CoverageAnswer {
        switch (outer, inner) {
        case (nil, _):
            return .covers
        case (.whole(let o)?, .whole(let i)?):
            return covers(o, i, sameView: sameView, budget: &budget)
        case (.whole(let o)?, _):
            return covers(o, nil, sameView: sameView, budget: &budget)
        case (.items(let o)?, let i):
            // Every occurrence of an item in `inner`'s URLs satisfies inner's pattern for it;
            // when inner does not name the item (or has no `?` object), any value or absence
            // is possible.
            var items: [(name: String, pattern: CompiledPattern)] = []
            if case .items(let list)? = i { items = list }
            var unknown = false
            for (name, pattern) in o {
                switch covers(pattern, items.first(where: { $0.name == name })?.pattern, sameView: sameView, budget: &budget) {
                case .covers: continue
                case .doesNotCover: return .doesNotCover
                case .unknown: unknown = true
                }
            }
            return unknown ? .unknown : .covers
        }
    }
}

/// For each rule, the earlier rules of its entry that could cover it: those whose path's
/// literal prefix is comparable with its own (one a prefix of the other, case folded) and
/// those without a path. Other pairs are refuted by their prefixes, so this index makes the
/// pairwise analysis close to linear for real files.
///
/// Time per query is linear in the rule's prefix plus the candidates found, whatever the
/// prefixes' lengths (issue 17, kind 2: a 100,000-character literal beside `/buy/*`):
/// prefixes of the key are looked up by rolling hash (a collision only adds a candidate, which
/// the coverage check then refutes), and keys extending it are a run of the sorted keys, told
/// apart by their longest common prefixes with their neighbours.
struct CoverageCandidates {
    private struct Hashed: Hashable {
        let length: Int
        let hash: UInt64
    }
    private var byPrefix: [Hashed: [Int]] = [:]
    /// Folded prefixes in order, with the rule of each.
    private var sorted: [(key: [UInt32], rule: Int)] = []
    /// `lcp[i]`: the longest common prefix of `sorted[i - 1]` and `sorted[i]` (0 for `i == 0`).
    private var lcp: [Int] = []
    /// `blockEnd[i]`: the first position after `i` whose key differs from `sorted[i]`'s.
    private var blockEnd: [Int] = []
    private var anyPath: [Int] = []
    private var keys: [[UInt32]?] = []

    init(_ rules: [CompiledRule]) {
        for (i, r) in rules.enumerated() {
            guard let path = r.path else {
                anyPath.append(i)
                keys.append(nil)
                continue
            }
            let key = CaseFold.fold(path.literalPrefix)
            keys.append(key)
            byPrefix[Hashed(length: key.count, hash: Self.hash(key, key.count)), default: []].append(i)
            sorted.append((key, i))
        }
        sorted.sort { a, b in a.key.lexicographicallyPrecedes(b.key) || (a.key == b.key && a.rule < b.rule) }
        lcp = [0]
        for i in sorted.indices.dropFirst() {
            let a = sorted[i - 1].key, b = sorted[i].key
            var n = 0
            while n < a.count && n < b.count && a[n] == b[n] { n += 1 }
            lcp.append(n)
        }
        blockEnd = [Int](repeating: sorted.count, count: sorted.count)
        for i in stride(from: sorted.count - 2, through: 0, by: -1) {
            let same = lcp[i + 1] == sorted[i].key.count && sorted[i + 1].key.count == sorted[i].key.count
            blockEnd[i] = same ? blockEnd[i + 1] : i + 1
        }
    }

    private static func hash(_ key: [UInt32], _ length: Int) -> UInt64 {
        var h: UInt64 = 0
        for c in key.prefix(length) { h = h &* 0x100_0000_01B3 &+ UInt64(c) &+ 1 }
        return h
    }

    /// Candidate indices below `j`, ascending; `nil` when there are more than `cap`.
    func candidates(for j: Int, cap: Int = .max) -> [Int]? {
        guard let key = keys[j] else { return j > cap ? nil : Array(0..<j) }
        // Every list below is ascending, so each stops at `j` and at the cap: the cost of a
        // query is bounded by the cap however many rules share a prefix (issue 17, kind 5).
        var out: [Int] = []
        for i in anyPath {
            guard i < j else { break }
            out.append(i)
            if out.count > cap { return nil }
        }
        // Rules whose prefix is a prefix of this one's (equal ones included).
        var h: UInt64 = 0
        for n in 0...key.count {
            if n > 0 { h = h &* 0x100_0000_01B3 &+ UInt64(key[n - 1]) &+ 1 }
            if let found = byPrefix[Hashed(length: n, hash: h)] {
                for i in found {
                    guard i < j else { break }
                    out.append(i)
                    if out.count > cap { return nil }
                }
            }
        }
        // Rules whose prefix extends this one's: a contiguous run of the sorted keys.
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid].key.lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        if lo < sorted.count, sorted[lo].key.starts(with: key) {
            // Keys equal to this one were found above: skip their block.
            var at = sorted[lo].key.count == key.count ? blockEnd[lo] : lo
            var scanned = 0
            // `sorted[lo]` extends the key (just checked); each next key does when it shares
            // the key's length with its neighbour.
            while at < sorted.count && (at == lo || lcp[at] >= key.count) {
                let i = sorted[at].rule
                if i < j {
                    out.append(i)
                    if out.count > cap { return nil }
                }
                // Later rules are skipped, but the skipping counts too.
                scanned += 1
                if scanned > cap { return nil }
                at += 1
            }
        }
        out.sort()
        var w = 0
        for r in out.indices where w == 0 || out[r] != out[w - 1] {
            out[w] = out[r]
            w += 1
        }
        out.removeLast(out.count - w)
        return out
    }
}
