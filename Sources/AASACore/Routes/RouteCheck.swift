/// The outcome of judging a route list against a document.
public struct RouteCheckResult: Sendable {
    public var verdicts: [RouteVerdict]
    /// AASA701–AASA705 (the route file's findings carry its line; AASA704 points into the
    /// domain file).
    public var diagnostics: [Diagnostic]
    /// Routes judged (entries of the list, whatever lines they are on).
    public var routeCount: Int
    /// Whether Apple's systems refuse the file judged (``refused(by:)``): no route opens the
    /// app on devices.
    public var isRefused = false
    /// Sentences about routes left unjudged, for the report's notes (Android's `web` routes
    /// that only the unread manifest decides).
    public var notes: [String] = []

    public init(verdicts: [RouteVerdict], diagnostics: [Diagnostic], routeCount: Int, isRefused: Bool = false) {
        self.verdicts = verdicts
        self.diagnostics = diagnostics
        self.routeCount = routeCount
        self.isRefused = isRefused
    }

    /// `N routes, M open the app as expected` for the summary line; with several apps,
    /// `N routes for K apps (V verdicts), M open the app as expected`, so verdicts are not
    /// counted as routes.
    public var summary: String {
        let routes = routeCount
        let asExpected = verdicts.filter { $0.ok && $0.route.expect == .app }.count
        let web = verdicts.filter { $0.ok && $0.route.expect == .web }.count
        let apps = Set(verdicts.map(\.appID)).count
        let judged = apps > 1 ? " for \(apps) apps (\(verdicts.count) verdicts)" : ""
        var s = "\(routes) route\(routes == 1 ? "" : "s")\(judged), \(asExpected) open\(asExpected == 1 ? "s" : "") the app as expected"
        if web > 0 { s += ", \(web) stay\(web == 1 ? "s" : "") on the web as expected" }
        if isRefused { s += "; Apple's systems do not read the file, so on devices no route opens the app" }
        return s
    }
}

extension RouteCheckResult {
    /// The verdicts as devices meet them when Apple's systems refuse the whole file
    /// (`refusal`, ``ValidationResult/rejection``): the file as written still decides what
    /// each verdict shows, but a route that must open the app does not on devices, so it is no
    /// longer `ok` (the refusal itself is the error; no AASA701 is added per route). Routes
    /// that must stay on the web do.
    public func refused(by refusal: Diagnostic) -> RouteCheckResult {
        var out = self
        out.isRefused = true
        for i in out.verdicts.indices where out.verdicts[i].route.expect == .app && out.verdicts[i].ok {
            out.verdicts[i].ok = false
            out.verdicts[i].explanation = "the file as written opens the app here, but Apple's systems do not read the file (\(refusal.code)), "
                + "so on devices it does not; " + out.verdicts[i].explanation
        }
        return out
    }
}

/// Runs the route contract check (spec `diagnostics.md` 7xx).
public enum RouteCheck {
    /// Judges `routes` (a parsed list) against the document for each app ID (every applinks app
    /// of the file when `appIDs` is empty).
    /// - Parameters:
    ///   - routesFile: the route list's label for findings.
    ///   - judgeRules: whether to report include rules no route uses (AASA704); `false` when
    ///     the list was not read whole (``RouteListReading/judgesRules``).
    public static func run(matcher: DocumentMatcher, domain: String, routes: [RouteSpec], appIDs: [String],
                           routesFile: String, judgeRules: Bool = true) -> RouteCheckResult {
        let judge = RouteJudge(matcher: matcher, domain: domain)
        let apps = appIDs.isEmpty ? matcher.appIDs : appIDs
        var verdicts: [RouteVerdict] = []
        var diagnostics: [Diagnostic] = []
        for appID in apps {
            for route in routes {
                let v = judge.judge(route, appID: appID)
                verdicts.append(v)
                if let d = diagnostic(for: v, file: routesFile) { diagnostics.append(d) }
            }
            for rule in judgeRules ? judge.unusedRules(routes, appID: appID) : [] {
                let list = rule.rule.isLegacyPath ? "paths" : "components"
                let detail = matcher.entry(for: appID)?.entry.index ?? 0
                diagnostics.append(Diagnostic(code: .aasa704,
                                              message: "details[\(detail)].\(list)[\(rule.rule.index)] `\(rule.rule.text)` matches none of the listed routes for \(appID)",
                                              hint: "Add the route the app handles for it to the route list, or remove the rule so those URLs stay on the web.",
                                              pointer: rule.rule.ref.pointer, location: rule.rule.ref.location))
            }
        }
        return RouteCheckResult(verdicts: verdicts, diagnostics: diagnostics, routeCount: routes.count)
    }

