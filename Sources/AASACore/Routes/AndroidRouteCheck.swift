/// The route contract for Android (issue 23; spec `assetlinks-reference.md` §3.1–§3.2, §4.2):
/// each route of the list decided for one app as Android 12+ with Android 15's dynamic rules
/// decides it — the app's intent filters must accept the URL (when the manifest is known), the
/// host's statement list must verify the app (`handle_all_urls` to the package, with one of its
/// certificates), and then the first matching dynamic rule decides (no rules: every URL the
/// manifest accepts opens the app). Dynamic rules only narrow the manifest's paths.
///
/// Expectations are judged as Apple's are (``RouteCheck``): a route that must open the app and
/// does not is DAL701 (nothing opens it) or DAL702 (a rule excludes it); one that must stay on
/// the web and opens the app is DAL703.
///
/// Where Apple's judge searches every placeholder value (``RouteJudge``), this one decides the
/// route for a set of values: each literal the dynamic rules write at the placeholder's segment
/// (with `?` read as one character) and one value no rule names. Values that decide differently
/// make the route `sometimes`, with an example of each; otherwise the verdict holds for every
/// value tried, and the explanation says so (a value decided otherwise by a rule whose literal
/// spans several segments is not searched for).
public enum AndroidRouteCheck {
    /// The app the routes are judged for.
    public struct App: Sendable {
        /// The package name.
        public var package: String
        /// The certificates devices see (upper-case colon hex); `nil`: any the file lists.
        public var fingerprints: [String]?
        /// The manifest's link filters, when the manifest is known (`--apk`); `nil`: the
        /// manifest is taken to accept every path of the host.
        public var filters: [IntentFilter]?
        /// Why the manifest has Android verify the judged host in no filter (no `autoVerify`,
        /// a refused filter: spec §4.1), or `nil` when it does or the manifest is unknown. Set,
        /// no route opens the app: Android 12 and later leave an unverified host's links to the
        /// browser whatever its file says.
        public var notVerified: String?

        public init(package: String, fingerprints: [String]?, filters: [IntentFilter]?, notVerified: String? = nil) {
            self.package = package
            self.fingerprints = fingerprints.flatMap { $0.isEmpty ? nil : $0 }
            self.filters = filters
            self.notVerified = notVerified
        }
    }

    /// The value tried for a placeholder that no rule names.
    public static let freshValue = "aasa7"
    /// At most this many concrete URLs are decided per route.
    public static let maxValuesPerRoute = 64

    /// Judges `routes` on `host` for `app` against the host's statements.
    /// - Parameters:
    ///   - statements: the statements Google's parser keeps, after includes; ignored when
    ///     `unusable` is set.
    ///   - unusable: why the host's file cannot be used (then no route opens the app).
    ///   - routesFile: the route list's label for findings.
    /// - Returns: verdicts with ``RouteVerdict/platform`` `android` and ``RouteVerdict/appID``
    ///   the package, and DAL701–DAL703 for the routes that do not do what the list expects.
    public static func run(statements: [AssetStatement], unusable: String? = nil, app: App, host: String,
                           routes: [RouteSpec], routesFile: String) -> RouteCheckResult {
        var verdicts: [RouteVerdict] = []
        var diagnostics: [Diagnostic] = []
        let rules = AppLinksPrediction.rules(statements, packageName: app.package, fingerprints: app.fingerprints)?.applied?.rules ?? []
        var unknown: [String] = []
        for route in routes {
            let v = judge(route, statements: statements, unusable: unusable, app: app, host: host, rules: rules)
            // Without dynamic rules the manifest decides, and without the manifest (`--package`
            // alone) whether a `web` route opens the app is not known: no verdict, no DAL703.
            if app.filters == nil, route.expect == .web, v.decision == .match, v.dynamicRule == nil, v.coverage != .sometimes {
                unknown.append(route.text)
                continue
            }
            verdicts.append(v)
            if let d = diagnostic(for: v, file: routesFile) { diagnostics.append(d) }
        }
        var result = RouteCheckResult(verdicts: verdicts, diagnostics: diagnostics, routeCount: routes.count)
        if !unknown.isEmpty {
            let named = unknown.prefix(3).map { SafeText.escape($0, limit: 120) }.joined(separator: ", ") + (unknown.count > 3 ? " and \(unknown.count - 3) more" : "")
            result.notes.append("\(unknown.count) web route\(unknown.count == 1 ? "" : "s") of \(routesFile) (\(named)) on \(host) for \(app.package) "
                + "\(unknown.count == 1 ? "is" : "are") not judged: \(app.package)'s statement has no dynamic rules, so the app's intent filters decide, and this run did not read them (give --apk FILE)")
        }
        return result
    }

