import Foundation

/// Where a sitemap file is.
public enum SitemapPlace: Hashable, Sendable {
    /// A local file (a path as given, or resolved against the index that names it).
    case file(String)
    /// An `https` URL.
    case url(String)

    /// As reports name it: the path or the URL.
    public var label: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url
        }
    }
}

/// One sitemap file to read.
public struct SitemapEntry: Sendable, Hashable {
    public var place: SitemapPlace
    /// 0 for a sitemap given (or named by robots.txt), 1 for one named by such an index, …
    public var depth: Int
    /// The index that names it, when one does.
    public var parent: String?

    public init(_ place: SitemapPlace, depth: Int = 0, parent: String? = nil) {
        self.place = place
        self.depth = depth
        self.parent = parent
    }

    public var label: String { place.label }
}

/// What was read of one sitemap file.
public struct SitemapRecord: Sendable {
    public enum Status: String, Sendable {
        /// Read to its end.
        case read
        /// Read in part: an XML error, or the 50 MB limit, stopped it.
        case partial
        /// Not read at all: it could not be fetched or opened, or is not a sitemap.
        case failed
    }

    public var entry: SitemapEntry
    public var status: Status
    public var kind: SitemapKind?
    /// `<url>` or `<sitemap>` entries read.
    public var entries = 0
    /// Pages of the site counted from it (`urlset`).
    public var pages = 0
    /// Uncompressed bytes read.
    public var bytes = 0
    /// Bytes of the gzip-compressed file, when it was compressed.
    public var compressedBytes: Int?
}

/// Reads a site's sitemaps — sitemap indexes and the sitemaps they name — in a fixed order
/// (the roots, then what each index names, breadth first) and hands every page to a
/// ``SiteCoverage``. Reading the bytes is the caller's: it asks ``next()`` what to read,
/// opens it (a local file, or a download), and hands the bytes to ``read(_:from:compressedBytes:cutShort:)``
/// or the reason it could not to ``failed(_:_:)``.
///
/// Bounded whatever the files say (spec: bad input is a finding, in bounded time and memory):
/// each file is read to at most 50 MB uncompressed (``SitemapByteStream``), at most
/// ``maxSitemaps`` files are read, indexes nest at most ``maxDepth`` deep, and a file is read
/// once however often it is named (a loop). Each thing not read is reported once per index
/// and reason (AASA710) with a count and the first example.
///
/// The rules for what an index may name (Sitemaps protocol, "Using Sitemap index files"): an
/// index fetched from the network only `https` sitemaps on its own host; a local index also
/// local files, as paths relative to its directory or `file:` URLs.
public final class SitemapCrawl {
    /// Default most sitemap files read in one run.
    public static let defaultMaxSitemaps = 1_000
    /// Deepest an index may be nested: a root index's sitemaps are at depth 1.
    public static let maxDepth = 4

    public let coverage: SiteCoverage
    public let maxSitemaps: Int
    /// What findings about sitemaps belong to: the domain, or the local file's label.
    public let target: String

    private var queue: [SitemapEntry] = []
    private var head = 0
    private var seen: Set<String> = []
    /// Findings so far, in the order of the files read.
    public private(set) var findings: [Diagnostic] = []
    /// Every file read (or tried), in order.
    public private(set) var records: [SitemapRecord] = []

    /// - Parameters:
    ///   - roots: the sitemaps given, in order (repeats are read once).
    ///   - maxSitemaps: most files read (at least 1).
    public init(roots: [SitemapEntry], coverage: SiteCoverage, target: String, maxSitemaps: Int = SitemapCrawl.defaultMaxSitemaps) {
        self.coverage = coverage
        self.target = target
        self.maxSitemaps = max(1, maxSitemaps)
        var skipped = 0
        for root in roots where seen.insert(Self.key(root.place)).inserted {
            if queue.count < self.maxSitemaps { queue.append(root) } else { skipped += 1 }
        }
        if skipped > 0 {
            findings.append(finding(.aasa710, nil,
                                    "\(skipped) more sitemap\(skipped == 1 ? " was" : "s were") given than --max-sitemaps \(self.maxSitemaps) allows: not read",
                                    hint: "Give --max-sitemaps N to read more."))
        }
    }

