import AASACore
import Foundation

/// The pieces of the HTML report (``HTMLRenderer``): escaping, the style sheet, and one
/// function per block (verdict banner, fetch table, findings, rule table, route × app matrix).
///
/// Every value that comes from a server, a file or the command line goes through ``text(_:)``:
/// characters that can hide or reorder text become visible escapes (``SafeText``), then `&`,
/// `<`, `>`, `"` and `'` become character references, so nothing read can become markup.
/// The page has no script and loads nothing: its style sheet is inline.
enum HTMLPage {
    /// Text from anywhere as HTML text or attribute value.
    /// - Parameter keepNewlines: keep line feeds (text inside `<pre>`).
    static func text(_ s: String, keepNewlines: Bool = false) -> String {
        replacing(SafeText.escape(s, keepNewlines: keepNewlines)) { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return nil
            }
        }
    }

    /// `s` with each scalar `replacement` has text for replaced by it (HTML and Markdown escaping).
    static func replacing(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// `ok`, `failed` or `incomplete` (``Verdict``).
    static func verdict(_ exitCode: Int32, errors: Int) -> String { Verdict.of(exitCode: exitCode, errors: errors) }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    static func counts(errors: Int, warnings: Int, infos: Int) -> String {
        "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "info"))"
    }

    /// The verdict banner of a domain or file: its name, verdict and counts.
    static func banner(_ name: String, verdict: String, counts: String, level: Int = 2, id: String? = nil) -> String {
        let anchor = id.map { " id=\"\($0)\"" } ?? ""
        return "<div class=\"banner \(verdict)\"\(anchor) data-verdict=\"\(verdict)\"><h\(level)>\(text(name))</h\(level)>"
            + "<p><strong>\(verdict)</strong> — \(counts)</p></div>\n"
    }

    // MARK: Fetches

    static func roleName(_ role: Fetch.Role) -> String {
        switch role {
        case .origin: return "Origin (as Apple's fetcher)"
        case .legacy: return "Legacy path"
        case .browser: return "Browser retry"
        case .cdn: return "Apple CDN"
        case .sitemap: return "Sitemap"
        case .robots: return "robots.txt"
        default: return role.rawValue
        }
    }

    /// The table of requests: what was asked, what came back, and what matters of the headers
    /// (`Location`, the CDN's `Apple-*` headers and its cache age); every header in a
    /// disclosure.
    static func fetchTable(_ fetches: [Fetch]) -> String {
        guard !fetches.isEmpty else { return "" }
        var out = "<table class=\"fetches\"><thead><tr><th>Request</th><th>URL</th><th>Status</th><th>Content-Type</th>"
            + "<th>Size</th><th>Time</th><th>Details</th></tr></thead><tbody>\n"
        for f in fetches {
            let r = f.record
            var status = r.status.map(String.init) ?? "—"
            var details: [String] = []
            if let error = r.error {
                status = "no response"
                details.append("<span class=\"error\">\(text(error.kind.rawValue)): \(text(error.message))</span>")
            }
            if let location = f.header("location") { details.append("Location: <code>\(text(location))</code>") }
            if let enc = r.contentEncoding {
                details.append("Content-Encoding: \(text(enc))" + (r.wireBytes.map { ", \($0) bytes on the wire" } ?? ""))
            }
            let apple = f.headers.filter { $0.name.hasPrefix("apple-") }
            for h in apple { details.append("\(text(displayName(h.name))): <code>\(text(h.value))</code>") }
            if f.role == .cdn, let age = cacheAge(f) { details.append(age) }
            if f.asBrowser { details.append("User-Agent: \(text(r.userAgent))") }
            if !f.headers.isEmpty {
                details.append("<details><summary>\(plural(f.headers.count, "header"))</summary><table class=\"headers\"><tbody>"
                    + f.headers.map { "<tr><th>\(text($0.name))</th><td>\(text($0.value))</td></tr>" }.joined() + "</tbody></table></details>")
            }
            let size = r.truncated ? "over \(f.bytes - 1) B" : (r.error == nil ? "\(f.bytes) B" : "—")
            let time = r.timeMs.map { "\(Int($0.rounded())) ms" } ?? "—"
            let ok = r.status == 200 ? "ok" : "bad"
            out += "<tr class=\"\(f.role.rawValue)\"><td>\(roleName(f.role))</td><td class=\"url\">\(text(r.url))</td>"
                + "<td class=\"status \(ok)\">\(text(status))</td><td>\(text(f.header("content-type") ?? "—"))</td>"
                + "<td class=\"num\">\(size)</td><td class=\"num\">\(time)</td><td>\(details.joined(separator: "<br>"))</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// `apple-failure-reason` → `Apple-Failure-Reason`.
    static func displayName(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }

    /// How old the CDN's copy is against its `max-age` (spec `aasa-reference.md` §2).
    static func cacheAge(_ f: Fetch) -> String? {
        let age = f.header("age").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        var maxAge: Int?
        if let control = f.header("cache-control") {
            for part in control.split(separator: ",") {
                let p = part.trimmingCharacters(in: .whitespaces).lowercased()
                if p.hasPrefix("max-age="), let n = Int(p.dropFirst(8)) { maxAge = n }
            }
        }
        switch (age, maxAge) {
        case (let a?, let m?):
            let left = m - a
            return "Cache age: \(duration(a)) of max-age \(duration(m))"
                + (left > 0 ? " (may refresh in \(duration(left)))" : " (due for a refresh)")
        case (let a?, nil): return "Cache age: \(duration(a))"
        case (nil, let m?): return "Cache max-age: \(duration(m))"
        default: return nil
        }
    }

    /// `23 h 53 min`, `20 min`, `45 s`.
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 48 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
        return "\(hours / 24) d \(hours % 24) h"
    }

    // MARK: Findings

    /// Findings grouped by severity, errors first, each with its source line and caret.
    static func findings(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "<p class=\"none\">No findings.</p>\n" }
        var out = ""
        for (severity, heading) in [(Severity.error, "Errors"), (.warning, "Warnings"), (.info, "Infos")] {
            let group = findings.filter { $0.diagnostic.severity == severity }
            guard !group.isEmpty else { continue }
            out += "<h4 class=\"\(severity.rawValue)\">\(heading) (\(group.count))</h4>\n<ul class=\"findings\">\n"
            for f in group { out += finding(f) }
            out += "</ul>\n"
        }
        return out
    }

    static func finding(_ f: Finding) -> String {
        let d = f.diagnostic
        let title = CodeDoc.lookup(d.code)?.title ?? ""
        var out = "<li class=\"finding \(d.severity.rawValue)\"><p class=\"head\"><span class=\"sev\">\(d.severity.rawValue)</span> "
            + "<code class=\"code\" title=\"\(text(title))\">\(d.code.rawValue)</code> <span class=\"place\">\(text(d.place))</span></p>"
            + "<p class=\"msg\">\(text(d.message))</p>"
        if let loc = d.location, let excerpt = f.excerpt {
            let gutter = String(loc.line)
            let pad = String(repeating: " ", count: gutter.count)
            out += "<pre class=\"excerpt\"><span class=\"gutter\">\(gutter) | </span>\(text(excerpt.line))\n"
                + "<span class=\"gutter\">\(pad) | </span>\(String(repeating: " ", count: excerpt.caretColumn))<span class=\"caret\">^</span></pre>"
        }
        if let hint = d.hint { out += "<p class=\"hint\">Hint: \(text(hint))</p>" }
        return out + "</li>\n"
    }

    // MARK: Rules

    /// The rule table of a file: per entry, what each rule decides, the listed routes it
    /// decides, and why a dead rule never decides.
    static func rules(_ table: RuleTable, routesGiven: Bool) -> String {
        guard !table.entries.isEmpty else { return "" }
        var out = ""
        for (i, entry) in table.entries.enumerated() {
            if entry.rules.isEmpty && entry.more > 0 {
                // Past the table's cap: the entries left are counted, not shown.
                let rest = table.entries[i...]
                let rules = rest.reduce(0) { $0 + $1.rules.count + $1.more }
                out += "<p>\(rest.count) more \(rest.count == 1 ? "entry" : "entries") with \(plural(rules, "rule")) not shown "
                    + "(the table shows \(RuleTable.totalRowLimit) rules at most; the findings name every dead rule).</p>\n"
                break
            }
            var apps = entry.appIDs.map { "<code>\(text($0))</code>" }.joined(separator: ", ")
            if entry.moreAppIDs > 0 { apps += " and \(plural(entry.moreAppIDs, "more app"))" }
            out += "<h4>details[\(entry.detail)] — \(apps.isEmpty ? "no app" : apps)</h4>\n"
            guard let list = entry.list else {
                out += "<p>Neither components nor paths: every URL of the domain opens the app.</p>\n"
                continue
            }
            guard !entry.rules.isEmpty else {
                out += "<p>An empty \(list) array: no URL opens the app.</p>\n"
                continue
            }
            out += "<table class=\"rules\"><thead><tr><th>\(list)</th><th>Rule</th><th>Decides</th>"
                + (routesGiven ? "<th>Listed routes it decides</th>" : "") + "<th>Note</th></tr></thead><tbody>\n"
            for row in entry.rules {
                let decides = row.decides == .exclude ? "<span class=\"web\">keeps on the web</span>" : "<span class=\"app\">opens the app</span>"
                var note: [String] = []
                if !row.inherited.isEmpty { note.append(text(row.inherited.trimmingCharacters(in: .whitespaces))) }
                if let dead = row.dead { note.append("<strong>Never decides:</strong> \(text(dead))") }
                if let unused = row.unused { note.append("<strong>No listed route:</strong> \(text(unused))") }
                out += "<tr class=\"\(row.dead == nil ? "live" : "dead")\"><td class=\"num\">\(row.index)</td><td class=\"rule\"><code>\(text(row.text))</code></td><td class=\"decides\">\(decides)</td>"
                if routesGiven {
                    let routes = row.routes.map { r in
                        "<span class=\"\(r.ok ? "ok" : "bad")\">\(text(r.route))</span>" + (entry.appIDs.count > 1 ? " <small>(\(text(r.appID)))</small>" : "")
                    }
                    out += "<td>\(routes.isEmpty ? "—" : routes.joined(separator: ", "))</td>"
                }
                out += "<td>\(note.joined(separator: "<br>"))</td></tr>\n"
            }
            if entry.more > 0 {
                out += "<tr><td></td><td colspan=\"\(routesGiven ? 4 : 3)\">and \(entry.more) more rules</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out
    }

    // MARK: Routes

    /// The route × app matrix: for each listed route and app, whether it opens the app, stays
    /// on the web or sometimes does (with a value on each side), marked by whether that is
    /// what the route expects.
    static func routeMatrix(_ verdicts: [RouteVerdict]) -> String {
        guard !verdicts.isEmpty else { return "" }
        var apps: [String] = []
        var routes: [RouteSpec] = []
        var cells: [String: RouteVerdict] = [:]
        func key(_ route: RouteSpec, _ app: String) -> String { "\(route.location.offset)\u{0}\(app)" }
        for v in verdicts {
            if !apps.contains(v.appID) { apps.append(v.appID) }
            if !routes.contains(where: { $0.location.offset == v.route.location.offset }) { routes.append(v.route) }
            cells[key(v.route, v.appID)] = v
        }
        var out = "<table class=\"matrix\"><thead><tr><th>Route</th><th>Expects</th>"
            + apps.map { "<th><code>\(text($0))</code></th>" }.joined() + "</tr></thead><tbody>\n"
        for route in routes {
            out += "<tr><td><code>\(text(route.text))</code></td><td>\(route.expect == .app ? "app" : "web")</td>"
            for app in apps {
                guard let v = cells[key(route, app)] else {
                    out += "<td>—</td>"
                    continue
                }
                var what: String
                switch v.coverage {
                case .sometimes?:
                    what = "sometimes<br><small>opens: <code>\(text(v.matchExample ?? ""))</code>; not: <code>\(text(v.noMatchExample ?? ""))</code></small>"
                case .always?: what = "opens"
                case .never?: what = "stays on the web"
                case .undecided?: what = "undecided<br><small>past the work limits</small>"
                case nil: what = v.decision == .match ? "opens" : "stays on the web"
                }
                if let rule = v.rule { what += "<br><small>\(rule.isLegacyPath ? "paths" : "components")[\(rule.index)]</small>" }
                out += "<td class=\"\(v.ok ? "ok" : "bad")\" title=\"\(text(v.explanation))\">\(v.ok ? "✓" : "✗") \(what)</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    // MARK: Decisions

    /// The head of `match`'s table of decisions; ``decisionRows(_:decisions:)`` follow, then
    /// ``tableEnd``.
    static let decisionsHead = "<table class=\"decisions\"><thead><tr><th>URL</th><th>App ID</th><th>Decision</th><th>Why</th></tr></thead><tbody>\n"
    static let tableEnd = "</tbody></table>\n"

    /// The rows of one URL's decisions, one per app ID; the URL in the first.
    static func decisionRows(_ url: String, decisions: [MatchResult]) -> String {
        var out = ""
        for (i, m) in decisions.enumerated() {
            let word: String
            switch m.decision {
            case .match: word = "<span class=\"app\">match</span>"
            case .exclude: word = "<span class=\"web\">exclude</span>"
            case .noMatch: word = "<span class=\"web\">no_match</span>"
            }
            out += "<tr><td>\(i == 0 ? "<code>\(text(url))</code>" : "")</td><td><code>\(text(m.appID))</code></td><td>\(word)</td><td>\(text(m.explanation))</td></tr>\n"
        }
        return out
    }

    // MARK: Coverage

    /// `coverage`: per app (apps with the same table together) a table by section — pages,
    /// open, excluded, no match, an example page of each kind — then the sitemaps read.
    static func coverage(_ report: CoverageReport) -> String {
        var out = "<p>\(report.pages.grouped) page\(report.pages == 1 ? "" : "s") of <code>\(text(report.host))</code> from "
            + "\(plural(report.sitemaps.count, "sitemap"))"
        if report.otherHostPages > 0 {
            out += "; \(report.otherHostPages.grouped) more on other hosts, counted apart"
                + (report.otherHostExample.map { " (<code>\(text($0))</code>)" } ?? "")
        }
        out += ".</p>\n"
        for (apps, rows, open) in report.groupedTables {
            out += "<h3>" + apps.map { "<code>\(text($0))</code>" }.joined(separator: ", ")
                + ": \(open.grouped) of \(report.pages.grouped) pages open the app</h3>\n"
            out += "<table class=\"coverage\"><thead><tr><th>Section</th><th>Pages</th><th>Open</th><th>Excluded</th>"
                + "<th>No match</th><th>Examples</th></tr></thead><tbody>\n"
            for row in rows.prefix(TextRenderer.maxCoverageRows * 10) {
                let examples = [("open", "app", row.matchExample), ("excluded", "web", row.excludeExample), ("no match", "web", row.noMatchExample)]
                    .compactMap { word, cls, url in url.map { "<span class=\"\(cls)\">\(word)</span> <code>\(text($0))</code>" } }
                out += "<tr><td><code>\(text(row.section))</code></td><td class=\"num\">\(row.pages.grouped)</td>"
                    + "<td class=\"num\">\(row.match.grouped)</td><td class=\"num\">\(row.exclude.grouped)</td>"
                    + "<td class=\"num\">\(row.noMatch.grouped)</td><td>\(examples.joined(separator: "<br>"))</td></tr>\n"
            }
            out += "</tbody></table>\n"
            if rows.count > TextRenderer.maxCoverageRows * 10 {
                out += "<p>\((rows.count - TextRenderer.maxCoverageRows * 10).grouped) more rows (the json report lists them).</p>\n"
            }
        }
        guard !report.sitemaps.isEmpty else { return out }
        out += "<h3>Sitemaps</h3>\n<table class=\"sitemaps\"><thead><tr><th>Sitemap</th><th>Kind</th><th>Read</th><th>Entries</th>"
            + "<th>Pages</th><th>Bytes</th></tr></thead><tbody>\n"
        for r in report.sitemaps {
            out += "<tr><td><code>\(text(r.entry.label))</code></td><td>\(r.kind?.rawValue ?? "—")</td>"
                + "<td class=\"\(r.status == .read ? "ok" : "bad")\">\(r.status.rawValue)</td><td class=\"num\">\(r.entries.grouped)</td>"
                + "<td class=\"num\">\(r.pages.grouped)</td><td class=\"num\">\(r.bytes.grouped)"
                + (r.compressedBytes.map { " (gzip \($0.grouped))" } ?? "") + "</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    // MARK: Page

    /// The page up to `<body>`: no script, no external resource; the style sheet inline.
    static func head(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<meta name=\"generator\" content=\"aasa-check \(AASACheck.version)\">\n"
            + "<title>\(text(title))</title>\n<style>\n\(style)</style>\n</head>\n<body>\n"
    }

    static let end = "</body>\n</html>\n"

    static let style = """
    :root { --ok: #17803d; --ok-bg: #e7f6ec; --bad: #b42318; --bad-bg: #fdecea; --warn: #9a6700; --warn-bg: #fff5d6;
      --info: #0b5cad; --info-bg: #e8f1fb; --line: #d0d7de; --muted: #57606a; }
    * { box-sizing: border-box; }
    body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff;
      margin: 0 auto; padding: 24px; max-width: 1200px; }
    h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 0; } h3 { font-size: 15px; margin: 20px 0 8px; }
    h4 { font-size: 14px; margin: 14px 0 6px; } h4.error { color: var(--bad); } h4.warning { color: var(--warn); } h4.info { color: var(--info); }
    code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
    code { overflow-wrap: anywhere; }
    .banner { border-left: 6px solid var(--muted); padding: 10px 14px; margin: 16px 0 8px; border-radius: 4px; background: #f6f8fa; }
    .banner p { margin: 2px 0 0; }
    .banner.ok { border-color: var(--ok); background: var(--ok-bg); } .banner.ok strong { color: var(--ok); }
    .banner.failed { border-color: var(--bad); background: var(--bad-bg); } .banner.failed strong { color: var(--bad); }
    .banner.incomplete { border-color: var(--warn); background: var(--warn-bg); } .banner.incomplete strong { color: var(--warn); }
    .run { font-size: 16px; }
    section.subject { border-top: 1px solid var(--line); margin-top: 24px; }
    table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
    th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
    thead th { background: #f6f8fa; }
    td.num { text-align: right; white-space: nowrap; }
    td.url { overflow-wrap: anywhere; max-width: 320px; }
    td.status.ok, .ok { color: var(--ok); } td.status.bad, .bad { color: var(--bad); }
    td.ok { background: var(--ok-bg); } td.bad { background: var(--bad-bg); }
    .app { color: var(--ok); font-weight: 600; } .web { color: var(--muted); font-weight: 600; }
    tr.dead td { color: var(--muted); } tr.dead td code { text-decoration: line-through; }
    table.rules td.rule { width: 32%; } table.rules td.decides { white-space: nowrap; }
    table.headers th { width: 30%; font-weight: normal; color: var(--muted); }
    details summary { color: var(--muted); cursor: pointer; }
    ul.findings { list-style: none; padding: 0; margin: 0; }
    li.finding { border: 1px solid var(--line); border-left-width: 4px; border-radius: 4px; padding: 6px 10px; margin: 6px 0; }
    li.finding.error { border-left-color: var(--bad); } li.finding.warning { border-left-color: var(--warn); }
    li.finding.info { border-left-color: var(--info); }
    li.finding p { margin: 2px 0; } .head .sev { font-weight: 700; text-transform: uppercase; font-size: 11px; }
    li.error .sev { color: var(--bad); } li.warning .sev { color: var(--warn); } li.info .sev { color: var(--info); }
    .place { color: var(--muted); overflow-wrap: anywhere; } .hint { color: var(--muted); }
    pre.excerpt { background: #f6f8fa; padding: 6px 8px; margin: 4px 0; overflow-x: auto; white-space: pre; }
    .gutter { color: var(--muted); } .caret { color: var(--bad); font-weight: 700; }
    .none { color: var(--muted); }
    tr.inner td:first-child { padding-left: 24px; }
    h4.ignored { color: var(--muted); } ul.ignored li.finding { border-left-color: var(--line); opacity: 0.8; }
    footer { margin-top: 32px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
    @media print {
      body { padding: 0; max-width: none; font-size: 11px; }
      .banner, li.finding, tr { break-inside: avoid; }
      section.subject { break-before: auto; }
      details > table { display: table; }
      a { color: inherit; text-decoration: none; }
    }

    """
}
