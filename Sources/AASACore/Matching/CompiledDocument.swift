/// A rule's stable identity in its document: the `details` entry, the rule's place in
/// `components` (or legacy `paths`), and its JSON pointer (RFC 6901).
///
/// Two compilations of the same document give the same identities, so validation, analysis,
/// matching, routes, diffs and coverage can all name a rule the same way. Ordered as the
/// system tries rules: by entry, then by place in the list.
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0-based index of the entry in `applinks.details` (position among the keys for the
    /// dictionary form), as ``DetailEntry/index``.
    public let detail: Int
    /// 0-based index of the rule in `components` or `paths`, as ``Rule/index``.
    public let component: Int
    /// Whether the rule is a legacy `paths` string (else a `components` element).
    public let isLegacyPath: Bool
    /// Where the rule is written: `/applinks/details/0/components/3`.
    public let pointer: String

    public init(detail: Int, component: Int, isLegacyPath: Bool, pointer: String) {
        self.detail = detail
        self.component = component
        self.isLegacyPath = isLegacyPath
        self.pointer = pointer
    }

    /// `details[0].components[3]` (or `.paths[3]`).
    public var description: String { "details[\(detail)].\(isLegacyPath ? "paths" : "components")[\(component)]" }

    public static func < (a: RuleID, b: RuleID) -> Bool {
        (a.detail, a.component) < (b.detail, b.component)
    }
}

/// One rule with its keys resolved through `defaults` and its patterns compiled.
///
/// Files at the read cap hold 190,000 rules (issue 17), so a compiled rule holds little of its
/// own: its ``Rule`` stays in the rule list of the document model, which it shares, and its
/// identity and inherited keys are derived on demand from the rule and the `defaults` of its
/// entry (one value shared by the entry's rules).
public final class CompiledRule: Sendable {
    /// The rule list the rule belongs to (shared with ``RuleSet``), and its place there.
    private let list: [Rule]
    private let position: Int
    /// ``DetailEntry/index`` of the rule's entry.
    let detail: Int
    /// What the rule inherits: the entry's `defaults` over `applinks.defaults`.
    private let defaults: InheritedDefaults
    public let exclude: Bool
    public let caseSensitive: Bool
    public let percentEncoded: Bool
    public let path: CompiledPattern?
    public let query: CompiledQuery?
    public let fragment: CompiledPattern?

    /// - Parameter patterns: the document's compiled patterns, shared between its rules (a
    ///   fresh table when the rule is compiled alone).
    convenience init(rule: Rule, detail: Int, entryDefaults: RuleKeys, applinksDefaults: RuleKeys, variables: [String: [String]],
                     patterns: PatternTable = PatternTable()) {
        self.init(list: [rule], position: 0, detail: detail,
                  defaults: InheritedDefaults(entryDefaults.inheriting(from: applinksDefaults)),
                  variables: variables, patterns: patterns)
    }

    /// Compiles `list[position]`, keeping `list` (shared, not copied) rather than a copy of
    /// the rule.
    /// - Parameter defaults: the entry's `defaults` over `applinks.defaults`, shared by the
    ///   entry's rules.
    init(list: [Rule], position: Int, detail: Int, defaults: InheritedDefaults, variables: [String: [String]],
         patterns: PatternTable) {
        self.list = list
        self.position = position
        self.detail = detail
        self.defaults = defaults
        let keys = list[position].keys.inheriting(from: defaults.keys)
        exclude = keys.exclude ?? false
        caseSensitive = keys.caseSensitive ?? true
        percentEncoded = keys.percentEncoded ?? true
        let cs = caseSensitive
        path = keys.path.map { patterns.pattern($0, variables: variables, caseSensitive: cs, normalizePath: true) }
        fragment = keys.fragment.map { patterns.pattern($0, variables: variables, caseSensitive: cs) }
        switch keys.query {
        case .string(let s)?:
            query = .whole(patterns.pattern(s, variables: variables, caseSensitive: cs))
        case .items(let items)?:
            query = .items(items.map { ($0.name, patterns.pattern($0.pattern, variables: variables, caseSensitive: cs)) })
        case nil:
            query = nil
        }
    }

