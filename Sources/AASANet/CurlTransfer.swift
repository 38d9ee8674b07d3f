import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libcurl's global state, initialised once before the first handle is made.
let curlGlobalInit: Void = {
    _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
}()

/// One easy handle and the state its callbacks fill in.
///
/// Confined to the thread that runs the multi loop (``MultiRunner``): it is created, driven
/// and destroyed there, and libcurl calls its callbacks on that thread only. Not `Sendable`.
final class CurlTransfer {
    let index: Int
    let request: HTTPRequest
    let handle: UnsafeMutableRawPointer
    private(set) var setupFailure: TransportError?

    private var body: [UInt8] = []
    /// ``HTTPRequest/bodyFile`` opened for writing, and the bytes written to it.
    private var file: UnsafeMutablePointer<FILE>?
    private var fileBytes = 0
    private var truncated = false
    private var headers: [HTTPHeader] = []
    private var statusLine = ""
    private var headerBytesKept = 0
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var connectToList: UnsafeMutablePointer<curl_slist>?

    /// Makes and configures the easy handle; `nil` only when libcurl cannot allocate one.
    init?(index: Int, request: HTTPRequest) {
        _ = curlGlobalInit
        guard let handle = curl_easy_init() else { return nil }
        self.index = index
        self.request = request
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        configure()
    }

    deinit {
        if let file { fclose(file) }
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        curl_slist_free_all(connectToList)
        errorBuffer.deallocate()
    }

