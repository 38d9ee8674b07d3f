import Testing
@testable import AASANet

/// libcurl failures classified from the code, OpenSSL's verify result and the error text
/// (the cases the harness cannot produce without leaving the machine, such as DNS).
@Suite struct CurlErrorsTests {
    @Test(arguments: [
        (6, "Could not resolve host: example.invalid", 0, 0, TransportErrorKind.dns),
        (7, "Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server", 0, 111, .refused),
        (7, "Failed to connect to 10.0.0.1 port 443: No route to host", 0, 113, .unreachable),
        (7, "Failed to connect after 10000 ms: Connection timed out", 0, 110, .timeout),
        (28, "Connection timed out after 10001 milliseconds", 0, 0, .timeout),
        (35, "SSL connection timeout", 0, 0, .timeout),
        (35, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL", 0, 0, .tlsHandshake),
        (56, "Recv failure: Connection reset by peer", 0, 104, .reset),
        (52, "Empty reply from server", 0, 0, .reset),
        (60, "SSL certificate problem: certificate has expired", 10, 0, .tlsExpired),
        (60, "SSL certificate problem: certificate is not yet valid", 9, 0, .tlsExpired),
        (60, "SSL certificate problem: unable to get local issuer certificate", 20, 0, .tlsUntrusted),
        (60, "SSL certificate problem: self-signed certificate", 18, 0, .tlsUntrusted),
        (60, "SSL: no alternative certificate subject name matches target host name 'a.test'", 0, 0, .tlsHostname),
        (1, "Protocol \"http\" not supported or disabled in libcurl", 0, 0, .badURL),
        (61, "Error while processing content unencoding: invalid stored block lengths", 0, 0, .other),
    ])
    func classification(code: Int, message: String, verify: Int, errno: Int, kind: TransportErrorKind) {
        #expect(CurlErrorNames.classify(code: code, message: message, verifyResult: verify, osErrno: errno) == kind)
    }

    @Test func names() {
        #expect(CurlErrorNames.name(28) == "CURLE_OPERATION_TIMEDOUT")
        #expect(CurlErrorNames.name(60) == "CURLE_PEER_FAILED_VERIFICATION")
        #expect(CurlErrorNames.name(1234) == "CURLE_1234")
    }
}
