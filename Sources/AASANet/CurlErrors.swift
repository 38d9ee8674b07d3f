import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names and classification of libcurl's `CURLcode` values.
enum CurlErrorNames {
    private static let names: [Int: String] = [
        0: "CURLE_OK", 1: "CURLE_UNSUPPORTED_PROTOCOL", 2: "CURLE_FAILED_INIT", 3: "CURLE_URL_MALFORMAT",
        4: "CURLE_NOT_BUILT_IN", 5: "CURLE_COULDNT_RESOLVE_PROXY", 6: "CURLE_COULDNT_RESOLVE_HOST",
        7: "CURLE_COULDNT_CONNECT", 8: "CURLE_WEIRD_SERVER_REPLY", 16: "CURLE_HTTP2",
        18: "CURLE_PARTIAL_FILE", 22: "CURLE_HTTP_RETURNED_ERROR", 23: "CURLE_WRITE_ERROR",
        26: "CURLE_READ_ERROR", 27: "CURLE_OUT_OF_MEMORY", 28: "CURLE_OPERATION_TIMEDOUT",
        35: "CURLE_SSL_CONNECT_ERROR", 42: "CURLE_ABORTED_BY_CALLBACK", 43: "CURLE_BAD_FUNCTION_ARGUMENT",
        47: "CURLE_TOO_MANY_REDIRECTS", 48: "CURLE_UNKNOWN_OPTION", 52: "CURLE_GOT_NOTHING",
        53: "CURLE_SSL_ENGINE_NOTFOUND", 55: "CURLE_SEND_ERROR", 56: "CURLE_RECV_ERROR",
        58: "CURLE_SSL_CERTPROBLEM", 59: "CURLE_SSL_CIPHER", 60: "CURLE_PEER_FAILED_VERIFICATION",
        61: "CURLE_BAD_CONTENT_ENCODING", 63: "CURLE_FILESIZE_EXCEEDED", 77: "CURLE_SSL_CACERT_BADFILE",
        80: "CURLE_SSL_SHUTDOWN_FAILED", 83: "CURLE_SSL_ISSUER_ERROR", 90: "CURLE_SSL_PINNEDPUBKEYNOTMATCH",
        91: "CURLE_SSL_INVALIDCERTSTATUS", 92: "CURLE_HTTP2_STREAM", 95: "CURLE_HTTP3", 97: "CURLE_PROXY",
    ]

    static func name(_ code: Int) -> String { names[code] ?? "CURLE_\(code)" }

    static func describe(_ code: CURLcode) -> String {
        guard let text = curl_easy_strerror(code) else { return name(Int(code.rawValue)) }
        return String(cString: text)
    }

    /// Classifies a failure. `verifyResult` is `CURLINFO_SSL_VERIFYRESULT` (OpenSSL's
    /// `X509_V_ERR_*`); the message is consulted where the code alone does not say.
    /// `osErrno` is `CURLINFO_OS_ERRNO` (Linux values: 111 refused, 110 timed out).
    static func classify(code: Int, message: String, verifyResult: Int, osErrno: Int = 0) -> TransportErrorKind {
        let text = message.lowercased()
        switch code {
        case 1, 3: return .badURL
        case 6: return .dns
        case 7:
            if osErrno == Int(ECONNREFUSED) || text.contains("refused") { return .refused }
            if osErrno == Int(ETIMEDOUT) || text.contains("timed out") { return .timeout }
            return .unreachable
        case 28: return .timeout
        case 18, 52, 55, 56: return .reset
        case 35:
            return text.contains("timed out") || text.contains("timeout") ? .timeout : .tlsHandshake
        case 60, 51, 83:
            switch verifyResult {
            case 9, 10: return .tlsExpired  // X509_V_ERR_CERT_NOT_YET_VALID, _HAS_EXPIRED
            case 62: return .tlsHostname  // X509_V_ERR_HOSTNAME_MISMATCH
            case 2, 18, 19, 20, 21, 27, 28: return .tlsUntrusted
            default: break
            }
            if text.contains("expired") || text.contains("not yet valid") { return .tlsExpired }
            if text.contains("subject name") || text.contains("host name") || text.contains("hostname") {
                return .tlsHostname
            }
            return .tlsUntrusted
        default: return .other
        }
    }
}
