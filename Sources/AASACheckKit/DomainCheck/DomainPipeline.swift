import AASACore
import AASANet
import Dispatch
import Synchronization

/// What was fetched for one domain so far: each document kind's plan and the exchanges it
/// made, in the order answered (``DocumentKind``).
struct FetchedDomain: Sendable {
    /// One plan per kind of the run, in the order of ``DomainPipeline/kinds``.
    var plans: [any FetchPlan] = []
    /// The exchanges of each kind, in the order answered.
    var exchanges: [[PlannedExchange]] = []
    /// The host's addresses, when a lookup found some.
    var addresses: [String]?
    /// Whether an address lookup was made (the connection was not sent elsewhere and the
    /// answer that asked for it did not already fail to resolve the name).
    var lookedUp = false
    /// The address libcurl connected to for the request that asked for the lookup: it stands
    /// in when the lookup finds nothing.
    var connectedIP: String?
    /// Requests (and the lookup) not yet answered.
    var outstanding = 0
    /// The domain's other first requests to its own host, held until its first answers (or
    /// ``DomainPipeline/holdLimit`` has passed) so that they can share that connection.
    var held: [(HTTPRequest, Int)] = []

    /// The host's addresses as the kinds judge them: the lookup's, else (when it found
    /// nothing) the address libcurl connected to.
    var judgedAddresses: [String]? { addresses ?? (lookedUp ? connectedIP.map { [$0] } : nil) }

    /// The answer to Apple's file URL (the first kind's `origin` request), when there is one.
    var origin: FetchRecord? {
        get { exchanges.first?.last { $0.request.role == AppleSiteAssociation.Role.origin }?.record }
        set {
            if exchanges.isEmpty { exchanges = [[]] }
            exchanges[0].removeAll { $0.request.role == AppleSiteAssociation.Role.origin }
            if let newValue {
                exchanges[0].insert(PlannedExchange(PlannedRequest(url: newValue.url, role: AppleSiteAssociation.Role.origin,
                                                                   looksUpAddresses: true), newValue), at: 0)
            }
        }
    }
}

/// The state shared by the transfer loop's thread (``next()``, ``received(_:)``), the address
/// lookups' threads and the thread that judges (``takeReady()``, ``judged(emitted:)``), all
/// behind one mutex. The judging thread waits for ready domains on a semaphore, with a
/// deadline (``stallLimit``).
final class DomainPipeline: Sendable {
    /// Which domain, kind and planned request a transfer answers.
    struct Tag: Sendable {
        var domain: Int
        var kind: Int
        var request: PlannedRequest
    }

    /// What a request that never got an answer is recorded as.
    static let givenUp = AppleSiteAssociation.givenUp

    private struct State {
        /// Hands out the next domain, `nil` when there is none left; called with the mutex held.
        var source: @Sendable () -> CheckTarget?
        var nextStart = 0
        var exhausted = false
        var judgedCount = 0
        var emittedCount = 0
        var takenCount = 0
        var followUps = FIFO<(HTTPRequest, Int)>()
        var cdnQueue = FIFO<(HTTPRequest, Int)>()
        var cdnInFlight = 0
        /// The domains with held requests, oldest first, and when their hold ends.
        var holds = FIFO<(Int, DispatchTime)>()
        var tags: [Int: Tag] = [:]
        var nextTag = 0
        var started: [Int: CheckTarget] = [:]
        var fetching: [Int: FetchedDomain] = [:]
        var lookups: [Int: ResolverPool.Lookup] = [:]
        var ready = FIFO<(Int, FetchedDomain)>()
        /// The feed last answered `wait` because of the window: the loop wants a ring when it moves.
        var held = false
        /// The judging thread is done: the feed has nothing more to start.
        var finished = false
        /// When a domain last started or was judged, or a result or lookup last arrived.
        var lastProgress = DispatchTime.now()
        /// `--rate`: the bucket requests take their turn from, and whether a ring is already
        /// due for the next turn.
        var bucket: TokenBucket?
        var ringDue = false

        mutating func tag(_ domain: Int, kind: Int, _ request: PlannedRequest) -> Int {
            defer { nextTag += 1 }
            tags[nextTag] = Tag(domain: domain, kind: kind, request: request)
            return nextTag
        }
    }

    let options: NetworkOptions
    /// The document kinds each domain is checked for (Apple's first).
    let kinds: [any DocumentKind.Type]
    /// Most domains started and not yet emitted.
    let window: Int
    /// Most domains started and not yet judged.
    let inFlight: Int
    /// Most requests to Apple's CDN in flight at once.
    let cdnLimit: Int
    let bell = TransferBell()
    private let resolver: ResolverPool
    private let state: Mutex<State>
    /// One signal per domain made ready (or when the list turns out to be done).
    private let readySignal = DispatchSemaphore(value: 0)
    /// Seconds beyond `options.timeout` that ``stallLimit`` allows.
    private let stallMargin: Double

