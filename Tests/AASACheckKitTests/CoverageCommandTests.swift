import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit
@testable import AASACore

/// `aasa-check coverage` (issue 15): local and fetched sitemaps, gzip, every format, bad
/// sitemaps as findings in bounded time, and counts equal to `match`'s.
let shopDirectory = fixturePath("sitemaps/shop")
let shopFile = fixturePath("sitemaps/shop/apple-app-site-association")
let shopLocalIndex = fixturePath("sitemaps/shop/sitemap_index.local.xml")

/// Runs `command` with bash (gzip, head) and requires it to succeed.
func shell(_ command: String) throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-shell-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try #require(Harness.runShell("( \(command) )", outputPath: out))
    try #require(result.status == 0, "\(command): \(String(decoding: result.output, as: UTF8.self))")
}

/// The coverage rows of a JSON report, keyed by app ID and section: [match, exclude, noMatch].
func coverageCounts(_ json: [String: Any]) -> [String: [String: [Int]]] {
    var out: [String: [String: [Int]]] = [:]
    for row in (json["coverage"] as? [[String: Any]]) ?? [] {
        let counts = ["match", "exclude", "noMatch"].map { row[$0] as? Int ?? -1 }
        out[row["appID"] as! String, default: [:]][row["section"] as! String] = counts
    }
    return out
}

@Suite struct CoverageCommandTests {
    /// The acceptance test on a real sitemap shape: every page of the shop's sitemaps (an
    /// index, image and hreflang extensions, a gzip-compressed sitemap) decided with
    /// `aasa-check match` and counted by section equals `coverage`'s table, app by app.
    @Test func countsEqualThoseOfMatchOnTheShop() throws {
        let coverage = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--json"])
        #expect(coverage.status == 0, "\(coverage.stderr)")
        let report = try coverage.json()
        let urls = try String(contentsOfFile: shopDirectory + "/urls.txt", encoding: .utf8)
        let match = run(["match", shopFile, "--domain", "shop.example", "--json"], stdin: Array(urls.utf8))
        let decisions = try #require(try match.json()["matches"] as? [[String: Any]])
        #expect(decisions.count == 931 * 3)
        var expected: [String: [String: [Int]]] = [:]
        var otherHosts = 0
        // The gzip-compressed sitemap lists three category pages twice: a page listed again in
        // one file is counted once (issue 22), so each (app, page) once here.
        var seen = Set<String>()
        for d in decisions {
            let url = d["url"] as! String
            let split = try #require(SiteCoverage.split(url, host: Array("shop.example".utf8)))
            guard split.sameHost else {
                otherHosts += 1
                continue
            }
            guard seen.insert((d["appID"] as! String) + " " + url).inserted else { continue }
            let section = SiteCoverage.section(of: split.path, depth: 1)
            let column = ["match": 0, "exclude": 1, "no_match": 2][d["decision"] as! String]!
            expected[d["appID"] as! String, default: [:]][section, default: [0, 0, 0]][column] += 1
        }
        #expect(coverageCounts(report) == expected)
        #expect(otherHosts == 3)
        let site = try #require(report["site"] as? [String: Any])
        #expect(site["pages"] as? Int == 927)
        #expect(site["otherHostPages"] as? Int == 1)
        let sitemaps = try #require(report["sitemaps"] as? [[String: Any]])
        #expect(sitemaps.map { $0["status"] as? String } == Array(repeating: "read", count: 5))
        #expect(sitemaps.last?["compressedBytes"] as? Int == 5369)
        #expect(try coverage.codes() == ["AASA707"])
    }

