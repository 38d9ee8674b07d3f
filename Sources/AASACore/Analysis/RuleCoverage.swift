/// Whether one rule matches every URL another matches, decided over the patterns
/// (``PatternSearch``), never by sampling URLs.
///
/// A rule is the conjunction of its path, query and fragment conditions, so rule `earlier`
/// covers rule `later` when each condition of `earlier` holds wherever the same condition of
/// `later` does. Where the two rules read the URL differently (one decodes percent escapes and
/// the other does not) only a condition that accepts everything is taken to cover; so a
/// `true` answer is always proven, and `false` means "not proven".
public enum RuleCoverage {
    /// Whether every URL `later` matches is matched by `earlier`.
    /// - Parameter budget: automaton states the searches may still explore; with none left the
    ///   answer is `false` (not proven), which bounds the time a document can take.
    public static func covers(_ earlier: CompiledRule, _ later: CompiledRule, budget: inout Int) -> Bool {
        let sameView = earlier.percentEncoded == later.percentEncoded
        return covers(earlier.path, later.path, sameView: sameView, budget: &budget)
            && covers(earlier.fragment, later.fragment, sameView: sameView, budget: &budget)
            && coversQuery(earlier.query, later.query, sameView: sameView, budget: &budget)
    }

    /// ``covers(_:_:budget:)`` with an unlimited budget.
    public static func covers(_ earlier: CompiledRule, _ later: CompiledRule) -> Bool {
        var unlimited = Int.max
        return covers(earlier, later, budget: &unlimited)
    }

    /// A string condition; `nil` accepts everything.
    static func covers(_ outer: CompiledPattern?, _ inner: CompiledPattern?, sameView: Bool, budget: inout Int) -> Bool {
        guard let outer else { return true }
        if outer.matchesEverything { return true }
        if outer.minLength == 0 && outer.maxLength == nil && budget > 0
            && PatternSearch.acceptsEverything(outer, budget: &budget) {
            return true
        }
        guard let inner, sameView else { return false }
        if inner.minLength >= Int.max / 2 { return true }  // matches nothing: covered by anything
        if !mayInclude(outer, inner) || budget <= 0 { return false }
        return PatternSearch.includes(outer, inner, budget: &budget) == true
    }

    /// Cheap necessary conditions for `inner ⊆ outer`, decided without a search: the lengths
    /// `inner` produces fit `outer`'s bounds, and the literal text every `inner` string
    /// starts (ends) with agrees with what every `outer` match must start (end) with.
    static func mayInclude(_ outer: CompiledPattern, _ inner: CompiledPattern) -> Bool {
        if inner.minLength < outer.minLength { return false }
        if let outerMax = outer.maxLength, inner.maxLength.map({ $0 > outerMax }) ?? true { return false }
        let fold = outer.caseInsensitive || inner.caseInsensitive
        func agree(_ a: [UInt32], _ b: [UInt32]) -> Bool {
            for (x, y) in zip(a, b) where (fold ? CaseFold.fold(x) != CaseFold.fold(y) : x != y) { return false }
            return true
        }
        if !agree(outer.literalPrefix, inner.literalPrefix) { return false }
        if !agree(outer.literalSuffix.reversed(), inner.literalSuffix.reversed()) { return false }
        return true
    }

    static func coversQuery(_ outer: CompiledQuery?, _ inner: CompiledQuery?, sameView: Bool, budget: inout Int) -> Bool {
        switch (outer, inner) {
        case (nil, _):
            return true
        case (.whole(let o)?, .whole(let i)?):
            return covers(o, i, sameView: sameView, budget: &budget)
        case (.whole(let o)?, _):
            return covers(o, nil, sameView: sameView, budget: &budget)
        case (.items(let o)?, .items(let i)?):
            // Every occurrence of the item in `inner`'s URLs satisfies inner's pattern (or, when
            // inner does not name it, any value or absence is possible).
            for (name, pattern) in o where !covers(pattern, i.first(where: { $0.name == name })?.pattern, sameView: sameView, budget: &budget) {
                return false
            }
            return true
        case (.items(let o)?, _):
            for (_, pattern) in o where !covers(pattern, nil, sameView: sameView, budget: &budget) { return false }
            return true
        }
    }
}