    /// One concrete URL's decision: the manifest, then the statement list.
    static func decide(_ url: String, statements: [AssetStatement], unusable: String?, app: App, host: String) -> MatchResult {
        if let unusable {
            return MatchResult.androidUnusable(url: url, packageName: app.package, file: "https://\(host)/.well-known/assetlinks.json", reason: unusable)
        }
        if let notVerified = app.notVerified {
            return MatchResult(url: url, appID: app.package, decision: .noMatch, detail: nil, component: nil, rule: nil,
                               explanation: "\(notVerified): the host is not verified for the app, so the link opens in the browser",
                               platform: AssetLinksKind.platform)
        }
        if let filters = app.filters {
            let uri = AndroidURI(url)
            let urlHost = uri.host ?? host
            let accepts = filters.contains { f in f.authorities.contains { $0.matchesHost(urlHost) } && f.matchData(uri, relativeGroups: false).matched }
            if !accepts {
                return MatchResult(url: url, appID: app.package, decision: .noMatch, detail: nil, component: nil, rule: nil,
                                   explanation: "the app's intent filters do not accept it (dynamic rules only narrow the manifest's paths), so the link opens in the browser",
                                   platform: AssetLinksKind.platform)
            }
        }
        return MatchResult.androidDecision(url: url, statements: statements, packageName: app.package, fingerprints: app.fingerprints, host: host)
    }

    static func judge(_ route: RouteSpec, statements: [AssetStatement], unusable: String?, app: App, host: String, rules: [DynamicRule]) -> RouteVerdict {
        let url = route.url(on: host)
        var verdict = RouteVerdict(route: route, url: url, appID: app.package, decision: .noMatch, ok: false, detail: nil,
                                   component: nil, rule: nil, coverage: nil, explanation: "", platform: AssetLinksKind.platform)
        func apply(_ r: MatchResult) {
            verdict.decision = r.decision
            verdict.dynamicRule = r.dynamicRule
            verdict.mayDiffer = r.mayDiffer
            verdict.explanation = r.explanation
        }
        let slots = placeholderSegments(route.path)
        guard !slots.isEmpty else {
            apply(decide(url, statements: statements, unusable: unusable, app: app, host: host))
            verdict.ok = (verdict.decision == .match) == (route.expect == .app)
            if !verdict.ok { verdict.failingDecision = verdict.decision }
            return verdict
        }
        // Each placeholder takes each candidate in turn while the others keep the fresh value.
        var segments = route.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var tried: [(value: String, result: MatchResult)] = []
        func attempt(_ values: [Int: String]) {
            guard tried.count < maxValuesPerRoute else { return }
            var s = segments
            for slot in slots { s[slot] = values[slot] ?? freshValue }
            let path = s.joined(separator: "/")
            guard !tried.contains(where: { $0.value == path }) else { return }
            var concrete = route
            concrete.path = path
            concrete.placeholders = []
            tried.append((path, decide(concrete.url(on: host), statements: statements, unusable: unusable, app: app, host: host)))
        }
        attempt([:])
        for slot in slots {
            for value in candidates(at: slot, rules: rules) { attempt([slot: value]) }
        }
        segments = []
        let opening = tried.filter { $0.result.decision == .match }
        let staying = tried.filter { $0.result.decision != .match }
        let first = tried[0].result
        if !opening.isEmpty && !staying.isEmpty {
            verdict.coverage = .sometimes
            verdict.decision = .match
            verdict.dynamicRule = opening[0].result.dynamicRule
            verdict.matchExample = opening[0].value
            verdict.noMatchExample = staying[0].value
            verdict.failingDecision = route.expect == .app ? staying[0].result.decision : .match
            verdict.ok = false
            verdict.explanation = "some values open the app and some do not: \(opening[0].value): \(opening[0].result.explanation); \(staying[0].value): \(staying[0].result.explanation)"
            return verdict
        }
        apply(first)
        verdict.coverage = opening.isEmpty ? .never : .always
        verdict.ok = (verdict.decision == .match) == (route.expect == .app)
        if !verdict.ok { verdict.failingDecision = verdict.decision }
        verdict.explanation += tried.count == 1
            ? " (for the one value tried, which no rule names: the dynamic rules write no literal at the placeholder)"
            : " (the same for each of the \(tried.count) values tried: the dynamic rules' literals at the placeholder and one no rule names)"
        return verdict
    }

