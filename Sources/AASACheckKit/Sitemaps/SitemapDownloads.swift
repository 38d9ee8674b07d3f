import AASACore
import AASANet
import Foundation
import Synchronization

/// Sitemaps fetched over libcurl for `coverage`, with the limits and manners of `check`: TLS
/// always verified, no proxy, no cookies, `--connect-to`/`--cacert`/`--timeout`/`--user-agent`
/// as given, at most `--concurrency` transfers at once, and each body written to a temporary
/// file as it arrives (never held in memory), cut at the protocol's 50 MB plus one byte.
/// Redirects are followed only to `https` URLs of the same host, at most
/// ``maxRedirects`` times; any other is a failure that names where it pointed.
///
/// Every download ends by the ``deadline`` (the time for reading all sitemaps): a transfer
/// gets at most the time left as its limits, and none starts after it; a download cut or
/// never started for that reason is ``Download/outOfTime``.
///
/// The reader asks for the files it will read soon (``want(_:)``, in its order) and then takes
/// them one at a time (``take(_:)``), which waits for that download only: transfers run on
/// their own thread meanwhile. Used from one thread (the transfer thread is internal); the
/// state both threads share is behind one mutex, and a reader waiting for a download waits on
/// that download's own semaphore, with the deadline as its limit.
final class SitemapDownloads: Sendable {
    /// Most redirects followed for one sitemap.
    static let maxRedirects = 5

    /// A finished download.
    struct Download {
        /// The sitemap's URL as named.
        var url: String
        /// The body on disk, when a 200 answered (removed by ``take(_:)``'s caller through ``discard(_:)``).
        var file: String?
        /// Every exchange made for it, redirects included.
        var fetches: [Fetch] = []
        /// Why there is no body: the transfer failed, the status was not 200, a redirect led
        /// elsewhere.
        var failure: String?
        /// The body is larger than the limit and was cut there.
        var truncated = false
        /// Not read because the time for reading sitemaps ran out: never started, or cut by a
        /// time limit shortened to the deadline.
        var outOfTime = false
    }

    private let options: NetworkOptions
    private let userAgent: String
    private let target: String
    /// When the time for reading sitemaps runs out.
    let deadline: ContinuousClock.Instant
    private let directory: String
    private let bell = TransferBell()

    /// What the reader and the transfer thread share.
    private struct State {
        var pending: [(url: String, request: String, hops: Int)] = []
        var running: [Int: (url: String, hops: Int)] = [:]
        var done: [String: Download] = [:]
        var inProgress: [String: Download] = [:]
        var known: Set<String> = []
        var nextTag = 0
        var closed = false
        var started = false
        /// The reader waiting for a download, by URL: signalled when it is done.
        var waiters: [String: DispatchSemaphore] = [:]

