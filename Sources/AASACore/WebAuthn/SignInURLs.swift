/// Sign-in and OAuth URLs that the app's own links capture (issue 24, `--auth-url`): a
/// sign-in page on the app's own domain that its universal links (Apple) or App Links
/// (Android) open in the app never completes in the browser.
///
/// Pure over decisions: every decision here is `match`'s — ``DocumentMatcher``/``URLDecider``
/// for Apple's file, ``MatchResult/androidDecision(url:statements:packageName:fingerprints:host:)``
/// for Android's statements. Nothing here matches a URL itself.
public enum SignInURLs {
    /// The common sign-in paths `check` looks at on each domain when no `--auth-url` is given
    /// (issue 24). Each is decided as written and with a `/` after it (a rule `/login/*`
    /// opens `/login/` but not `/login`).
    public static let commonPaths = ["/oauth", "/login", "/signin", "/auth", "/callback", "/.well-known/openid-configuration"]

    /// The finding for one decision of the sign-in URL `url` that opens the app: WAN701 for
    /// Apple's universal links, WAN702 for Android's App Links; `nil` when the decision keeps
    /// the URL in the browser (`exclude`, `no_match`).
    ///
    /// The message names the deciding rule (`result.explanation`, as `match` explains it), the
    /// hint the exclude rule that fixes it: for Apple `{"/": PATH, "exclude": true}` (or
    /// `"NOT PATH"` in legacy `paths`) placed before the deciding rule of the deciding
    /// `details` entry; for Android a dynamic rule `{"/": PATH, "exclude": true}` first in the
    /// verifying statement's `dynamic_app_link_components` (or, without rules, that rule and
    /// `{"/": "*"}` after it).
    /// - Parameters:
    ///   - result: a decision of `url` (``MatchResult/platform`` `ios` or `android`).
    ///   - host: the domain whose file decided (the finding's target).
    ///   - common: `true` for a common sign-in path `check` looked at on its own: WAN703, info.
    ///
    /// An Android statement without dynamic rules gives no finding: its intent filters decide,
    /// and without the manifest nobody knows whether they accept `url` (``manifestDecides(_:url:)``
    /// says so instead), so the tool does not claim the app opens it.
    public static func finding(_ result: MatchResult, url: String, host: String?, common: Bool = false) -> Diagnostic? {
        guard result.decision == .match, !isDecidedByManifest(result) else { return nil }
        let path = path(of: url)
        let android = result.platform == "android"
        let shown = SafeText.value(url, limit: 160)
        let app = SafeText.value(result.appID, limit: 120)
        let fix = android ? androidFix(result, path: path) : appleFix(result, path: path)
        let what = android ? "App Links" : "universal links"
        if common {
            return Diagnostic(code: .wan703,
                              message: "the sign-in path \(shown) opens \(app) through its \(what): \(result.explanation); if the site signs in or completes OAuth there, the browser never sees it",
                              hint: "If this is a sign-in or OAuth page, " + fix + " (check it with --auth-url URL).",
                              pointer: android ? nil : result.rule?.ref.pointer, location: android ? nil : result.rule?.ref.location,
                              target: host)
        }
        return Diagnostic(code: android ? .wan702 : .wan701,
                          message: "the sign-in URL \(shown) opens \(app) through its \(what): \(result.explanation); sign-in that needs the browser there never completes",
                          hint: fix[fix.startIndex].uppercased() + fix.dropFirst() + ".",
                          pointer: android ? nil : result.rule?.ref.pointer, location: android ? nil : result.rule?.ref.location,
                          target: host)
    }

    /// Whether `result` is an Android statement's without dynamic rules: the statement takes
    /// every URL, and the app's intent filters decide (not known without the manifest).
    static func isDecidedByManifest(_ result: MatchResult) -> Bool {
        result.platform == "android" && result.decision == .match && result.dynamicRule == nil
    }

    /// For an `--auth-url` an Android statement without dynamic rules leaves to the manifest:
    /// the sentence that says the app opens it only if its intent filters accept it, and the
    /// rule that would keep it in the browser whatever they say; `nil` for any other decision.
    public static func manifestDecides(_ result: MatchResult, url: String) -> String? {
        guard isDecidedByManifest(result) else { return nil }
        return "the sign-in URL \(SafeText.value(url, limit: 160)) opens \(SafeText.value(result.appID, limit: 120)) only if its intent filters accept it: "
            + "its statement has no dynamic rules, so the manifest decides; to keep it in the browser whatever the filters say, "
            + androidFix(result, path: path(of: url))
    }

