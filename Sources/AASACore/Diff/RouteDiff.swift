/// A route whose verdict changes between two versions of a domain file (`aasa-check diff
/// --routes`): the route judged on OLD and on NEW for one app.
public struct RouteChange: Sendable {
    public var route: RouteSpec
    public var appID: String
    /// The verdict on OLD.
    public var before: RouteVerdict
    /// The verdict on NEW.
    public var after: RouteVerdict

    public init(route: RouteSpec, appID: String, before: RouteVerdict, after: RouteVerdict) {
        self.route = route
        self.appID = appID
        self.before = before
        self.after = after
    }

    /// The route did what its expectation says on OLD and no longer does on NEW: an error
    /// (AASA701 or AASA702 for a route that must open the app, AASA703 for one that must stay
    /// on the web).
    public var isRegression: Bool { before.ok && !after.ok }
    /// The route did not do what its expectation says on OLD and does on NEW.
    public var isFix: Bool { !before.ok && after.ok }
}

/// Judges a route list on two versions of a domain file and keeps the routes whose verdict
/// (decision, whether it meets its expectation, coverage of its placeholders) changes.
public enum RouteDiff {
    /// - Parameters:
    ///   - old, new: the two files' matchers.
    ///   - domain: the host the routes are checked on.
    ///   - appIDs: the apps to judge for (compare them as ``AppIdentity/canonical(_:)`` does).
    /// - Returns: the changed routes, app by app, in the list's order.
    public static func compare(_ routes: [RouteSpec], old: DocumentMatcher, new: DocumentMatcher, domain: String,
                               appIDs: [String]) -> [RouteChange] {
        let before = RouteJudge(matcher: old, domain: domain)
        let after = RouteJudge(matcher: new, domain: domain)
        var out: [RouteChange] = []
        for appID in appIDs {
            for route in routes {
                let a = before.judge(route, appID: appID)
                let b = after.judge(route, appID: appID)
                if a.decision != b.decision || a.ok != b.ok || a.coverage != b.coverage {
                    out.append(RouteChange(route: route, appID: appID, before: a, after: b))
                }
            }
        }
        return out
    }

    /// An error for each route that met its expectation on OLD and does not on NEW, placed at
    /// the route in the route list (`routesFile`).
    public static func diagnostics(_ changes: [RouteChange], routesFile: String) -> [Diagnostic] {
        changes.filter(\.isRegression).map { change in
            let v = change.after
            let code: DiagnosticCode
            let now: String
            switch (change.route.expect, v.failingDecision) {
            case (.web, _):
                code = .aasa703
                now = "now opens the app"
            case (.app, .exclude?):
                code = .aasa702
                now = "is now excluded"
            default:
                code = .aasa701
                now = "now matches no rule"
            }
            func rule(_ verdict: RouteVerdict) -> String {
                guard let r = verdict.rule, let detail = verdict.detail else { return "" }
                return " by details[\(detail)].\(r.isLegacyPath ? "paths" : "components")[\(r.index)] `\(r.text)`"
            }
            let was = change.route.expect == .app ? "opened the app" : "stayed on the web"
            var message = "the route \(change.route.text) \(was) with the old file\(rule(change.before)) and \(now) with the new one\(rule(v)) for \(change.appID)"
            if v.coverage == .sometimes { message += " (\(v.explanation))" }
            return Diagnostic(code: code, message: message,
                              hint: change.route.expect == .app
                                ? "Change the new file so the route opens the app again, or mark it web in the route list if it should no longer."
                                : "Add an exclude rule for the route to the new file, or mark it app in the route list if it should now open the app.",
                              pointer: nil, location: change.route.location, source: .routes, file: routesFile)
        }
    }
}
