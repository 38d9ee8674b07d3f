extension StringProtocol {
    /// Whether `needle` occurs in the UTF-8 of this text: a plain byte search (no Unicode
    /// equivalence), much faster than Foundation's `range(of:)` on Linux for short strings.
    /// Nothing is copied. An empty `needle` occurs in any text.
    func containsUTF8(_ needle: String) -> Bool {
        let pattern = needle.utf8
        guard let first = pattern.first else { return true }
        let hay = utf8
        var from = hay.startIndex
        while let at = hay[from...].firstIndex(of: first) {
            if hay[at...].starts(with: pattern) { return true }
            from = hay.index(after: at)
        }
        return false
    }
}
