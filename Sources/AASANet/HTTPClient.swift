import CCurl
import Foundation
import Synchronization

/// Performs ``HTTPRequest``s with libcurl's multi interface, many at once.
///
/// Every request follows the fixed policy described on ``HTTPRequest``. Results are delivered
/// as each transfer finishes, so a caller can report the fast ones while slow ones still run.
/// libcurl handles never leave the thread that drives them.
public enum HTTPClient {
    /// Most header fields kept per response; later ones are dropped.
    public static let maxHeaderFields = 200
    /// Most bytes kept of one header value.
    public static let maxHeaderValueBytes = 8_192
    /// Most header bytes kept per response.
    public static let maxHeaderBytes = 128 * 1024
    /// How long a loop whose multi handle broke keeps answering its feed with failures while
    /// the feed waits for more, in seconds.
    static let brokenFeedLimit: DispatchTimeInterval = .seconds(600)

    /// Runs `requests` with at most `concurrency` transfers in flight (at least 1), on the
    /// calling thread, and calls `onResult` on that thread as each one finishes, in completion
    /// order. Returns when all are done. Each request ends within its own time limits.
    public static func fetchAll(
        _ requests: [HTTPRequest], concurrency: Int = 16, onResult: (FetchResult) -> Void
    ) {
        var next = 0
        MultiRunner(concurrency: concurrency, cancel: nil, bell: nil).run(next: {
            guard next < requests.count else { return .finished }
            defer { next += 1 }
            return .request(requests[next], tag: next)
        }, deliver: onResult)
    }

    /// Runs the requests that `next` hands out, with at most `concurrency` transfers in flight
    /// (at least 1), on the calling thread, and calls `onResult` on that thread as each one
    /// finishes, in completion order; the result's ``FetchResult/index`` is the request's tag.
    ///
    /// `next` is called on the calling thread whenever a transfer slot is free, and again after
    /// every result (so `onResult` may make follow-up requests available without ringing).
    /// When it answers ``FeedItem/wait``, the loop sleeps until a transfer makes progress or
    /// another thread rings `bell` (at most 100 ms). Returns after `next` answered
    /// ``FeedItem/finished`` and the transfers in flight are done. Every transfer ends within
    /// its request's time limits, so the loop never waits on the network for longer than those.
    public static func run(
        concurrency: Int = 16, bell: TransferBell? = nil, next: () -> FeedItem, onResult: (FetchResult) -> Void
    ) {
        MultiRunner(concurrency: concurrency, cancel: nil, bell: bell).run(next: next, deliver: onResult)
    }

    /// Runs `requests` on a private thread with at most `concurrency` in flight and yields each
    /// result as it finishes. Ending the iteration early cancels the transfers still running.
    public static func results(for requests: [HTTPRequest], concurrency: Int = 16) -> AsyncStream<FetchResult> {
        results(for: requests, concurrency: concurrency, cancel: CancelFlag())
    }

    /// ``results(for:concurrency:)``, setting `cancel` when the iteration ends early.
    static func results(for requests: [HTTPRequest], concurrency: Int, cancel: CancelFlag) -> AsyncStream<FetchResult> {
        AsyncStream { continuation in
            continuation.onTermination = { _ in cancel.set() }
            let thread = Thread {
                var next = 0
                MultiRunner(concurrency: concurrency, cancel: cancel, bell: nil).run(next: {
                    guard next < requests.count else { return .finished }
                    defer { next += 1 }
                    return .request(requests[next], tag: next)
                }, deliver: { result in
                    continuation.yield(result)
                })
                continuation.finish()
            }
            thread.name = "aasa-net"
            thread.start()
        }
    }

    /// Performs one request on the calling thread.
    public static func fetch(_ request: HTTPRequest) -> FetchOutcome {
        var outcome: FetchOutcome?
        fetchAll([request], concurrency: 1) { outcome = $0.outcome }
        return outcome ?? .failure(TransportError(
            url: request.url, code: 2, name: "CURLE_FAILED_INIT", message: "no result", kind: .other))
    }

    /// The libcurl version string, such as `libcurl/7.88.1 OpenSSL/3.0.11 zlib/1.2.13 brotli/1.0.9`.
    public static var curlVersion: String {
        _ = curlGlobalInit
        return curl_version().map { String(cString: $0) } ?? "libcurl"
    }
}

/// What the feed of ``HTTPClient/run(concurrency:bell:next:onResult:)`` offers when the loop
/// has room for another transfer.
public enum FeedItem: Sendable {
    /// Start this request; its ``FetchResult/index`` will be `tag`.
    case request(HTTPRequest, tag: Int)
    /// Nothing to start now, but more may come: after a result, or when another thread rings
    /// the loop's ``TransferBell``.
    case wait
    /// Nothing more will come: the loop ends once the transfers in flight are done.
    case finished
}

/// Wakes a running transfer loop that waits for its feed, from any thread
/// (`curl_multi_wakeup`). Ringing a loop that is not running does nothing.
public final class TransferBell: Sendable {
    /// The running loop's multi handle as an address (0: none). The lock keeps the handle
    /// alive while it is rung: the loop detaches it before `curl_multi_cleanup`.
    private let multi = Mutex<UInt>(0)

    public init() {}

    /// Makes the loop ask its feed again without waiting for its poll limit.
    public func ring() {
        multi.withLock { address in
            // A failed wake-up is left alone: the loop polls at most 100 ms anyway.
            if let handle = UnsafeMutableRawPointer(bitPattern: address) { _ = curl_multi_wakeup(handle) }
        }
    }

