import Dispatch
import Foundation
import Synchronization

/// One URL's decision for one app ID, without an explanation (spec `cli.md`, `decision`).
public struct URLDecision: Sendable, Hashable {
    public var decision: MatchDecision
    /// 0-based index of the deciding `details` entry; `nil` when no entry lists the app ID,
    /// or the URL is on another host or scheme.
    public var detail: Int?
    /// 0-based index of the deciding rule in `components` (or `paths`); `nil` when no rule
    /// decided (`no_match`, or an entry that matches everything).
    public var component: Int?

    public init(decision: MatchDecision, detail: Int? = nil, component: Int? = nil) {
        self.decision = decision
        self.detail = detail
        self.component = component
    }
}

/// Counters of a ``URLDecider``'s lazily built automata (for benchmarks and progress).
public struct AutomatonStatistics: Sendable, Hashable {
    /// States built and held now, and the bytes they take (approximately).
    public var states = 0
    public var bytes = 0
    /// Times a cache was emptied because it reached its size limit.
    public var flushes = 0
    /// Paths run through an automaton, and those it gave up on (decided rule by rule).
    public var paths = 0
    public var gaveUp = 0
    /// Classes of ASCII characters the automata tell apart (the width of a state's table
    /// row), the largest over the entries.
    public var characterClasses = 0

    public init() {}
}

/// Decides many URLs for a fixed list of app IDs: the bulk decision API (site coverage,
/// `match` over standard input, route lists).
///
/// Apps listed by the same `details` entry decide alike, so each URL is decided once per
/// distinct entry. A decider holds its own automaton caches (``CompiledDocument``): it is
/// not shared between threads — make one per thread, which is cheap; they all share the
/// compiled document. The first decider of an entry takes over the caches the single-URL
/// calls warmed, and gives them back when it goes away.
///
/// ```swift
/// let decider = matcher.decider(appIDs: ["ABCDE12345.com.example.app"])
/// for url in urls {
///     if decider.decide(url)?.first?.decision == .match { opens += 1 }
/// }
/// ```
public final class URLDecider {
    public let matcher: DocumentMatcher
    /// The app IDs decided for, in order: each URL gets one decision per app ID.
    public let appIDs: [String]
    /// For each app ID, its group (apps of one entry, or all apps no entry lists).
    private let groupOfApp: [Int]
    /// For each group, an app ID of it and the entry that decides for it.
    private let groups: [(appID: String, entry: CompiledEntry?)]
    /// Each group's caches (`nil` for the group without an entry).
    @exclusivity(unchecked) private var caches: [EntryCaches?]
    /// The decisions of the last URL, per group (reused).
    private var byGroup: [URLDecision]

    /// - Parameters:
    ///   - matcher: the document and host.
    ///   - appIDs: the apps to decide for (an app no entry lists gets `no_match`).
    public init(matcher: DocumentMatcher, appIDs: [String]) {
        self.matcher = matcher
        self.appIDs = appIDs
        var groupOfEntry: [ObjectIdentifier: Int] = [:]
        var unlisted: Int?
        var groupOfApp: [Int] = []
        var groups: [(appID: String, entry: CompiledEntry?)] = []
        for id in appIDs {
            let entry = matcher.entry(for: id)
            if let existing = entry.map({ groupOfEntry[ObjectIdentifier($0)] }) ?? unlisted {
                groupOfApp.append(existing)
                continue
            }
            let group = groups.count
            if let entry { groupOfEntry[ObjectIdentifier(entry)] = group } else { unlisted = group }
            groupOfApp.append(group)
            groups.append((id, entry))
        }
        self.groupOfApp = groupOfApp
        self.groups = groups
        caches = groups.map { group in
            matcher.strategy == .automaton ? group.entry.map { $0.automaton.borrowCaches() } : nil
        }
        byGroup = Array(repeating: URLDecision(decision: .noMatch), count: groups.count)
    }

    deinit {
        for (group, owned) in zip(groups, caches) {
            if let entry = group.entry, let owned { entry.automaton.giveBack(owned) }
        }
    }