    /// The next file to read, in order; `nil` when every file has been read.
    public func next() -> SitemapEntry? {
        guard head < queue.count else { return nil }
        defer { head += 1 }
        return queue[head]
    }

    /// The files waiting to be read after the current one, in order (for fetching ahead).
    public func upcoming(_ n: Int) -> ArraySlice<SitemapEntry> {
        queue[head..<min(queue.count, head + max(0, n))]
    }

    /// Files read or waiting so far.
    public var sitemapCount: Int { queue.count }

    /// `entry` could not be fetched or opened: AASA708 with `why`.
    public func failed(_ entry: SitemapEntry, _ why: String, hint: String? = nil) {
        records.append(SitemapRecord(entry: entry, status: .failed))
        findings.append(finding(.aasa708, entry, "The sitemap could not be read: \(why)", hint: hint))
    }

    /// Most sitemaps a finding names one by one; the others are counted.
    static let namedPerFinding = 10

    /// Stops reading for `why` (the time for reading sitemaps ran out): `entry` (taken with
    /// ``next()`` and not read) and every file still waiting are recorded as not read, and one
    /// AASA708 names them (the first ``namedPerFinding``, then a count). ``next()`` answers
    /// `nil` from now on.
    public func stop(at entry: SitemapEntry?, _ why: String, hint: String? = nil) {
        let unread = (entry.map { [$0] } ?? []) + queue[head...]
        head = queue.count
        guard !unread.isEmpty else { return }
        for e in unread { records.append(SitemapRecord(entry: e, status: .failed)) }
        let named = unread.prefix(Self.namedPerFinding).map { NetworkText.quoted($0.label) }.joined(separator: ", ")
        let more = unread.count > Self.namedPerFinding ? " and \((unread.count - Self.namedPerFinding).grouped) more" : ""
        let what = unread.count == 1 ? "1 sitemap was" : "\(unread.count.grouped) sitemaps were"
        findings.append(finding(.aasa708, nil, "\(what) not read: \(why): \(named)\(more)", hint: hint))
    }

    /// Ends the crawl, once every file has been read or tried: when no page of the host was
    /// read, AASA712 says why (no sitemap could be read, or those read list no page of the
    /// host), so a table of zeros never passes for an answer.
    public func finish() {
        guard coverage.pages == 0 else { return }
        let failed = records.filter { $0.status == .failed }.count
        // Sitemaps of pages read, in whole or in part (indexes list no page; an empty file
        // lists none either).
        let read = records.filter { $0.status != .failed && $0.kind != .sitemapindex }.count
        let message: String
        var hint = "Give the sitemaps that list the site's pages with --sitemap URL|FILE, or name them in robots.txt."
        if read == 0 {
            if failed == 0 {
                message = "No page of \(target) was read: no sitemap of pages was read, only indexes (see the findings before)"
            } else {
                message = failed == 1 ? "No page of \(target) was read: the sitemap could not be read (see the finding before)"
                    : "No page of \(target) was read: none of the \(failed.grouped) sitemaps could be read (see the findings before)"
            }
        } else {
            let files = read == 1 ? "the sitemap read lists" : "the \(read.grouped) sitemaps read list"
            if coverage.otherHostPages > 0 {
                let pages = coverage.otherHostPages == 1 ? "1 page" : "\(coverage.otherHostPages.grouped) pages"
                message = "No page of \(target) was read: \(files) \(pages) of other hosts only (first: \(NetworkText.quoted(coverage.otherHostExample ?? "")))"
                hint = "Give --domain HOST, the host the domain file is served for, or the sitemaps of \(target)."
            } else {
                message = "No page of \(target) was read: \(files) no page"
                hint = "List each page as <url><loc>https://\(target)/path</loc></url>, or give the sitemaps that do with --sitemap URL|FILE."
            }
        }
        findings.append(finding(.aasa712, nil, message, hint: hint))
    }

