extension CodeDoc {
    /// Every code aasa-check reports, in numeric order. A new code is one new file in this
    /// folder plus its line here.
    public static let all: [CodeDoc] = [
        .aasa107,
        .aasa112,
        .aasa113,
        .aasa201,
        .aasa202,
        .aasa203,
        .aasa204,
        .aasa205,
        .aasa206,
        .aasa301,
        .aasa302,
        .aasa303,
        .aasa304,
        .aasa305,
        .aasa306,
        .aasa307,
        .aasa308,
        .aasa309,
        .aasa310,
        .aasa311,
        .aasa312,
        .aasa313,
        .aasa314,
        .aasa315,
        .aasa316,
        .aasa317,
        .aasa318,
    ]
}