    @Test func depthTwoSplitsSections() throws {
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--json", "--depth", "2",
                     "--app-id", "Q7Z3K8M2PX.example.magazine"])
        let counts = coverageCounts(try r.json())["Q7Z3K8M2PX.example.magazine"] ?? [:]
        #expect(counts["/account/orders"] == [0, 0, 1])
        #expect(counts.keys.filter { $0.hasPrefix("/blog/") }.count == 180)
    }

    @Test func gzipBombIsCutAt50MB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try shell("""
            cd '\(dir)' && { printf '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://shop.example/product/1/</loc></url>'; \
            head -c 67108864 /dev/zero | tr '\\0' ' '; } | gzip -9 > bomb.xml.gz
            """)
        let started = Date()
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", dir + "/bomb.xml.gz", "--json"])
        #expect(Date().timeIntervalSince(started) < 600, "bounds a hang (minutes on a loaded machine), not a speed")
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA709" })
        let message = d["message"] as? String ?? ""
        #expect(message.contains("larger than the protocol's 50 MB"))
        #expect(message.contains("gzip-compressed bytes"))
        #expect(message.contains("the one page before it was counted"))
        let sitemap = try #require((try r.json()["sitemaps"] as? [[String: Any]])?.first)
        #expect(sitemap["bytes"] as? Int == SitemapProtocol.maxBytes)
        #expect(sitemap["status"] as? String == "partial")
    }

    @Test func corruptGzipAndMissingFilesAreFindings() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try shell("cd '\(dir)' && printf '<urlset><url><loc>https://shop.example/product/1/</loc></url></urlset>' | gzip > good.xml.gz && head -c 40 good.xml.gz > cut.xml.gz")
        let index = """
        <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>good.xml.gz</loc></sitemap><sitemap><loc>cut.xml.gz</loc></sitemap><sitemap><loc>nothere.xml</loc></sitemap>
        <sitemap><loc>file://\(dir)/good.xml.gz</loc></sitemap>
        </sitemapindex>
        """
        try index.write(toFile: dir + "/index.xml", atomically: true, encoding: .utf8)
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", dir + "/index.xml", "--json"])
        #expect(r.status == 1)
        let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        let failures = diagnostics.filter { $0["code"] as? String == "AASA708" }
        #expect(failures.count == 2)
        #expect(failures.contains { ($0["file"] as? String)?.hasSuffix("cut.xml.gz") == true })
        #expect(failures.contains { ($0["message"] as? String)?.lowercased().contains("no such file") == true })
        #expect(diagnostics.contains { $0["code"] as? String == "AASA710" && ($0["message"] as? String)?.contains("already read") == true })
        #expect(try r.json()["site"].flatMap { ($0 as? [String: Any])?["pages"] as? Int } == 1)
    }

    @Test(arguments: [
        (["coverage", "Fixtures/nothing.json"], "Fixtures/nothing.json: no such file"),
        (["coverage", shopFile, "--sitemap", shopLocalIndex], "give --domain HOST"),
        (["coverage", shopFile, "--domain", "shop.example", "--sitemap", "http://shop.example/s.xml"], "only https URLs"),
        (["coverage", shopFile, "--domain", "shop.example", "--sitemap", "nowhere.xml"], "no such file, and not an https URL"),
        (["coverage", shopFile, "--domain", "shop.example", "--depth", "0"], "--depth must be a whole number"),
        (["coverage", shopFile, "--domain", "shop.example", "--max-sitemaps", "x"], "--max-sitemaps must be"),
        (["coverage", shopFile, "https://shop.example/sitemap.xml"], "sitemaps go after --sitemap"),
        (["coverage", shopFile, "--domain", "shop.example", "--sitemaps-timeout", "0"], "--sitemaps-timeout must be greater than 0"),
        (["coverage", shopFile, "--domain", "shop.example", "--sitemaps-timeout", "nan"], "--sitemaps-timeout must be greater than 0"),
    ])
    func usageErrors(_ args: [String], message: String) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func aLocalFileTakesTheHostOfAnHTTPSSitemap() throws {
        // No request is made before the host is known: the sitemap URL names it.
        let r = run(["coverage", shopFile, "--sitemap", "https://shop.example/sitemap_index.xml", "--json",
                     "--connect-to", "::127.0.0.1:9", "--timeout", "2"])
        let site = try #require(try r.json()["site"] as? [String: Any])
        #expect(site["host"] as? String == "shop.example")
        #expect(try r.codes().contains("AASA708"))
    }

    @Test func quietShowsOnlyFindings() {
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--quiet"])
        #expect(!r.stdout.contains("pages open the app"))
        #expect(r.stdout.contains("info[AASA707]"))
    }

    /// A run that reads no page of the site never passes as a table of zeros: AASA712, an
    /// error with a hint, exit status 1, in every format (issue 15).
    @Test(arguments: ["text", "json", "jsonl", "sarif", "junit", "github", "html", "markdown"])
    func noPageReadIsAnErrorInEveryFormat(format: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>"#
            .write(toFile: dir + "/empty.xml", atomically: true, encoding: .utf8)
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", dir + "/empty.xml", "--format", format])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("AASA712"), "\(r.stdout)")
        #expect(r.stdout.contains("No page of shop.example was read"), "\(r.stdout)")
    }

    /// Why no page was read, and what to do, in each case.
    @Test func noPageReadSaysWhy() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = [
            "empty.xml": #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>"#,
            "relative.xml": "<urlset><url><loc>/products/1</loc></url></urlset>",
            "other.xml": "<urlset><url><loc>https://www.shop.example/product/1/</loc></url><url><loc>https://cdn.shop.example/x</loc></url></urlset>",
            "page.html": "<html><body>Not found</body></html>",
            "index.xml": "<sitemapindex><sitemap><loc>page.html</loc></sitemap><sitemap><loc>gone.xml</loc></sitemap></sitemapindex>",
        ]
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        func noPage(_ sitemaps: [String]) throws -> (message: String, hint: String, status: Int32) {
            let r = run(["coverage", shopFile, "--domain", "shop.example", "--json"] + sitemaps.flatMap { ["--sitemap", dir + "/" + $0] })
            let found = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "AASA712" }
            try #require(found.count == 1, "\(r.stdout)")
            #expect(found[0]["severity"] as? String == "error")
            return (found[0]["message"] as? String ?? "", found[0]["hint"] as? String ?? "", r.status)
        }
        let empty = try noPage(["empty.xml", "relative.xml"])
        #expect(empty.message == "No page of shop.example was read: the 2 sitemaps read list no page")
        #expect(empty.hint.contains("<url><loc>https://shop.example/path</loc></url>"))
        #expect(empty.status == 1)
        let other = try noPage(["other.xml"])
        #expect(other.message == "No page of shop.example was read: the sitemap read lists 2 pages of other hosts only (first: `https://www.shop.example/product/1/`)")
        #expect(other.hint.contains("--domain HOST"))
        // The index is read; page.html is not a sitemap, gone.xml is missing.
        let failed = try noPage(["index.xml"])
        #expect(failed.message == "No page of shop.example was read: none of the 2 sitemaps could be read (see the findings before)")
        #expect(failed.hint.contains("--sitemap URL|FILE"))
        // One page of the host read: no AASA712.
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--json", "--sitemap", fixturePath("sitemaps/shop/page-sitemap.xml"),
                     "--sitemap", dir + "/empty.xml"])
        #expect(try !r.codes().contains("AASA712"))
        #expect(r.status == 0)
    }

    /// A text sitemap (sitemaps.org, "Text file": one URL a line), plain or gzip-compressed,
    /// counts as the XML sitemaps listing the same pages do.
    @Test func aTextSitemapCountsAsTheXMLOnes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try shell("gzip -c '\(shopDirectory)/urls.txt' > '\(dir)/urls.txt.gz'")
        let xml = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--json"])
        for text in [shopDirectory + "/urls.txt", dir + "/urls.txt.gz"] {
            let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", text, "--json"])
            #expect(r.status == 0, "\(r.stdout)")
            let report = try r.json()
            #expect(coverageCounts(report) == coverageCounts(try xml.json()))
            #expect((report["site"] as? [String: Any])?["pages"] as? Int == 927)
            #expect((report["site"] as? [String: Any])?["otherHostPages"] as? Int == 1)
            let sitemap = try #require((report["sitemaps"] as? [[String: Any]])?.first)
            #expect(sitemap["kind"] as? String == "urlset")
            #expect(sitemap["entries"] as? Int == 931)
            #expect((sitemap["compressedBytes"] as? Int != nil) == text.hasSuffix(".gz"))
            #expect(try r.codes() == ["AASA707"])
        }
    }

    /// An empty gzip stream is an empty sitemap; a gzip stream of zeros is binary data.
    @Test func emptyAndBinaryGzipFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try shell("cd '\(dir)' && printf '' | gzip > empty.xml.gz && head -c 1048576 /dev/zero | gzip > zeros.xml.gz")
        for (file, message) in [("empty.xml.gz", "The gzip-compressed sitemap is empty: it holds no bytes once uncompressed"),
                                ("zeros.xml.gz", "The file is not a sitemap: it is not text: its first bytes hold NUL bytes (binary data is neither an XML nor a text sitemap)")] {
            let r = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", dir + "/" + file, "--json"])
            #expect(r.status == 1)
            let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.compactMap { $0["code"] as? String } == ["AASA708", "AASA712"])
            #expect(diagnostics.first?["message"] as? String == message)
            #expect(!r.stdout.contains("Unrecognized archive format") && !r.stdout.contains("UTF-16"))
        }
    }

    /// The findings' record of `--format jsonl` names SOURCE as given, as `check`'s records
    /// name the domain as given.
    @Test func theJSONLinesFindingsRecordNamesTheSource() throws {
        let r = run(["coverage", shopFile, "--domain", "shop.example", "--format", "jsonl",
                     "--sitemap", fixturePath("sitemaps/shop/page-sitemap.xml")])
        let lines = r.stdout.split(separator: "\n")
        let last = try #require(lines.last)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(record["domain"] as? String == shopFile)
        #expect(record["verdict"] as? String == "ok")
        #expect(lines.count == 10 * 3 + 1)
    }

    @Test func aFileWithoutAppsSaysSo() {
        let r = run(["coverage", Golden.input("webcredentials-only.json"), "--domain", "shop.example", "--sitemap", shopLocalIndex])
        #expect(r.stdout.contains("give --app-id"))
    }
}

