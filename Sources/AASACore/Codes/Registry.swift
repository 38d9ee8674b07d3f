extension CodeDoc {
    /// Every code aasa-check reports, in numeric order. A new code is one new file in this
    /// folder plus its line here.
    public static let all: [CodeDoc] = [
        .aasa601,
        .aasa602,
        .aasa603,
        .aasa604,
        .aasa605,
        .aasa606,
        .aasa608,
        .aasa609,
        .aasa610,
        .aasa611,
        .aasa612,
        .aasa613,
        .aasa614,
    ]
}