    /// The decisions for `url` (a URL, or a path, which skips the host check), one per app ID
    /// in ``appIDs`` order; `nil` when the string is neither a URL nor a path.
    public func decide(_ url: String) -> [URLDecision]? {
        var out: [URLDecision] = []
        return decide(url, into: &out) ? out : nil
    }

    /// ``decide(_:)`` into `out` (replaced; its storage is reused, so a loop allocates nothing).
    /// - Returns: `false` when `url` is neither a URL nor a path (`out` is then empty).
    @discardableResult
    public func decide(_ url: String, into out: inout [URLDecision]) -> Bool {
        out.removeAll(keepingCapacity: true)
        for g in groups.indices {
            guard let d = matcher.decision(url, entry: groups[g].entry, appID: groups[g].appID, caches: &caches[g]) else {
                return false
            }
            byGroup[g] = URLDecision(decision: d.decision, detail: d.detail, component: d.component)
        }
        for g in groupOfApp { out.append(byGroup[g]) }
        return true
    }

    /// The decision for `url` and the app ID at `index` of ``appIDs`` alone; `nil` when the
    /// string is neither a URL nor a path.
    public func decide(_ url: String, app index: Int) -> URLDecision? {
        let g = groupOfApp[index]
        return matcher.decision(url, entry: groups[g].entry, appID: groups[g].appID, caches: &caches[g])
            .map { URLDecision(decision: $0.decision, detail: $0.detail, component: $0.component) }
    }

    /// What this decider's automata have built and done so far, summed over its entries and
    /// path views.
    public var statistics: AutomatonStatistics {
        var total = AutomatonStatistics()
        for case let owned? in caches {
            for cache in [owned.raw, owned.decoded].compactMap({ $0 }) {
                total.states += cache.stateCount
                total.bytes += cache.bytes
                total.flushes += cache.flushes
                total.paths += cache.runs
                total.gaveUp += cache.gaveUp
                total.characterClasses = max(total.characterClasses, cache.classCount)
            }
        }
        return total
    }

    /// The full results for `url` — deciding rule, explanation, closest rule — one per app ID
    /// in order (``DocumentMatcher/decide(_:appID:)``, with this decider's caches).
    public func explain(_ url: URLParts) -> [MatchResult] {
        var out: [MatchResult] = []
        for (i, id) in appIDs.enumerated() {
            out.append(matcher.decide(url, appID: id, caches: &caches[groupOfApp[i]]))
        }
        return out
    }
}

extension DocumentMatcher {
    /// A ``URLDecider`` for `appIDs` (every app of the file when empty): one per thread.
    public func decider(appIDs: [String] = []) -> URLDecider {
        URLDecider(matcher: self, appIDs: appIDs.isEmpty ? self.appIDs : appIDs)
    }

    /// Decides every URL for every app ID, spread over `threads` threads (one
    /// ``URLDecider`` each).
    /// - Parameters:
    ///   - urls: URLs or paths.
    ///   - appIDs: the apps (every app of the file when empty).
    ///   - threads: threads to use; default: the active processors.
    /// - Returns: for each URL, in order, its decisions in `appIDs` order, or `nil` when the
    ///   string is neither a URL nor a path.
    public func decisions(_ urls: [String], appIDs: [String] = [], threads: Int? = nil) -> [[URLDecision]?] {
        let apps = appIDs.isEmpty ? self.appIDs : appIDs
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, (urls.count + 4095) / 4096))
        let chunk = (urls.count + workers - 1) / max(1, workers)
        let parts = Mutex<[Int: [[URLDecision]?]]>([:])
        let matcher = self
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let range = min(urls.count, w * chunk)..<min(urls.count, (w + 1) * chunk)
            let decider = matcher.decider(appIDs: apps)
            var mine: [[URLDecision]?] = []
            mine.reserveCapacity(range.count)
            for i in range { mine.append(decider.decide(urls[i])) }
            let done = mine
            parts.withLock { $0[w] = done }
        }
        return parts.withLock { all in (0..<workers).flatMap { all[$0] ?? [] } }
    }
}
