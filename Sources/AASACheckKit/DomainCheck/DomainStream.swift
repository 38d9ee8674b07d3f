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
    /// as soon as its origin answer asks for them, its other first requests to its host (the
    /// other kinds' files) once its first request answers or ``DomainPipeline/holdLimit`` has
    /// passed, so that they share that connection, and each domain judged as soon as its
    /// fetches (and address lookup) are done, while the others are still being fetched.
    ///
    /// - `process` is called once per domain, in completion order, with the domain's outcome
    ///   (bodies included); what it returns should be small, since up to `window` of them wait
    ///   for their turn.
    /// - `emit` is called once per domain, in input order (in completion order when `ordered`
    ///   is false), with the domain's index in `targets` and what `process` returned for it.
    /// - Both are called one at a time on the judging thread (``JudgingThread``), while the
    ///   calling thread waits for the stream to end.
    ///
    /// Memory does not grow with the number of targets: at most `window` domains (default
    /// ``defaultWindow(concurrency:)``) are between their start and `emit`, and at most twice
    /// `options.concurrency` (at least 4) between their start and `process`, so at most that
    /// many sets of bodies (each body at most ``HTTPRequest/defaultMaxBodyBytes``) are held.
    /// A failing or slow domain never stops the others: every request ends within its time
    /// limits and every address lookup within `min(5, options.timeout)` seconds.
    /// Politeness (`options.rate`, `options.cdnConcurrency`) and deadlines are described on
    /// ``stream(from:options:appIDs:window:ordered:resolver:process:emit:)``.
    public static func stream<Result>(
        _ targets: [CheckTarget], options: NetworkOptions, kinds: [any DocumentKind.Type] = [AppleSiteAssociation.self],
        appIDs: [String] = [], window: Int? = nil,
        ordered: Bool = true, resolver: ResolverPool = .shared, process: @escaping (DomainOutcome) -> Result, emit: @escaping (Int, Result) -> Void
    ) {
        stream(from: TargetList(targets).next, options: options, kinds: kinds, appIDs: appIDs, window: window, ordered: ordered, resolver: resolver, process: process, emit: emit)
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
    ///
    /// Every wait has a deadline: address lookups run on `resolver`, answered within
    /// `min(5, options.timeout)` seconds; should a result never arrive (a lost transfer, a stuck
    /// thread), the domains still waiting are judged with what they have once nothing has
    /// progressed for ``DomainPipeline/stallLimit``, their missing requests failed.
    public static func stream<Result>(
        from source: @escaping @Sendable () -> CheckTarget?, options: NetworkOptions, kinds: [any DocumentKind.Type] = [AppleSiteAssociation.self],
        appIDs: [String] = [], window: Int? = nil,
        ordered: Bool = true, resolver: ResolverPool = .shared, process: @escaping (DomainOutcome) -> Result, emit: @escaping (Int, Result) -> Void
    ) {
        let pipeline = DomainPipeline(source: source, options: options, kinds: kinds,
                                      window: max(1, window ?? defaultWindow(concurrency: options.concurrency)),
                                      inFlight: max(4, 2 * options.concurrency), resolver: resolver)
        let networkDone = DispatchSemaphore(value: 0)
        let thread = Thread {
            HTTPClient.run(concurrency: options.concurrency, bell: pipeline.bell,
                           next: pipeline.next, onResult: pipeline.received)
            networkDone.signal()
        }
        thread.name = "aasa-net"
        thread.start()

        JudgingThread.run {
            var waiting: [Int: Result] = [:]
            var emitted = 0
            while let (index, target, fetched) = pipeline.takeReady() {
                let outcome = judge(target, fetched, options: options, kinds: kinds, appIDs: appIDs)
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
        }
        pipeline.finish()
        // The transfer loop ends with its last transfer, each within its time limits; after a
        // stall it is not waited for longer.
        _ = networkDone.wait(timeout: .now() + pipeline.stallLimit)
    }

    /// What the kinds know of `target` before anything is fetched.
    static func host(for target: CheckTarget, options: NetworkOptions) -> HostContext {
        HostContext(host: target.host, mode: target.mode, plainHTTPRequested: target.plainHTTP,
                    connectionRedirected: options.redirects(target.host), cdnBase: options.cdnBase,
                    cdnSkipped: cdnSkipReason(target, options),
                    userAgent: options.userAgent == HTTPRequest.appleFetcherUserAgent ? nil : options.userAgent)
    }

    /// Judges one domain from what was fetched for it: each kind's section (Apple's first:
    /// hosting, the served file, the CDN copy), and `--app-id` membership.
    static func judge(_ t: CheckTarget, _ fetched: FetchedDomain, options: NetworkOptions,
                      kinds: [any DocumentKind.Type] = [AppleSiteAssociation.self], appIDs: [String]) -> DomainOutcome {
        var host = host(for: t, options: options)
        host.addresses = fetched.judgedAddresses
        var sections: [KindSection] = []
        for (k, kind) in kinds.enumerated() {
            let exchanges = k < fetched.exchanges.count ? fetched.exchanges[k] : []
            sections.append(KindSection(kind: kind, exchanges: exchanges, judgement: kind.judge(exchanges, host: host)))
        }
        var outcome = DomainOutcome(target: t, addresses: host.addresses, sections: sections)
        if let deployed = outcome.deployed, let document = deployed.hosting.validation?.document {
            outcome.membership = AppMembership.check(appIDs, document: document, domain: t.host, fileLabel: deployed.hosting.fileLabel,
                                                     cdnCopy: deployed.cdnCopy?.document)
        }
        return outcome
    }
}