    /// The path an exclude rule for `url` names: its path as written, `/` when it has none.
    static func path(of url: String) -> String {
        URLParts(url).map { $0.path.isEmpty ? "/" : $0.path } ?? "/"
    }

    /// One sign-in URL's decisions judged, for every command that takes `--auth-url` (`check`,
    /// `match`, `passkeys`): the findings (WAN701/WAN702, ``finding(_:url:host:common:)``) and
    /// the sentences for what is not claimed — an Android app whose intent filters decide
    /// (``manifestDecides(_:url:)``), else, when nothing opens it, that it stays in the browser.
    /// - Parameters:
    ///   - results: `match`'s decisions of `url` for the apps in play.
    ///   - host: the domain whose file decided (the findings' target).
    ///   - opensNothing: the file is one devices do not read: it captures nothing.
    /// - Returns: the findings, and the sentences for notes.
    public static func judge(_ results: [MatchResult], url: String, host: String?, opensNothing: Bool = false) -> (diagnostics: [Diagnostic], notes: [String]) {
        let found = opensNothing ? [] : results.compactMap { finding($0, url: url, host: host) }
        let unknown = opensNothing ? [] : results.compactMap { manifestDecides($0, url: url) }
        return (found, unknown + (found.isEmpty && unknown.isEmpty ? [staysInBrowser(url, results: results)] : []))
    }

    /// A sentence for a sign-in URL no decision opens: it stays in the browser (text output
    /// says so; issue 24).
    public static func staysInBrowser(_ url: String, results: [MatchResult]) -> String {
        let apps = results.map { SafeText.value($0.appID, limit: 120) }
        return "the sign-in URL \(SafeText.value(url, limit: 160)) stays in the browser"
            + (apps.isEmpty ? " (no app of the file decides it)" : " for \(apps.joined(separator: ", "))")
    }

    /// Apple: the exclude component (or legacy `NOT` path) for `path`, placed before the rule
    /// that decided `result`.
    static func appleFix(_ result: MatchResult, path: String) -> String {
        let detail = result.detail.map { "details[\($0)]" } ?? "the app's details entry"
        guard let rule = result.rule else {
            return "give \(detail) \"components\": [\(excludeComponent(path)), {\"/\": \"*\"}] (it has no rules, so it opens every URL)"
        }
        if rule.isLegacyPath {
            var literal = ""
            JSONText.quote("NOT " + path, into: &literal)
            return "put \(literal) in \(detail).paths before paths[\(rule.index)] (\(SafeText.value(rule.text, limit: 120)))"
        }
        return "put \(excludeComponent(path)) in \(detail).components before components[\(rule.index)] `\(SafeText.value(rule.text, limit: 120))`"
    }

    /// Android: the dynamic exclude rule for `path`, first in the verifying statement's rules.
    static func androidFix(_ result: MatchResult, path: String) -> String {
        if let index = result.dynamicRule {
            return "put \(excludeComponent(path)) first in the statement's dynamic_app_link_components, before rule \(index)"
        }
        return "give the statement \"relation_extensions\": {\"delegate_permission/common.handle_all_urls\": {\"dynamic_app_link_components\": [\(excludeComponent(path)), {\"/\": \"*\"}]}} (Android 15; without rules the manifest decides)"
    }

    /// `{"/": PATH, "exclude": true}`, PATH a JSON string.
    static func excludeComponent(_ path: String) -> String {
        var literal = ""
        JSONText.quote(SafeText.clip(path, limit: 200), into: &literal)
        return "{\"/\": \(literal), \"exclude\": true}"
    }

    /// The common sign-in paths (``commonPaths``) on `host` that `decide` opens, each as one
    /// WAN703 info (the first URL of the two forms that opens it, each app once). An Android
    /// statement without dynamic rules opens no path by its rules (the manifest decides), so it
    /// is not reported here.
    /// - Parameter decide: `match`'s decisions of one URL for the apps in play.
    public static func commonPathFindings(host: String, _ decide: (String) -> [MatchResult]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for path in commonPaths {
            var apps = Set<String>()
            for form in [path, path + "/"] {
                let url = "https://\(host)\(form)"
                // Android without dynamic rules: the manifest decides, so `finding` gives none.
                for result in decide(url) where !apps.contains(result.platform + " " + result.appID) {
                    if let d = finding(result, url: url, host: host, common: true) {
                        apps.insert(result.platform + " " + result.appID)
                        out.append(d)
                    }
                }
            }
        }
        return out
    }
}
