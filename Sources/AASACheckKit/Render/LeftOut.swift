/// The results a format does not show, counted by kind (issue 21: no format drops a result
/// silently).
///
/// Every ``Renderer`` method receives a result; a format that has no place for one (SARIF has
/// none for a `match` decision, GitHub annotations none for a request) counts it here instead,
/// and writes ``sentence(format:)`` once at the end, in its own shape: a `note:` line in text
/// and Xcode output, a notification in SARIF, a `::notice` for GitHub, a `<system-out>` in
/// JUnit, a line in Markdown, a record in JSON Lines. The sentence names each kind with its
/// count and the formats that show it, so a reader knows what is missing and where to find it.
public struct LeftOut: Sendable, Equatable {
    /// A kind of result, as ``Renderer`` hands them over. A ``DomainReport`` is counted by
    /// its parts (its requests, route verdicts, ignored findings, …).
    public enum Kind: String, CaseIterable, Sendable {
        case subject, finding, suppressed, folded, fetch, decision, route, rules, entitlements, apk, coverage, page, change, note
        case documentation, unreadable, statement, link, origin

        /// The kind's noun in the sentence, singular and plural.
        var noun: (one: String, many: String) {
            switch self {
            case .subject: return ("file or domain checked", "files or domains checked")
            case .finding: return ("finding", "findings")
            case .suppressed: return ("finding the configuration ignores", "findings the configuration ignores")
            case .folded: return ("count of findings past the cap", "counts of findings past the cap")
            case .fetch: return ("request", "requests")
            case .decision: return ("match decision", "match decisions")
            case .route: return ("route verdict", "route verdicts")
            case .rules: return ("rule table", "rule tables")
            case .entitlements: return ("entitlements summary", "entitlements summaries")
            case .apk: return ("Android package summary", "Android package summaries")
            case .coverage: return ("coverage table", "coverage tables")
            case .page: return ("page decision", "page decisions")
            case .change: return ("diff change", "diff changes")
            case .note: return ("note", "notes")
            case .documentation: return ("code documentation", "code documentations")
            case .unreadable: return ("input not read", "inputs not read")
            case .statement: return ("listed statement", "listed statements")
            case .link: return ("link answer", "link answers")
            case .origin: return ("passkeys origin verdict", "passkeys origin verdicts")
            }
        }

        /// The formats that show this kind in full, for the sentence.
        var shownBy: String {
            switch self {
            case .page: return "--format jsonl"
            case .rules: return "--format html"
            default: return "--format json"
            }
        }
    }

    private var counts: [Kind: Int] = [:]

    public init() {}

    /// Counts `n` results of `kind` not shown.
    public mutating func add(_ kind: Kind, _ n: Int = 1) {
        guard n > 0 else { return }
        counts[kind, default: 0] += n
    }

    /// How many results of `kind` were not shown.
    public func count(_ kind: Kind) -> Int { counts[kind] ?? 0 }

    public var isEmpty: Bool { counts.isEmpty }

    /// The kinds left out, in ``Kind`` order, with their counts.
    public var entries: [(kind: Kind, count: Int)] {
        Kind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }

    /// `--format github leaves out 3 requests and 17 route verdicts (--format json shows
    /// them)`, or `nil` when nothing was left out.
    public func sentence(format: String) -> String? {
        guard !isEmpty else { return nil }
        var groups: [(where: String, parts: [String], total: Int)] = []
        for (kind, n) in entries {
            let part = "\(n) \(n == 1 ? kind.noun.one : kind.noun.many)"
            if let i = groups.firstIndex(where: { $0.where == kind.shownBy }) {
                groups[i].parts.append(part)
                groups[i].total += n
            } else {
                groups.append((kind.shownBy, [part], n))
            }
        }
        let clauses = groups.map { group in
            Self.list(group.parts) + " (\(group.where) shows \(group.total == 1 ? "it" : "them"))"
        }
        return "--format \(format) leaves out " + Self.list(clauses)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
