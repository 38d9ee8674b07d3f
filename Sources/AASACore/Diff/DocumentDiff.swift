/// A service of a domain file (spec `aasa-reference.md` §4).
public enum AASAService: String, Sendable, Hashable, Codable, CaseIterable {
    case applinks
    case webcredentials
    case appclips
    case activitycontinuation
}

/// A rule of a domain file named the way the JSON output names it: the `details` entry and the
/// rule's index, with the rule's text and place in its file.
public struct RuleLocation: Sendable, Hashable {
    /// 0-based index of the `details` entry.
    public var detail: Int
    /// 0-based index of the rule in `components` (or `paths`); `nil` when the entry itself
    /// decides (it has neither, so it matches every URL).
    public var component: Int?
    /// `components` or `paths`; `nil` for an entry without either.
    public var list: String?
    /// The rule as written (compact JSON, or the `paths` string); `nil` for an entry.
    public var text: String?
    /// Where the rule (or entry) is in its file.
    public var ref: SourceRef

    public init(detail: Int, component: Int?, list: String?, text: String?, ref: SourceRef) {
        self.detail = detail
        self.component = component
        self.list = list
        self.text = text
        self.ref = ref
    }

    /// `details[0].components[3] `{"/":"/shop/*"}``, or `details[0]` for an entry.
    public var name: String {
        guard let component, let list else { return "details[\(detail)] (neither components nor paths: every URL)" }
        return "details[\(detail)].\(list)[\(component)]" + (text.map { " `\($0)`" } ?? "")
    }
}

/// One side of a change: a decision, or whether the app ID is listed.
public enum ChangeState: Sendable, Hashable {
    case decision(MatchDecision)
    /// The app ID is listed for the service.
    case listed
    /// The app ID is not listed for the service.
    case absent

    /// As the JSON field `from`/`to` writes it: `match`, `exclude`, `no_match`, `listed`,
    /// `absent`.
    public var name: String {
        switch self {
        case .decision(let d): return d.rawValue
        case .listed: return "listed"
        case .absent: return "absent"
        }
    }
}

/// One change between two versions of a domain file (spec `cli.md`, JSON `changes`).
///
/// A decision change is one pair (rule deciding in OLD or none, rule deciding in NEW or none)
/// whose decisions differ and which some URL produces; ``example`` is such a URL. An app ID
/// change says an app ID was added to or removed from a service.
public struct DocumentChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// URLs are decided differently for an app listed on both sides.
        case decision
        /// An app ID is listed on one side only.
        case appID
    }

    public var kind: Kind
    public var service: AASAService
    /// The app ID as written (in NEW when listed there, else in OLD); for a decision change
    /// shared by several apps, the first of ``appIDs``.
    public var appID: String
    /// Every app ID the change holds for, ``appID`` first: app IDs whose rules come from the
    /// same `details` entries on both sides change alike, and the change is reported once for
    /// them (issue 22: 20 app IDs of one entry do not repeat each change 20 times). One element
    /// for an app ID change.
    public var appIDs: [String]
    /// Decision (or listing) on OLD.
    public var from: ChangeState
    /// Decision (or listing) on NEW.
    public var to: ChangeState
    /// For a decision change: a URL path with its `?query` and `#fragment` when they matter,
    /// decided ``from`` by OLD and ``to`` by NEW.
    public var example: String?
    /// The rule deciding ``example`` in OLD; `nil` when none does.
    public var old: RuleLocation?
    /// The rule deciding ``example`` in NEW; `nil` when none does.
    public var new: RuleLocation?
    /// Where the change shows in NEW: the rule deciding ``example``, else the app's `details`
    /// entry; for an app ID change, the app ID when added, the service when removed; `nil`
    /// when NEW has no such place.
    public var place: SourceRef?

    public init(kind: Kind, service: AASAService, appID: String, from: ChangeState, to: ChangeState,
                example: String? = nil, old: RuleLocation? = nil, new: RuleLocation? = nil, place: SourceRef? = nil) {
        self.kind = kind
        self.service = service
        self.appID = appID
        self.appIDs = [appID]
        self.from = from
        self.to = to
        self.example = example
        self.old = old
        self.new = new
        self.place = place
    }

    /// The apps the change holds for, as a sentence names them: the app ID, or the first and
    /// how many more (`ABCDE12345.com.example.a and 19 more app IDs of the same entry`).
    public var appsLabel: String {
        appIDs.count <= 1 ? appID : "\(appID) and \(appIDs.count - 1) more app ID\(appIDs.count == 2 ? "" : "s") of the same entry"
    }

    /// Whether the change holds for `appID` (compared as the system does: App ID prefix in
    /// any case).
    public func concerns(_ appID: String) -> Bool {
        let key = AppIdentity.canonical(appID)
        return appIDs.contains { AppIdentity.canonical($0) == key }
    }

    /// Whether URLs (or the service) that reached the app on OLD no longer do on NEW.
    public var isLoss: Bool {
        switch (from, to) {
        case (.listed, .absent): return true
        case (.decision(.match), .decision(let d)): return d != .match
        default: return false
        }
    }

    /// Whether URLs (or the service) that did not reach the app on OLD now do on NEW.
    public var isGain: Bool {
        switch (from, to) {
        case (.absent, .listed): return true
        case (.decision(let d), .decision(.match)): return d != .match
        default: return false
        }
    }
}

