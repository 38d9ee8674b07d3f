/// One row of a coverage table: the pages of one site section and what they do for one app.
public struct CoverageRow: Sendable, Equatable {
    public var appID: String
    /// `/` and the first path segments of the pages (``SiteCoverage/depth`` of them), as
    /// written in the URLs; `/` for the home page; ``SiteCoverage/overflowSection`` for the
    /// sections past ``SiteCoverage/maxSections``.
    public var section: String
    /// Pages listed in the sitemaps in this section (a page listed twice counts twice).
    public var pages: Int
    /// Pages that open the app.
    public var match: Int
    /// Pages an exclude rule keeps in the browser.
    public var exclude: Int
    /// Pages no rule decides (they stay in the browser).
    public var noMatch: Int
    /// The first page of each kind read, or `nil` when there is none.
    public var matchExample: String?
    public var excludeExample: String?
    public var noMatchExample: String?
}

/// Where a sitemap's `<loc>` went.
public enum PageOutcome: Sendable, Equatable {
    /// A page of the site: decided for every app and counted in its section.
    case counted
    /// A page of another host: counted apart, decided by no rule of this file.
    case otherHost
    /// Not an absolute `http`/`https` URL (no host, or a host or port RFC 3986 does not
    /// allow, such as one with a space): not a page the protocol allows; not counted.
    case notAPage
    /// An absolute `http`/`https` URL with user info before its host (`https://user:pw@host/`),
    /// which RFC 9110 (section 4.2.4) forbids a sender to write in an `http` or `https` URL and
    /// tells a recipient to treat as an error: not counted.
    case userInfo
    /// A page the current file listed before (``SiteCoverage/startFile()``): decided once,
    /// counted once.
    case repeated
}

/// The coverage of a site's pages by one domain file: for each app ID, how many pages of each
/// section open the app, are excluded, or match no rule, with an example of each, and which
/// rules decided at least one page.
///
/// Pages arrive one at a time (``add(_:)``) from the sitemaps; memory grows with the number
/// of sections (at most ``maxSections``) and rules, not with the number of pages. Each page is
/// decided as `aasa-check match` decides it (``PageDecider``), so the counts are those of
/// deciding each URL with `match --domain HOST`.
public final class SiteCoverage {
    /// Most sections told apart; pages of further sections are counted in one row,
    /// ``overflowSection``. With ``maxSectionBytes`` and ``maxExampleBytes`` this bounds the
    /// memory of the tables whatever the sitemaps list: about 6.5 MB per `details` entry at
    /// worst, a few kilobytes for a real site.
    public static let maxSections = 1_000
    /// Most UTF-8 bytes of a section's name (`/` and its segments); a longer one is cut there
    /// and ends with `…`.
    public static let maxSectionBytes = 256
    /// Most UTF-8 bytes of an example URL kept: the protocol's `<loc>` limit (2,048); a longer
    /// page is already reported (AASA711), and its example is cut there.
    public static let maxExampleBytes = SitemapProtocol.maxLocLength
    /// The section of the pages past ``maxSections`` sections.
    public static let overflowSection = "(other sections)"

    /// The host the file is served for (lowercased); pages of other hosts are counted apart.
    public let host: String
    /// How many path segments make a section (at least 1).
    public let depth: Int
    /// The app IDs, in the order asked.
    public var appIDs: [String] { decider.appIDs }

    let decider: PageDecider
    private let hostBytes: [UInt8]

    private struct Tally {
        var counts = (match: 0, exclude: 0, noMatch: 0)
        var examples: (match: String?, exclude: String?, noMatch: String?) = (nil, nil, nil)
    }

    private var sectionIndex: [String: Int] = [:]
    private var sectionNames: [String] = []
    /// `[group][section]`.
    private var tallies: [[Tally]]
    /// Per group, the indices of the rules that decided a page.
    private var rulesUsed: [Set<Int>]

    /// Pages of the site counted.
    public private(set) var pages = 0
    /// Pages of other hosts, and the first of them.
    public private(set) var otherHostPages = 0
    public private(set) var otherHostExample: String?

    /// A page the other copy of the domain's file decides otherwise for an app: the first
    /// such page, both decisions, and how many pages differ.
    public struct Difference: Sendable {
        public var appID: String
        public var pages: Int
        public var example: String
        /// The decision of the copy that decides (``matcher``'s), and of the other copy.
        public var decision: (decision: MatchDecision, detail: Int?, component: Int?)
        public var other: (decision: MatchDecision, detail: Int?, component: Int?)
    }

