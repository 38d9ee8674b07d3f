import AASAArtifacts
import AASACore
import AASANet
import Foundation

/// `aasa-check coverage SOURCE [--sitemap URL|FILE]...`: which of a site's pages open each
/// app, by site section, from the site's sitemaps (spec `cli.md`; issue 15).
public enum CoverageCommand: Command {
    public static let name = "coverage"
    public static let abstract = "Say which of a site's pages open the app, section by section, from its sitemaps."
    public static let usage = "aasa-check coverage SOURCE [--sitemap URL|FILE]... [--app-id ID]... [--domain HOST] [--depth N]"
    public static let discussion = """
    SOURCE is a local apple-app-site-association file when that path exists (then --domain
    says which host it is served for), otherwise a domain whose file is fetched; Apple's CDN
    copy decides when it is usable (devices on iOS 14 and later read it), and the pages the
    origin file would decide otherwise are AASA502; --origin decides by the origin file. Every page
    the sitemaps list is decided for each app ID (every app of the file when --app-id is not
    given) exactly as `aasa-check match` decides it, and counted by site section (the first
    path segment, or the first N with --depth N): pages, open the app, excluded, no match,
    with an example page of each. Pages of other hosts are counted apart. Rules that decide
    no page are reported (AASA707).

    Without --sitemap, the sitemaps the domain's robots.txt names (`Sitemap:` lines) are
    read, else https://HOST/sitemap.xml. Sitemap indexes are followed; gzip-compressed files
    and text sitemaps (one URL a line) are read too. Files are fetched as `check` fetches (TLS verified, no proxy, --timeout,
    --concurrency), redirects followed on the same host only, each file read as a stream to
    the protocol's 50 MB. A local index may name local files (relative paths or file: URLs);
    one from the network only https sitemaps of its own host. Each file is read once.
    Reading every sitemap (robots.txt included) takes at most --sitemaps-timeout seconds,
    by default 10 times --timeout (300 s); the sitemaps not read by then are named in an
    error (AASA708). A run that reads no page of the site is an error too (AASA712).
    --format jsonl writes every decision, one a line.
    Android: with --package (or an assetlinks.json SOURCE, or --kind assetlinks) each page is
    decided for the app as `match --package` decides it (dynamic rules; a package the list
    does not verify is DAL627 and opens no page); rules that decide no page are DAL704; a note
    says where the semantics differ from Apple's.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check coverage example.com", "The live site: its file, and the sitemaps its robots.txt names"),
        ("aasa-check coverage aasa.json --domain example.com --sitemap https://example.com/sitemap_index.xml",
         "A new file against the live sitemaps, before deploying it"),
        ("aasa-check coverage aasa.json --domain example.com --sitemap sitemaps/index.xml --depth 2", "Local sitemaps, sections two segments deep"),
        ("aasa-check coverage example.com --format jsonl > decisions.jsonl", "Every page's decision, one JSON object a line"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--sitemap", value: "URL|FILE", repeatable: true,
                   help: "A sitemap or sitemap index: a local file, or an https URL; repeatable. Default: the robots.txt Sitemap: lines, else /sitemap.xml."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) to decide for; repeatable. Default: every app in the file."),
        OptionSpec("--domain", value: "HOST", help: "The host a local file is served for."),
        OptionSpec("--depth", value: "N", help: "Path segments that make a section (default 1: /products)."),
        OptionSpec("--max-sitemaps", value: "N", help: "Most sitemap files read (default \(SitemapCrawl.defaultMaxSitemaps.grouped))."),
        OptionSpec("--sitemaps-timeout", value: "SECONDS",
                   help: "Total time for reading every sitemap, robots.txt included (default \(sitemapsTimeoutFactor) × --timeout: \(Int(NetworkOptions().timeout) * sitemapsTimeoutFactor))."),
        DocumentSource.originOption,
        AndroidOptions.packageSpec, AndroidOptions.fingerprintSpec, AndroidOptions.kindSpec,
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" && $0.name != "--cdn-base" }.map { spec in
        switch spec.name {
        case "--concurrency": return OptionSpec("--concurrency", value: "N", help: "Sitemaps fetched at once (default \(defaultConcurrency)).")
        case "--user-agent": return OptionSpec("--user-agent", value: "UA", help: "User agent for every request (default: AASA-Bot/1.0.0 for the domain's file, \(sitemapUserAgent) for robots.txt and sitemaps).")
        default: return spec
        }
    }

    /// Sitemaps fetched at once by default: one site, so fewer than `check`'s many domains.
    static let defaultConcurrency = 4
    /// The user agent of sitemap and robots.txt requests unless `--user-agent` is given.
    static let sitemapUserAgent = "aasa-check/\(AASACheck.version)"
    /// `--sitemaps-timeout` by default: this many times `--timeout` (each request's limit), so
    /// a slow site gets more requests' worth of time, never 1,000 of them.
    static let sitemapsTimeoutFactor = 10
    /// Most `--sitemaps-timeout`, in seconds (a day).
    static let maxSitemapsTimeout: Double = 86_400

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard let source = arguments.positionals.first else {
            throw UsageError("give SOURCE (a file or a domain); see `aasa-check coverage --help`")
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("give one SOURCE; sitemaps go after --sitemap (got \(SafeText.value(arguments.positionals[1])))")
        }
        let given = try arguments.appIDs()
        let depth = try positiveNumber(arguments, "--depth", default: 1, max: 100)
        let maxSitemaps = try positiveNumber(arguments, "--max-sitemaps", default: SitemapCrawl.defaultMaxSitemaps, max: 1_000_000)
        let sitemaps = try arguments.all("--sitemap").map(sitemapPlace)
        var options = try context.options(NetworkOptions.self)
        if arguments.value("--concurrency") == nil { options.concurrency = defaultConcurrency }
        let sitemapsTimeout = try sitemapsTimeout(arguments, options: options)
        let isLocal = source == "-" || FileManager.default.fileExists(atPath: source)
        var host = try context.options(SourceOptions.self).domain
        if isLocal, host == nil, case .url(let url)? = sitemaps.first { host = URLParts(url)?.host }
        if isLocal, host == nil {
            throw UsageError("give --domain HOST, the host \(SafeText.value(source)) is served for: pages of other hosts are counted apart")
        }
        // The domain file is fetched with the run's network options (not the sitemaps' concurrency).
        let androidAsked = arguments.has("--package") || arguments.has("--fingerprint")
        let loaded = try context.load(source, kind: androidAsked ? AssetLinksKind.self : try AndroidOptions.kind(arguments), recognizes: true)
        let out = context.output
        out.domainFile(loaded)
        let site = host ?? loaded.host ?? loaded.label
        let crawlWith = { (coverage: SiteCoverage) throws -> SitemapCrawl in
            try SiteCrawlFlow.run(site: site, coverage: coverage, roots: sitemaps, options: options,
                                  userAgent: arguments.value("--user-agent") ?? sitemapUserAgent, timeout: sitemapsTimeout,
                                  maxSitemaps: maxSitemaps, context: context)
        }
        if loaded.kind == AssetLinksKind.self {
            return try android(arguments, context, source: source, loaded: loaded, site: site, depth: depth, crawl: crawlWith)
        }
        guard let compiled = loaded.compiled else {
            out.findings(loaded.diagnostics)
            return RunEnd(subject: "coverage of \(site)")
        }
        let matcher = DocumentMatcher(compiled: compiled, host: site)
        let appIDs = given.isEmpty ? matcher.appIDs : given
        guard !appIDs.isEmpty else {
            out.note("The file lists no applinks app; give --app-id to decide for one.", kind: .advice)
            out.findings(loaded.diagnostics)
            return RunEnd(subject: "coverage of \(site)")
        }
        let coverage = SiteCoverage(matcher: matcher, host: site, appIDs: appIDs, depth: depth)
        // Where Apple's CDN copy decides, the pages the origin's file would decide otherwise.
        if let other = loaded.other {
            coverage.compare(with: DocumentMatcher(compiled: other, host: site))
        }
        if out.showsEveryPage {
            coverage.onDecisions = { url, section, decisions in
                out.page(PageDecisions(url: url, section: section, decisions: zip(appIDs, decisions).map { ($0, $1.decision, $1.detail, $1.component) }))
            }
        }

        let crawl = try crawlWith(coverage)
        out.coverage(CoverageReport(source: source, host: site, tables: appIDs.map { ($0, coverage.rows(for: $0)) }, pages: coverage.pages,
                                    otherHostPages: coverage.otherHostPages, otherHostExample: coverage.otherHostExample,
                                    sitemaps: crawl.records, depth: depth))
        // AASA707 is about a rule of the deciding copy: the local file, the origin's or the CDN's.
        let fileFindings = coverage.deadRules().map { d in
            var d = d
            d.target = site
            return loaded.attributed(d)
        }
        let differing = coverage.differences.map { d in
            CopyDifference.pages(d.pages, of: coverage.pages, appID: d.appID, example: d.example,
                                 origin: CopyDifference.word(d.other.decision, detail: d.other.detail, component: d.other.component),
                                 cdn: CopyDifference.word(d.decision.decision, detail: d.decision.detail, component: d.decision.component),
                                 host: site)
        }
        // An --app-id the file does not list opens no page: said, not only a table of zeros.
        let unlisted = loaded.unlisted(given)
        out.findings(loaded.diagnostics + unlisted + crawl.findings + fileFindings + differing)
        let files = crawl.records.count
        var subject = "\(site): \(coverage.pages.grouped) page\(coverage.pages == 1 ? "" : "s") from \(files) sitemap\(files == 1 ? "" : "s")"
        // A file Apple's systems refuse: the table is the file's as written, not the devices'.
        if loaded.refusal != nil { subject += ", counted as the file is written, which devices do not read (see the note)" }
        return RunEnd(subject: subject)
    }


    /// `coverage SOURCE --package NAME` (or an `assetlinks.json` SOURCE): each page decided for
    /// the Android app as `match --package` decides it (``SiteCoverage/init(statements:packages:fingerprints:host:depth:)``),
    /// with check's DAL627 when the list does not verify the package, DAL704 for the dynamic
    /// rules that decide no page, and a note on where the semantics differ from Apple's.
    static func android(_ arguments: ParsedArguments, _ context: CommandContext, source: String, loaded: LoadedDocument, site: String,
                        depth: Int, crawl: (SiteCoverage) throws -> SitemapCrawl) throws -> RunEnd {
        let out = context.output
        let package = try arguments.value("--package").map(AndroidOptions.packageName)
        let fingerprints = try arguments.all("--fingerprint").map(AndroidOptions.fingerprint)
        let statements = loaded.statementList?.statements ?? []
        let packages = package.map { [$0] } ?? AppLinksPrediction.verifiedPackages(statements)
        let verification = package.map {
            AndroidAppCheck.verification(package: $0, fingerprints: fingerprints, list: loaded.statementList, host: loaded.host, label: loaded.label)
        } ?? []
        guard !packages.isEmpty else {
            out.note("The file verifies no Android app for App Links (no statement grants delegate_permission/common.handle_all_urls); give --package to decide for one.", kind: .advice)
            out.findings(loaded.diagnostics)
            return RunEnd(subject: "coverage of \(site)")
        }
        let unusable = loaded.statementList.flatMap(AndroidAppCheck.list).map { if case .unusable = $0 { return true } else { return false } } ?? true
        let coverage = SiteCoverage(statements: unusable ? [] : statements, packages: packages,
                                    fingerprints: fingerprints.isEmpty ? nil : fingerprints, host: site, depth: depth)
        if out.showsEveryPage {
            coverage.onDecisions = { url, section, decisions in
                out.page(PageDecisions(url: url, section: section, decisions: zip(packages, decisions).map { ($0, $1.decision, nil, $1.component) }))
            }
        }
        let result = try crawl(coverage)
        out.coverage(CoverageReport(source: source, host: site, tables: packages.map { ($0, coverage.rows(for: $0)) }, pages: coverage.pages,
                                    otherHostPages: coverage.otherHostPages, otherHostExample: coverage.otherHostExample,
                                    sitemaps: result.records, depth: depth, platform: AssetLinksKind.platform))
        out.note(androidSemantics, kind: .remark)
        let dead = coverage.deadDynamicRules().map { d in
            var d = d
            d.target = site
            d.source = .file
            d.file = d.file ?? loaded.label
            return d
        }
        out.findings(loaded.diagnostics + verification + result.findings + dead)
        let files = result.records.count
        return RunEnd(subject: "\(site): \(coverage.pages.grouped) page\(coverage.pages == 1 ? "" : "s") from \(files) sitemap\(files == 1 ? "" : "s") (Android)")
    }

    /// Where Android's page decisions differ from Apple's, said with every Android table.
    static let androidSemantics = "Android's decisions (assetlinks-reference.md §3.1–§3.2): the first matching dynamic rule decides; a page no rule matches stays in the browser (counted no match), as it does when the list does not verify the app; without dynamic rules every page counts as opening the app, as far as the app's intent filters accept it (the manifest is not read here: Android 14 and lower ignore the rules and open every page the filters accept). Unlike Apple's rules, `*` does not backtrack, a `?` entry matches any one query parameter, parts are matched percent-decoded and case-sensitively, and only the exact host is decided (no Apple CDN copy; an `*.` host of the manifest is verified by the apex's file, not checked here)."

    /// A `--sitemap` value: an existing file, or an https URL.
    static func sitemapPlace(_ value: String) throws -> SitemapPlace {
        if FileManager.default.fileExists(atPath: value) {
            // A regular file: a FIFO, a device, /proc or /sys is refused here (exit status 2).
            do { try LocalFile.check(value) } catch { throw UsageError("--sitemap " + InputFile.usageError(error, kind: .file).message) }
            return .file(value)
        }
        let lower = value.lowercased()
        if lower.hasPrefix("https://"), URLParts(value)?.host?.isEmpty == false { return .url(value) }
        if lower.hasPrefix("http://") {
            throw UsageError("--sitemap \(SafeText.value(value)): only https URLs are fetched; give https://…")
        }
        throw UsageError("--sitemap \(SafeText.value(value)): no such file, and not an https URL")
    }

    /// `--sitemaps-timeout`, in seconds: by default ``sitemapsTimeoutFactor`` times `--timeout`.
    static func sitemapsTimeout(_ arguments: ParsedArguments, options: NetworkOptions) throws -> Double {
        guard let text = arguments.value("--sitemaps-timeout") else { return Double(sitemapsTimeoutFactor) * options.timeout }
        guard let value = Double(text), value.isFinite, value >= 0.001, value <= maxSitemapsTimeout else {
            throw UsageError("--sitemaps-timeout must be greater than 0 and at most \(Int(maxSitemapsTimeout).grouped) seconds; got \(SafeText.value(text))")
        }
        return value
    }

    /// `300 s`, `2.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    static func positiveNumber(_ arguments: ParsedArguments, _ name: String, default value: Int, max: Int) throws -> Int {
        guard let text = arguments.value(name) else { return value }
        guard let n = Int(text), n >= 1, n <= max else {
            throw UsageError("\(name) must be a whole number from 1 to \(max.grouped); got \(SafeText.value(text))")
        }
        return n
    }

}