/// A part of a comparison that is not proven complete: changes there may be missing, so the
/// comparison does not claim "no change" for it.
public struct IncompleteComparison: Sendable, Hashable {
    public var appID: String
    public var reason: DiffIncompleteReason
    /// The rules involved in OLD and in NEW.
    public var old: [RuleLocation]
    public var new: [RuleLocation]
}

extension IncompleteComparison {
    /// The rules not fully compared, NEW's (else OLD's, each marked `OLD`), the first three
    /// named, then how many more; empty when none is named.
    public var rulesSummary: String {
        let rules = new.isEmpty ? old.map { "OLD " + $0.name } : new.map(\.name)
        return rules.prefix(3).joined(separator: ", ") + (rules.count > 3 ? " and \(rules.count - 3) more" : "")
    }
}

/// Why part of a comparison is not proven complete.
public enum DiffIncompleteReason: String, Sendable, Hashable, Codable {
    /// The search reached the work limit (``DiffLimits/work``).
    case workLimit
    /// An example the search found did not reproduce when decided by the matcher; it was
    /// left out (a defect in aasa-check: please report it with both files).
    case unreproduced
    /// Some rules read percent escapes as written and others decode them (`percentEncoded`) in
    /// the same part of the URL; URLs with unusual escapes (lower-case hex, invalid escapes)
    /// were not all compared.
    case mixedPercentEncoding
}

/// The work limits of a comparison.
public struct DiffLimits: Sendable, Hashable {
    /// Work units one app's comparison may take (a unit is a few nanoseconds: an automaton
    /// step taken before, or part of a new one); past it, the comparison stops and says which
    /// rules it did not finish (AASA805). The default, 300 million, is about a second and a
    /// half of one core; two 1,000-rule files take about a quarter of it.
    public var work: Int
    /// Most states one condition's automaton may grow to (patterns with many `?` after a `*`
    /// grow exponentially); past it, the comparison stops the same way.
    public var statesPerCondition: Int

    public init(work: Int = 300_000_000, statesPerCondition: Int = 10_000) {
        self.work = work
        self.statesPerCondition = statesPerCondition
    }

    public static let `default` = DiffLimits()
}

/// Why two files cannot be compared.
public enum DocumentDiffError: Error, Sendable, Equatable {
    /// The side (`"old"` or `"new"`) is not a JSON object; its findings say why.
    case unreadable(side: String, diagnostics: [Diagnostic])
}

/// Which URLs change app between two versions of a domain file, decided by reasoning over the
/// patterns, never by sampling (issue 11; spec `aasa-reference.md` §4–5).
///
/// For each service, app IDs added or removed; for each app ID in `applinks` on both sides,
/// every pair (deciding rule in OLD or none, deciding rule in NEW or none) whose decisions
/// differ and which some URL produces, with such a URL. Every example is decided again by
/// ``DocumentMatcher`` on both files before it is reported. A rewrite that behaves the same
/// (rules reordered where they do not overlap, `paths` rewritten as `components`, key order,
/// white space, a removed rule that a later rule covers) gives no change. When the work limits
/// stop part of the comparison, ``incomplete`` says which rules, and no "no change" is claimed.
///
/// ```swift
/// let diff = try DocumentDiff(old: deployedBytes, new: candidateBytes)
/// #expect(diff.isComplete)
/// #expect(diff.losses(for: "ABCDE12345.com.example.app").isEmpty)
/// ```
public struct DocumentDiff: Sendable {
    /// Every change: app ID changes by service, then decision changes by app, each app's
    /// ordered by example URL.
    public let changes: [DocumentChange]
    /// Parts not proven complete.
    public let incomplete: [IncompleteComparison]