    /// The other copy of the file (the origin's, where Apple's CDN copy decides): each page is
    /// decided by it too, and the pages it decides otherwise are counted (``differences``).
    private var other: PageDecider?
    private var differing: [Difference?] = []

    /// The apps for which the other copy decides some page otherwise, in the order asked.
    public var differences: [Difference] { differing.compactMap { $0 } }

    /// Compares every page's decisions with those of `matcher` (the other copy of the file).
    public func compare(with matcher: DocumentMatcher) {
        other = PageDecider(matcher: matcher, appIDs: decider.appIDs)
        differing = Array(repeating: nil, count: decider.appIDs.count)
    }

    /// Called with each page counted and its decision for each app ID (in ``appIDs`` order),
    /// when every decision is wanted (`--format jsonl`).
    public var onDecisions: ((_ url: String, _ section: String, _ decisions: [(decision: MatchDecision, detail: Int?, component: Int?)]) -> Void)?

    /// - Parameters:
    ///   - matcher: the compiled domain file.
    ///   - host: the host the file is served for.
    ///   - appIDs: the apps to decide for (each gets its table).
    ///   - depth: path segments per section (1: `/products`; 2: `/products/shoes`).
    public convenience init(matcher: DocumentMatcher, host: String, appIDs: [String], depth: Int = 1) {
        self.init(decider: PageDecider(matcher: matcher, appIDs: appIDs), host: host, depth: depth)
    }

    /// Android's coverage (issue 23): each page decided for each of `packages` as `match
    /// --package` decides it (``AppLinksPrediction``): not verified ⇒ every page stays in the
    /// browser; no dynamic rules ⇒ every page opens the app (as far as the manifest accepts it,
    /// which is not known here); else the first matching rule decides, none ⇒ the browser
    /// (counted `noMatch`). The deciding rule's index is the row's rule. Pages of other hosts
    /// are counted apart, as for Apple: Android verifies each host by its own file.
    /// - Parameter fingerprints: the app's certificates; `nil`: any the file lists.
    public convenience init(statements: [AssetStatement], packages: [String], fingerprints: [String]?, host: String, depth: Int = 1) {
        self.init(decider: PageDecider(statements: statements, packages: packages, fingerprints: fingerprints), host: host, depth: depth)
    }

    init(decider: PageDecider, host: String, depth: Int) {
        self.host = host.lowercased()
        hostBytes = Array(self.host.utf8)
        self.depth = max(1, depth)
        self.decider = decider
        tallies = Array(repeating: [], count: decider.groupCount)
        rulesUsed = Array(repeating: [], count: decider.groupCount)
    }

    /// DAL704, Android's AASA707: the dynamic rules without `exclude` that decided none of the
    /// pages, per package asked whose statement has rules. Nothing for Apple's file (see
    /// ``deadRules()``) or when no page of the host was read. `fileLabel` names the file.
    public func deadDynamicRules(fileLabel: String? = nil) -> [Diagnostic] {
        guard pages > 0, let android = decider.android else { return [] }
        var out: [Diagnostic] = []
        for (g, decides) in android.enumerated() {
            guard case .rules(let list) = decides else { continue }
            for rule in list.rules where !rule.exclude && !rulesUsed[g].contains(rule.index) {
                let verb = pages == 1 ? "does not decide the one page" : "decides none of the \(pages.grouped) pages"
                out.append(Diagnostic(
                    code: .dal704,
                    message: "\(rule.label) \(verb) read from the sitemaps for \(decider.appIDs[g])",
                    hint: "Check the rule against a page it is meant for with `aasa-check match FILE URL --package \(decider.appIDs[g])`: move it before the rule that takes its pages, fix its pattern, or remove it.",
                    pointer: rule.pointer, location: rule.location, file: fileLabel))
            }
        }
        return out
    }

    /// The pages of the sitemap being read (hashes of their URLs), so that a page it lists
    /// again is counted once.
    private var pagesInFile = Set<Int>()

    /// Starts a new sitemap file: a page listed again in it is ``PageOutcome/repeated``; one
    /// listed by an earlier file is counted again (each file is read as a whole: the counts
    /// are of the sitemaps' entries).
    public func startFile() { pagesInFile.removeAll(keepingCapacity: true) }

