import AASACore
import AASANet
import Foundation

extension DomainCheck {
    /// The most domains started and not yet handed to `emit`, by default: the reorder window
    /// that keeps the output in input order. A domain slower than this many after it holds
    /// back new starts until it finishes.
    public static func defaultWindow(concurrency: Int) -> Int { max(256, 8 * concurrency) }

    /// Checks `targets` as a stream: at most `options.concurrency` requests in flight on one
    /// libcurl multi handle, a domain's follow-up requests (legacy path, browser retry) started
    /// as soon as its origin answer asks for them, and each domain judged as soon as its
    /// fetches (and address lookup) are done, while the others are still being fetched.
    ///
    /// - `process` is called on the calling thread once per domain, in completion order, with
    ///   the domain's outcome (bodies included); what it returns should be small, since up to
    ///   `window` of them wait for their turn.
    /// - `emit` is called on the calling thread once per domain, in input order (in
    ///   completion order when `ordered` is false), with the domain's index in `targets` and
    ///   what `process` returned for it.
    ///
    /// Memory does not grow with the number of targets: at most `window` domains (default
    /// ``defaultWindow(concurrency:)``) are between their start and `emit`, and at most twice
    /// `options.concurrency` (at least 4) between their start and `process`, so at most that
    /// many sets of bodies (each body at most ``HTTPRequest/defaultMaxBodyBytes``) are held.
    /// A failing or slow domain never stops the others: every request ends within its time
    /// limits and every address lookup within `min(5, options.timeout)` seconds.
    /// Politeness (`options.rate`, `options.cdnConcurrency`) is described on
    /// ``stream(from:options:appIDs:window:ordered:process:emit:)``.
    public static func stream<Result>(
        _ targets: [CheckTarget], options: NetworkOptions, appIDs: [String] = [], window: Int? = nil,
        ordered: Bool = true, process: (DomainOutcome) -> Result, emit: (Int, Result) -> Void
    ) {
        var next = 0
        stream(from: {
            guard next < targets.count else { return nil }
            defer { next += 1 }
            return targets[next]
        }, options: options, appIDs: appIDs, window: window, ordered: ordered, process: process, emit: emit)
    }

    /// Checks the domains `source` hands out, one call per domain until it answers `nil`, as
    /// ``stream(_:options:appIDs:window:ordered:process:emit:)`` does an array: `source` is
    /// called on the transfer loop's thread only when the window has room for another domain,
    /// so a long list is read as it is checked and never held whole. The index given to `emit`
    /// counts the domains in the order `source` gave them, from 0.
    ///
    /// Politeness: when `options.rate` is set, requests (origin, CDN, legacy path, browser
    /// retry) start at most that many a second overall (``TokenBucket`` of one: spaced at least
    /// `1 / rate` seconds apart); requests to Apple's CDN (one per domain at most) are at most
    /// `options.cdnConcurrency` in flight at once, within `options.concurrency`.
    public static func stream<Result>(
        from source: @escaping () -> CheckTarget?, options: NetworkOptions, appIDs: [String] = [], window: Int? = nil,
        ordered: Bool = true, process: (DomainOutcome) -> Result, emit: (Int, Result) -> Void
    ) {
        let pipeline = DomainPipeline(source: source, options: options,
                                      window: max(1, window ?? defaultWindow(concurrency: options.concurrency)),
                                      inFlight: max(4, 2 * options.concurrency))
        let networkDone = DispatchSemaphore(value: 0)
        let thread = Thread {
            HTTPClient.run(concurrency: options.concurrency, bell: pipeline.bell,
                           next: pipeline.next, onResult: pipeline.received)
            networkDone.signal()
        }
        thread.name = "aasa-net"
        thread.start()

        var waiting: [Int: Result] = [:]
        var emitted = 0
        while let (index, target, fetched) = pipeline.takeReady() {
            let outcome = judge(target, fetched, options: options, appIDs: appIDs)
            let result = process(outcome)
            if ordered {
                waiting[index] = result
                while let result = waiting.removeValue(forKey: emitted) {
                    emit(emitted, result)
                    emitted += 1
                }
            } else {
                emit(index, result)
                emitted += 1
            }
            pipeline.judged(emitted: emitted)
        }
        networkDone.wait()
        pipeline.finish()
    }

