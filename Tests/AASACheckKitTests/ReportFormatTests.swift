import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
import AASACore

/// The page's structure and text as `scripts/report-check.py outline` reads them with
/// Python's `html.parser`.
struct PageOutline {
    let tags: [String: Int]
    let problems: [String]
    let banners: [(verdict: String, title: String)]
    let sections: [String]
    let tables: [(cls: String, headers: [String], rows: Int)]
    let external: [String]
    let text: String

    init(html: String) throws {
        let path = try temporaryFile(Array(html.utf8), name: UUID().uuidString + ".html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let json = try ReportTool.run(["outline", path])
        tags = json["tags"] as? [String: Int] ?? [:]
        problems = json["problems"] as? [String] ?? ["no outline"]
        banners = (json["banners"] as? [[String: Any]] ?? []).map { ($0["verdict"] as? String ?? "", $0["title"] as? String ?? "") }
        sections = (json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        tables = (json["tables"] as? [[String: Any]] ?? []).map {
            ($0["class"] as? String ?? "", $0["headers"] as? [String] ?? [], $0["rows"] as? Int ?? 0)
        }
        external = json["external"] as? [String] ?? []
        text = json["text"] as? String ?? ""
    }

    /// Self-contained and well formed: no script, nothing loaded from elsewhere, every tag closed in order.
    var isSelfContained: Bool { problems.isEmpty && tags["script"] == nil && external.isEmpty && tags["style"] == 1 }
}

/// `scripts/report-check.py`, the test's reader of HTML and PNG files.
enum ReportTool {
    static func run(_ args: [String]) throws -> [String: Any] {
        let script = packageRoot.appendingPathComponent("scripts/report-check.py").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-check-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let command = (["python3", script] + args).map { "'\($0)'" }.joined(separator: " ")
        let result = try #require(Harness.runShell(command, outputPath: out))
        try #require(result.status == 0, "report-check.py failed: \(String(decoding: result.output, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
    }
}

/// `--format html` and `--format markdown` on local inputs, and their escaping.
@Suite struct ReportFormatTests {
    static let soar = fixturePath("routes/soar-starter-aasa.json")
    static let soarRoutes = fixturePath("routes/soar-starter.routes")
    static let broken = fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")

    @Test(arguments: [
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("a & b \"c\"", "a &amp; b &quot;c&quot;"),
        ("right-to-left \u{202E}txt", "right-to-left \\u{202E}txt"),
        ("bell \u{07} and\nnewline", "bell \\u{7} and\\nnewline"),
        ("plain /path/*", "plain /path/*"),
    ])
    func htmlTextCannotBecomeMarkup(_ input: String, _ expected: String) {
        #expect(HTMLPage.text(input) == expected)
    }

    @Test(arguments: [
        ("**bold** _it_ `code`", #"\*\*bold\*\* \_it\_ \`code\`"#),
        ("a | b", #"a \| b"#),
        ("[link](https://evil.example) ![img](x)", "\\[link\\](https:\u{200D}//evil.example) !\\[img\\](x)"),
        ("<img src=x> &amp;", "&lt;img src=x&gt; &amp;amp;"),
        ("@team #12 ~~gone~~", "&#64;\u{200D}team &#35;\u{200D}12 \\~\\~gone\\~\\~"),
        ("back\\slash", #"back\\slash"#),
        ("line\nbreak", #"line\\nbreak"#),
    ])
    func markdownInlineCannotBecomeMarkup(_ input: String, _ expected: String) {
        #expect(MarkdownRenderer.inline(input) == expected)
    }

    /// A host, URL or origin cell is a code span — no link on GitHub and no joiner in a copied
    /// host — unless a span cannot hold it; then it is inline text, escaped and broken.
    @Test(arguments: [
        ("https://www.shop.example/a_b*?q=[x]", "`https://www.shop.example/a_b*?q=[x]`"),
        ("shop.example", "`shop.example`"),
        ("right-to-left \u{202E}txt", "`right-to-left \\u{202E}txt`"),
        ("line\nbreak.example", "`line\\nbreak.example`"),
        ("a|b.example", #"a\|b.example"#),
        ("tick`.example", #"tick\`.example"#),
        (" www.lead.example", " www\u{200D}.lead.example"),
        ("", ""),
    ])
    func markdownNameIsACodeSpan(_ input: String, _ expected: String) {
        let shown = MarkdownRenderer.name(input)
        #expect(shown == expected)
        if shown.hasPrefix("`") { #expect(!shown.unicodeScalars.contains("\u{200D}")) }
    }

    @Test func validateHTMLHasABannerFindingsAndTheRuleTableWithDeadRules() throws {
        let doc = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/shop/sale/*"}, {"/": "/search?q=*"}, {"/": "/admin/*", "exclude": true}]}]}}"#.utf8),
                                    name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: doc) }
        let r = run(["validate", "--format", "html", doc, Self.broken])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems) \(page.external)")
        #expect(page.banners.map(\.verdict) == ["failed", "ok", "failed"], "run, then each file")
        #expect(page.banners.dropFirst().map(\.title) == [doc, Self.broken])
        #expect(page.tables.first?.cls == "overview")
        let rules = try #require(page.tables.first { $0.cls == "rules" })
        #expect(rules.headers == ["components", "Rule", "Decides", "Note"])
        #expect(rules.rows == 5)
        #expect(r.stdout.contains(#"<tr class="dead"><td class="num">1</td>"#), "the rule /shop/* hides is marked dead")
        #expect(page.text.contains("Never decides: details[0].components[1] `{\"/\":\"/shop/sale/*\"}` can never decide"))
        #expect(page.text.contains("Never decides: the path pattern \"/search?q=*\""))
        #expect(page.text.contains("keeps on the web") && page.text.contains("opens the app"))
        // Findings by severity with the source line and its caret.
        #expect(page.text.contains("Errors (1)") && page.text.contains("Warnings (2)"))
        #expect(r.stdout.contains(#"<span class="caret">^</span></pre>"#))
    }

    @Test func routesHTMLHasTheRouteByAppMatrix() throws {
        let routes = try temporaryFile(Array("/todos\n/trail/:id\n/auth-callback web\n/redeem-code\n".utf8), name: UUID().uuidString + ".routes")
        let doc = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.a", "K7Q2M9XW3P.com.example.b"], "components": [{"/": "/auth-callback", "exclude": true}, {"/": "/todos"}, {"/": "/trail/????"}]}]}}"#.utf8),
                                    name: UUID().uuidString + ".json")
        defer {
            try? FileManager.default.removeItem(atPath: routes)
            try? FileManager.default.removeItem(atPath: doc)
        }
        let r = run(["routes", doc, "--routes", routes, "--format", "html"])
        #expect(r.status == 1)
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems)")
        let matrix = try #require(page.tables.first { $0.cls == "matrix" })
        #expect(matrix.headers == ["Route", "Expects", "K7Q2M9XW3P.com.example.a", "K7Q2M9XW3P.com.example.b"])
        #expect(matrix.rows == 5)
        #expect(page.text.contains("sometimesopens: /trail/aaaa; not: /trail/zz"), "a placeholder route shows a value on each side")
        #expect(r.stdout.contains(#"<td class="bad" title="no rule of details[0] matches"#))
        // The rule table says which listed routes each rule decides.
        let rules = try #require(page.tables.first { $0.cls == "rules" })
        #expect(rules.headers == ["components", "Rule", "Decides", "Listed routes it decides", "Note"])
        #expect(r.stdout.contains(#"<span class="ok">/todos</span> <small>(K7Q2M9XW3P.com.example.a)</small>"#))
    }

    /// `match`'s decisions from standard input go into the page as they come (past 1 MiB of
    /// rows, through a temporary file), in input order, one row per URL and app ID.
    @Test func matchHTMLHasEveryDecisionInOrder() throws {
        let count = 6_000
        let urls = (0..<count).map { $0 % 3 == 0 ? "/todos/\($0)" : ($0 % 3 == 1 ? "/help/website/\($0)" : "/elsewhere/\($0)") }
        let stdin = Array((urls.joined(separator: "\n") + "\n").utf8)
        let r = run(["match", fixturePath("harness/good.json"), "--format", "html"], stdin: stdin)
        #expect(r.status == 0)
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems)")
        let table = try #require(page.tables.first { $0.cls == "decisions" })
        #expect(table.headers == ["URL", "App ID", "Decision", "Why"])
        #expect(table.rows == count + 1, "a row per URL, and the head")
        #expect(r.stdout.utf8.count > 1 << 20, "the rows went past the buffer's memory")
        var last = r.stdout.startIndex
        for (i, url) in urls.enumerated() where i % 997 == 0 || i == count - 1 {
            let row = "<tr><td><code>\(url)</code></td><td><code>Q7Z3K8M2PX.com.aasacheck.todos</code></td><td><span class=\""
                + (i % 3 == 0 ? "app\">match" : (i % 3 == 1 ? "web\">exclude" : "web\">no_match")) + "</span></td>"
            let found = try #require(r.stdout.range(of: row, range: last..<r.stdout.endIndex), "row \(i) in order")
            last = found.upperBound
        }
    }

    @Test func markdownSummarisesFilesAndFindings() throws {
        let r = run(["validate", "--format", "markdown", Self.broken, fixturePath("corpus/aasa/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association")])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "## aasa-check validate: ❌ failed")
        #expect(lines.contains("| File | Verdict | Errors | Warnings | Infos |"))
        #expect(lines.contains { $0.hasPrefix("| \(MarkdownRenderer.inline(Self.broken)) | ❌ failed | 1 |") })
        #expect(lines.contains("| Severity | Code | Where | Message |"))
        let rows = lines.filter { $0.hasPrefix("| ❌ error") || $0.hasPrefix("| ⚠️ warning") || $0.hasPrefix("| ℹ️ info") }
        #expect(rows.first?.hasPrefix("| ❌ error | AASA203 |") == true, "errors first")
        // Every table row has exactly its five or four cells: no text added a cell.
        for row in lines where row.hasPrefix("| ") {
            let cells = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count - 1
            #expect(cells == 4 || cells == 5, "\(row)")
        }
    }

    /// A run with more findings than a comment holds is cut at a length GitHub accepts.
    @Test func markdownIsCutToFitAComment() throws {
        let rules = (0..<1500).map { #"{"/": "/dead/\#($0)/*"}"# }.joined(separator: ", ")
        let doc = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}, \#(rules)]}]}}"#.utf8),
                                    name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: doc) }
        let text = run(["validate", doc, "--json"])
        let summary = try #require(try text.json()["summary"] as? [String: Any])
        let total = (summary["errors"] as? Int ?? 0) + (summary["warnings"] as? Int ?? 0) + (summary["infos"] as? Int ?? 0)
        #expect(total == 1501, "AASA401 for the catch-all, AASA402 for each of the 1500 rules it hides (past 100 counted, not listed)")
        let r = run(["validate", "--format", "markdown", doc])
        #expect(r.stdout.utf16.count <= 65_536)
        #expect(r.stdout.utf8.count <= 65_536)
        let shown = r.stdout.split(separator: "\n").filter { $0.hasPrefix("| ⚠️ warning") || $0.hasPrefix("| ℹ️ info") }.count
        #expect(shown > 90)
        // 101 are listed in every format (the first 100 AASA402 and the AASA401); those that did
        // not fit are said to be elsewhere, the 1400 past the cap to be listed nowhere.
        if shown < 101 {
            #expect(r.stdout.contains("_and \(101 - shown) more finding\(101 - shown == 1 ? "" : "s") not shown here for want of room (the html, json or text report lists them)_"))
        }
        #expect(r.stdout.contains("_and 1400 more findings past the first 100 of their code in one file, counted but listed in no format_"))
        #expect(!r.stdout.contains("has them all"))
    }

    /// Issue 22: the HTML of many entries of dead rules (a catch-all, then 150 rules it hides,
    /// 20 times) stays a small multiple of its input: the rule table stops at 2,000 rows and
    /// gives each dead rule a short reason (it repeated the covering rule's text in every row).
    @Test func htmlRuleTableOfManyDeadRulesIsBounded() throws {
        let long = String(repeating: "x", count: 150)
        let entries = (0..<20).map { e in
            #"{"appIDs": ["ABCDE12345.com.example.app\#(e)"], "components": [{"/": "/*", "?": {"\#(long)": "*"}}, "#
                + (0..<150).map { #"{"/": "/\#($0)*", "?": {"\#(long)": "?*"}}"# }.joined(separator: ", ") + "]}"
        }.joined(separator: ", ")
        let bytes = Array(#"{"applinks": {"details": [\#(entries)]}}"#.utf8)
        let doc = try temporaryFile(bytes, name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: doc) }
        let r = run(["validate", "--format", "html", doc])
        #expect(r.status == 0 || r.status == 1)
        #expect(r.stdout.utf8.count < 4 * bytes.count, "\(r.stdout.utf8.count) bytes of HTML from \(bytes.count)")
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems)")
        let shown = r.stdout.components(separatedBy: "<tr class=\"live\">").count + r.stdout.components(separatedBy: "<tr class=\"dead\">").count - 2
        #expect(shown == RuleTable.totalRowLimit, "rows of rules shown")
        // 13 entries of 151 rules whole, 37 rules of the 14th, the 6 others counted.
        #expect(r.stdout.contains("<td colspan=\"3\">and 114 more rules</td>"))
        #expect(r.stdout.contains("6 more entries with 906 rules not shown"))
        // A dead rule's reason quotes the covering rule cut short.
        let reasons = r.stdout.components(separatedBy: "<strong>Never decides:</strong> ").dropFirst()
        #expect(reasons.count > 1_900)
        // At most the limit, `…` and the length it had.
        #expect(reasons.allSatisfy { ResultKindTests.readable(String($0.prefix { $0 != "<" })).count <= RuleTable.reasonLimit + 20 })
    }

    /// Issue 22: `coverage` of 500 apps, each deciding its own sections, in Markdown: under
    /// GitHub's limit (it was 111,218 characters), the first apps' tables shown and the others
    /// counted. The golden `coverage.markdown` is the neighbour: a few apps, every table.
    @Test func markdownCoverageOfManyAppsFitsAComment() throws {
        let apps = (0..<500).map { "ABCDE12345.com.example.app\($0)" }
        let details = apps.enumerated().map { #"{"appIDs": ["\#($1)"], "components": [{"/": "/s\#($0)/*"}]}"# }.joined(separator: ", ")
        let doc = try temporaryFile(Array(#"{"applinks": {"details": [\#(details)]}}"#.utf8), name: UUID().uuidString + ".json")
        let urls = (0..<3000).map { "<url><loc>https://shop.example/s\($0 % 600)/p\($0)</loc></url>" }.joined()
        let sitemap = try temporaryFile(Array(#"<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\#(urls)</urlset>"#.utf8),
                                        name: UUID().uuidString + ".xml")
        defer {
            try? FileManager.default.removeItem(atPath: doc)
            try? FileManager.default.removeItem(atPath: sitemap)
        }
        let r = run(["coverage", doc, "--domain", "shop.example", "--sitemap", sitemap, "--format", "markdown"])
        #expect(r.status == 0)
        #expect(r.stdout.utf16.count <= 65_536 && r.stdout.utf8.count <= 64_000, "\(r.stdout.utf16.count)")
        let headings = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ABCDE12345.com.example.app") }
        #expect(headings.first == "ABCDE12345.com.example.app0: 5 of 3,000 pages open the app")
        #expect(headings.count > 5)
        #expect(r.stdout.contains("_and \(500 - headings.count) more apps (the json report has every table)_"))
        // Each table shown is whole up to its "and N more sections".
        #expect(r.stdout.contains("| /s0 | 5 | 5 | 0 | 0 |"))
    }

    /// Issue 21: the overview of an `.ipa` whose bundles fail says failed, with their counts,
    /// and lists the bundles under it (it marked the `.ipa` ok above failing bundles).
    @Test(arguments: ["html", "markdown"])
    func anIPAWithFailingBundlesIsFailedAboveThem(_ format: String) throws {
        let ipa = BuiltAppCommandTests.apps + "/SoarStarterSwift.ipa"
        let listing = BuiltAppCommandTests.listing.replacingOccurrences(
            of: #""appclips": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip"]}"#, with: #""appclips": {"apps": []}"#)
        let file = try temporaryFile(Array(listing.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = run(["entitlements", ipa, "--domain-file", "soarstarter.com=\(file)", "--domain-file", "www.soarstarter.com=\(file)",
                     "--format", format])
        #expect(r.status == 1)
        let app = ipa + ":Payload/SoarStarterSwift.app"
        let clip = app + "/AppClips/SoarStarterClip.app"
        if format == "html" {
            let page = try PageOutline(html: r.stdout)
            #expect(page.isSelfContained, "\(page.problems)")
            // The run, the .ipa (failed: its bundles' two errors), then each bundle under it.
            let titles = page.banners.map(\.title)
            let at = try #require(titles.firstIndex(of: ipa), "\(titles)")
            #expect(Array(titles[at...].prefix(3)) == [ipa, app, clip], "\(titles)")
            #expect(page.banners[at...].prefix(3).map(\.verdict) == ["failed", "failed", "failed"], "\(page.banners)")
            let rows = r.stdout.components(separatedBy: "<tr").filter { $0.contains("href=\"#file-") && $0.contains("SoarStarterSwift.ipa") }
            #expect(rows.count == 3)
            #expect(rows.first?.contains("\(HTMLPage.text(ipa))</a></td><td class=\"bad\">failed</td><td class=\"num\">2</td>") == true,
                    "\(rows.first ?? "")")
            #expect(rows.dropFirst().allSatisfy { $0.hasPrefix(" class=\"inner\"><td>↳ ") })
        } else {
            let lines = r.stdout.split(separator: "\n").map(String.init)
            let rows = lines.filter { $0.hasPrefix("| ") && $0.contains("SoarStarterSwift.ipa") && ($0.contains("failed |") || $0.contains("ok |")) }
            #expect(rows.count == 3, "\(rows)")
            #expect(rows.first == "| \(MarkdownRenderer.inline(ipa)) | ❌ failed | 2 | 0 | 0 |", "\(rows.first ?? "")")
            #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("| ↳ ") && $0.contains("❌ failed | 1 |") }, "\(rows)")
        }
    }

    /// The neighbour: an `.ipa` whose bundles pass is ok, its bundles under it (with no findings
    /// they have no row of their own).
    @Test(arguments: ["html", "markdown"])
    func anIPAWhoseBundlesPassIsOk(_ format: String) throws {
        let ipa = BuiltAppCommandTests.apps + "/SoarStarterSwift.ipa"
        let file = try temporaryFile(Array(BuiltAppCommandTests.listing.utf8), name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = run(["entitlements", ipa, "--domain-file", "soarstarter.com=\(file)", "--domain-file", "www.soarstarter.com=\(file)",
                     "--format", format])
        #expect(r.status == 0)
        if format == "html" {
            let page = try PageOutline(html: r.stdout)
            #expect(page.banners.map(\.verdict) == ["ok", "ok"], "\(page.banners)")
        } else {
            #expect(r.stdout.contains("| \(MarkdownRenderer.inline(ipa)) | ✅ ok | 0 | 0 | 0 |"))
        }
    }

    @Test(arguments: ["html", "markdown"])
    func explainDocumentsCodes(_ format: String) throws {
        let r = run(["explain", "--format", format, "AASA319"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("AASA319"))
        if format == "html" {
            let page = try PageOutline(html: r.stdout)
            #expect(page.isSelfContained)
            #expect(page.text.contains("Passing example"))
        } else {
            #expect(r.stdout.hasPrefix("## AASA319 (warning)\n"))
            #expect(r.stdout.contains("~~~\n{\"applinks\""))
        }
    }
}

/// The HTML report of `check` against the harness, read by a browser and an HTML parser, and
/// server text that looks like markup shown as text in HTML and Markdown.
@Suite("HTML and Markdown reports of check")
struct CheckReportTests {
    func check(_ args: [String]) async throws -> Run {
        let args = ["check"] + args + (try harnessNetwork())
        return await offPool { run(args) }
    }

    /// Good (provenance-emu.com serves its real file from the corpus, `Fixtures/demo`),
    /// redirect, HTML fallback, bot-blocked, stale CDN.
    static let hosts = ["provenance-emu.com", "redirect.aasa.test", "spa.aasa.test", "botblock.aasa.test", "stale.aasa.test"]

    /// The page in headless Chromium: the screenshot, and the URLs the page itself requested
    /// (from Chromium's net log; its own background requests are not the page's).
    func browse(_ html: String, in dir: URL) async throws -> (png: URL, ink: [String: Any], requests: [String]) {
        let name = UUID().uuidString
        let page = dir.appendingPathComponent("\(name).html")
        let png = dir.appendingPathComponent("\(name).png")
        let netlog = dir.appendingPathComponent("\(name).netlog.json")
        try Data(html.utf8).write(to: page)
        let command = "chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars "
            + "--disable-background-networking --disable-component-update --no-first-run "
            + "--user-data-dir='\(dir.path)/profile-\(name)' --log-net-log='\(netlog.path)' "
            + "--window-size=1280,1600 --screenshot='\(png.path)' 'file://\(page.path)'"
        let shot = await offPool { Harness.runShell(command, outputPath: dir.appendingPathComponent("\(name).out").path) }
        let result = try #require(shot, "chromium could not be started")
        try #require(FileManager.default.fileExists(atPath: png.path),
                     "no screenshot (chromium exit \(result.status)): \(String(decoding: result.output.suffix(2000), as: UTF8.self))")
        let requests = try ReportTool.run(["requests", netlog.path])
        return (png, try ReportTool.run(["ink", png.path]), requests["page"] as? [String] ?? ["no net log"])
    }

    /// The acceptance test of issue 14: good, redirect, HTML fallback, bot-blocked, stale CDN.
    /// `AASA_UPDATE_SCREENSHOT=1` also writes the screenshot to `docs/report.png` (the README's).
    @Test func multiDomainHTMLRendersInABrowser() async throws {
        let r = try await check(Self.hosts + ["--format", "html"])
        #expect(r.status == 1)
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems) \(page.external)")
        #expect(page.sections == ["domain-1", "domain-2", "domain-3", "domain-4", "domain-5"])
        #expect(page.banners.map(\.verdict) == ["failed", "ok", "failed", "failed", "failed", "ok"])
        #expect(page.banners.dropFirst().map(\.title) == Self.hosts)
        let overview = try #require(page.tables.first)
        #expect(overview.cls == "overview" && overview.rows == 6)
        let fetches = page.tables.filter { $0.cls == "fetches" }
        #expect(fetches.count == 5)
        #expect(fetches.allSatisfy { $0.headers == ["Request", "URL", "Status", "Content-Type", "Size", "Time", "Details"] })
        // The CDN's own words, its cache age, the redirect's target, the browser retry.
        #expect(page.text.contains("Apple-Failure-Reason: SWCERR00101 Bad HTTP Response: 403 Forbidden"))
        #expect(page.text.contains("Cache age: 23 h 53 min of max-age 1 h (due for a refresh)"))
        #expect(page.text.contains("Location: https://www.redirect.aasa.test/.well-known/apple-app-site-association"))
        #expect(page.text.contains("Browser retry"))
        #expect(page.text.contains("AASA113") && page.text.contains("AASA109") && page.text.contains("AASA502"))
        #expect(page.tables.contains { $0.cls == "rules" }, "the served file's rules")
        // The real file's exclude rule that a broader rule before it hides, marked dead.
        #expect(page.text.contains("Never decides: the exclude rule details[0].components[3] `{\"/\":\"/skins/install\",\"exclude\":true}` never excludes anything"))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = try await browse(r.stdout, in: dir)
        #expect(shot.ink["width"] as? Int == 1280 && shot.ink["height"] as? Int == 1600)
        let inked = try #require(shot.ink["ink"] as? Double)
        #expect(inked > 0.03 && inked < 0.6, "a page with text, tables and coloured banners, not a blank or solid screen: \(inked)")
        #expect(shot.requests.isEmpty, "the page loads nothing: \(shot.requests)")
        // The same reading sees what a page with external resources asks for.
        let leaky = "<!DOCTYPE html><html><head><style>body { background: url(http://bg.aasa.test/a.png) }</style></head>"
            + "<body><img src=\"https://img.aasa.test/b.png\" alt=\"\"><p>text</p></body></html>"
        let control = try await browse(leaky, in: dir)
        #expect(Set(control.requests) == ["http://bg.aasa.test/a.png", "https://img.aasa.test/b.png"])
        if ProcessInfo.processInfo.environment["AASA_UPDATE_SCREENSHOT"] == "1" {
            let docs = packageRoot.appendingPathComponent("docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            let target = docs.appendingPathComponent("report.png")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: shot.png, to: target)
        }
    }

    /// A body whose JSON breaks on HTML tags and Markdown, and a Content-Type holding Markdown
    /// and a tag: both appear as text.
    @Test func serverTextThatLooksLikeMarkupStaysText() async throws {
        let html = try await check(["markup.aasa.test", "--no-cdn", "--format", "html"])
        #expect(html.status == 1)
        let page = try PageOutline(html: html.stdout)
        #expect(page.isSelfContained, "\(page.problems) \(page.external)")
        for tag in ["img", "script", "i", "em", "b"] { #expect(page.tags[tag] == nil, "a <\(tag)> element from the server") }
        #expect(page.text.contains("[<img src=x onerror=alert(1)><script>alert(2)</script> **bold** _it_ `tick` | cell |"),
                "the body's line, shown as text in the excerpt")
        #expect(page.text.contains("text/x-md; note=**bold**|_it_|[link](https://evil.example)|<i>x</i>"))
        #expect(!html.stdout.contains("<img") && !html.stdout.contains("<i>"))

        let md = try await check(["markup.aasa.test", "--no-cdn", "--format", "markdown"])
        #expect(md.status == 1)
        #expect(md.stdout.contains("text/x-md; note=\\*\\*bold\\*\\*\\|\\_it\\_\\|\\[link\\](https:\u{200D}//evil.example)\\|&lt;i&gt;x&lt;/i&gt;"))
        #expect(!md.stdout.contains("https://"), "no URL GitHub would link")
        #expect(!md.stdout.contains("**bold**") && !md.stdout.contains("<i>") && !md.stdout.contains("[link]("))
        #expect(md.stdout.contains("| ❌ error | AASA201 | markup.aasa.test/.well-known/apple-app-site-association:2:18 | expected a value, found '&lt;' |"))
    }
}
