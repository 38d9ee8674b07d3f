/// The statement-list side of "does this URL open this app": steps (2)–(5) of the evaluation
/// in spec `assetlinks-reference.md` §3.2 (step (1), the manifest's intent filters, is the app
/// side's, `Sources/AASACore/Android/`; the prediction is manifest match AND this).
public enum AppLinksPrediction {
    /// What the host's statements say about one URL for one app.
    public enum Outcome: Sendable, Hashable {
        /// No statement grants `handle_all_urls` to this package and certificate: the host is
        /// not verified and the link opens in the browser (Android 12+).
        case notVerified
        /// Verified, and no valid dynamic rule list applies (`rules` absent, or void — then
        /// `reason` says why): every URL the manifest accepts opens the app.
        case manifestDecides(statement: StatementPlace, reason: String?)
        /// Verified, and the statement's rules decide.
        case rules(DynamicRuleDecision, statement: StatementPlace)

        /// Whether the link opens the app (given the manifest accepts the URL).
        public var opensApp: Bool {
            switch self {
            case .notVerified: return false
            case .manifestDecides: return true
            case .rules(let d, _): return d.decision.opensApp
            }
        }
    }

    /// Decides `url` for `packageName` with the first statement that verifies the app (several
    /// statements for one site and app: which Android uses is not guaranteed; the first in
    /// file order is the policy, §3.1).
    /// - Parameter fingerprints: the app's certificates (upper-case colon hex); `nil` matches any.
    public static func decide(_ statements: [AssetStatement], packageName: String, fingerprints: [String]?, url: String) -> Outcome {
        guard let statement = statements.first(where: { $0.verifiesApp(packageName, fingerprints: fingerprints) }) else {
            return .notVerified
        }
        switch statement.dynamicRules {
        case .absent: return .manifestDecides(statement: statement.place, reason: nil)
        case .void(_, let reasons): return .manifestDecides(statement: statement.place, reason: reasons.first)
        case .rules(let list): return .rules(list.decide(url: url), statement: statement.place)
        }
    }

    /// The packages `statements` grant `delegate_permission/common.handle_all_urls` to
    /// (`android_app` targets), each once, in the order the statements are listed: the apps a
    /// list verifies for App Links, which `match`, `routes`, `coverage` and `check` decide for
    /// when no `--package` is given.
    public static func verifiedPackages(_ statements: [AssetStatement]) -> [String] {
        var packages: [String] = []
        for s in statements where s.relations.contains(AssetLinksRelation.handleAllURLs) {
            if case .androidApp(let app) = s.target, !packages.contains(app.packageName) { packages.append(app.packageName) }
        }
        return packages
    }

    /// The rules that apply for `packageName`: `nil` when not verified; an empty-handed
    /// ``DynamicRules/absent`` or ``DynamicRules/void(list:reasons:)`` when the manifest decides.
    public static func rules(_ statements: [AssetStatement], packageName: String, fingerprints: [String]?) -> DynamicRules? {
        statements.first { $0.verifiesApp(packageName, fingerprints: fingerprints) }?.dynamicRules
    }
}