    /// How long the judging thread waits without any progress (a domain started or judged, a
    /// result or lookup answered) before it gives up on the domains still being fetched:
    /// longer than any one request can wait for its turn under `--rate` (one interval, 1/rate
    /// seconds) and then take (each ends within `options.timeout`), or a lookup
    /// (`min(5, timeout)`) can take.
    var stallLimit: DispatchTimeInterval {
        .milliseconds(Int((options.timeout + stallMargin + (options.rate.map { 1 / $0 } ?? 0)) * 1000))
    }

    /// - Parameters:
    ///   - source: the domains, one a call, `nil` at the end (called on the transfer loop's thread).
    ///   - resolver: where address lookups run.
    ///   - stallMargin: seconds beyond `options.timeout` before a stall is declared.
    init(source: @escaping @Sendable () -> CheckTarget?, options: NetworkOptions, kinds: [any DocumentKind.Type] = [AppleSiteAssociation.self],
         window: Int, inFlight: Int, resolver: ResolverPool = .shared, stallMargin: Double = 5) {
        self.options = options
        self.kinds = kinds
        self.window = window
        self.inFlight = inFlight
        self.resolver = resolver
        self.stallMargin = stallMargin
        cdnLimit = max(1, options.cdnConcurrency)
        state = Mutex(State(source: source, bucket: options.rate.map { TokenBucket(rate: $0) }))
    }

    convenience init(targets: [CheckTarget], options: NetworkOptions, window: Int, inFlight: Int,
                     resolver: ResolverPool = .shared, stallMargin: Double = 5) {
        self.init(source: TargetList(targets).next, options: options, window: window, inFlight: inFlight,
                  resolver: resolver, stallMargin: stallMargin)
    }

    /// The transfer loop's feed: follow-ups first, then a CDN request when fewer than
    /// ``cdnLimit`` are in flight, then the next domain's origin request when the window
    /// allows; each only when `--rate` gives it its turn.
    func next() -> FeedItem {
        let (item, notify) = state.withLock { s -> (FeedItem, Bool) in
            if s.finished { return (.finished, false) }
            Self.releaseHolds(&s, now: .now())
            let hasFollowUp = !s.followUps.isEmpty
            let hasCDN = !s.cdnQueue.isEmpty && s.cdnInFlight < cdnLimit
            let mayStart = !s.exhausted && s.nextStart - s.emittedCount < window && s.nextStart - s.judgedCount < inFlight
            if (hasFollowUp || hasCDN || mayStart) && !turn(&s) { return (.wait, false) }
            if hasFollowUp, let (request, tag) = s.followUps.pop() {
                return (.request(request, tag: tag), false)
            }
            if hasCDN, let (request, tag) = s.cdnQueue.pop() {
                s.cdnInFlight += 1
                return (.request(request, tag: tag), false)
            }
            var notify = false
            if mayStart {
                if let target = s.source() {
                    let index = s.nextStart
                    s.nextStart += 1
                    s.started[index] = target
                    s.lastProgress = .now()
                    var domain = FetchedDomain()
                    let context = DomainCheck.host(for: target, options: options)
                    var first: (HTTPRequest, Int)?
                    for (k, kind) in kinds.enumerated() {
                        var plan = kind.plan(for: context)
                        for planned in plan.start() {
                            let item = (request(planned), s.tag(index, kind: k, planned))
                            domain.outstanding += 1
                            if planned.throughCDN { s.cdnQueue.append(item) } else if first == nil { first = item } else { domain.held.append(item) }
                        }
                        domain.plans.append(plan)
                        domain.exchanges.append([])
                    }
                    if !domain.held.isEmpty { s.holds.append((index, .now() + Self.holdLimit)) }
                    guard let (request, tag) = first else {
                        // Nothing to fetch (every kind's plan is empty): judged as it is.
                        store(index, domain, in: &s)
                        s.held = true
                        return (.wait, false)
                    }
                    s.fetching[index] = domain
                    return (.request(request, tag: tag), false)
                }
                // The list is done (a turn of --rate is lost, once): the judging thread may be
                // waiting to learn it.
                s.exhausted = true
                notify = true
            }
            if s.exhausted, s.tags.isEmpty { return (.finished, notify) }
            s.held = !s.exhausted
            return (.wait, notify)
        }
        if notify { readySignal.signal() }
        return item
    }

    /// How long a domain's other requests to its host wait for its first to answer before they
    /// start on connections of their own (a host that does not answer delays them by this).
    static let holdLimit: DispatchTimeInterval = .seconds(1)

