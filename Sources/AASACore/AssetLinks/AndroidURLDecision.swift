extension MatchResult {
    /// One URL's Android decision for one app, from a host's statement list (spec
    /// `assetlinks-reference.md` §3.2; cli.md `matches[]` with `platform: android`): `match`
    /// when the host verifies the app and its dynamic rules (if any) let the URL through,
    /// `exclude` when an exclude rule decides, `no_match` when no rule matches or the host does
    /// not verify the app. The manifest's intent filters are the app side's (they are assumed
    /// to accept the URL).
    /// - Parameters:
    ///   - statements: the host's statements after includes.
    ///   - fingerprints: the app's certificates (upper-case colon hex); `nil` or empty matches
    ///     any certificate.
    ///   - host: the host the list is served for; a URL of another host is `no_match` (each
    ///     host is verified by its own file).
    public static func androidDecision(url: String, statements: [AssetStatement], packageName: String,
                                       fingerprints: [String]?, host: String?) -> MatchResult {
        var result = MatchResult(url: url, appID: packageName, decision: .noMatch, detail: nil, component: nil, rule: nil,
                                 explanation: "", platform: "android")
        let uri = AndroidURI(url)
        // App Links are http and https links: Android verifies only filters with those schemes
        // (assetlinks-reference.md §4.1), so another scheme never opens the app through them.
        // The scheme is compared in lower case, as browsers hand it over.
        if let scheme = uri.scheme?.lowercased(), scheme != "https" && scheme != "http" {
            result.explanation = "only http and https URLs can be App Links; this one is \(SafeText.escape(scheme, limit: 40)):"
            return result
        }
        let urlHost = uri.host?.lowercased()
        if let host, let urlHost, !urlHost.isEmpty, urlHost != host.lowercased() {
            result.explanation = "\(SafeText.escape(urlHost, limit: 120)) is another host than \(SafeText.escape(host, limit: 120)): each host is verified by its own assetlinks.json, so this file does not decide it"
            return result
        }
        let prints = (fingerprints?.isEmpty ?? true) ? nil : fingerprints
        let who = SafeText.escape(packageName, limit: 120) + (prints.map { $0.count == 1 ? " signed with \($0[0])" : " signed with one of \($0.count) certificates" } ?? "")
        switch AppLinksPrediction.decide(statements, packageName: packageName, fingerprints: prints, url: url) {
        case .notVerified:
            result.explanation = "no statement grants delegate_permission/common.handle_all_urls to \(who): the host is not verified for the app, so the link opens in the browser"
        case .manifestDecides(let place, let reason):
            result.decision = .match
            result.explanation = "statement \(Self.name(place)) verifies \(who) and "
                + (reason.map { "its dynamic rules are void (\(SafeText.escape($0, limit: 200))): " } ?? "has no dynamic rules: ")
                + "every URL the app's intent filters accept opens the app"
        case .rules(let d, let place):
            let list = AppLinksPrediction.rules(statements, packageName: packageName, fingerprints: prints)?.applied
            let rule = d.rule.flatMap { i in list?.rules.first { $0.index == i } }
            result.dynamicRule = d.rule
            result.mayDiffer = d.mayDiffer
            switch d.decision {
            case .match:
                result.decision = .match
                result.explanation = (rule?.label ?? "a rule") + " of statement \(Self.name(place)) matches first: the app opens"
            case .exclude:
                result.decision = .exclude
                result.explanation = (rule?.label ?? "a rule") + " of statement \(Self.name(place)) excludes it first: the browser opens"
            case .noMatch:
                result.explanation = "no dynamic rule of statement \(Self.name(place)) matches: the browser opens (a URL no rule matches is excluded)"
            }
            if !d.mayDiffer.isEmpty {
                result.explanation += "; may differ on device: " + d.mayDiffer.map(\.phrase).joined(separator: "; ")
            }
        }
        return result
    }

    /// One URL's Android decision when the host's statement list cannot be used at all (not
    /// fetched, not 200, a redirect, not JSON, …: spec §1, §2.6): `no_match`, the host is not
    /// verified. `file` names the list (`https://HOST/.well-known/assetlinks.json`), `reason`
    /// the finding that makes it unusable.
    public static func androidUnusable(url: String, packageName: String, file: String, reason: String) -> MatchResult {
        MatchResult(url: url, appID: packageName, decision: .noMatch, detail: nil, component: nil, rule: nil,
                    explanation: "\(file) cannot be used (\(reason)): the host is not verified, so the link opens in the browser",
                    platform: AssetLinksKind.platform)
    }

    static func name(_ place: StatementPlace) -> String {
        (place.depth == 0 ? "" : "\(SafeText.escape(place.file, limit: 200)) ") + (place.pointer.isEmpty ? "/" : place.pointer)
            + (place.location.map { " (line \($0.line))" } ?? "")
    }
}
