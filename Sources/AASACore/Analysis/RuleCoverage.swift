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
/// Most pairs are decided without a search: equal patterns, `prefix*`, `*suffix` and
/// `prefix*suffix` outer patterns, length or literal-prefix/suffix conflicts, a member of the
/// later pattern that the earlier refuses, and the symbolic proof of ``PatternWitness``; the
/// search decides the rest within its budget.
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
        if refutes(outer, inner) { return .doesNotCover }
        if PatternWitness.provesInclusion(outer, inner) { return .covers }
        guard budget > 0 else { return .unknown }
        switch PatternSearch.includes(outer, inner, budget: &budget) {
        case true?: return .covers
        case false?: return .doesNotCover
        case nil: return .unknown
        }
    }

    /// Whether a string `inner` accepts is refused by `outer`: its shortest member, or one whose
    /// wildcards take scalars that none of `outer`'s literals is (so only `outer`'s wildcards
    /// can take them). Two linear matches settle most pairs that do not cover.
    static func refutes(_ outer: CompiledPattern, _ inner: CompiledPattern) -> Bool {
        func refused(_ w: [UInt32]) -> Bool { !outer.matches(outer.caseInsensitive ? CaseFold.fold(w) : w) }
        if let w = PatternWitness.shortest(inner), refused(w) { return true }
        if let w = PatternWitness.fresh(inner, avoiding: PatternWitness.literalsWithVariants(outer)), refused(w) { return true }
        return false
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