    /// Judges one domain from what was fetched for it: hosting (origin, legacy, browser,
    /// addresses), the CDN copy, and `--app-id` membership.
    static func judge(_ t: CheckTarget, _ fetched: FetchedDomain, options: NetworkOptions, appIDs: [String]) -> DomainOutcome {
        let o = fetched.origin ?? FetchRecord(url: HostingJudge.fileURL(for: t.host),
                                              error: FetchError(kind: .other, message: "no result"))
        // When the lookup found nothing, the address libcurl connected to stands in.
        let addresses = fetched.addresses ?? (fetched.lookedUp ? o.primaryIP.map { [$0] } : nil)
        let fetches = DomainFetches(domain: t.host, origin: o, legacy: fetched.legacy, browser: fetched.browser,
                                    addresses: addresses, connectionRedirected: options.redirects(t.host),
                                    plainHTTPRequested: t.plainHTTP)
        let hosting = HostingJudge.judge(fetches)
        var diagnostics = hosting.diagnostics
        let copy = CDNJudge.usableCopy(fetched.cdn, domain: t.host)
        diagnostics += CDNJudge.judge(domain: t.host, cdn: fetched.cdn, skipped: cdnSkipReason(t, options), origin: hosting, copy: copy)
        diagnostics += membership(appIDs, in: hosting, domain: t.host, cdnCopy: copy)
        return DomainOutcome(target: t, origin: o, legacy: fetched.legacy, browser: fetched.browser, cdn: fetched.cdn,
                             addresses: addresses, hosting: hosting, diagnostics: diagnostics)
    }
}

/// What was fetched for one domain so far.
struct FetchedDomain: Sendable {
    var origin: FetchRecord?
    var cdn: FetchRecord?
    var legacy: FetchRecord?
    var browser: FetchRecord?
    /// The host's addresses, when a lookup found some.
    var addresses: [String]?
    /// Whether an address lookup was made (the connection was not sent elsewhere and the
    /// origin fetch did not already fail to resolve the name).
    var lookedUp = false
    /// Requests (and the lookup) not yet answered.
    var outstanding = 0
}

/// The state shared by the transfer loop's thread (``next()``, ``received(_:)``), the address
/// lookups and the thread that judges (``takeReady()``, ``judged(emitted:)``), all under
/// one lock.
final class DomainPipeline: @unchecked Sendable {
    enum Role { case origin, cdn, legacy, browser }

    /// Hands out the next domain, `nil` when there is none left; called under the lock.
    private let source: () -> CheckTarget?
    let options: NetworkOptions
    /// Most domains started and not yet emitted.
    let window: Int
    /// Most domains started and not yet judged.
    let inFlight: Int
    /// Most requests to Apple's CDN in flight at once.
    let cdnLimit: Int
    let bell = TransferBell()
    private let lookups: OperationQueue

    private let lock = NSCondition()
    // Guarded by `lock`:
    private var nextStart = 0
    private var exhausted = false
    private var judgedCount = 0
    private var emittedCount = 0
    private var takenCount = 0
    private var followUps: [(HTTPRequest, Int)] = []
    private var followUpHead = 0
    private var cdnQueue: [(HTTPRequest, Int)] = []
    private var cdnHead = 0
    private var cdnInFlight = 0
    private var tags: [Int: (domain: Int, role: Role)] = [:]
    private var nextTag = 0
    private var started: [Int: CheckTarget] = [:]
    private var fetching: [Int: FetchedDomain] = [:]
    private var ready: [(Int, FetchedDomain)] = []
    private var readyHead = 0
    /// The feed last answered `wait` because of the window: the loop wants a ring when it moves.
    private var held = false
    /// `--rate`: the bucket requests take their turn from, and whether a ring is already due
    /// for the next turn.
    private var bucket: TokenBucket?
    private var ringDue = false

    init(source: @escaping () -> CheckTarget?, options: NetworkOptions, window: Int, inFlight: Int) {
        self.source = source
        self.options = options
        self.window = window
        self.inFlight = inFlight
        cdnLimit = max(1, options.cdnConcurrency)
        bucket = options.rate.map { TokenBucket(rate: $0) }
        lookups = OperationQueue()
        lookups.name = "aasa-resolve"
        lookups.maxConcurrentOperationCount = min(32, max(1, options.concurrency))
    }

    convenience init(targets: [CheckTarget], options: NetworkOptions, window: Int, inFlight: Int) {
        var next = 0
        self.init(source: {
            guard next < targets.count else { return nil }
            defer { next += 1 }
            return targets[next]
        }, options: options, window: window, inFlight: inFlight)
    }

    /// The transfer loop's feed: follow-ups first, then a CDN request when fewer than
    /// ``cdnLimit`` are in flight, then the next domain's origin request when the window
    /// allows; each only when `--rate` gives it its turn.
    func next() -> FeedItem {
        lock.lock()
        defer { lock.unlock() }
        let hasFollowUp = followUpHead < followUps.count
        let hasCDN = cdnHead < cdnQueue.count && cdnInFlight < cdnLimit
        let mayStart = !exhausted && nextStart - emittedCount < window && nextStart - judgedCount < inFlight
        if (hasFollowUp || hasCDN || mayStart) && !turn() { return .wait }
        if hasFollowUp {
            let (request, tag) = followUps[followUpHead]
            followUpHead += 1
            if followUpHead == followUps.count {
                followUps.removeAll(keepingCapacity: true)
                followUpHead = 0
            }
            return .request(request, tag: tag)
        }
        if hasCDN {
            let (request, tag) = cdnQueue[cdnHead]
            cdnHead += 1
            if cdnHead == cdnQueue.count {
                cdnQueue.removeAll(keepingCapacity: true)
                cdnHead = 0
            }
            cdnInFlight += 1
            return .request(request, tag: tag)
        }
        if mayStart {
            if let target = source() {
                let index = nextStart
                nextStart += 1
                started[index] = target
                var domain = FetchedDomain()
                let origin = options.request(HostingJudge.fileURL(for: target.host))
                let originTag = tag(index, .origin)
                domain.outstanding = 1
                if DomainCheck.cdnSkipReason(target, options) == nil {
                    let url = CDNJudge.url(base: options.cdnBase, domain: target.host)
                    let cdn = options.request(url, userAgent: HTTPRequest.appleFetcherUserAgent,
                                              plainHTTP: url.lowercased().hasPrefix("http:"))
                    cdnQueue.append((cdn, tag(index, .cdn)))
                    domain.outstanding += 1
                }
                fetching[index] = domain
                return .request(origin, tag: originTag)
            }
            // The list is done (a turn of --rate is lost, once): the judging thread may be
            // waiting to learn it.
            exhausted = true
            lock.broadcast()
        }
        if exhausted, tags.isEmpty { return .finished }
        held = !exhausted
        return .wait
    }

