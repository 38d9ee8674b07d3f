/// AASA502 where Apple's CDN copy decides and the origin's file would decide otherwise: for a
/// URL (`match`), a route (`routes`, `check --routes`) or the pages of a site (`coverage`), in
/// one wording (issue 21: it had five copies with three texts).
///
/// Each finding says what the origin's file decides, what the CDN copy decides, and that
/// devices follow the copy until the CDN refreshes (spec `aasa-reference.md` §2).
public enum CopyDifference {
    /// The hint every such finding carries.
    public static let hint = "The CDN refreshes within about a day of a change; until then devices decide by its copy. There is no way to force a refresh."

    /// `match (details[0].components[3])`, `no_match`.
    public static func word(_ decision: MatchDecision, detail: Int?, component: Int?, legacyPaths: Bool = false) -> String {
        guard decision != .noMatch, let detail else { return decision.rawValue }
        let list = legacyPaths ? "paths" : "components"
        return decision.rawValue + " (details[\(detail)]" + (component.map { ".\(list)[\($0)]" } ?? "") + ")"
    }

    /// ``word(_:detail:component:legacyPaths:)`` of one decision.
    public static func word(_ m: MatchResult) -> String {
        word(m.decision, detail: m.detail, component: m.component, legacyPaths: m.rule?.isLegacyPath == true)
    }

    /// The finding for `subject` (a URL, a route, "N of the M pages") that the two copies
    /// decide differently for `appID`.
    /// - Parameters:
    ///   - origin: what the origin's file decides, in words (``word(_:)``).
    ///   - cdn: what the CDN copy decides, in words.
    ///   - verb: `decides` for URLs and pages, `judges` for routes (a verdict, not a decision).
    public static func finding(_ subject: String, appID: String, origin: String, cdn: String, host: String?,
                               verb: String = "decides", location: SourceLocation? = nil, file: String? = nil) -> Diagnostic {
        Diagnostic(code: .aasa502,
                   message: "the origin file \(verb) \(subject) otherwise for \(SafeText.value(appID)): \(origin) there, "
                       + "\(cdn) by Apple's CDN copy, which devices follow until the CDN refreshes",
                   hint: hint, location: location, target: host, source: .cdn, file: file)
    }

    /// AASA502 for each URL the origin's file decides otherwise: `deciding` by the CDN copy,
    /// `others` by the origin's file, for the same URL and apps in the same order.
    public static func urls(_ deciding: [MatchResult], _ others: [MatchResult], host: String?) -> [Diagnostic] {
        zip(deciding, others).compactMap { cdn, origin in
            guard cdn.decision != origin.decision || cdn.detail != origin.detail || cdn.component != origin.component else { return nil }
            return finding(SafeText.value(cdn.url), appID: cdn.appID, origin: word(origin), cdn: word(cdn), host: host)
        }
    }

    /// AASA502 for each route the origin's file judges otherwise (matched by app ID and line).
    public static func routes(_ deciding: [RouteVerdict], _ others: [RouteVerdict], host: String?, routesFile: String?) -> [Diagnostic] {
        var byRoute: [String: RouteVerdict] = [:]
        for v in others { byRoute[v.appID + "\u{0}\(v.route.line)"] = v }
        return deciding.compactMap { v in
            guard let o = byRoute[v.appID + "\u{0}\(v.route.line)"], o.decision != v.decision || o.ok != v.ok || o.coverage != v.coverage
            else { return nil }
            return finding(SafeText.value(v.route.text), appID: v.appID,
                           origin: o.decision.rawValue + (o.coverage.map { " (\($0.rawValue))" } ?? ""),
                           cdn: v.decision.rawValue + (v.coverage.map { " (\($0.rawValue))" } ?? ""),
                           host: host, verb: "judges", location: v.route.location, file: routesFile)
        }
    }

    /// The route findings (AASA701–AASA703) of routes the origin's file already judges as the
    /// route list expects, while the CDN copy devices read does not: their hint says the file
    /// is right and the copy is older, instead of asking for a rule the origin already has.
    /// - Parameters:
    ///   - diagnostics: the route check's findings on the deciding copy.
    ///   - deciding, others: the verdicts on the deciding copy and on the origin's file.
    public static func rehinted(_ diagnostics: [Diagnostic], deciding: [RouteVerdict], others: [RouteVerdict]) -> [Diagnostic] {
        var okAtOrigin: Set<String> = []
        for v in others where v.ok { okAtOrigin.insert(v.appID + "\u{0}\(v.route.line)") }
        guard !okAtOrigin.isEmpty else { return diagnostics }
        var failingHere: [Int: [String]] = [:]
        for v in deciding where !v.ok && okAtOrigin.contains(v.appID + "\u{0}\(v.route.line)") {
            failingHere[v.route.line, default: []].append(v.appID)
        }
        return diagnostics.map { d in
            guard [.aasa701, .aasa702, .aasa703].contains(d.code), let line = d.location?.line,
                  let apps = failingHere[line], apps.contains(where: { d.message.contains(" for \($0)") })
            else { return d }
            var d = d
            d.hint = "The origin's file already does what the route list expects; devices read Apple's CDN copy, which is older "
                + "(AASA502). Nothing to change in the file: the CDN fetches it again within about a day."
            return d
        }
    }

    /// AASA502 for the pages of a site the origin's file decides otherwise for one app.
    public static func pages(_ count: Int, of total: Int, appID: String, example: String, origin: String, cdn: String, host: String?) -> Diagnostic {
        finding("\(count.grouped) of the \(total.grouped) pages", appID: appID,
                origin: "the first, \(SafeText.value(example)): \(origin)", cdn: cdn, host: host)
    }

    /// The count past the listed ones, when a stream of URLs had more than `listed` differences.
    public static func more(_ count: Int, listed: Int, host: String?) -> Diagnostic {
        Diagnostic(code: .aasa502,
                   message: "the origin file decides \(count) more URL\(count == 1 ? "" : "s") otherwise (the first \(listed) are listed)",
                   hint: hint, target: host, source: .cdn)
    }
}
