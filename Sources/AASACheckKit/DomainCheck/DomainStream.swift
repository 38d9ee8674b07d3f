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
    /// - `emit` is called on the calling thread once per domain, in input order, with the
    ///   domain's index in `targets` and what `process` returned for it.
    ///
    /// Memory does not grow with the number of targets: at most `window` domains (default
    /// ``defaultWindow(concurrency:)``) are between their start and `emit`, and at most twice
    /// `options.concurrency` (at least 4) between their start and `process`, so at most that
    /// many sets of bodies (each body at most ``HTTPRequest/defaultMaxBodyBytes``) are held.
    /// A failing or slow domain never stops the others: every request ends within its time
    /// limits and every address lookup within `min(5, options.timeout)` seconds.
    public static func stream<Result>(
        _ targets: [CheckTarget], options: NetworkOptions, appIDs: [String] = [], window: Int? = nil,
        process: (DomainOutcome) -> Result, emit: (Int, Result) -> Void
    ) {
        guard !targets.isEmpty else { return }
        let pipeline = DomainPipeline(targets: targets, options: options,
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
        var nextToEmit = 0
        while nextToEmit < targets.count {
            let (index, fetched) = pipeline.takeReady()
            let outcome = judge(targets[index], fetched, options: options, appIDs: appIDs)
            waiting[index] = process(outcome)
            while let result = waiting.removeValue(forKey: nextToEmit) {
                emit(nextToEmit, result)
                nextToEmit += 1
            }
            pipeline.judged(emittedUpTo: nextToEmit)
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
/// lookups and the thread that judges (``takeReady()``, ``judged(emittedUpTo:)``), all under
/// one lock.
final class DomainPipeline: @unchecked Sendable {
    enum Role { case origin, cdn, legacy, browser }

    let targets: [CheckTarget]
    let options: NetworkOptions
    /// Most domains started and not yet emitted.
    let window: Int
    /// Most domains started and not yet judged.
    let inFlight: Int
    let bell = TransferBell()
    private let lookups: OperationQueue

    private let lock = NSCondition()
    // Guarded by `lock`:
    private var nextStart = 0
    private var judgedCount = 0
    private var emittedCount = 0
    private var followUps: [(HTTPRequest, Int)] = []
    private var followUpHead = 0
    private var tags: [Int: (domain: Int, role: Role)] = [:]
    private var nextTag = 0
    private var fetching: [Int: FetchedDomain] = [:]
    private var ready: [(Int, FetchedDomain)] = []
    private var readyHead = 0
    /// The feed last answered `wait` because of the window: the loop wants a ring when it moves.
    private var held = false

    init(targets: [CheckTarget], options: NetworkOptions, window: Int, inFlight: Int) {
        self.targets = targets
        self.options = options
        self.window = window
        self.inFlight = inFlight
        lookups = OperationQueue()
        lookups.name = "aasa-resolve"
        lookups.maxConcurrentOperationCount = min(32, max(1, options.concurrency))
    }

    /// The transfer loop's feed: follow-ups first, then the next domain's origin request when
    /// the window allows.
    func next() -> FeedItem {
        lock.lock()
        defer { lock.unlock() }
        if followUpHead < followUps.count {
            let (request, tag) = followUps[followUpHead]
            followUpHead += 1
            if followUpHead == followUps.count {
                followUps.removeAll(keepingCapacity: true)
                followUpHead = 0
            }
            return .request(request, tag: tag)
        }
        if nextStart < targets.count, nextStart - emittedCount < window, nextStart - judgedCount < inFlight {
            let index = nextStart
            nextStart += 1
            let target = targets[index]
            var domain = FetchedDomain()
            let origin = options.request(HostingJudge.fileURL(for: target.host))
            let originTag = tag(index, .origin)
            domain.outstanding = 1
            if DomainCheck.cdnSkipReason(target, options) == nil {
                let url = CDNJudge.url(base: options.cdnBase, domain: target.host)
                let cdn = options.request(url, userAgent: HTTPRequest.appleFetcherUserAgent,
                                          plainHTTP: url.lowercased().hasPrefix("http:"))
                followUps.append((cdn, tag(index, .cdn)))
                domain.outstanding += 1
            }
            fetching[index] = domain
            return .request(origin, tag: originTag)
        }
        if nextStart == targets.count, tags.isEmpty { return .finished }
        held = nextStart < targets.count
        return .wait
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
        guard let (index, role) = tags.removeValue(forKey: result.index), var domain = fetching[index] else { return }
        let target = targets[index]
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

    /// The next domain whose fetches are done, waiting for one.
    func takeReady() -> (Int, FetchedDomain) {
        lock.lock()
        defer { lock.unlock() }
        while readyHead == ready.count { lock.wait() }
        let item = ready[readyHead]
        readyHead += 1
        if readyHead == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        return item
    }

    /// One more domain judged, and the domains before `emittedUpTo` emitted: the window moves.
    func judged(emittedUpTo: Int) {
        lock.lock()
        judgedCount += 1
        emittedCount = emittedUpTo
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
