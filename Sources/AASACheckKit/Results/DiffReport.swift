import AASACore

/// `diff`: what changes between two versions of a domain file (``Renderer/diff(_:)``).
///
/// The changes are the library's (``AASACore/DocumentDiff``): app IDs added to or removed
/// from a service, and for each app listed in `applinks` on both sides, every pair of
/// deciding rules (OLD, NEW) whose decisions differ, with an example URL. Findings about them
/// (AASA801–AASA805, and AASA701–AASA703 for routes that no longer do what the route list
/// expects) come separately through ``Renderer/findings(_:)``, placed in NEW.
public struct DiffReport: Sendable {
    /// OLD as findings name it: a path, `<stdin>`, or a domain's file (`host (Apple CDN copy)`,
    /// `host/.well-known/apple-app-site-association`).
    public var old: String
    /// NEW, named the same way.
    public var new: String
    /// App ID changes first (service by service), then decision changes app by app, each
    /// app's ordered by example URL.
    public var changes: [DocumentChange]
    /// Parts of the comparison not proven complete (AASA805): no "no change" is claimed there.
    public var incomplete: [IncompleteComparison]
    /// `--routes`: the routes whose verdict changes, app by app in the list's order.
    public var routes: [RouteChange]
    /// Whether `--routes` was given (a report without route changes then means none changed).
    public var routesJudged: Bool
    /// For each side Apple's systems refuse, the sentence that says so: the files are then
    /// compared as written, and no "no change" is claimed (issue 21).
    public var refusals: [String]

    public init(old: String, new: String, changes: [DocumentChange], incomplete: [IncompleteComparison],
                routes: [RouteChange] = [], routesJudged: Bool = false, refusals: [String] = []) {
        self.old = old
        self.new = new
        self.changes = changes
        self.incomplete = incomplete
        self.routes = routes
        self.routesJudged = routesJudged
        self.refusals = refusals
    }

    /// The one sentence every format shows when nothing differs: "No change" only when the
    /// comparison is complete and Apple's systems read both files; `nil` when there are changes.
    public var noChangeSentence: String? {
        guard changes.isEmpty else { return nil }
        if !refusals.isEmpty {
            return "No difference as the files are written, but " + refusals.joined(separator: "; ") + "."
        }
        return incomplete.isEmpty ? "No change: every URL is decided the same way by both files." : nil
    }

    /// Decision changes where the app opens on one side only (excluded and unmatched URLs
    /// both stay on the web).
    public var visibleChanges: [DocumentChange] { changes.filter { $0.kind == .appID || $0.isLoss || $0.isGain } }
}

extension IncompleteComparison {
    /// Why this part was not fully compared, in words (`work limits`, …).
    var reasonPhrase: String {
        switch reason {
        case .workLimit: return "work limits"
        case .mixedPercentEncoding: return "percent escapes read two ways"
        case .unreproduced: return "example did not reproduce"
        }
    }
}

extension RouteVerdict {
    /// The verdict in a diff's route table: the decision, the coverage of a placeholder route,
    /// and whether it is not what the route list expects.
    var diffPhrase: String {
        decision.rawValue + (coverage.map { " [\($0.rawValue)]" } ?? "") + (ok ? "" : " (not as expected)")
    }
}