    /// Reads one file from `stream` (which bounds its size): an XML sitemap or sitemap index, or
    /// a text sitemap (one URL a line, ``SitemapText``), as its first bytes say
    /// (``SitemapByteStream/content``). An empty file (no bytes, or only white space) is
    /// AASA708; so are bytes that are neither UTF-8 XML nor UTF-8 text (UTF-16, binary data).
    /// - Parameters:
    ///   - compressedBytes: the file's size when it was gzip-compressed.
    ///   - cutShort: the bytes stop before the file's end because the download was cut at the
    ///     size limit: the end is not judged as an XML error.
    public func read(_ entry: SitemapEntry, from stream: SitemapByteStream, compressedBytes: Int? = nil, cutShort: Bool = false) {
        var record = SitemapRecord(entry: entry, status: .read, compressedBytes: compressedBytes)
        let content = stream.content
        switch content {
        case .xml, .text:
            break
        case .empty:
            // No byte because the first read failed (a corrupt gzip stream): said below.
            guard stream.failure == nil else { break }
            record.bytes = stream.bytesRead
            records.append(record)
            let what = compressedBytes != nil ? "The gzip-compressed sitemap is empty: it holds no bytes once uncompressed"
                : stream.bytesRead == 0 ? "The sitemap is empty: the file holds no bytes" : "The sitemap is empty: the file holds only white space"
            findings.append(finding(.aasa708, entry, what,
                                    hint: "List the site's pages in it, as <url><loc>https://host/path</loc></url> in a <urlset> or one URL a line."))
            return
        case .notText(let why):
            record.status = .failed
            record.bytes = stream.bytesRead
            records.append(record)
            findings.append(finding(.aasa708, entry, "The file is not a sitemap: \(why)",
                                    hint: "Serve the sitemap as UTF-8 XML (<urlset> or <sitemapindex>) or UTF-8 text, one URL a line; gzip-compressed or not."))
            return
        }
        var tally = LocTally()
        var skips: [SkipReason: (count: Int, first: String, line: Int)] = [:]
        // Issue 22: a file's URLs past the protocol's 50,000 are counted in AASA709, not decided,
        // and a page the file lists again is decided once (``SiteCoverage/startFile()``).
        var urlsInFile = 0
        coverage.startFile()
        let onLoc = { [self] (kind: SitemapKind, loc: String, line: Int) -> Bool in
            tally.note(loc, line: line)
            switch kind {
            case .urlset:
                urlsInFile += 1
                guard urlsInFile <= SitemapProtocol.maxEntries else { return true }
                switch coverage.add(loc) {
                case .counted: record.pages += 1
                case .repeated: break
                case .otherHost: tally.otherHost += 1
                case .notAPage: tally.notAPage(loc, line: line)
                case .userInfo: tally.userInfo(loc, line: line)
                }
            case .sitemapindex:
                switch child(of: entry, loc) {
                case .success(let place):
                    let key = Self.key(place)
                    if seen.contains(key) {
                        skips[.alreadyRead, default: (0, loc, line)].count += 1
                    } else if entry.depth + 1 > Self.maxDepth {
                        skips[.tooDeep, default: (0, loc, line)].count += 1
                    } else if queue.count >= maxSitemaps {
                        skips[.tooMany, default: (0, loc, line)].count += 1
                    } else {
                        seen.insert(key)
                        queue.append(SitemapEntry(place, depth: entry.depth + 1, parent: entry.label))
                    }
                case .failure(let reason):
                    skips[reason, default: (0, loc, line)].count += 1
                }
            }
            return true
        }
        let outcome = content == .text ? SitemapText.read(stream, onLoc: onLoc) : SitemapXML.read(stream, onLoc: onLoc)
        let kind = outcome.kind
        record.kind = kind
        record.entries = outcome.entries
        record.bytes = stream.bytesRead
        let label = kind == .sitemapindex ? "The sitemap index" : "The sitemap"
        let before = record.pages == 0 ? "" : record.pages == 1 ? "; the one page before it was counted"
            : "; the \(record.pages.grouped) pages before it were counted"

        // Why reading stopped early, if it did: the size limit, a failure below the XML, the XML.
        if stream.stoppedAtLimit || cutShort {
            record.status = .partial
            let packed = compressedBytes.map { " (from \($0.grouped) gzip-compressed bytes)" } ?? ""
            findings.append(finding(.aasa709, entry,
                                    "\(label) is larger than the protocol's 50 MB (52,428,800 bytes) uncompressed\(packed): reading stopped there\(before)",
                                    hint: "Split it into files of at most 50,000 URLs and 50 MB each, listed in a sitemap index."))
        } else if let failure = stream.failure {
            record.status = outcome.entries > 0 ? .partial : .failed
            findings.append(finding(.aasa708, entry, "\(label) could not be read to its end: \(failure)\(before)"))
        } else if let why = outcome.notASitemap {
            record.status = .failed
            findings.append(finding(.aasa708, entry, "The file is not a sitemap: \(why)",
                                    hint: "Serve the sitemap as XML (<urlset> or <sitemapindex>) or as text with one page's full URL a line, UTF-8."))
        } else if let root = outcome.otherRoot {
            record.status = .failed
            findings.append(finding(.aasa708, entry,
                                    "The file is not a sitemap: its root element is <\(root)>, not <urlset> or <sitemapindex>",
                                    hint: root.lowercased() == "html" ? "The server answers an HTML page (a single-page app's fallback?) where the sitemap should be." : nil))
        } else if let error = outcome.error {
            record.status = outcome.entries > 0 ? .partial : .failed
            findings.append(finding(.aasa708, entry, "\(label) is not well-formed XML at line \(error.line), column \(error.column): \(error.message)\(before)",
                                    line: error.line, column: error.column,
                                    hint: outcome.errorHint ?? "Generate the sitemap with an XML library: escape & < > as &amp; &lt; &gt; inside <loc>, and close every element."))
        }
        if outcome.entries > SitemapProtocol.maxEntries {
            let what = kind == .sitemapindex ? "sitemaps" : "URLs"
            let past = outcome.entries - SitemapProtocol.maxEntries
            let read = kind == .sitemapindex ? "all were read here"
                : "the first 50,000 were counted here, the \(past.grouped) after them not"
            findings.append(finding(.aasa709, entry,
                                    "\(label) lists \(outcome.entries.grouped) \(what); the protocol allows at most 50,000 per file, and search engines reject a larger one (\(read))",
                                    hint: "Split it into files of at most 50,000 entries, listed in a sitemap index."))
        }
        if kind == .sitemapindex, entry.depth > 0 {
            findings.append(finding(.aasa710, entry,
                                    "This sitemap index is named by the index \(NetworkText.quoted(entry.parent ?? "")): the protocol does not provide for an index of indexes, and search engines may not read it (it was read here, up to \(Self.maxDepth) levels deep)",
                                    hint: "List the sitemaps themselves in one index."))
        }
        for reason in SkipReason.allCases {
            guard let skip = skips[reason] else { continue }
            findings.append(finding(.aasa710, entry, reason.message(count: skip.count, first: skip.first, index: "This index", maxSitemaps: maxSitemaps),
                                    line: skip.line, hint: reason.hint))
        }
        for (message, line, hint) in tally.messages(label: label, outcome: outcome, text: content == .text) {
            findings.append(finding(.aasa711, entry, message, line: line, hint: hint))
        }
        records.append(record)
    }