        /// The download of `url` is done: its waiter, if any, to signal once the lock is let go.
        mutating func finish(_ url: String, _ download: Download) -> DispatchSemaphore? {
            inProgress[url] = nil
            done[url] = download
            return waiters.removeValue(forKey: url)
        }
    }
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - target: the domain the fetches are reported for.
    ///   - deadline: when the time for reading sitemaps runs out.
    init(options: NetworkOptions, userAgent: String, target: String, deadline: ContinuousClock.Instant) throws {
        self.options = options
        self.userAgent = userAgent
        self.target = target
        self.deadline = deadline
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("aasa-check-sitemaps-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Starts fetching `url` unless it was asked for before.
    func want(_ url: String) {
        let start = state.withLock { s -> Bool in
            guard !s.closed, s.known.insert(url).inserted else { return false }
            s.pending.append((url, url, 0))
            s.inProgress[url] = Download(url: url)
            defer { s.started = true }
            return !s.started
        }
        if start { startThread() }
        bell.ring()
    }

    /// The download of `url` (asked for with ``want(_:)``, or now), once it is done: by the
    /// deadline, since every transfer ends by then (waits at most ``lateResultGrace`` past it,
    /// then answers out of time).
    func take(_ url: String) -> Download {
        want(url)
        let wait = DispatchTime.now() + Self.seconds(deadline - .now) + Self.lateResultGrace
        let waiter = state.withLock { s -> DispatchSemaphore? in
            if s.done[url] != nil { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            s.waiters[url] = semaphore
            return semaphore
        }
        if let waiter { _ = waiter.wait(timeout: wait) }
        return state.withLock { s in
            s.waiters[url] = nil
            if let download = s.done.removeValue(forKey: url) { return download }
            var download = s.inProgress[url] ?? Download(url: url)
            download.failure = "no result by the deadline"
            download.outOfTime = true
            return download
        }
    }

    /// How long ``take(_:)`` waits past the deadline for a result libcurl owes (its time
    /// limits are counted in milliseconds and checked as the transfer progresses), in seconds.
    static let lateResultGrace: Double = 60

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Removes a download's file.
    func discard(_ download: Download) {
        if let file = download.file { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Stops: transfers in flight are finished (each within its time limits), files removed.
    func close() {
        let started = state.withLock { s -> Bool in
            s.closed = true
            s.pending.removeAll()
            return s.started
        }
        bell.ring()
        if started { finished.wait() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: The transfer thread

    private func startThread() {
        let t = Thread { [self] in
            HTTPClient.run(concurrency: options.concurrency, bell: bell, next: next, onResult: received)
            finished.signal()
        }
        t.name = "aasa-sitemaps"
        t.start()
    }

    private func next() -> FeedItem {
        // Past the deadline nothing starts: what waits is done, out of time.
        let left = Self.seconds(deadline - .now)
        var wake: [DispatchSemaphore] = []
        defer { wake.forEach { $0.signal() } }
        return state.withLock { s -> FeedItem in
            if left < Self.leastTransferTime {
                for (url, _, _) in s.pending {
                    var download = s.inProgress[url] ?? Download(url: url)
                    download.failure = "the time for reading sitemaps ran out before it was fetched"
                    download.outOfTime = true
                    if let w = s.finish(url, download) { wake.append(w) }
                }
                s.pending.removeAll()
                return s.closed ? .finished : .wait
            }
            if s.pending.isEmpty { return s.closed ? .finished : .wait }
            let (url, requestURL, hops) = s.pending.removeFirst()
            let tag = s.nextTag
            s.nextTag += 1
            s.running[tag] = (url, hops)
            let request = HTTPRequest(url: requestURL, userAgent: userAgent, connectTo: options.connectTo,
                                      caCertPath: options.caCertPath, connectTimeout: min(options.connectTimeout, left),
                                      timeout: min(options.timeout, left), maxBodyBytes: SitemapProtocol.maxBytes + 1,
                                      bodyFile: directory + "/\(tag).body")
            return .request(request, tag: tag)
        }
    }

    /// Least time left for a transfer to start, in seconds (libcurl counts in milliseconds, and
    /// 0 would mean no limit).
    static let leastTransferTime = 0.001

    private func received(_ result: FetchResult) {
        let record = FetchRecord(result)
        let file = result.request.bodyFile
        var fetch = Fetch(record, target: target, role: .sitemap)
        if let file, record.error == nil {
            fetch.bytes = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
        }
        let redirectedTo: String? = {
            guard record.error == nil, let status = record.status, (300..<400).contains(status) else { return nil }
            return record.header("location")
        }()
        var ring = false
        let wake = state.withLock { s -> DispatchSemaphore? in
            guard let (url, hops) = s.running.removeValue(forKey: result.index), var download = s.inProgress[url] else { return nil }
            download.fetches.append(fetch)
            if let error = record.error {
                download.failure = "\(error.kind.phrase) (\(NetworkText.escape(error.message)))"
                // A time limit that ends at the deadline was cut to it: libcurl's clock starts
                // after the time left is taken, and counts whole milliseconds (so 10 ms of slack).
                download.outOfTime = error.kind == .timeout && Self.seconds(deadline - .now) <= 0.01
            } else if let location = redirectedTo, let status = record.status {
                switch Self.redirect(from: result.request.url, to: location, hops: hops) {
                case .success(let next):
                    if let file { try? FileManager.default.removeItem(atPath: file) }
                    s.pending.insert((url, next, hops + 1), at: 0)
                    s.inProgress[url] = download
                    ring = true
                    return nil
                case .failure(let why):
                    download.failure = "the server answered \(NetworkText.escape(record.statusLine ?? String(status))) to \(NetworkText.quoted(location)): \(why)"
                }
            } else if record.status != 200 {
                download.failure = "the server answered \(NetworkText.escape(record.statusLine ?? "status \(record.status ?? 0)"))"
            } else {
                download.file = file
                download.truncated = record.truncated
            }
            if download.file == nil, let file { try? FileManager.default.removeItem(atPath: file) }
            return s.finish(url, download)
        }
        wake?.signal()
        if ring { bell.ring() }
    }

    /// Where a redirect from `url` to `location` leads, when it may be followed: an `https` URL
    /// of the same host, within ``maxRedirects``.
    static func redirect(from url: String, to location: String, hops: Int) -> Result<String, RedirectRefused> {
        guard let resolved = URL(string: location, relativeTo: URL(string: url))?.absoluteURL,
              resolved.scheme?.lowercased() == "https" else {
            return .failure(RedirectRefused("redirects are followed to https URLs of the same host only"))
        }
        guard resolved.host?.lowercased() == URL(string: url)?.host?.lowercased() else {
            return .failure(RedirectRefused("redirects to another host are not followed"))
        }
        guard hops < maxRedirects else {
            return .failure(RedirectRefused("more than \(maxRedirects) redirects"))
        }
        return .success(resolved.absoluteString)
    }

    struct RedirectRefused: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
