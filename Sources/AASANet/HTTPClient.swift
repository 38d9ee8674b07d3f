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

    /// Runs `requests` with at most `concurrency` transfers in flight (at least 1), on the
    /// calling thread, and calls `onResult` on that thread as each one finishes, in completion
    /// order. Returns when all are done. Each request ends within its own time limits.
    public static func fetchAll(
        _ requests: [HTTPRequest], concurrency: Int = 16, onResult: (FetchResult) -> Void
    ) {
        MultiRunner(requests: requests, concurrency: concurrency, cancel: nil).run(deliver: onResult)
    }

    /// Runs `requests` on a private thread with at most `concurrency` in flight and yields each
    /// result as it finishes. Ending the iteration early cancels the transfers still running.
    public static func results(for requests: [HTTPRequest], concurrency: Int = 16) -> AsyncStream<FetchResult> {
        AsyncStream { continuation in
            let cancel = CancelFlag()
            continuation.onTermination = { _ in cancel.set() }
            let thread = Thread {
                MultiRunner(requests: requests, concurrency: concurrency, cancel: cancel).run { result in
                    continuation.yield(result)
                }
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

/// Set from any thread to stop a running batch.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .releasing) }
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

/// Drives one batch of transfers on one multi handle, on the thread that calls ``run``.
struct MultiRunner {
    let requests: [HTTPRequest]
    let concurrency: Int
    let cancel: CancelFlag?

    func run(deliver: (FetchResult) -> Void) {
        _ = curlGlobalInit
        let limit = max(1, concurrency)
        guard let multi = curl_multi_init() else {
            for (i, r) in requests.enumerated() { deliver(Self.initFailure(i, r)) }
            return
        }
        defer { curl_multi_cleanup(multi) }
        _ = aasa_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, limit)

        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var next = 0
        defer {
            for (handle, _) in active { curl_multi_remove_handle(multi, handle) }
            active.removeAll()
        }
        while next < requests.count || !active.isEmpty {
            if cancel?.isSet == true { return }
            while active.count < limit, next < requests.count {
                let request = requests[next]
                defer { next += 1 }
                guard let transfer = CurlTransfer(index: next, request: request) else {
                    deliver(Self.initFailure(next, request))
                    continue
                }
                if let failure = transfer.setupFailure {
                    deliver(FetchResult(index: next, request: request, outcome: .failure(failure)))
                    continue
                }
                if curl_multi_add_handle(multi, transfer.handle) != CURLM_OK {
                    deliver(Self.initFailure(next, request))
                    continue
                }
                active[transfer.handle] = transfer
            }
            if active.isEmpty { continue }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            var finished = false
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy)
                else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi, easy)
                deliver(FetchResult(index: transfer.index, request: transfer.request, outcome: transfer.finish(code)))
                finished = true
            }
            if !finished, !active.isEmpty {
                // Waits for socket activity or curl's next timeout, at most 100 ms so that a
                // cancellation is noticed quickly.
                _ = curl_multi_poll(multi, nil, 0, 100, nil)
            }
        }
    }

    private static func initFailure(_ index: Int, _ request: HTTPRequest) -> FetchResult {
        FetchResult(index: index, request: request, outcome: .failure(TransportError(
            url: request.url, code: 2, name: "CURLE_FAILED_INIT",
            message: "libcurl could not start the transfer", kind: .other)))
    }
}