    /// Whether a request may start now under `--rate` (taking its turn); when not, a ring is
    /// set for when it may. Called with the lock held.
    private func turn() -> Bool {
        guard var b = bucket else { return true }
        let wait = b.take(now: TokenBucket.monotonicSeconds())
        bucket = b
        guard wait > 0 else { return true }
        if !ringDue {
            ringDue = true
            DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
                lock.lock()
                ringDue = false
                lock.unlock()
                bell.ring()
            }
        }
        return false
    }

    private func tag(_ domain: Int, _ role: Role) -> Int {
        defer { nextTag += 1 }
        tags[nextTag] = (domain, role)
        return nextTag
    }

    /// A transfer finished (on the transfer loop's thread).
    func received(_ result: FetchResult) {
        let record = FetchRecord(result)
        var lookUp: (Int, String)?
        lock.lock()
        defer {
            lock.unlock()
            if let (index, host) = lookUp { startLookup(index, host) }
        }
        guard let (index, role) = tags.removeValue(forKey: result.index) else { return }
        if role == .cdn { cdnInFlight -= 1 }
        guard var domain = fetching[index], let target = started[index] else { return }
        domain.outstanding -= 1
        switch role {
        case .origin:
            domain.origin = record
            if HostingJudge.shouldProbeLegacy(record) {
                followUps.append((options.request(HostingJudge.legacyURL(for: target.host)), tag(index, .legacy)))
                domain.outstanding += 1
            }
            if HostingJudge.shouldRetryAsBrowser(record) {
                followUps.append((options.request(HostingJudge.fileURL(for: target.host), userAgent: HTTPRequest.browserUserAgent),
                                  tag(index, .browser)))
                domain.outstanding += 1
            }
            // The addresses of hosts not sent elsewhere with --connect-to, unless the name
            // already failed to resolve.
            if !options.redirects(target.host), record.error?.kind != .dns, record.error?.kind != .badURL {
                domain.lookedUp = true
                domain.outstanding += 1
                lookUp = (index, target.host)
            }
        case .cdn: domain.cdn = record
        case .legacy: domain.legacy = record
        case .browser: domain.browser = record
        }
        store(index, domain)
    }

    private func startLookup(_ index: Int, _ host: String) {
        let limit = min(5, options.timeout)
        lookups.addOperation { [self] in
            let outcome = AddressResolver.resolve(host, timeout: limit)
            lock.lock()
            defer { lock.unlock() }
            guard var domain = fetching[index] else { return }
            if case .addresses(let list) = outcome, !list.isEmpty { domain.addresses = list }
            domain.outstanding -= 1
            store(index, domain)
        }
    }

    /// Keeps a domain's state, or hands it to the judging thread when nothing is outstanding.
    /// Called with the lock held.
    private func store(_ index: Int, _ domain: FetchedDomain) {
        if domain.outstanding > 0 {
            fetching[index] = domain
        } else {
            fetching.removeValue(forKey: index)
            ready.append((index, domain))
            lock.signal()
        }
    }

    /// The next domain whose fetches are done (its index in the order started, and its
    /// target), waiting for one; `nil` once the source is exhausted and every domain started
    /// has been taken.
    func takeReady() -> (Int, CheckTarget, FetchedDomain)? {
        lock.lock()
        defer { lock.unlock() }
        while readyHead == ready.count {
            if exhausted && takenCount == nextStart { return nil }
            lock.wait()
        }
        let (index, domain) = ready[readyHead]
        readyHead += 1
        if readyHead == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        takenCount += 1
        let target = started.removeValue(forKey: index)!
        return (index, target, domain)
    }

    /// One more domain judged, and `emitted` domains emitted in all: the window moves.
    func judged(emitted: Int) {
        lock.lock()
        judgedCount += 1
        emittedCount = emitted
        let wake = held
        held = false
        lock.unlock()
        if wake { bell.ring() }
    }

    /// After the last domain: lets address lookups still running past their limit end alone.
    func finish() {
        lookups.cancelAllOperations()
    }
}