    /// Counts one `<loc>` of a sitemap (white space already trimmed).
    @discardableResult
    public func add(_ loc: String) -> PageOutcome {
        guard let split = Self.split(loc, host: hostBytes) else { return .notAPage }
        guard !split.userInfo else { return .userInfo }
        guard split.sameHost else {
            otherHostPages += 1
            if otherHostExample == nil { otherHostExample = Self.capped(loc, bytes: Self.maxExampleBytes) }
            return .otherHost
        }
        // One page a million times in one file is one page (issue 22: `--format jsonl` wrote a
        // line for each). At most the protocol's 50,000 hashes of one file are held.
        guard pagesInFile.insert(loc.hashValue).inserted else { return .repeated }
        pages += 1
        let section = Self.capped(Self.section(of: split.path, depth: depth), bytes: Self.maxSectionBytes, mark: "…")
        let s: Int
        if let known = sectionIndex[section] {
            s = known
        } else if sectionNames.count < Self.maxSections {
            s = sectionNames.count
            sectionIndex[section] = s
            sectionNames.append(section)
            for g in tallies.indices { tallies[g].append(Tally()) }
        } else {
            s = sectionIndex[Self.overflowSection] ?? {
                let i = sectionNames.count
                sectionIndex[Self.overflowSection] = i
                sectionNames.append(Self.overflowSection)
                for g in tallies.indices { tallies[g].append(Tally()) }
                return i
            }()
        }
        let example = Self.capped(loc, bytes: Self.maxExampleBytes)
        var decisions: [PageDecider.Decision] = []
        let wantsDecisions = onDecisions != nil || other != nil
        for g in 0..<decider.groupCount {
            let d = decider.decide(loc, group: g)
            if wantsDecisions { decisions.append(d) }
            switch d.decision {
            case .match:
                tallies[g][s].counts.match += 1
                if tallies[g][s].examples.match == nil { tallies[g][s].examples.match = example }
            case .exclude:
                tallies[g][s].counts.exclude += 1
                if tallies[g][s].examples.exclude == nil { tallies[g][s].examples.exclude = example }
            case .noMatch:
                tallies[g][s].counts.noMatch += 1
                if tallies[g][s].examples.noMatch == nil { tallies[g][s].examples.noMatch = example }
            }
            if let c = d.component { rulesUsed[g].insert(c) }
        }
        if let onDecisions {
            onDecisions(loc, sectionNames[s], decider.groupOfApp.map { g in
                let d = decisions[g]
                return (d.decision, decider.entries[g]?.entry.index, d.component)
            })
        }
        if let other { compare(loc, decisions, other) }
        return .counted
    }

    /// Counts the apps for which `other` decides `loc` otherwise than `ours` (by group).
    private func compare(_ loc: String, _ ours: [PageDecider.Decision], _ other: PageDecider) {
        var theirs: [PageDecider.Decision?] = Array(repeating: nil, count: other.groupCount)
        for (a, appID) in decider.appIDs.enumerated() {
            let g = decider.groupOfApp[a], h = other.groupOfApp[a]
            if theirs[h] == nil { theirs[h] = other.decide(loc, group: h) }
            let mine = ours[g], their = theirs[h]!
            let myDetail = decider.entries[g]?.entry.index, theirDetail = other.entries[h]?.entry.index
            guard mine != their || myDetail != theirDetail else { continue }
            if differing[a] == nil {
                differing[a] = Difference(appID: appID, pages: 0, example: loc,
                                          decision: (mine.decision, myDetail, mine.component),
                                          other: (their.decision, theirDetail, their.component))
            }
            differing[a]!.pages += 1
        }
    }

    /// The table of `appID` (one of ``appIDs``): one row per section, most pages first, then
    /// by section.
    public func rows(for appID: String) -> [CoverageRow] {
        guard let a = decider.appIDs.firstIndex(of: appID) else { return [] }
        let g = decider.groupOfApp[a]
        var rows: [CoverageRow] = []
        for (s, name) in sectionNames.enumerated() {
            let t = tallies[g][s]
            rows.append(CoverageRow(appID: appID, section: name, pages: t.counts.match + t.counts.exclude + t.counts.noMatch,
                                    match: t.counts.match, exclude: t.counts.exclude, noMatch: t.counts.noMatch,
                                    matchExample: t.examples.match, excludeExample: t.examples.exclude,
                                    noMatchExample: t.examples.noMatch))
        }
        return rows.sorted { a, b in
            if (a.section == Self.overflowSection) != (b.section == Self.overflowSection) { return b.section == Self.overflowSection }
            return a.pages != b.pages ? a.pages > b.pages : a.section < b.section
        }
    }

    /// Every table, app by app in the order asked.
    public var rows: [CoverageRow] { decider.appIDs.flatMap { rows(for: $0) } }