    /// The segment indices (of the path split on `/`) that are placeholders.
    static func placeholderSegments(_ path: String) -> [Int] {
        path.split(separator: "/", omittingEmptySubsequences: false).enumerated()
            .compactMap { RouteList.placeholderName($0.element) != nil ? $0.offset : nil }
    }

    /// Values for the placeholder at `segment`: what each rule's path writes there, `*` read as
    /// nothing and `?` as one character, and for a rule whose path ends in `*` inside that
    /// segment the literal before it with one character more.
    static func candidates(at segment: Int, rules: [DynamicRule]) -> [String] {
        var out: [String] = []
        for rule in rules {
            guard let text = rule.path?.text else { continue }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard segment < parts.count else { continue }
            let part = String(parts[segment])
            let literal = String(part.map { $0 == "?" ? "x" : $0 }.filter { $0 != "*" })
            if !literal.isEmpty, !literal.contains("/"), !out.contains(literal) { out.append(literal) }
            if part.hasSuffix("*") {
                let longer = literal + "x"
                if !out.contains(longer) { out.append(longer) }
            }
        }
        return out
    }

    static func diagnostic(for v: RouteVerdict, file: String) -> Diagnostic? {
        guard !v.ok else { return nil }
        let values = v.someValuesPhrase
        let code: DiagnosticCode
        let message: String
        let hint: String
        switch (v.route.expect, v.failingDecision ?? .noMatch) {
        case (.app, .exclude):
            code = .dal702
            message = "\(v.route.text) must open \(v.appID) on Android but is excluded\(values): \(v.explanation)"
            hint = "Narrow the exclude rule, or put a rule for this route before it in dynamic_app_link_components."
        case (.app, _):
            code = .dal701
            message = "\(v.route.text) must open \(v.appID) on Android but does not\(values): \(v.explanation)"
            hint = v.explanation.contains("no intent filter Android verifies")
                ? "Give the app's intent filter for the host android:autoVerify=\"true\", action VIEW, categories BROWSABLE and DEFAULT and only http/https schemes, and ship the update."
                : v.explanation.contains("not verified") || v.explanation.contains("cannot be used")
                ? "Serve a statement granting delegate_permission/common.handle_all_urls to \(v.appID) with its signing certificate's SHA-256."
                : v.explanation.contains("intent filters")
                ? "Add the path to the app's intent filter for the host (path, pathPrefix or pathPattern)."
                : "Add a dynamic rule such as {\"/\": \"\(RouteCheck.suggestion(v.route.path))\"} before the rules that keep it in the browser."
        case (.web, _):
            code = .dal703
            message = "\(v.route.text) must stay on the web for \(v.appID) on Android but opens the app\(values): \(v.explanation)"
            hint = "Put an exclude rule for it first in dynamic_app_link_components: {\"/\": \"\(RouteCheck.suggestion(v.route.path))\", \"exclude\": true}."
        }
        return Diagnostic(code: code, message: message, hint: hint, location: v.route.location, source: .routes, file: file)
    }
}