    /// The rule as decoded.
    public var rule: Rule { list[position] }

    /// The rule's stable identity.
    public var id: RuleID {
        let rule = list[position]
        return RuleID(detail: detail, component: rule.index, isLegacyPath: rule.isLegacyPath, pointer: rule.ref.pointer)
    }

    /// The keys after inheriting from the entry's and `applinks`' `defaults`.
    public var keys: RuleKeys { list[position].keys.inheriting(from: defaults.keys) }

    /// Whether the rule has no pattern key, or only `/` = `*` (or `/*`): it matches every URL.
    public var matchesEverything: Bool {
        (path == nil || path!.matchesEverything || path!.source == "/*") && query == nil && fragment == nil
    }

    /// Whether the rule decides as soon as its path matches (it has no `?` and no `#`).
    public var decidesOnPath: Bool { query == nil && fragment == nil }
}

/// The `defaults` the rules of one entry inherit, held once for all of them.
final class InheritedDefaults: Sendable {
    let keys: RuleKeys

    init(_ keys: RuleKeys) {
        self.keys = keys
    }
}

/// The patterns of one document's rules, each compiled once: rules that write the same pattern
/// share one immutable ``CompiledPattern`` (large files repeat theirs — a `#` opt-out on every
/// rule, the same `?` value, a section's path), so memory grows with the distinct patterns
/// (issue 17). Every pattern of a table is compiled with the same substitution variables.
final class PatternTable {
    private struct Key: Hashable {
        let source: String
        let caseSensitive: Bool
        let normalizePath: Bool
    }

    private var known: [Key: CompiledPattern] = [:]

    init() {}

    /// ``CompiledPattern/init(_:variables:caseSensitive:normalizePath:)``, or the pattern
    /// compiled already from the same arguments.
    func pattern(_ source: String, variables: [String: [String]], caseSensitive: Bool, normalizePath: Bool = false) -> CompiledPattern {
        let key = Key(source: source, caseSensitive: caseSensitive, normalizePath: normalizePath)
        if let hit = known[key] { return hit }
        let compiled = CompiledPattern(source, variables: variables, caseSensitive: caseSensitive, normalizePath: normalizePath)
        known[key] = compiled
        return compiled
    }
}

/// The `?` of a rule, compiled.
public enum CompiledQuery: Sendable {
    case whole(CompiledPattern)
    case items([(name: String, pattern: CompiledPattern)])
}

/// One `details` entry, compiled.
public final class CompiledEntry: Sendable {
    public let entry: DetailEntry
    /// The rules in order; empty for an entry that matches everything (see ``matchesAll``).
    public let rules: [CompiledRule]
    /// Neither `components` nor `paths`: every URL matches.
    public let matchesAll: Bool
    /// Whether some rule decodes percent escapes (`percentEncoded: false`).
    let decodes: Bool
    /// Whether some rule matches case-insensitively.
    let folds: Bool
    /// The rule list as one automaton over the path (built lazily; see ``EntryAutomaton``).
    let automaton: EntryAutomaton

    init(entry: DetailEntry, rules: [CompiledRule], matchesAll: Bool, cacheLimit: Int) {
        self.entry = entry
        self.rules = rules
        self.matchesAll = matchesAll
        decodes = rules.contains { !$0.percentEncoded }
        folds = rules.contains { !$0.caseSensitive }
        automaton = EntryAutomaton(rules, cacheLimit: cacheLimit)
    }

    /// The entry's rule at `component`, when it has one.
    public func rule(_ component: Int) -> CompiledRule? {
        rules.indices.contains(component) ? rules[component] : nil
    }
}