    private func configure() {
        let h = handle
        var codes: [(String, CURLcode)] = []
        func set(_ name: String, _ code: CURLcode) { if code != CURLE_OK { codes.append((name, code)) } }

        let form = request.connectionForm
        set("URL", aasa_easy_setopt_string(h, CURLOPT_URL, form?.url ?? request.url))
        set("PROTOCOLS_STR", aasa_easy_setopt_string(h, CURLOPT_PROTOCOLS_STR, request.allowPlainHTTP ? "http,https" : "https"))
        set("REDIR_PROTOCOLS_STR", aasa_easy_setopt_string(h, CURLOPT_REDIR_PROTOCOLS_STR, "https"))
        set("FOLLOWLOCATION", aasa_easy_setopt_long(h, CURLOPT_FOLLOWLOCATION, 0))
        set("SSL_VERIFYPEER", aasa_easy_setopt_long(h, CURLOPT_SSL_VERIFYPEER, 1))
        set("SSL_VERIFYHOST", aasa_easy_setopt_long(h, CURLOPT_SSL_VERIFYHOST, 2))
        if let ca = request.caCertPath {
            set("CAINFO", aasa_easy_setopt_string(h, CURLOPT_CAINFO, ca))
        }
        set("NETRC", aasa_easy_setopt_long(h, CURLOPT_NETRC, Int(CURL_NETRC_IGNORED.rawValue)))
        // An empty proxy string disables proxies taken from the environment: nothing is sent
        // anywhere but the host asked for.
        set("PROXY", aasa_easy_setopt_string(h, CURLOPT_PROXY, ""))
        set("ACCEPT_ENCODING", aasa_easy_setopt_string(h, CURLOPT_ACCEPT_ENCODING, Self.acceptEncoding))
        set("USERAGENT", aasa_easy_setopt_string(h, CURLOPT_USERAGENT, request.userAgent))
        set("NOSIGNAL", aasa_easy_setopt_long(h, CURLOPT_NOSIGNAL, 1))
        set("CONNECTTIMEOUT_MS", aasa_easy_setopt_long(h, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout)))
        set("TIMEOUT_MS", aasa_easy_setopt_long(h, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout)))
        if request.closesConnection { set("FORBID_REUSE", aasa_easy_setopt_long(h, CURLOPT_FORBID_REUSE, 1)) }
        set("ERRORBUFFER", aasa_easy_setopt_ptr(h, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))

        for header in (form.map { [HTTPHeader("Host", $0.host)] } ?? []) + request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        if headerList != nil { set("HTTPHEADER", aasa_easy_setopt_slist(h, CURLOPT_HTTPHEADER, headerList)) }
        for entry in request.connectTo {
            connectToList = curl_slist_append(connectToList, entry)
        }
        if connectToList != nil { set("CONNECT_TO", aasa_easy_setopt_slist(h, CURLOPT_CONNECT_TO, connectToList)) }

        // libcurl keeps this pointer without a reference. The rule that makes it safe: a
        // transfer outlives its registration in the multi handle. MultiRunner holds every
        // transfer in `active` from curl_multi_add_handle until after curl_multi_remove_handle
        // (and keeps one whose removal failed until curl_multi_cleanup), and the easy handle is
        // cleaned up only in deinit, so no callback can reach a freed transfer.
        let me = Unmanaged.passUnretained(self).toOpaque()
        set("WRITEDATA", aasa_easy_setopt_ptr(h, CURLOPT_WRITEDATA, me))
        set("WRITEFUNCTION", aasa_easy_setopt_write_callback(h, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        set("HEADERDATA", aasa_easy_setopt_ptr(h, CURLOPT_HEADERDATA, me))
        set("HEADERFUNCTION", aasa_easy_setopt_write_callback(h, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        })

        if let path = request.bodyFile {
            file = fopen(path, "wb")
            if file == nil { codes.append(("WRITEDATA (\(String(cString: strerror(errno))): \(path))", CURLE_WRITE_ERROR)) }
        }
        if let (name, code) = codes.first {
            let kind: TransportErrorKind = code == CURLE_UNSUPPORTED_PROTOCOL || code == CURLE_URL_MALFORMAT ? .badURL : .other
            setupFailure = TransportError(
                url: request.url, code: Int(code.rawValue), name: CurlErrorNames.name(Int(code.rawValue)),
                message: "CURLOPT_\(name): " + CurlErrorNames.describe(code), kind: kind)
        }
    }

    /// What is offered in `Accept-Encoding`: Apple's fetcher's codings, without `br` when this
    /// libcurl was built without brotli (it could not decode the answer).
    static let acceptEncoding: String = {
        _ = curlGlobalInit
        return aasa_curl_features() & Int32(CURL_VERSION_BROTLI) != 0 ? HTTPRequest.acceptEncoding : "gzip, deflate"
    }()

    /// A limit in whole milliseconds for libcurl, never 0 (which libcurl reads as no limit):
    /// at least 1 ms, at most a day; a limit that is not a positive number is the default 30 s.
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 30_000 }
        return max(1, Int(min(seconds, 86_400) * 1000))
    }

    /// Write callback: keeps at most `maxBodyBytes` decoded bytes and aborts the transfer
    /// (returns less than given, so libcurl stops with `CURLE_WRITE_ERROR`) as soon as more arrive.
    private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
        if let file {
            let room = max(0, request.maxBodyBytes - fileBytes)
            let n = min(room, chunk.count)
            if n > 0, let base = chunk.baseAddress, fwrite(base, 1, n, file) != n { return 0 }
            fileBytes += n
            if n < chunk.count { truncated = true }
            return n == chunk.count ? n : 0
        }
        let room = max(0, request.maxBodyBytes - body.count)
        if chunk.count <= room {
            body.append(contentsOf: chunk)
            return chunk.count
        }
        body.append(contentsOf: chunk.prefix(room))
        truncated = true
        return 0
    }

    private func receiveHeaderLine(_ line: UnsafeRawBufferPointer) {
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: line[..<end])
        if bytes.starts(with: Self.statusPrefix) {
            // A new response starts (an interim 1xx, or the final one): keep only the last.
            statusLine = Self.text(bytes.prefix(HTTPClient.maxHeaderValueBytes))
            headers.removeAll()
            headerBytesKept = 0
            return
        }
        guard !bytes.isEmpty, headers.count < HTTPClient.maxHeaderFields,
              headerBytesKept < HTTPClient.maxHeaderBytes
        else { return }
        if bytes[0] == 0x20 || bytes[0] == 0x09, !headers.isEmpty {
            // Obsolete line folding: a continuation of the previous field's value.
            headers[headers.count - 1].value += " " + Self.text(bytes[...])
            headerBytesKept += bytes.count
            return
        }
        guard let colon = bytes.firstIndex(of: 0x3A) else { return }
        let name = String(decoding: bytes[..<colon], as: UTF8.self)
        headers.append(HTTPHeader(name, Self.text(bytes[(colon + 1)...].prefix(HTTPClient.maxHeaderValueBytes))))
        headerBytesKept += bytes.count
    }

    private static let statusPrefix = Array("HTTP/".utf8)

    /// `bytes` as text, without the spaces and tabs around it (``String/trimmingSpaces()``,
    /// which compares characters: a space before a combining mark stays; read byte by byte
    /// when the bytes are ASCII, where the two agree).
    static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).trimmingSpaces() }
        var lower = bytes.startIndex, upper = bytes.endIndex
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The outcome once libcurl reports the transfer done with `code`.
    func finish(_ code: CURLcode) -> FetchOutcome {
        if let file {
            fclose(file)
            self.file = nil
        }
        let timings = readTimings()
        let ip = stringInfo(CURLINFO_PRIMARY_IP)
        let status = longInfo(CURLINFO_RESPONSE_CODE)
        if code == CURLE_OK || (code == CURLE_WRITE_ERROR && truncated) {
            let version: String
            switch longInfo(CURLINFO_HTTP_VERSION) {
            case 1: version = "HTTP/1.0"
            case 3: version = "HTTP/2"
            case 30: version = "HTTP/3"
            default: version = "HTTP/1.1"
            }
            let line = statusLine.isEmpty ? "\(version) \(status)" : statusLine
            let encoding = headers.last { $0.name.lowercased() == "content-encoding" }?.value
                .trimmingSpaces()
            let port = longInfo(CURLINFO_PRIMARY_PORT)
            return .response(HTTPResponse(
                url: request.url, status: status, statusLine: line, httpVersion: version,
                headers: headers, body: body, truncated: truncated,
                contentEncoding: (encoding?.isEmpty ?? true) || encoding?.lowercased() == "identity" ? nil : encoding,
                wireBytes: offInfo(CURLINFO_SIZE_DOWNLOAD_T), primaryIP: ip, primaryPort: port == 0 ? nil : port,
                timings: timings))
        }
        var text = String(cString: errorBuffer).trimmingSpaces()
        if text.isEmpty { text = CurlErrorNames.describe(code) }
        let osErrno = longInfo(CURLINFO_OS_ERRNO)
        if osErrno != 0, let reason = strerror(Int32(osErrno)) {
            let reasonText = String(cString: reason)
            if !text.contains(reasonText) { text += " (\(reasonText))" }
        }
        let kind = CurlErrorNames.classify(
            code: Int(code.rawValue), message: text, verifyResult: longInfo(CURLINFO_SSL_VERIFYRESULT),
            osErrno: osErrno)
        return .failure(TransportError(
            url: request.url, code: Int(code.rawValue), name: CurlErrorNames.name(Int(code.rawValue)),
            message: text, kind: kind, status: status == 0 ? nil : status,
            primaryIP: ip, timings: timings))
    }

    private func readTimings() -> HTTPTimings {
        func ms(_ info: CURLINFO) -> Double { Double(offInfo(info)) / 1000 }
        return HTTPTimings(
            dnsMs: ms(CURLINFO_NAMELOOKUP_TIME_T), connectMs: ms(CURLINFO_CONNECT_TIME_T),
            tlsMs: ms(CURLINFO_APPCONNECT_TIME_T), firstByteMs: ms(CURLINFO_STARTTRANSFER_TIME_T),
            totalMs: ms(CURLINFO_TOTAL_TIME_T))
    }

    private func longInfo(_ info: CURLINFO) -> Int {
        var value = 0
        return aasa_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    private func offInfo(_ info: CURLINFO) -> Int {
        var value: curl_off_t = 0
        return aasa_easy_getinfo_off(handle, info, &value) == CURLE_OK ? Int(value) : 0
    }

    private func stringInfo(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard aasa_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
