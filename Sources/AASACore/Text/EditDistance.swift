/// The project's one edit distance: optimal string alignment (Levenshtein distance with
/// adjacent transpositions counted as one edit), for "did you mean" suggestions.
public enum EditDistance {
    /// Longest text compared; longer text is never "near" anything (the cost is quadratic).
    public static let maxLength = 256

    /// The number of single-character insertions, deletions, substitutions and adjacent
    /// transpositions that turn `a` into `b`; `Int.max` when either is longer than ``maxLength``.
    public static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > maxLength || b.count > maxLength { return Int.max }
        // Three rows: the one before the previous is needed for transpositions.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            (before, previous, row) = (previous, row, before)
        }
        return previous[b.count]
    }

    /// ``between(_:_:)`` of two strings, by characters.
    public static func between(_ a: String, _ b: String) -> Int { between(Array(a), Array(b)) }
}