/// A decoded document with every rule compiled once, for everything that reads rules:
/// validation and analysis (``CheckContext``), matching (``DocumentMatcher``, ``URLDecider``),
/// routes, diffs and coverage. Compile once per document and share the value (it is immutable
/// and thread-safe; its matching automata fill their caches as URLs are decided).
///
/// Semantics of spec `aasa-reference.md` §4–5: each rule's keys inherit from the entry's
/// `defaults` over `applinks.defaults`; legacy `paths` become rules (`NOT ` → exclude); an
/// app ID is decided by the first entry that lists it (the prefix compared upper-cased).
public final class CompiledDocument: Sendable {
    /// The document compiled.
    public let document: AASADocument
    /// Every entry of `applinks.details` that decoded, in file order.
    public let entries: [CompiledEntry]
    /// Every app ID of `applinks.details`, in file order, each once (as first written).
    public let appIDs: [String]
    private let firstEntryForApp: [String: Int]
    /// The same, keyed by the app IDs exactly as written (the common lookup, no case mapping).
    private let firstEntryForAppAsWritten: [String: Int]
    /// ``DetailEntry/index`` → position in ``entries``.
    private let positionOfDetail: [Int: Int]

    /// Bytes of automaton cache each entry may hold per path view before it starts again
    /// (the default of ``init(_:)``).
    public static let defaultCacheLimit = 16 << 20

    /// Compiles `document`.
    public convenience init(_ document: AASADocument) {
        self.init(document, cacheLimit: CompiledDocument.defaultCacheLimit)
    }

    /// - Parameter cacheLimit: bytes of lazily built automaton states each entry keeps per
    ///   path view; past it the cache is emptied and built again (tests set it low).
    init(_ document: AASADocument, cacheLimit: Int) {
        self.document = document
        let links = document.applinks
        let variables = links?.substitutionVariables ?? [:]
        let applinksDefaults = links?.defaults ?? RuleKeys()
        var entries: [CompiledEntry] = []
        var ids: [String] = []
        var first: [String: Int] = [:]
        var asWritten: [String: Int] = [:]
        var positions: [Int: Int] = [:]
        let patterns = PatternTable()
        for entry in links?.details ?? [] {
            let defaults = InheritedDefaults(entry.defaults.inheriting(from: applinksDefaults))
            let list = entry.rules.rules
            let rules = list.indices.map {
                CompiledRule(list: list, position: $0, detail: entry.index, defaults: defaults, variables: variables, patterns: patterns)
            }
            let matchesAll: Bool
            if case .matchAll = entry.rules { matchesAll = true } else { matchesAll = false }
            let position = entries.count
            entries.append(CompiledEntry(entry: entry, rules: rules, matchesAll: matchesAll, cacheLimit: cacheLimit))
            positions[entry.index] = position
            for id in entry.appIDs {
                let key = AppIdentity.canonical(id.value)
                if first[key] == nil {
                    first[key] = position
                    ids.append(id.value)
                }
                // An ID written differently but equal after case mapping resolves the same way.
                if asWritten[id.value] == nil { asWritten[id.value] = first[key] }
            }
        }
        self.entries = entries
        appIDs = ids
        firstEntryForApp = first
        firstEntryForAppAsWritten = asWritten
        positionOfDetail = positions
    }

    /// The compiled entry that decides for `appID` (the first one that lists it), or `nil`.
    public func entry(for appID: String) -> CompiledEntry? {
        if let i = firstEntryForAppAsWritten[appID] { return entries[i] }
        return firstEntryForApp[AppIdentity.canonical(appID)].map { entries[$0] }
    }

    /// The entry whose ``DetailEntry/index`` is `detail`.
    public func entry(detail: Int) -> CompiledEntry? {
        positionOfDetail[detail].map { entries[$0] }
    }

    /// The rule at `component` of the entry `detail` (indices as ``MatchResult`` gives them).
    public func rule(detail: Int, component: Int) -> CompiledRule? {
        entry(detail: detail)?.rule(component)
    }

    /// The rule with this identity, when the document has it.
    public func rule(_ id: RuleID) -> CompiledRule? {
        rule(detail: id.detail, component: id.component).flatMap { $0.id == id ? $0 : nil }
    }

    /// Every rule of every entry, in the order the system reads them.
    public var rules: [CompiledRule] { entries.flatMap(\.rules) }
}
