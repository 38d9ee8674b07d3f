/// The most domains one run fetches (`--max-domains N`, issue 22): a domain list or an
/// entitlement of any length cannot make a run send more requests than this limit allows
/// without saying so. The domains past the limit are not fetched; they are counted in one
/// AASA117 (``finding(skipped:from:)``).
///
/// Each domain fetched costs at most a few requests (the origin's file, the legacy root path
/// when the file URL fails, a browser's retry when the fetcher is refused, Apple's CDN copy),
/// so the limit on domains is a limit on requests.
public struct DomainLimit: Sendable, Equatable {
    /// The limit when `--max-domains` is not given: 1,000 domains. Apple advises at most 20–30
    /// associated domains per app (AASA609); a list of thousands is a crawl, which says so with
    /// `--max-domains`.
    public static let defaultMax = 1_000
    /// The largest value `--max-domains` accepts (a crawl of a top-million list, unsharded).
    public static let largestMax = 100_000_000

    /// Most domains fetched in one run, at least 1.
    public var max: Int

    /// - Parameter max: most domains fetched, clamped to 1 … ``largestMax``.
    public init(max: Int = DomainLimit.defaultMax) { self.max = Swift.min(Swift.max(1, max), Self.largestMax) }

    /// Splits `domains` (in the order they would be fetched) into those fetched and the count of
    /// those that are not.
    public func split<T>(_ domains: [T]) -> (fetched: [T], skipped: Int) {
        domains.count <= max ? (domains, 0) : (Array(domains.prefix(max)), domains.count - max)
    }

    /// AASA117 for `skipped` domains not fetched, or `nil` when none were skipped.
    /// - Parameter from: what named the domains (`--domains domains.txt`, `the entitlements`),
    ///   as the message says it; it is quoted escaped and cut.
    public func finding(skipped: Int, from: String) -> Diagnostic? {
        guard skipped > 0 else { return nil }
        return Diagnostic(
            code: .aasa117,
            message: "\(SafeText.escape(from, limit: 300)) names \(grouped(max + skipped)) domains; the first \(grouped(max)) were checked "
                + "and \(grouped(skipped)) more were not fetched (--max-domains \(max))",
            hint: "Give --max-domains N to check more domains in one run (a crawl: the list's length), or split the list with --shard K/N.")
    }

    /// `12,345`.
    private func grouped(_ n: Int) -> String {
        var s = String(n)
        var i = s.count - 3
        while i > 0 {
            s.insert(",", at: s.index(s.startIndex, offsetBy: i))
            i -= 3
        }
        return s
    }
}