@Suite("golden output, coverage")
struct CoverageGoldenTests {
    @Test(arguments: Golden.formats + ["html", "markdown"])
    func shop(format: String) throws {
        try Golden.check("coverage.\(format)", run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex,
                                                    "--format", format]))
    }

    /// Every decision, one a line (the pages of one small sitemap, two apps).
    @Test func everyDecision() throws {
        try Golden.check("coverage-pages.jsonl", run(["coverage", shopFile, "--domain", "shop.example", "--format", "jsonl",
                                                      "--sitemap", fixturePath("sitemaps/shop/page-sitemap.xml"),
                                                      "--app-id", "Q7Z3K8M2PX.example.shop.app", "--app-id", "Q7Z3K8M2PX.example.magazine"]))
    }

    @Test func quiet() throws {
        try Golden.check("coverage-quiet.text", run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--quiet"]))
    }
}

/// Sitemaps fetched from the harness: robots.txt, an index, gzip files, redirects, and an index
/// naming every kind of bad sitemap (Fixtures/harness/README.md).
@Suite("coverage against the harness", .serialized)
struct CoverageNetworkTests {
    func coverage(_ args: [String]) async throws -> Run {
        let args = ["coverage"] + args + (try harnessNetwork())
        return await offPool { run(args) }
    }