    /// Queues the held requests of `domain` as follow-ups.
    /// - Parameter last: nothing else of the domain is queued or planned: the last held request
    ///   closes the connection when it ends (``HTTPRequest/closesConnection``), unless another
    ///   transfer still uses it. A finished domain's connection is never used again (another
    ///   host's requests cannot share it), and libcurl checks every idle connection it would
    ///   share an address with (`--connect-to`) before each new request.
    private static func release(_ domain: inout FetchedDomain, in s: inout State, last: Bool = false) {
        if last, !domain.held.isEmpty { domain.held[domain.held.count - 1].0.closesConnection = true }
        for item in domain.held { s.followUps.append(item) }
        domain.held = []
    }

    /// Releases the holds that have lasted ``holdLimit`` by `now`.
    private static func releaseHolds(_ s: inout State, now: DispatchTime) {
        while let (index, due) = s.holds.first, due <= now {
            _ = s.holds.pop()
            if var domain = s.fetching[index], !domain.held.isEmpty {
                release(&domain, in: &s)
                s.fetching[index] = domain
            }
        }
    }

    /// Whether a request may start now under `--rate` (taking its turn); when not, a ring is
    /// set for when it may.
    private func turn(_ s: inout State) -> Bool {
        guard var b = s.bucket else { return true }
        let wait = b.take(now: TokenBucket.monotonicSeconds())
        s.bucket = b
        guard wait > 0 else { return true }
        if !s.ringDue {
            s.ringDue = true
            DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
                state.withLock { $0.ringDue = false }
                bell.ring()
            }
        }
        return false
    }

    /// The request the network layer makes for a planned one: the run's settings added.
    private func request(_ planned: PlannedRequest) -> HTTPRequest {
        let agent: String?
        switch planned.agent {
        case .run: agent = nil
        case .appleFetcher: agent = HTTPRequest.appleFetcherUserAgent
        case .browser: agent = HTTPRequest.browserUserAgent
        case .custom(let ua): agent = ua
        }
        var r = options.request(planned.url, userAgent: agent, plainHTTP: planned.plainHTTP)
        r.maxBodyBytes = planned.maxBodyBytes
        r.sharesRelativeConnection = true
        return r
    }

    /// A transfer finished (on the transfer loop's thread): the kind's plan is told, and the
    /// follow-ups it asks for are queued.
    func received(_ result: FetchResult) {
        let record = FetchRecord(result)
        let lookUp: (Int, String)? = state.withLock { s in
            guard let tag = s.tags.removeValue(forKey: result.index) else { return nil }
            if tag.request.throughCDN { s.cdnInFlight -= 1 }
            guard var domain = s.fetching[tag.domain], let target = s.started[tag.domain] else { return nil }
            s.lastProgress = .now()
            var lookUp: (Int, String)?
            domain.outstanding -= 1
            domain.exchanges[tag.kind].append(PlannedExchange(tag.request, record))
            let more = domain.plans[tag.kind].received(record, for: tag.request)
            if !tag.request.throughCDN { Self.release(&domain, in: &s, last: more.isEmpty) }
            for planned in more {
                let item = (request(planned), s.tag(tag.domain, kind: tag.kind, planned))
                if planned.throughCDN { s.cdnQueue.append(item) } else { s.followUps.append(item) }
                domain.outstanding += 1
            }
            // The addresses of hosts not sent elsewhere with --connect-to, unless the name
            // already failed to resolve.
            if tag.request.looksUpAddresses, !domain.lookedUp, !options.redirects(target.host),
               record.error?.kind != .dns, record.error?.kind != .badURL {
                domain.lookedUp = true
                domain.connectedIP = record.primaryIP
                domain.outstanding += 1
                lookUp = (tag.domain, target.host)
            }
            store(tag.domain, domain, in: &s)
            return lookUp
        }
        if let (index, host) = lookUp { startLookup(index, host) }
    }

    /// Looks the host's addresses up on the resolver pool, answered within `min(5, timeout)` s.
    private func startLookup(_ index: Int, _ host: String) {
        let lookup = resolver.lookup(host, timeout: min(5, options.timeout)) { [self] outcome in
            state.withLock { s in
                s.lookups.removeValue(forKey: index)
                guard var domain = s.fetching[index] else { return }
                s.lastProgress = .now()
                if case .addresses(let list) = outcome, !list.isEmpty { domain.addresses = list }
                domain.outstanding -= 1
                store(index, domain, in: &s)
            }
        }
        state.withLock { s in
            // Kept to cancel it at the end, unless it was answered already.
            if s.fetching[index] != nil, !lookup.isSettled { s.lookups[index] = lookup }
        }
    }

    /// Keeps a domain's state, or hands it to the judging thread when nothing is outstanding.
    private func store(_ index: Int, _ domain: FetchedDomain, in s: inout State) {
        if domain.outstanding > 0 {
            s.fetching[index] = domain
        } else {
            s.fetching.removeValue(forKey: index)
            s.ready.append((index, domain))
            readySignal.signal()
        }
    }

    /// The next domain whose fetches are done (its index in the order started, and its
    /// target), waiting for one; `nil` once the source is exhausted and every domain started
    /// has been taken. When nothing has progressed for ``stallLimit`` (a result was lost), the
    /// domains still being fetched, and those not started, are handed over as they are
    /// (``abandon(_:)``).
    func takeReady() -> (Int, CheckTarget, FetchedDomain)? {
        while true {
            let (item, lastProgress, done) = state.withLock { s -> ((Int, CheckTarget, FetchedDomain)?, DispatchTime, Bool) in
                if let (index, domain) = s.ready.pop() {
                    s.takenCount += 1
                    let target = s.started.removeValue(forKey: index)!
                    return ((index, target, domain), s.lastProgress, false)
                }
                return (nil, s.lastProgress, s.exhausted && s.takenCount == s.nextStart)
            }
            if let item { return item }
            if done { return nil }
            if readySignal.wait(timeout: lastProgress + stallLimit) == .timedOut {
                state.withLock { s in
                    if DispatchTime.now() >= s.lastProgress + stallLimit { abandon(&s) }
                }
            }
        }
    }

    /// Gives up on every domain not yet ready: the requests and lookups still outstanding are
    /// recorded as failed and their late answers ignored; the domains the source still holds
    /// are handed over with nothing fetched (nothing can be fetched: the network side is stuck).
    private func abandon(_ s: inout State) {
        for (index, var domain) in s.fetching.sorted(by: { $0.key < $1.key }) {
            // Apple's file URL unanswered is recorded as given up; each kind judges its other
            // missing answers so (``AppleSiteAssociation/givenUp``).
            if kinds.first == AppleSiteAssociation.self, domain.origin == nil {
                domain.origin = FetchRecord(url: HostingJudge.fileURL(for: s.started[index]!.host), error: Self.givenUp)
            }
            domain.outstanding = 0
            s.lookups.removeValue(forKey: index)?.cancel()
            s.ready.append((index, domain))
            readySignal.signal()
        }
        s.fetching.removeAll()
        s.tags.removeAll()
        s.followUps = FIFO()
        s.holds = FIFO()
        s.cdnQueue = FIFO()
        s.cdnInFlight = 0
        while !s.exhausted {
            guard let target = s.source() else {
                s.exhausted = true
                break
            }
            s.started[s.nextStart] = target
            var nothing = FetchedDomain(exchanges: kinds.map { _ in [] })
            if kinds.first == AppleSiteAssociation.self {
                nothing.origin = FetchRecord(url: HostingJudge.fileURL(for: target.host), error: Self.givenUp)
            }
            s.ready.append((s.nextStart, nothing))
            readySignal.signal()
            s.nextStart += 1
        }
        s.lastProgress = .now()
    }

    /// One more domain judged, and `emitted` domains emitted in all: the window moves.
    func judged(emitted: Int) {
        let wake = state.withLock { s -> Bool in
            s.judgedCount += 1
            s.emittedCount = emitted
            s.lastProgress = .now()
            defer { s.held = false }
            return s.held
        }
        if wake { bell.ring() }
    }

    /// After the last domain: the feed is finished and lookups still running are cancelled.
    func finish() {
        let lookups = state.withLock { s -> [ResolverPool.Lookup] in
            s.finished = true
            defer { s.lookups.removeAll() }
            return Array(s.lookups.values)
        }
        lookups.forEach { $0.cancel() }
        bell.ring()
    }
}

/// Hands out the domains of an array one at a time, from any thread.
final class TargetList: Sendable {
    private let targets: [CheckTarget]
    private let position = Atomic<Int>(0)

    init(_ targets: [CheckTarget]) { self.targets = targets }

    /// The next domain, or `nil` when all were handed out.
    @Sendable func next() -> CheckTarget? {
        let i = position.add(1, ordering: .relaxed).oldValue
        return i < targets.count ? targets[i] : nil
    }
}

/// A first-in, first-out queue over an array: taking from the front moves an index, and the
/// storage is emptied (keeping its capacity) whenever everything has been taken, or the taken
/// front dropped once it is more than half the storage, so a queue that never runs dry stays
/// as long as what it holds.
struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ item: Element) { items.append(item) }

    /// The oldest item, or `nil` when none is left.
    mutating func pop() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// The oldest item, left in place; `nil` when none is left.
    var first: Element? { head < items.count ? items[head] : nil }

    /// How many items are waiting.
    var count: Int { items.count - head }

    /// Items held in the storage, taken ones included (for tests).
    var storageCount: Int { items.count }
}
