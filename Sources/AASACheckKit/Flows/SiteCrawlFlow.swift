import AASACore
import AASANet
import Foundation

/// Reading a site's sitemaps for `coverage` (issue 15), outside the command (issue 21): the
/// roots (`--sitemap`, else robots.txt's `Sitemap:` lines, else `/sitemap.xml`), then every
/// file the crawl hands out, local files read in place and the rest fetched a window ahead
/// (``SitemapDownloads``), each page decided into `coverage` as it is read.
///
/// Every request ends by the deadline (`--sitemaps-timeout`): its limits are cut to the time
/// left and none starts after it; the files not read by then are one AASA708 of the crawl.
enum SiteCrawlFlow {
    /// Reads the sitemaps of `site` into `coverage`, reporting requests and notes to the run's
    /// output and progress on standard error (terminal only).
    /// - Parameters:
    ///   - roots: `--sitemap` values; empty for robots.txt's.
    ///   - options: the network options, with the sitemaps' concurrency.
    ///   - timeout: `--sitemaps-timeout`, in seconds.
    /// - Returns: the crawl, finished: its records (the sitemaps read) and its findings.
    /// - Throws: when the temporary directory for downloads cannot be made.
    static func run(site: String, coverage: SiteCoverage, roots given: [SitemapPlace], options: NetworkOptions, userAgent: String,
                    timeout: Double, maxSitemaps: Int, context: CommandContext) throws -> SitemapCrawl {
        let out = context.output
        let deadline = ContinuousClock.now + .milliseconds(Int((timeout * 1000).rounded()))
        var roots = given.map { SitemapEntry($0) }
        if roots.isEmpty {
            var robotsOptions = options
            // At least libcurl's 1 ms: a limit of 0 or less would be its default, not none.
            robotsOptions.timeout = max(SitemapDownloads.leastTransferTime, min(options.timeout, SitemapDownloads.seconds(deadline - .now)))
            let (found, fetch) = robotsSitemaps(site, options: robotsOptions, userAgent: userAgent)
            out.fetches([fetch])
            roots = found.map { SitemapEntry(.url($0)) }
            if roots.isEmpty {
                roots = [SitemapEntry(.url("https://\(site)/sitemap.xml"))]
                out.note("robots.txt names no sitemap: reading https://\(site)/sitemap.xml")
            }
        }
        let crawl = SitemapCrawl(roots: roots, coverage: coverage, target: site, maxSitemaps: maxSitemaps)
        let progress = ProgressLine(console: context.console, total: 0,
                                    enabled: context.console.stderrIsTerminal && !context.quiet) { done in
            "reading sitemaps: \(done)/\(crawl.sitemapCount), \(coverage.pages.grouped) pages…"
        }
        out.routeOutput { progress.print($0) }
        var made: SitemapDownloads?
        defer { made?.close() }
        func downloads() throws -> SitemapDownloads {
            if let made { return made }
            let new = try SitemapDownloads(options: options, userAgent: userAgent, target: site, deadline: deadline)
            made = new
            return new
        }
        let window = max(2, 2 * options.concurrency)
        let outOfTime = "the time for reading sitemaps ran out (--sitemaps-timeout \(CoverageCommand.seconds(timeout)))"
        let outOfTimeHint = "Give --sitemaps-timeout SECONDS for more time, or read fewer files (--sitemap, --max-sitemaps)."
        reading: while let entry = crawl.next() {
            defer { progress.advance() }
            guard ContinuousClock.now < deadline else {
                crawl.stop(at: entry, outOfTime, hint: outOfTimeHint)
                break reading
            }
            for ahead in crawl.upcoming(window) {
                if case .url(let url) = ahead.place { try downloads().want(url) }
            }
            switch entry.place {
            case .file(let path):
                read(entry, path: path, into: crawl)
            case .url(let url):
                let fetcher = try downloads()
                let download = fetcher.take(url)
                defer { fetcher.discard(download) }
                out.fetches(download.fetches)
                if download.outOfTime {
                    crawl.stop(at: entry, outOfTime, hint: outOfTimeHint)
                    break reading
                }
                if let failure = download.failure {
                    crawl.failed(entry, failure, hint: entry.depth == 0 && given.isEmpty
                                 ? "Give the sitemap's location with --sitemap URL, or name it in robots.txt (Sitemap: https://\(site)/sitemap.xml)." : nil)
                } else if let file = download.file {
                    read(entry, path: file, into: crawl, cutShort: download.truncated)
                }
            }
        }
        progress.finish()
        crawl.finish()
        return crawl
    }

    /// Reads one local or downloaded file into the crawl, or says why it cannot be opened.
    static func read(_ entry: SitemapEntry, path: String, into crawl: SitemapCrawl, cutShort: Bool = false) {
        do {
            let file = try SitemapFile(path: path)
            withExtendedLifetime(file) {
                crawl.read(entry, from: file.stream, compressedBytes: file.compressedBytes, cutShort: cutShort)
            }
        } catch {
            crawl.failed(entry, String(describing: error))
        }
    }

    /// Most bytes of robots.txt read (Google reads 500 KiB).
    static let robotsLimit = 512 * 1024

    /// The `Sitemap:` URLs of `https://HOST/robots.txt` (https ones only), and the fetch.
    static func robotsSitemaps(_ host: String, options: NetworkOptions, userAgent: String) -> ([String], Fetch) {
        let request = HTTPRequest(url: "https://\(host)/robots.txt", userAgent: userAgent, connectTo: options.connectTo,
                                  caCertPath: options.caCertPath, connectTimeout: options.connectTimeout,
                                  timeout: options.timeout, maxBodyBytes: robotsLimit)
        var record: FetchRecord?
        HTTPClient.fetchAll([request], concurrency: 1) { record = FetchRecord($0) }
        let fetched = record ?? FetchRecord(url: request.url, userAgent: userAgent, error: FetchError(kind: .other, message: "no result"))
        let found = fetched.isOK ? RobotsTxt.sitemaps(fetched.body).filter { $0.lowercased().hasPrefix("https://") } : []
        return (found, Fetch(fetched, target: host, role: .robots))
    }
}
