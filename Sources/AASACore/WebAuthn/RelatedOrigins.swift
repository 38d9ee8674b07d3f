/// WebAuthn's related-origins validation procedure (W3C WebAuthn Level 3 §5.11.1; spec
/// `webauthn-reference.md` §3.4) over the `origins` of a `/.well-known/webauthn` file, exactly
/// in the reference's order: an entry that is not a URL, has no effective domain, or whose
/// registrable domain has no first label is skipped at no cost; once `maxLabels` distinct
/// labels are seen an entry with a new label is skipped **before** it is compared with the
/// caller; then same origin accepts; then the label is recorded.
///
/// Labels come from ``PublicSuffixList`` (libpsl's built-in list, private section included, as
/// Chromium and Firefox use it).
public enum RelatedOrigins {
    /// Chromium's and Firefox's `kMaxLabels`, the spec's minimum, and passkeys.dev's "no client
    /// supports more than 5".
    public static let maxLabels = 5

    /// What the procedure did with one entry of `origins`.
    public enum Outcome: Sendable, Hashable {
        /// Skipped at no cost: not a URL.
        case notURL(WebOrigin.Failure)
        /// Skipped at no cost: an opaque origin (a scheme other than http, https, ws, wss, ftp),
        /// which has no effective domain. `firefoxLabel` is the label Firefox still consumes
        /// (it reads `url.hostname`), when the entry names a host.
        case opaque(firefoxLabel: String?)
        /// Skipped at no cost: the host has no registrable domain (a public suffix such as `com`,
        /// an IP address).
        case noRegistrableDomain
        /// Skipped: its label would be a new one after the budget was spent.
        case overBudget(label: String)
        /// The caller's origin: accepted.
        case matched(label: String)
        /// Counted (or its label already was) and not the caller.
        case counted(label: String, newLabel: Bool)
    }

    /// One entry and its outcome.
    public struct Step: Sendable, Hashable {
        /// 0-based index in `origins`.
        public var index: Int
        public var text: String
        /// The entry's origin, when it parsed.
        public var origin: WebOrigin?
        public var outcome: Outcome
    }

    /// A caller's verdict.
    public enum Verdict: String, Sendable, Hashable {
        /// An entry is the caller's origin within the label budget.
        case accepted
        /// The caller is listed, but only after the budget was spent (its label would be the
        /// sixth distinct one or later).
        case labelLimit = "label-limit"
        /// No entry is the caller's origin.
        case notListed = "not-listed"
    }

    /// The procedure's run over one file for one caller (or for none).
    public struct Evaluation: Sendable, Hashable {
        /// `nil` when no caller was given.
        public var verdict: Verdict?
        /// The distinct labels in the order they were counted (at most `maxLabels`).
        public var labels: [String]
        /// Every entry up to where the procedure stopped (all of them without a caller, or
        /// when it rejects).
        public var steps: [Step]
        /// With a caller that is listed only after the budget: the index of that entry.
        public var overBudgetMatch: Int?
    }

    /// Runs the procedure over `origins` in file order for `caller` (nil: the whole list, no
    /// entry accepted), with `maxLabels` the client's label limit.
    public static func evaluate(_ origins: [String], caller: WebOrigin?, maxLabels: Int = maxLabels) -> Evaluation {
        var labels: [String] = []
        var steps: [Step] = []
        var overBudgetMatch: Int? = nil
        for (index, text) in origins.enumerated() {
            let origin: WebOrigin
            switch WebOrigin.parse(text) {
            case .failure(let f):
                steps.append(Step(index: index, text: text, origin: nil, outcome: .notURL(f)))
                continue
            case .success(let o): origin = o
            }
            guard origin.isTuple, let host = origin.host else {
                let firefox = origin.host.flatMap(PublicSuffixList.registrableLabel(of:))
                steps.append(Step(index: index, text: text, origin: origin, outcome: .opaque(firefoxLabel: firefox)))
                continue
            }
            guard let label = PublicSuffixList.registrableLabel(of: host), !label.isEmpty else {
                steps.append(Step(index: index, text: text, origin: origin, outcome: .noRegistrableDomain))
                continue
            }
            let known = labels.contains(label)
            if labels.count >= maxLabels && !known {
                if let caller, origin.isSameOrigin(caller), overBudgetMatch == nil { overBudgetMatch = index }
                steps.append(Step(index: index, text: text, origin: origin, outcome: .overBudget(label: label)))
                continue
            }
            if let caller, origin.isSameOrigin(caller) {
                steps.append(Step(index: index, text: text, origin: origin, outcome: .matched(label: label)))
                return Evaluation(verdict: .accepted, labels: labels, steps: steps, overBudgetMatch: nil)
            }
            if labels.count < maxLabels && !known { labels.append(label) }
            steps.append(Step(index: index, text: text, origin: origin, outcome: .counted(label: label, newLabel: !known)))
        }
        guard caller != nil else { return Evaluation(verdict: nil, labels: labels, steps: steps, overBudgetMatch: nil) }
        return Evaluation(verdict: overBudgetMatch == nil ? .notListed : .labelLimit, labels: labels, steps: steps,
                          overBudgetMatch: overBudgetMatch)
    }
}
