extension CodeDoc {
    /// The codes of `/.well-known/webauthn` and the passkey cross-checks of one RP ID (`WAN`),
    /// in numeric order (spec `diagnostics.md`, "Other document kinds"; severities from
    /// `webauthn-reference.md`). A new code is one new file in this folder plus its line here.
    public static let wan: [CodeDoc] = [
    ]
}