    // MARK: Rules for what an index may name

    enum SkipReason: Int, CaseIterable, Error {
        case alreadyRead, tooDeep, tooMany, notHTTPS, otherHost, notALocation

        func message(count: Int, first: String, index: String, maxSitemaps: Int) -> String {
            let n = count == 1 ? "1 sitemap" : "\(count.grouped) sitemaps"
            let ex = "(first: \(NetworkText.quoted(first)))"
            let are = count == 1 ? "is" : "are"
            switch self {
            case .alreadyRead:
                return "\(index) names \(n) already read \(ex): a loop, or a sitemap listed twice; each file is read once"
            case .tooDeep:
                return "\(index) names \(n) nested more than \(SitemapCrawl.maxDepth) indexes deep \(ex): not read"
            case .tooMany:
                return "\(index) names \(n) past --max-sitemaps \(maxSitemaps) \(ex): not read"
            case .notHTTPS:
                return "\(index) names \(n) that \(are) not \(count == 1 ? "an https URL" : "https URLs") \(ex): not read"
            case .otherHost:
                return "\(index) names \(n) on another host than its own \(ex): the protocol allows an index to name sitemaps of its own host only; not read"
            case .notALocation:
                return "\(index) names \(n) that \(are) neither a URL nor a file path \(ex): not read"
            }
        }