    @Test func theShopFromItsRobotsTxtEqualsTheLocalCopy() async throws {
        let fetched = try await coverage(["shop.example", "--json"])
        #expect(fetched.status == 0, "\(fetched.stdout)")
        let local = run(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex, "--json"])
        let a = try fetched.json(), b = try local.json()
        #expect(coverageCounts(a) == coverageCounts(b))
        #expect(!coverageCounts(a).isEmpty)
        let roles = (a["fetches"] as? [[String: Any]] ?? []).map { "\($0["role"] ?? "")" }
        #expect(roles == ["origin", "cdn", "robots", "sitemap", "sitemap", "sitemap", "sitemap", "sitemap"])
        let sitemaps = (a["fetches"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "sitemap" }
        #expect(sitemaps.allSatisfy { ($0["userAgent"] as? String)?.hasPrefix("aasa-check/") == true })
        // Apple's CDN copy decides (its age is AASA503), and its rule decides no page.
        #expect(try fetched.codes() == ["AASA503", "AASA707"])
        let dead = (a["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "AASA707" }
        #expect(dead?["source"] as? String == "cdn")
    }

    @Test func aRedirectOnTheSameHostIsFollowed() async throws {
        let r = try await coverage(["shop.example", "--sitemap", "https://shop.example/old-sitemap.xml", "--json",
                                    "--app-id", "Q7Z3K8M2PX.example.magazine"])
        let counts = coverageCounts(try r.json())["Q7Z3K8M2PX.example.magazine"]
        #expect(counts?["/blog"] == [180, 0, 0])
        let statuses = (try r.json()["fetches"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "sitemap" }.map { $0["status"] as? Int }
        #expect(statuses == [308, 200])
    }

    @Test func everyKindOfBadSitemapIsAFinding() async throws {
        let started = Date()
        let r = try await coverage(["sitemaps.aasa.test", "--json", "--app-id", "Q7Z3K8M2PX.example.shop.app"])
        #expect(Date().timeIntervalSince(started) < 600, "bounds a hang (minutes on a loaded machine), not a speed")
        #expect(r.status == 1)
        let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        func has(_ code: String, _ words: String) -> Bool {
            diagnostics.contains { $0["code"] as? String == code && ($0["message"] as? String)?.contains(words) == true }
        }
        #expect(has("AASA708", "answered HTTP/2 404"))
        #expect(has("AASA708", "not well-formed XML at line 3"))
        #expect(has("AASA708", "root element is <html>"))
        #expect(has("AASA708", "redirects to another host are not followed"))
        #expect(has("AASA709", "gzip-compressed bytes"))
        #expect(has("AASA710", "already read"))
        #expect(has("AASA710", "another host than its own"))
        #expect(has("AASA710", "not an https URL"))
        let counts = coverageCounts(try r.json())["Q7Z3K8M2PX.example.shop.app"] ?? [:]
        // ok.xml (5 products), encoded.xml (3 categories, gzip on the wire), moved.xml → target.xml.
        // Apple's CDN copy, which decides, has no /product-category/* rule; the origin's has.
        #expect(counts["/product"] == [5, 0, 0])
        #expect(counts["/product-category"] == [0, 0, 3])
        #expect(counts["/blog"] == [0, 0, 1])
        #expect(has("AASA502", "decides 3 of the 9 pages otherwise"))
    }

    @Test func originDecidesWhenAsked() async throws {
        let r = try await coverage(["sitemaps.aasa.test", "--origin", "--json", "--app-id", "Q7Z3K8M2PX.example.shop.app"])
        let counts = coverageCounts(try r.json())["Q7Z3K8M2PX.example.shop.app"] ?? [:]
        #expect(counts["/product-category"] == [3, 0, 0])
        #expect(try !r.codes().contains("AASA502"))
        #expect(!(try r.json()["fetches"] as? [[String: Any]] ?? []).contains { $0["role"] as? String == "cdn" })
    }

    @Test func noSitemapAnywhereIsAnErrorWithAHint() async throws {
        let r = try await coverage(["nositemap.aasa.test", "--json"])
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA708" })
        #expect((d["target"] as? String) == "https://nositemap.aasa.test/sitemap.xml")
        #expect((d["hint"] as? String)?.contains("--sitemap") == true)
        let none = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA712" })
        #expect(none["message"] as? String == "No page of nositemap.aasa.test was read: the sitemap could not be read (see the finding before)")
    }

    /// Reading every sitemap is bounded in time as a whole, not only request by request: three
    /// sitemaps on a listener that never answers, fetched one at a time with --timeout 300
    /// (connect limit 10 s), would take at least 30 s and end in three timeouts; with
    /// --sitemaps-timeout 10 the run ends at about 10 s, one finding names the three sitemaps
    /// not read, and the pages read before (page-sitemap.xml: 10 of shop.example) are kept.
    @Test func theTimeForReadingSitemapsIsBounded() async throws {
        let env = try Harness.env()
        let hanging = ["a", "b", "c"].map { "https://hang.aasa.test/\($0).xml" }
        let args = ["coverage", shopFile, "--domain", "shop.example", "--json", "--concurrency", "1", "--timeout", "300",
                    "--sitemaps-timeout", "10", "--sitemap", fixturePath("sitemaps/shop/page-sitemap.xml")]
            + hanging.flatMap { ["--sitemap", $0] } + env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath]
        let started = Date()
        let r = await offPool { run(args) }
        #expect(Date().timeIntervalSince(started) < 600, "bounds a hang (minutes on a loaded machine), not a speed")
        #expect(r.status == 1)
        let report = try r.json()
        let failures = (report["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "AASA708" }
        #expect(failures.count == 1)
        let message = failures.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("3 sitemaps were not read: the time for reading sitemaps ran out (--sitemaps-timeout 10 s): "), "\(message)")
        for url in hanging { #expect(message.contains(url), "\(message)") }
        #expect((failures.first?["hint"] as? String)?.contains("--sitemaps-timeout SECONDS") == true)
        let sitemaps = report["sitemaps"] as? [[String: Any]] ?? []
        #expect(sitemaps.map { $0["status"] as? String } == ["read", "failed", "failed", "failed"])
        #expect((report["site"] as? [String: Any])?["pages"] as? Int == 10)
        #expect(try !r.codes().contains("AASA712"))
    }
}