    /// Whether every part of the comparison ran to the end.
    public var isComplete: Bool { incomplete.isEmpty }
    /// Whether the files are proven to behave the same: no change, nothing left undecided.
    public var isEquivalent: Bool { changes.isEmpty && incomplete.isEmpty }

    /// The changes that concern `appID` (compared as the system does: App ID prefix in any case).
    public func changes(for appID: String) -> [DocumentChange] {
        changes.filter { $0.concerns(appID) }
    }

    /// The changes by which `appID` loses URLs or a service it had.
    public func losses(for appID: String) -> [DocumentChange] { changes(for: appID).filter(\.isLoss) }

    /// Compares two decoded documents.
    public init(old: AASADocument, new: AASADocument, limits: DiffLimits = .default) {
        self.init(old: CompiledDocument(old), new: CompiledDocument(new), limits: limits)
    }

    /// Compares two documents compiled already (issue 16: a run compiles each file once, e.g.
    /// ``ValidationResult/compiled``, and shares it with its matching and route judging).
    /// - Parameter appIDs: when given, only these apps' changes are compared and reported
    ///   (compared as the system does: App ID prefix in any case); `nil` for every app.
    public init(old: CompiledDocument, new: CompiledDocument, limits: DiffLimits = .default, appIDs: [String]? = nil) {
        let comparison = DocumentComparer(old: old, new: new, limits: limits,
                                          only: appIDs.map { Set($0.map(AppIdentity.canonical)) }).run()
        changes = comparison.changes
        incomplete = comparison.incomplete
    }

    /// Parses two files (strict JSON, spec §4) and compares them.
    /// - Throws: ``DocumentDiffError/unreadable(side:diagnostics:)`` when a side is not a JSON
    ///   object (empty, invalid JSON, another top-level type).
    public init(old: [UInt8], new: [UInt8], limits: DiffLimits = .default) throws(DocumentDiffError) {
        let oldDocument = try Self.decode(old, side: "old")
        let newDocument = try Self.decode(new, side: "new")
        self.init(old: oldDocument, new: newDocument, limits: limits)
    }

    /// Parses (strict JSON) and decodes a file the way the system reads it, without the
    /// validation checks: a diff compares behaviour, `validate` judges each file.
    /// - Parameter side: how the error names the file (`"old"`, `"new"`).
    /// - Throws: ``DocumentDiffError/unreadable(side:diagnostics:)`` when the bytes are not a
    ///   JSON object.
    public static func decode(_ bytes: [UInt8], side: String = "file") throws(DocumentDiffError) -> AASADocument {
        let parse = StrictJSONParser().parse(bytes)
        guard let root = parse.root else { throw .unreadable(side: side, diagnostics: parse.diagnostics) }
        var decoder = DocumentDecoder(sourceMap: parse.sourceMap)
        guard let document = decoder.decode(root) else {
            throw .unreadable(side: side, diagnostics: parse.diagnostics + [Diagnostic(
                code: .aasa206, message: "the top level is not an object", pointer: "", location: parse.sourceMap.location(of: root.offset))])
        }
        return document
    }

    /// The findings of the comparison (AASA801–AASA805), placed in NEW where NEW has the rule
    /// or app ID, else in OLD's terms with no place.
    public func diagnostics() -> [Diagnostic] { Self.diagnostics(changes: changes, incomplete: incomplete) }