        var hint: String? {
            switch self {
            case .alreadyRead: return "Name each sitemap once, and no index from a sitemap it names."
            case .tooDeep: return "List the sitemaps themselves in one index."
            case .tooMany: return "Give --max-sitemaps N to read more."
            case .notHTTPS, .otherHost: return "Name sitemaps as https URLs on the index's own host."
            case .notALocation: return "A <loc> in an index is the sitemap's absolute URL."
            }
        }
    }

    /// What the index `parent` names with `loc`, by the rules above.
    func child(of parent: SitemapEntry, _ loc: String) -> Result<SitemapPlace, SkipReason> {
        let lower = loc.lowercased()
        switch parent.place {
        case .url(let parentURL):
            guard lower.hasPrefix("https://") else {
                return .failure(lower.hasPrefix("http://") ? .notHTTPS : (lower.contains("://") || lower.hasPrefix("file:") ? .notHTTPS : .notALocation))
            }
            guard let host = URLParts(loc)?.host, host == URLParts(parentURL)?.host else { return .failure(.otherHost) }
            return .success(.url(loc))
        case .file(let path):
            if lower.hasPrefix("https://") { return .success(.url(loc)) }
            if lower.hasPrefix("file:") {
                guard let url = URL(string: loc), url.isFileURL, url.host == nil || url.host == "" || url.host == "localhost" else {
                    return .failure(.notALocation)
                }
                return .success(.file(url.path))
            }
            if lower.hasPrefix("http://") { return .failure(.notHTTPS) }
            if let colon = loc.firstIndex(of: ":"), loc[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
               loc[..<colon].count > 1 {
                return .failure(.notALocation)
            }
            guard !loc.isEmpty else { return .failure(.notALocation) }
            if loc.hasPrefix("/") { return .success(.file(loc)) }
            let directory = (path as NSString).deletingLastPathComponent
            return .success(.file(directory.isEmpty ? loc : (directory as NSString).appendingPathComponent(loc)))
        }
    }

    /// The same file however it is written: a standardized path, or the URL with its scheme
    /// and host lowercased and its fragment dropped.
    static func key(_ place: SitemapPlace) -> String {
        switch place {
        case .file(let path):
            return "file:" + URL(fileURLWithPath: path).standardizedFileURL.path
        case .url(let url):
            var text = Substring(url)
            if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
            guard let parts = URLParts(String(text)), let host = parts.host else { return "url:" + text }
            var rest = parts.path
            if let q = parts.query { rest += "?" + q }
            return "url:\(parts.scheme ?? "")://\(host)\(rest)"
        }
    }

    // MARK: Findings

    private func finding(_ code: DiagnosticCode, _ entry: SitemapEntry?, _ message: String,
                         line: Int? = nil, column: Int = 1, hint: String? = nil) -> Diagnostic {
        var d = Diagnostic(code: code, message: message, hint: hint,
                           location: line.map { SourceLocation(offset: -1, line: $0, column: column) },
                           target: target, source: .sitemap)
        if case .file(let path)? = entry?.place {
            d.file = path
        } else if let entry {
            d.target = entry.label
        }
        return d
    }
}

/// The `<loc>` values (or text lines) of one file the protocol does not allow, counted
/// (AASA711), each kind with its first value and line.
struct LocTally {
    var notAPage = 0
    var notAPageFirst: (String, Int)?
    var empty = 0
    var emptyFirst: Int?
    var withUserInfo = 0
    var userInfoFirst: (String, Int)?
    var tooLong = 0
    var tooLongFirst: Int?
    var otherHost = 0

    mutating func note(_ loc: String, line: Int) {
        if loc.utf8.count >= SitemapProtocol.maxLocLength, loc.unicodeScalars.count >= SitemapProtocol.maxLocLength {
            tooLong += 1
            if tooLongFirst == nil { tooLongFirst = line }
        }
    }