    /// AASA707: the include rules that decided none of the pages, for each `details` entry that
    /// decides for an app asked. Nothing when no page of the host was read (then every rule
    /// would be listed, which says nothing). Exclude rules are left out: the pages they keep on
    /// the web (sign-in, account, API) are seldom listed in sitemaps.
    public func deadRules() -> [Diagnostic] {
        guard pages > 0 else { return [] }
        var out: [Diagnostic] = []
        for g in 0..<decider.groupCount {
            guard let entry = decider.entries[g], !entry.matchesAll else { continue }
            let apps = zip(decider.appIDs, decider.groupOfApp).filter { $0.1 == g }.map(\.0)
            let forApps = apps.count == 1 ? apps[0] : "\(apps[0]) and \(apps.count - 1) more app\(apps.count == 2 ? "" : "s")"
            for rule in entry.rules where !rule.exclude && !rulesUsed[g].contains(rule.rule.index) {
                let list = rule.rule.isLegacyPath ? "paths" : "components"
                let verb = pages == 1 ? "does not decide the one page" : "decides none of the \(pages.grouped) pages"
                out.append(Diagnostic(
                    code: .aasa707,
                    message: "details[\(entry.entry.index)].\(list)[\(rule.rule.index)] `\(rule.rule.text)` \(verb) read from the sitemaps for \(forApps)",
                    hint: "An earlier rule decides its pages, or the site lists none: check the rule's pattern against a page it is meant for with `aasa-check match`, or remove it.",
                    pointer: rule.rule.ref.pointer, location: rule.rule.ref.location))
            }
        }
        return out
    }

    // MARK: Pieces

