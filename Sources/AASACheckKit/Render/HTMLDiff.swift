import AASACore

extension HTMLPage {
    /// `diff`'s section (``HTMLRenderer``): the two files, the app IDs added or removed per
    /// service, each app's decision changes (example URL, decision before and after, the rule
    /// deciding it in OLD and in NEW), the parts not fully compared (AASA805), and the routes
    /// whose verdict changed. "No change" only when the comparison is complete.
    static func diff(_ report: DiffReport) -> String {
        var out = "<section class=\"diff\" id=\"diff\">\n<h2>Changes</h2>\n"
        out += "<p>Old: <code>\(text(report.old))</code> → new: <code>\(text(report.new))</code></p>\n"
        func state(_ s: ChangeState) -> String {
            switch s {
            case .decision(.match), .listed: return "<span class=\"app\">\(s.name)</span>"
            default: return "<span class=\"web\">\(s.name)</span>"
            }
        }
        func rule(_ l: RuleLocation?) -> String {
            guard let l else { return "<span class=\"none\">no rule</span>" }
            return "<code>\(text(l.name))</code>"
        }
        let ids = report.changes.filter { $0.kind == .appID }
        if !ids.isEmpty {
            out += "<h3>App IDs</h3>\n<table class=\"appids\"><thead><tr><th>Service</th><th>App ID</th><th>Change</th></tr></thead><tbody>\n"
            for c in ids {
                let added = c.to == .listed
                out += "<tr><td>\(c.service.rawValue)</td><td><code>\(text(c.appID))</code></td>"
                    + "<td class=\"\(added ? "ok" : "bad")\">\(added ? "newly listed" : "no longer listed")</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        let decisions = report.changes.filter { $0.kind == .decision }
        if !decisions.isEmpty {
            out += "<h3>URLs decided differently</h3>\n<table class=\"changes\"><thead><tr><th>App ID</th><th>Example URL</th>"
                + "<th>Old</th><th>New</th><th>Rule in old</th><th>Rule in new</th></tr></thead><tbody>\n"
            for c in decisions {
                let cls = c.isLoss ? " class=\"bad\"" : (c.isGain ? " class=\"ok\"" : "")
                out += "<tr\(cls)><td><code>\(text(c.appsLabel))</code></td><td class=\"url\"><code>\(text(c.example ?? ""))</code></td>"
                    + "<td>\(state(c.from))</td><td>\(state(c.to))</td><td>\(rule(c.old))</td><td>\(rule(c.new))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if !report.incomplete.isEmpty {
            out += "<h3>Not fully compared</h3>\n<ul class=\"incomplete\">\n"
            for g in report.incomplete {
                out += "<li><code>\(text(g.appID))</code> (\(text(g.reasonPhrase))): \(text(g.rulesSummary))</li>\n"
            }
            out += "</ul>\n"
        }
        if !report.routes.isEmpty {
            out += "<h3>Routes whose verdict changed</h3>\n<table class=\"routechanges\"><thead><tr><th>App ID</th><th>Route</th>"
                + "<th>Expects</th><th>Old</th><th>New</th></tr></thead><tbody>\n"
            for c in report.routes {
                let cls = c.isRegression ? "bad" : (c.isFix ? "ok" : "")
                out += "<tr><td><code>\(text(c.appID))</code></td><td><code>\(text(c.route.text))</code></td>"
                    + "<td>\(c.route.expect.rawValue)</td><td>\(text(c.before.diffPhrase))</td>"
                    + "<td\(cls.isEmpty ? "" : " class=\"\(cls)\"")>\(text(c.after.diffPhrase))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        } else if report.routesJudged {
            out += "<p>No route changes its verdict.</p>\n"
        }
        if let sentence = report.noChangeSentence {
            out += "<p>\(text(sentence))</p>\n"
        }
        return out + "</section>\n"
    }
}