    mutating func notAPage(_ loc: String, line: Int) {
        if loc.isEmpty {
            empty += 1
            if emptyFirst == nil { emptyFirst = line }
            return
        }
        notAPage += 1
        if notAPageFirst == nil { notAPageFirst = (loc, line) }
    }

    mutating func userInfo(_ loc: String, line: Int) {
        withUserInfo += 1
        if userInfoFirst == nil { userInfoFirst = (loc, line) }
    }

    /// `1 <loc> value that is`, `2 <loc> values that are` (or lines, for a text sitemap).
    static func values(_ n: Int, text: Bool) -> String {
        "\(n.grouped) " + (text ? (n == 1 ? "line" : "lines") : (n == 1 ? "<loc> value" : "<loc> values"))
    }

    /// The AASA711 messages, with the line of the first case of each (`nil` when unknown) and
    /// what to do. What is counted: a URL of 2,048 characters or more (search engines may drop
    /// it, the page exists); nothing else here.
    func messages(label: String, outcome: SitemapXML.Outcome, text: Bool) -> [(String, Int?, String)] {
        let url = text ? "A line is one page's absolute URL (https://host/path), shorter than 2,048 characters, in UTF-8."
            : "A <loc> is the page's absolute URL (https://host/path), entity-escaped, shorter than 2,048 characters."
        let entries = "Write each page as its own <url> (each sitemap of an index as its own <sitemap>) holding one <loc>."
        var out: [(String, Int?, String)] = []
        let are = { (n: Int) in n == 1 ? "is" : "are" }
        if let (first, line) = notAPageFirst {
            out.append(("\(label) lists \(Self.values(notAPage, text: text)) that \(are(notAPage)) not an absolute http or https URL (first: \(NetworkText.quoted(first))): not counted", line, url))
        }
        if let line = emptyFirst {
            out.append(("\(label) lists \(empty.grouped) empty <loc> value\(empty == 1 ? "" : "s"): not counted", line, url))
        }
        if let (first, line) = userInfoFirst {
            out.append(("\(label) lists \(Self.values(withUserInfo, text: text)) with user info before the host (first: \(NetworkText.quoted(first))), which http and https URLs must not carry (RFC 9110, 4.2.4): not counted", line, url))
        }
        if let line = tooLongFirst {
            out.append(("\(label) lists \(Self.values(tooLong, text: text)) of 2,048 characters or more; the protocol allows fewer (counted here)", line, url))
        }
        if let line = outcome.undecodableFirstLine {
            let n = outcome.undecodableLines
            out.append(("\(label) has \(n.grouped) line\(n == 1 ? "" : "s") that \(are(n)) not UTF-8, the protocol's encoding: not counted", line, url))
        }
        let index = outcome.kind == .sitemapindex
        let entry = index ? "<sitemap>" : "<url>"
        let notUsed = index ? "not read" : "not counted"
        if let (first, line) = outcome.strayLocFirst {
            let n = outcome.strayLocs
            out.append(("\(label) lists \(n.grouped) <loc> element\(n == 1 ? "" : "s") outside any \(entry) entry (first: \(NetworkText.quoted(first))): the protocol puts each <loc> in its own \(entry); \(notUsed)", line, entries))
        }
        if let (first, line) = outcome.extraLocFirst {
            let n = outcome.extraLocs
            out.append(("\(label) has \(n.grouped) <loc> element\(n == 1 ? "" : "s") after the first <loc> of \(n == 1 ? "an entry" : "entries") (first: \(NetworkText.quoted(first))): the protocol gives each \(entry) one <loc>; only the first is \(index ? "read" : "counted")", line, entries))
        }
        if outcome.entriesWithoutLoc > 0 {
            let n = outcome.entriesWithoutLoc
            out.append(("\(label) has \(n.grouped) \(entry) entr\(n == 1 ? "y" : "ies") without a <loc>: skipped", nil, entries))
        }
        return out
    }
}

extension NetworkText {
    /// Text from a file or server quoted in a message: control characters made visible, cut
    /// to 200 characters, in backquotes.
    public static func quoted(_ s: String) -> String { "`" + escape(s, limit: 200) + "`" }
}