    /// The host and path of an absolute `http`/`https` URL, the host compared with `host`
    /// (lowercase ASCII) as the matcher compares it: without user info or port, ignoring case;
    /// and whether user info precedes the host. `nil` for anything else: a relative URL,
    /// another scheme, or an authority RFC 3986 (section 3.2) does not allow: an empty host
    /// (RFC 9110, 4.2.1), a host with a character a host cannot hold (a space, `"`, `<`,
    /// `{`…; non-ASCII characters are allowed, as RFC 3987 allows them in an IRI, which the
    /// Sitemaps protocol accepts), a port that is not digits.
    ///
    /// A host is compared as written: `example.com.` (the absolute DNS form, with its dot) is
    /// another host than `example.com`, as it is for a browser (another origin) and for the
    /// matcher, which decides by the host as given.
    static func split(_ loc: String, host: [UInt8]) -> (sameHost: Bool, path: Substring, userInfo: Bool)? {
        enum Split {
            case notAPage
            /// Plain ASCII: the host compared, the path's byte range.
            case plain(sameHost: Bool, path: Range<Int>, userInfo: Bool)
            /// A valid authority in a URL that is not plain ASCII: URLParts decides the host and path.
            case other(userInfo: Bool)
        }
        var text = loc
        let split = text.withUTF8 { bytes -> Split in
            let n = bytes.count
            var i = 0
            while i < n, bytes[i] != 0x3A, bytes[i] != 0x2F, bytes[i] != 0x3F, bytes[i] != 0x23 { i += 1 }
            guard i + 2 < n, bytes[i] == 0x3A, bytes[i + 1] == 0x2F, bytes[i + 2] == 0x2F else { return .notAPage }
            let scheme = UnsafeBufferPointer(rebasing: bytes[0..<i])
            guard Self.equalsLower(scheme, "https") || Self.equalsLower(scheme, "http") else { return .notAPage }
            let authorityStart = i + 3
            var end = authorityStart
            while end < n, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }
            guard let authority = Self.authority(bytes, authorityStart, end) else { return .notAPage }
            for b in bytes where b < 0x21 || b > 0x7E || b == 0x22 || b == 0x3C || b == 0x3E || b == 0x60 {
                return .other(userInfo: authority.userInfo)
            }
            var same = authority.host.count == host.count
            if same {
                for j in 0..<host.count where Self.lower(bytes[authority.host.lowerBound + j]) != host[j] {
                    same = false
                    break
                }
            }
            var pathEnd = end
            while pathEnd < n, bytes[pathEnd] != 0x3F, bytes[pathEnd] != 0x23 { pathEnd += 1 }
            return .plain(sameHost: same, path: end..<pathEnd, userInfo: authority.userInfo)
        }
        switch split {
        case .notAPage:
            return nil
        case .plain(let same, let path, let userInfo):
            let u = loc.utf8
            return (same, Substring(loc[u.index(u.startIndex, offsetBy: path.lowerBound)..<u.index(u.startIndex, offsetBy: path.upperBound)]), userInfo)
        case .other(let userInfo):
            guard let parts = URLParts(loc), let scheme = parts.scheme, scheme == "https" || scheme == "http",
                  let urlHost = parts.host else { return nil }
            return (Array(urlHost.utf8) == host, Substring(parts.path), userInfo)
        }
    }

    /// RFC 3986's characters of a host name (`reg-name`) and of user info besides `:`:
    /// unreserved (`A-Z a-z 0-9 - . _ ~`), sub-delims (`! $ & ' ( ) * + , ; =`) and `%` (an
    /// escape, checked apart); bytes of non-ASCII characters (RFC 3987's `iunreserved`).
    @inline(__always) static func isHostByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: return true
        case 0x80...: return true
        default: return false
        }
    }

    /// Checks `bytes[start..<end]`, a URL's authority, by RFC 3986 (section 3.2): `[userinfo
    /// "@"] host [":" port]`, the host a non-empty name (or an IP literal in brackets), the
    /// port digits. Returns the host's range and whether user info precedes it, or `nil`.
    static func authority(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (host: Range<Int>, userInfo: Bool)? {
        func valid(_ range: Range<Int>, colon: Bool) -> Bool {
            var k = range.lowerBound
            while k < range.upperBound {
                let b = bytes[k]
                if b == 0x25 {
                    guard k + 2 < range.upperBound, Self.isHex(bytes[k + 1]), Self.isHex(bytes[k + 2]) else { return false }
                    k += 3
                    continue
                }
                guard isHostByte(b) || (colon && b == 0x3A) else { return false }
                k += 1
            }
            return true
        }
        var hostStart = start
        var userInfo = false
        if let at = (start..<end).last(where: { bytes[$0] == 0x40 }) {
            guard valid(start..<at, colon: true) else { return nil }
            userInfo = true
            hostStart = at + 1
        }
        var hostEnd = end
        if hostStart < end, bytes[hostStart] == 0x5B {
            // An IP literal: hex digits, `:` and `.` (IPv6), or RFC 3986's IPvFuture.
            guard let close = (hostStart..<end).first(where: { bytes[$0] == 0x5D }), close > hostStart + 1,
                  valid(hostStart + 1..<close, colon: true) else { return nil }
            hostEnd = close + 1
        } else {
            hostEnd = (hostStart..<end).first { bytes[$0] == 0x3A } ?? end
            guard hostEnd > hostStart, valid(hostStart..<hostEnd, colon: false) else { return nil }
        }
        if hostEnd < end {
            guard bytes[hostEnd] == 0x3A, (hostEnd + 1..<end).allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) else { return nil }
        }
        return (hostStart..<hostEnd, userInfo)
    }

    @inline(__always) static func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
    }

    /// `/` and the first `depth` non-empty segments of `path`: `/products/shoes/1` → `/products`.
    static func section(of path: Substring, depth: Int) -> String {
        var path = path
        return path.withUTF8 { bytes in
            // Each kept segment is `/` and its bytes; empty segments (`//`) are skipped.
            var out: [UInt8] = []
            out.reserveCapacity(min(bytes.count, 64))
            var taken = 0
            var i = 0
            while i < bytes.count, taken < depth {
                while i < bytes.count, bytes[i] == 0x2F { i += 1 }
                guard i < bytes.count else { break }
                out.append(0x2F)
                while i < bytes.count, bytes[i] != 0x2F {
                    out.append(bytes[i])
                    i += 1
                }
                taken += 1
            }
            return out.isEmpty ? "/" : String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` when it has at most `bytes` UTF-8 bytes, else its longest prefix of whole
    /// Unicode scalars that fits with `mark` after it.
    static func capped(_ text: String, bytes: Int, mark: String = "") -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = String.UnicodeScalarView()
        var used = mark.utf8.count
        for scalar in text.unicodeScalars {
            used += UTF8.width(scalar)
            guard used <= bytes else { break }
            kept.append(scalar)
        }
        return String(kept) + mark
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b + 0x20 : b }

    static func equalsLower(_ a: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard a.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for j in 0..<a.count where lower(a[j]) != w[j] { return false }
        return true
    }
}

extension Int {
    /// `1000000` as `1,000,000`.
    public var grouped: String {
        var digits = String(magnitude)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return (self < 0 ? "-" : "") + digits + out
    }
}