    func attach(_ handle: UnsafeMutableRawPointer?) {
        let address = handle.map { UInt(bitPattern: $0) } ?? 0
        multi.withLock { $0 = address }
    }
}

/// Set from any thread to stop a running batch.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .releasing) }
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

/// Drives transfers on one multi handle, on the thread that calls ``run``.
struct MultiRunner {
    let concurrency: Int
    let cancel: CancelFlag?
    let bell: TransferBell?

    func run(next: () -> FeedItem, deliver: (FetchResult) -> Void) {
        _ = curlGlobalInit
        let limit = max(1, concurrency)
        guard let multi = curl_multi_init() else {
            failAll(next: next, deliver: deliver, message: "libcurl could not start the transfer")
            return
        }
        bell?.attach(multi)
        // Transfers a failed curl_multi_remove_handle left registered: kept alive until the
        // multi handle is gone, since libcurl may still reach them through their pointers.
        var stranded: [CurlTransfer] = []
        defer {
            bell?.attach(nil)
            curl_multi_cleanup(multi)
            stranded.removeAll()
        }
        // Its failure is harmless and left alone: libcurl's default (no cap on connections)
        // stays, and `limit` still caps the transfers added below.
        _ = aasa_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, limit)

        // Every transfer registered with `multi` is held here, from curl_multi_add_handle until
        // after curl_multi_remove_handle: libcurl calls back into it through an unretained
        // pointer (CurlTransfer.configure), so it must outlive its registration.
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var feedFinished = false
        func remove(_ transfer: CurlTransfer) {
            if curl_multi_remove_handle(multi, transfer.handle) != CURLM_OK { stranded.append(transfer) }
        }
        defer {
            for transfer in active.values { remove(transfer) }
            active.removeAll()
        }
        /// Ends every transfer in flight with `code`'s failure and the rest of the feed with
        /// the same: the multi handle cannot be driven any more.
        func broken(_ call: String, _ code: CURLMcode) {
            let message = "\(call) failed: " + (curl_multi_strerror(code).map { String(cString: $0) } ?? "CURLMcode \(code.rawValue)")
            for (handle, transfer) in active.sorted(by: { $0.value.index < $1.value.index }) {
                active.removeValue(forKey: handle)
                remove(transfer)
                deliver(Self.failure(transfer.index, transfer.request, message))
            }
            failAll(next: next, deliver: deliver, message: message)
        }
        while true {
            if cancel?.isSet == true { return }
            fill: while !feedFinished, active.count < limit {
                switch next() {
                case .finished:
                    feedFinished = true
                case .wait:
                    break fill
                case .request(let request, let tag):
                    guard let transfer = CurlTransfer(index: tag, request: request) else {
                        deliver(Self.initFailure(tag, request))
                        continue
                    }
                    if let failure = transfer.setupFailure {
                        deliver(FetchResult(index: tag, request: request, outcome: .failure(failure)))
                        continue
                    }
                    let added = curl_multi_add_handle(multi, transfer.handle)
                    guard added == CURLM_OK else {
                        deliver(Self.failure(tag, request, "curl_multi_add_handle failed: "
                            + (curl_multi_strerror(added).map { String(cString: $0) } ?? "CURLMcode \(added.rawValue)")))
                        continue
                    }
                    active[transfer.handle] = transfer
                }
            }
            if active.isEmpty {
                if feedFinished { return }
                // The feed waits for another thread: sleep until it rings (at most 100 ms).
                let polled = curl_multi_poll(multi, nil, 0, 100, nil)
                if polled != CURLM_OK { return broken("curl_multi_poll", polled) }
                continue
            }
            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK { return broken("curl_multi_perform", performed) }
            var queued: Int32 = 0
            var finished = false
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy)
                else { continue }
                let code = message.pointee.data.result
                remove(transfer)
                deliver(FetchResult(index: transfer.index, request: transfer.request, outcome: transfer.finish(code)))
                finished = true
            }
            if !finished, !active.isEmpty {
                // Waits for socket activity, curl's next timeout or the bell, at most 100 ms so
                // that a cancellation is noticed quickly.
                let polled = curl_multi_poll(multi, nil, 0, 100, nil)
                if polled != CURLM_OK { return broken("curl_multi_poll", polled) }
            }
        }
    }

    /// Answers every request the feed still offers with a failure, until it is finished or
    /// the batch is cancelled. A feed that waits is asked again every 10 ms, at most for
    /// ``HTTPClient/brokenFeedLimit`` seconds.
    private func failAll(next: () -> FeedItem, deliver: (FetchResult) -> Void, message: String) {
        let deadline = DispatchTime.now() + HTTPClient.brokenFeedLimit
        while cancel?.isSet != true, DispatchTime.now() < deadline {
            switch next() {
            case .request(let request, let tag): deliver(Self.failure(tag, request, message))
            case .wait: usleep(10_000)
            case .finished: return
            }
        }
    }

    private static func failure(_ index: Int, _ request: HTTPRequest, _ message: String) -> FetchResult {
        FetchResult(index: index, request: request, outcome: .failure(TransportError(
            url: request.url, code: 2, name: "CURLE_FAILED_INIT", message: message, kind: .other)))
    }

    private static func initFailure(_ index: Int, _ request: HTTPRequest) -> FetchResult {
        FetchResult(index: index, request: request, outcome: .failure(TransportError(
            url: request.url, code: 2, name: "CURLE_FAILED_INIT",
            message: "libcurl could not start the transfer", kind: .other)))
    }
}
