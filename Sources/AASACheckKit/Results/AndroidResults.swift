import AASACore

/// A statement list as Google's `statements.list` returns it (JSON `statements`, cli.md), for
/// a command that read one outside a `check` domain record (`validate`, `match`).
public struct StatementListing: Sendable {
    /// The file or domain the list was read from, as findings name it.
    public var subject: String
    /// After includes, one per relation × target, in document order, each once.
    public var statements: [ListedStatement]
    /// What JSON names as every statement's `source` instead of its site: a local file's name
    /// when the host it is served for is not known (no `--domain`).
    public var sourceName: String?

    public init(subject: String, statements: [ListedStatement], sourceName: String? = nil) {
        self.subject = subject
        self.statements = statements
        self.sourceName = sourceName
    }
}

/// The answer to Google's check question (`match SOURCE --relation REL (--package NAME
/// --fingerprint SHA256 | --site ORIGIN)`; JSON `links`, cli.md): whether SOURCE's list grants
/// `relation` to `target`.
public struct LinkAnswer: Sendable {
    public var source: AssetLinksAsset
    public var relation: String
    public var target: AssetLinksAsset
    public var linked: Bool
    /// A local file's name, shown as the source when the host it is served for is not known.
    public var sourceName: String?

    public init(source: AssetLinksAsset, relation: String, target: AssetLinksAsset, linked: Bool, sourceName: String? = nil) {
        self.sourceName = sourceName
        self.source = source
        self.relation = relation
        self.target = target
        self.linked = linked
    }
}