    /// Parses and runs in one step, for local inputs and the code examples.
    public static func run(document: AASADocument, domain: String, routeList: [UInt8], appIDs: [String] = [],
                           routesFile: String = "routes") -> RouteCheckResult {
        let reading = RouteList.read(routeList)
        var result = run(matcher: DocumentMatcher(document: document, host: domain), domain: domain,
                         routes: reading.routes, appIDs: appIDs, routesFile: routesFile, judgeRules: reading.judgesRules)
        result.diagnostics = reading.diagnostics(file: routesFile) + result.diagnostics
        return result
    }

    static func diagnostic(for v: RouteVerdict, file: String) -> Diagnostic? {
        if v.coverage == .undecided {
            return Diagnostic(code: .aasa405, message: "\(v.route.text) for \(v.appID): \(v.explanation); it is not reported as failing",
                              hint: "Long routes with many placeholders against many overlapping rules are costly to judge; a route with fewer placeholders, or rules with distinct literal prefixes, can be judged.",
                              location: v.route.location, source: .routes, file: file)
        }
        guard !v.ok else { return nil }
        let place = v.route.location
        let rule = v.rule.map { "\($0.isLegacyPath ? "paths" : "components")[\($0.index)] `\($0.text)`" } ?? "no rule"
        let values = v.someValuesPhrase
        let code: DiagnosticCode
        let message: String
        var hint: String
        switch (v.route.expect, v.failingDecision ?? .noMatch) {
        case (.app, .exclude):
            code = .aasa702
            let excluder = v.coverage == .sometimes ? "an exclude rule" : "the exclude rule details[\(v.detail ?? 0)].\(rule)"
            message = "\(v.route.text) must open the app for \(v.appID) but is excluded by \(excluder)\(values)"
            hint = "Narrow the exclude rule, or put an include rule for this route before it."
        case (.app, _):
            code = .aasa701
            message = "\(v.route.text) must open the app for \(v.appID) but matches no rule\(values)"
            hint = "Add a rule such as {\"/\": \"\(suggestion(v.route.path))\"} to details[\(v.detail.map(String.init) ?? "…")].components."
        case (.web, _):
            code = .aasa703
            let opener = v.coverage == .sometimes ? "a rule (e.g. for \(v.matchExample ?? ""))" : "details[\(v.detail ?? 0)].\(rule)"
            message = "\(v.route.text) must stay on the web for \(v.appID) but opens the app through \(opener)"
            hint = "Put an exclude rule for it before the rule that opens it: {\"/\": \"\(suggestion(v.route.path))\", \"exclude\": true}."
        }
        if v.failingDecision == .noMatch && v.route.expect == .app && v.detail == nil {
            hint = v.explanation.hasPrefix("the URL's host")
                ? "The route is on another host than the file checked; check it against that host's file, or write it as a path."
                : "No details entry lists \(v.appID): add it to appIDs."
        }
        return Diagnostic(code: code, message: message, hint: hint, location: place, source: .routes, file: file)
    }

    /// A pattern for a route: placeholders become `*`.
    static func suggestion(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { RouteList.placeholderName($0) != nil ? "*" : String($0) }.joined(separator: "/")
    }
}
