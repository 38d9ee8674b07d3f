/// The one place site coverage asks the matcher for decisions: each page URL is decided once
/// per distinct `details` entry among the app IDs asked (apps listed in the same entry decide
/// alike), with the deciding rule's index.
///
/// Decided through the bulk decision API (``URLDecider``: each entry's rules as one automaton,
/// with caches of its own), so the cost does not grow with the rule count (issue 15). Used by
/// one thread at a time.
struct PageDecider {
    /// The decision for one group, and the index of the deciding rule in `components` (or
    /// `paths`), `nil` when no rule decided.
    struct Decision: Sendable, Equatable {
        var decision: MatchDecision
        var component: Int?
    }

    /// The app IDs asked (for Android: the packages), in order.
    let appIDs: [String]
    /// For each app ID, the index of its group.
    let groupOfApp: [Int]
    /// For each group, the app ID it is decided for (the first asked of the group).
    let representatives: [String]
    /// For each group, the entry that decides for it, `nil` when no entry lists its apps.
    let entries: [CompiledEntry?]
    /// Decides for ``representatives``, in order (Apple's file).
    let urls: URLDecider?
    /// For Android's statement list: per package (each its own group), what decides its pages.
    let android: [AndroidPages]?

    /// What decides one package's pages on Android (spec `assetlinks-reference.md` §3.1).
    enum AndroidPages: Sendable {
        /// No statement verifies the package: every page stays in the browser.
        case notVerified
        /// Verified without (valid) dynamic rules: every page the manifest accepts opens the app.
        case manifest
        /// The first matching rule decides; none ⇒ the browser.
        case rules(DynamicRuleList)
    }

    /// Android's decisions: each of `packages` (one group each) by the first statement that
    /// verifies it (with one of `fingerprints` when given), as ``AppLinksPrediction`` decides.
    init(statements: [AssetStatement], packages: [String], fingerprints: [String]?) {
        appIDs = packages
        groupOfApp = Array(packages.indices)
        representatives = packages
        entries = Array(repeating: nil, count: packages.count)
        urls = nil
        android = packages.map { p in
            switch AppLinksPrediction.rules(statements, packageName: p, fingerprints: fingerprints) {
            case nil: return .notVerified
            case .absent?, .void?: return .manifest
            case .rules(let list)?: return .rules(list)
            }
        }
    }

    init(matcher: DocumentMatcher, appIDs: [String]) {
        android = nil
        self.appIDs = appIDs
        var groupOfEntry: [Int: Int] = [:]
        var noEntryGroup: Int?
        var groupOfApp: [Int] = []
        var representatives: [String] = []
        var entries: [CompiledEntry?] = []
        for id in appIDs {
            let entry = matcher.entry(for: id)
            let existing = entry.map { groupOfEntry[$0.entry.index] } ?? noEntryGroup
            if let existing {
                groupOfApp.append(existing)
                continue
            }
            let group = representatives.count
            if let entry { groupOfEntry[entry.entry.index] = group } else { noEntryGroup = group }
            groupOfApp.append(group)
            representatives.append(id)
            entries.append(entry)
        }
        self.groupOfApp = groupOfApp
        self.representatives = representatives
        self.entries = entries
        urls = URLDecider(matcher: matcher, appIDs: representatives)
    }

    var groupCount: Int { representatives.count }

    /// Decides `url` (an absolute URL on the matcher's host) for `group`.
    @inline(__always)
    func decide(_ url: String, group: Int) -> Decision {
        if let android {
            switch android[group] {
            case .notVerified: return Decision(decision: .noMatch)
            case .manifest: return Decision(decision: .match)
            case .rules(let list):
                let d = list.decide(url: url)
                switch d.decision {
                case .match: return Decision(decision: .match, component: d.rule)
                case .exclude: return Decision(decision: .exclude, component: d.rule)
                case .noMatch: return Decision(decision: .noMatch)
                }
            }
        }
        guard let d = urls?.decide(url, app: group) else { return Decision(decision: .noMatch) }
        return Decision(decision: d.decision, component: d.component)
    }
}