    /// The findings for some of a comparison's changes and gaps (``diagnostics()`` for all):
    /// AASA801 for each change by which URLs no longer open the app, AASA802 for each by which
    /// they newly do (none for a change between `exclude` and `no_match`: both stay on the
    /// web), AASA803/AASA804 for app IDs removed/added, AASA805 for each gap.
    public static func diagnostics(changes: [DocumentChange], incomplete: [IncompleteComparison]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for c in changes {
            switch c.kind {
            case .appID:
                if c.to == .absent {
                    out.append(Diagnostic(code: .aasa803,
                                          message: "\(c.appID) is no longer listed in \(c.service.rawValue)" + serviceEffect(c.service, lost: true),
                                          hint: "Add it back to \(c.service.rawValue) unless the app should no longer \(serviceVerb(c.service)).",
                                          pointer: c.place?.pointer, location: c.place?.location))
                } else {
                    out.append(Diagnostic(code: .aasa804,
                                          message: "\(c.appID) is newly listed in \(c.service.rawValue)" + serviceEffect(c.service, lost: false),
                                          pointer: c.place?.pointer, location: c.place?.location))
                }
            case .decision:
                guard c.isLoss || c.isGain, let example = c.example else { continue }
                let before = c.old.map { "\(verb(c.from)) by \($0.name)" } ?? "matched by no rule"
                let after = c.new.map { "\(verb(c.to)) by \($0.name)" } ?? "matched by no rule"
                if c.isLoss {
                    out.append(Diagnostic(code: .aasa801,
                                          message: "URLs that opened \(c.appsLabel) no longer do, e.g. \(example): it was \(before), now it is \(after)",
                                          hint: c.new.map { _ in "If these URLs should still open the app, change the rule named in NEW or add one before it." }
                                            ?? "If these URLs should still open the app, add a rule that matches them.",
                                          pointer: c.place?.pointer, location: c.place?.location))
                } else {
                    out.append(Diagnostic(code: .aasa802,
                                          message: "URLs that did not open \(c.appsLabel) now do, e.g. \(example): it was \(before), now it is \(after)",
                                          pointer: c.place?.pointer, location: c.place?.location))
                }
            }
        }
        for gap in incomplete {
            let shown = gap.rulesSummary
            let why: String
            switch gap.reason {
            case .workLimit: why = "stopped at its work limits"
            case .mixedPercentEncoding: why = "is not exhaustive where some rules decode percent escapes and others do not (percentEncoded): URLs with unusual escapes were not all compared"
            case .unreproduced: why = "found examples that did not reproduce (a defect in aasa-check; please report it with both files)"
            }
            let place = gap.new.first?.ref
            out.append(Diagnostic(code: .aasa805,
                                  message: "the comparison for \(gap.appID) \(why)" + (shown.isEmpty ? "" : "; rules not fully compared: \(shown)")
                                    + "; changes there may be missing",
                                  hint: gap.reason == .workLimit ? "Simpler patterns (fewer ? after a *), or fewer rules, let the comparison finish; check those URLs with `aasa-check match` meanwhile." : nil,
                                  pointer: place?.pointer, location: place?.location))
        }
        return out
    }

    private static func verb(_ state: ChangeState) -> String {
        switch state {
        case .decision(.match): return "opened"
        case .decision(.exclude): return "excluded"
        default: return "decided"
        }
    }

    private static func serviceVerb(_ service: AASAService) -> String {
        switch service {
        case .applinks: return "open universal links of this domain"
        case .webcredentials: return "fill passwords or passkeys of this domain"
        case .appclips: return "be invoked as an App Clip of this domain"
        case .activitycontinuation: return "continue activities from this domain"
        }
    }

    private static func serviceEffect(_ service: AASAService, lost: Bool) -> String {
        guard service == .applinks else { return "" }
        return lost ? ": none of the domain's URLs open it any more" : ": URLs of the domain may now open it"
    }
}

/// Does the work of ``DocumentDiff``.
struct DocumentComparer {
    let old: AASADocument
    let new: AASADocument
    let limits: DiffLimits
    let oldMatcher: DocumentMatcher
    let newMatcher: DocumentMatcher
    /// The apps compared (canonical), `nil` for all.
    let only: Set<String>?

    init(old: CompiledDocument, new: CompiledDocument, limits: DiffLimits, only: Set<String>? = nil) {
        self.old = old.document
        self.new = new.document
        self.limits = limits
        self.only = only
        oldMatcher = DocumentMatcher(compiled: old)
        newMatcher = DocumentMatcher(compiled: new)
    }

