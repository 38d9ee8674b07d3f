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

extension StatementListing {
    /// For a statement list read from a local file (nothing fetched): the note that names its
    /// `include` statements — at most five URLs, the rest counted — and says their statements
    /// are not listed or judged, since only `check DOMAIN --platform android` fetches them
    /// (assetlinks-reference.md §2.5). `nil` when the list was fetched or includes nothing.
    static func unfetchedIncludes(_ list: ResolvedStatementList?, label: String) -> String? {
        guard let list, list.records.isEmpty, let includes = list.files.first?.includes, !includes.isEmpty else { return nil }
        let shown = includes.prefix(5).map { SafeText.value($0.url) }.joined(separator: ", ")
        let more = includes.count > 5 ? " and \(includes.count - 5) more" : ""
        return "\(label) includes \(shown)\(more): the includes of a local file are not fetched, so their statements are not listed or judged here (check DOMAIN --platform android fetches them)"
    }
}
