/// A route whose verdict changes between two versions of a domain file (`aasa-check diff
/// --routes`): the route judged on OLD and on NEW for one app.
public struct RouteChange: Sendable {
    public var route: RouteSpec
    public var appID: String
    /// The verdict on OLD.
    public var before: RouteVerdict
    /// The verdict on NEW.
    public var after: RouteVerdict
    /// Whether NEW lists the app in `applinks` at all (a route of an app NEW drops is lost).
    public var newListsApp: Bool

    public init(route: RouteSpec, appID: String, before: RouteVerdict, after: RouteVerdict, newListsApp: Bool = true) {
        self.route = route
        self.appID = appID
        self.before = before
        self.after = after
        self.newListsApp = newListsApp
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
            let listed = new.entry(for: appID) != nil
            for route in routes {
                let a = before.judge(route, appID: appID)
                let b = after.judge(route, appID: appID)
                if a.decision != b.decision || a.ok != b.ok || a.coverage != b.coverage {
                    out.append(RouteChange(route: route, appID: appID, before: a, after: b, newListsApp: listed))
                }
            }
        }
        return out
    }

    /// The changes with the explanation of each side Apple's systems do not read (judged as
    /// opening no app) saying so, instead of the empty file's "no details entry lists …".
    /// - Parameters:
    ///   - old, new: the finding by which Apple's systems do not read that side, when they do not.
    public static func explainingRefusals(_ changes: [RouteChange], old: Diagnostic?, new: Diagnostic?) -> [RouteChange] {
        guard old != nil || new != nil else { return changes }
        func sentence(_ side: String, _ d: Diagnostic) -> String {
            "Apple's systems do not read the \(side) file (\(d.code)), so on devices it opens no app"
        }
        return changes.map { change in
            var change = change
            if let old { change.before.explanation = sentence("old", old) }
            if let new { change.after.explanation = sentence("new", new) }
            return change
        }
    }

    /// An error for each route that met its expectation on OLD and does not on NEW, placed at
    /// the route in the route list (`routesFile`).
    /// - Parameter newRefusal: the finding by which Apple's systems refuse NEW, when they do
    ///   (its routes were then judged as opening no app).
    public static func diagnostics(_ changes: [RouteChange], routesFile: String, newRefusal: Diagnostic? = nil) -> [Diagnostic] {
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
            func rule(_ r: Rule?, _ detail: Int?) -> String {
                guard let r, let detail else { return "" }
                return " by details[\(detail)].\(r.isLegacyPath ? "paths" : "components")[\(r.index)] `\(r.text)`"
            }
            let was = change.route.expect == .app ? "opened the app" : "stayed on the web"
            // An excluded route names the exclude rule, also where other values of a
            // placeholder route still open the app by an include rule.
            let newRule = code == .aasa702 ? rule(v.failingRule ?? v.rule, v.detail) : rule(v.rule, v.detail)
            var message = "the route \(change.route.text) \(was) with the old file\(rule(change.before.rule, change.before.detail)) and \(now) with the new one\(newRule) for \(change.appID)"
            if let newRefusal {
                message += ": Apple's systems do not read the new file (\(newRefusal.code)), so on devices it opens no app"
            } else if !change.newListsApp {
                message += ": the new file no longer lists the app"
            }
            if v.coverage == .sometimes { message += " (\(v.explanation))" }
            return Diagnostic(code: code, message: message,
                              hint: newRefusal != nil ? "Fix the new file's \(newRefusal!.code) first: until then every route of the domain stays on the web."
                                : !change.newListsApp
                                ? "Add the app ID back to a details entry of the new file, or give --app-id for the apps the route list is for."
                                : change.route.expect == .app
                                ? "Change the new file so the route opens the app again, or mark it web in the route list if it should no longer."
                                : "Add an exclude rule for the route to the new file, or mark it app in the route list if it should now open the app.",
                              pointer: nil, location: change.route.location, source: .routes, file: routesFile)
        }
    }
}