    func run() -> (changes: [DocumentChange], incomplete: [IncompleteComparison]) {
        var changes: [DocumentChange] = []
        var incomplete: [IncompleteComparison] = []
        changes += appIDChanges().filter { only?.contains(AppIdentity.canonical($0.appID)) ?? true }
        // Apps listed in applinks on both sides, in NEW's order. Apps whose rules come from the
        // same entries on both sides share one comparison (issue 22: 20 app IDs of one entry
        // are compared once, not 20 times).
        let oldIDs = Set(oldMatcher.appIDs.map(AppIdentity.canonical))
        // Each pair's changes are reported once, for every app of the pair (`appIDs`).
        var compared: [EntryPair: Range<Int>] = [:]
        var gaps: [EntryPair: [IncompleteComparison]] = [:]
        for appID in newMatcher.appIDs where oldIDs.contains(AppIdentity.canonical(appID)) {
            if let only, !only.contains(AppIdentity.canonical(appID)) { continue }
            guard let o = oldMatcher.entry(for: appID), let n = newMatcher.entry(for: appID) else { continue }
            let pair = EntryPair(old: o.entry.index, new: n.entry.index)
            if let known = compared[pair] {
                for i in known { changes[i].appIDs.append(appID) }
                // The gaps stay per app (few: merged), so no app's comparison reads complete.
                incomplete += gaps[pair, default: []].map { gap in
                    var gap = gap
                    gap.appID = appID
                    return gap
                }
                continue
            }
            var result = RuleListDiff.compare(RuleListSide(o), RuleListSide(n), limits: limits, matcher: newMatcher)
            result.incomplete = RuleListDiff.merged(result.incomplete)
            var mine: [DocumentChange] = result.changes.map { outcome in
                DocumentChange(kind: .decision, service: .applinks, appID: appID,
                               from: .decision(outcome.oldDecision), to: .decision(outcome.newDecision),
                               example: outcome.example,
                               old: outcome.old.map { location(o, $0) }, new: outcome.new.map { location(n, $0) },
                               place: outcome.new.map { location(n, $0).ref } ?? n.entry.ref)
            }
            mine.sort { a, b in (a.example ?? "") < (b.example ?? "") }
            compared[pair] = changes.count..<(changes.count + mine.count)
            changes += mine
            gaps[pair] = result.incomplete.map { gap in
                IncompleteComparison(appID: appID, reason: gap.reason,
                                     old: gap.old.map { location(o, $0) }, new: gap.new.map { location(n, $0) })
            }
            incomplete += gaps[pair, default: []]
        }
        return (changes, incomplete)
    }

    /// The `details` entries an app's rules come from, in OLD and in NEW.
    struct EntryPair: Hashable {
        var old: Int
        var new: Int
    }

    func location(_ entry: CompiledEntry, _ position: Int) -> RuleLocation {
        if entry.matchesAll {
            return RuleLocation(detail: entry.entry.index, component: nil, list: nil, text: nil, ref: entry.entry.ref)
        }
        let rule = entry.rules[position].rule
        return RuleLocation(detail: entry.entry.index, component: rule.index, list: entry.entry.rules.keyName,
                            text: rule.text, ref: rule.ref)
    }

    /// App IDs added to or removed from each service, compared as the system does (App ID
    /// prefix in any case).
    func appIDChanges() -> [DocumentChange] {
        var out: [DocumentChange] = []
        for service in AASAService.allCases {
            let before = listed(old, oldMatcher, service)
            let after = listed(new, newMatcher, service)
            let beforeKeys = Set(before.map { AppIdentity.canonical($0.value) })
            let afterKeys = Set(after.map { AppIdentity.canonical($0.value) })
            let place = serviceRef(new, service)
            for id in before where !afterKeys.contains(AppIdentity.canonical(id.value)) {
                out.append(DocumentChange(kind: .appID, service: service, appID: id.value, from: .listed, to: .absent, place: place))
            }
            for id in after where !beforeKeys.contains(AppIdentity.canonical(id.value)) {
                out.append(DocumentChange(kind: .appID, service: service, appID: id.value, from: .absent, to: .listed, place: id.ref))
            }
        }
        return out
    }

    /// The app IDs of a service, each once (first spelling), in file order.
    func listed(_ document: AASADocument, _ matcher: DocumentMatcher, _ service: AASAService) -> [Located<String>] {
        var seen = Set<String>()
        var out: [Located<String>] = []
        let all: [Located<String>]
        if service == .applinks {
            all = (document.applinks?.details ?? []).flatMap(\.appIDs)
        } else {
            all = document.appsService(service.rawValue)?.apps ?? []
        }
        for id in all where seen.insert(AppIdentity.canonical(id.value)).inserted { out.append(id) }
        return out
    }

    func serviceRef(_ document: AASADocument, _ service: AASAService) -> SourceRef? {
        service == .applinks ? document.applinks?.ref : document.appsService(service.rawValue)?.ref
    }
}
