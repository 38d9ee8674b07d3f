extension CodeDoc {
    /// Every code aasa-check reports, in numeric order. A new code is one new file in this
    /// folder plus its line here.
    public static let all: [CodeDoc] = []
}
