import Testing
@testable import AASACore

/// The hosting and CDN judges on recorded exchanges (no network).
@Suite struct HostingJudgeTests {
    static let good = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#
    static let wellKnown = "https://example.com/.well-known/apple-app-site-association"

    func ok(_ body: String = good, type: String = "application/json", extra: [HTTPHeader] = []) -> FetchRecord {
        FetchRecord(url: Self.wellKnown, status: 200, statusLine: "HTTP/2 200",
                    headers: [HTTPHeader("Content-Type", type)] + extra, body: Array(body.utf8))
    }

    func judge(_ origin: FetchRecord, legacy: FetchRecord? = nil, browser: FetchRecord? = nil,
               addresses: [String]? = nil, redirected: Bool = false) -> HostingResult {
        HostingJudge.judge(DomainFetches(domain: "example.com", origin: origin, legacy: legacy, browser: browser,
                                         addresses: addresses, connectionRedirected: redirected))
    }

    @Test func cleanFileHasNoFindings() {
        let r = judge(ok())
        #expect(r.diagnostics.isEmpty)
        #expect(r.validation?.document?.applinks?.details.count == 1)
        #expect(r.servedURL == Self.wellKnown)
    }

    @Test func findingsAreAttributedToTheDomainAndOrigin() {
        let r = judge(ok(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/buy/*"},]}]}}"#, type: "text/plain"))
        #expect(codes(r.diagnostics) == ["AASA106", "AASA203"])
        #expect(r.diagnostics.allSatisfy { $0.target == "example.com" && $0.source == .origin })
        let syntax = r.diagnostics[1]
        #expect(syntax.location?.line == 1)
    }

    @Test(arguments: [
        (FetchErrorKind.dns, "AASA101"), (.refused, "AASA101"), (.unreachable, "AASA101"), (.reset, "AASA101"),
        (.timeout, "AASA101"), (.other, "AASA101"), (.tlsUntrusted, "AASA102"), (.tlsExpired, "AASA102"),
        (.tlsHostname, "AASA102"), (.tlsHandshake, "AASA102"),
    ])
    func transportErrors(kind: FetchErrorKind, code: String) {
        let record = FetchRecord(url: Self.wellKnown, error: FetchError(kind: kind, code: 99, name: "CURLE_X", message: "curl said \u{1B}[31mred"))
        let r = judge(record)
        #expect(codes(r.diagnostics) == [code])
        let message = r.diagnostics[0].message
        #expect(message.contains(kind.phrase))
        #expect(message.contains("CURLE_X: curl said \\u{1B}[31mred"))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(r.validation == nil)
    }

    @Test func redirectShowsStatusAndEscapedLocation() {
        let record = FetchRecord(url: Self.wellKnown, status: 301, statusLine: "HTTP/1.1 301 Moved Permanently",
                                 headers: [HTTPHeader("Location", "https://www.example.com/\u{07}x\r\n")])
        let r = judge(record)
        #expect(codes(r.diagnostics) == ["AASA104"])
        #expect(r.diagnostics[0].message.contains("HTTP/1.1 301 Moved Permanently → https://www.example.com/\\u{7}x\\r\\n"))
    }

    @Test func notFoundThenLegacyRootFile() {
        let notFound = FetchRecord(url: Self.wellKnown, status: 404, statusLine: "HTTP/2 404")
        #expect(HostingJudge.shouldProbeLegacy(notFound))
        #expect(!HostingJudge.shouldRetryAsBrowser(notFound))
        var legacy = ok()
        legacy.url = "https://example.com/apple-app-site-association"
        let r = judge(notFound, legacy: legacy)
        #expect(codes(r.diagnostics) == ["AASA105", "AASA108"])
        #expect(r.fileLabel == "example.com/apple-app-site-association")
        #expect(r.validation?.document != nil)
    }

    @Test func legacyHTMLFallbackIsNotAFile() {
        let notFound = FetchRecord(url: Self.wellKnown, status: 404, statusLine: "HTTP/2 404")
        var legacy = ok("<!doctype html><html></html>", type: "text/html")
        legacy.url = "https://example.com/apple-app-site-association"
        #expect(codes(judge(notFound, legacy: legacy).diagnostics) == ["AASA105"])
    }

    @Test func botBlockingIsToldFromAPlainFailure() {
        let forbidden = FetchRecord(url: Self.wellKnown, status: 403, statusLine: "HTTP/2 403")
        #expect(HostingJudge.shouldRetryAsBrowser(forbidden))
        var browser = ok()
        browser.userAgent = "Mozilla/5.0"
        let blocked = judge(forbidden, browser: browser)
        #expect(codes(blocked.diagnostics) == ["AASA109"])
        #expect(blocked.validation?.document != nil)
        let alsoForbidden = FetchRecord(url: Self.wellKnown, userAgent: "Mozilla/5.0", status: 403, statusLine: "HTTP/2 403")
        #expect(codes(judge(forbidden, browser: alsoForbidden).diagnostics) == ["AASA105"])
    }

    @Test func contentTypeParametersAreFine() {
        #expect(judge(ok(type: "application/json; charset=utf-8")).diagnostics.isEmpty)
        #expect(judge(ok(type: "Application/JSON")).diagnostics.isEmpty)
        #expect(codes(judge(ok(type: "application/octet-stream")).diagnostics) == ["AASA106"])
        var missing = ok()
        missing.headers = []
        #expect(codes(judge(missing).diagnostics) == ["AASA106"])
    }

    @Test func truncatedBodyIsTooLargeAndNotParsed() {
        var record = ok(String(repeating: " ", count: 131_073))
        record.truncated = true
        record.contentEncoding = "gzip"
        record.wireBytes = 2_000
        let r = judge(record)
        #expect(codes(r.diagnostics) == ["AASA114", "AASA107"])
        #expect(r.diagnostics[0].message.contains("reading stopped after 2000 bytes on the wire, more than 131072 bytes decoded"))
        #expect(r.validation == nil)
    }

    @Test func compressedBodyWithinTheLimit() {
        var record = ok()
        record.contentEncoding = "br"
        record.wireBytes = 80
        let r = judge(record)
        #expect(codes(r.diagnostics) == ["AASA114"])
        #expect(r.diagnostics[0].severity == .info)
        #expect(r.diagnostics[0].message.contains("\(Self.good.utf8.count) bytes decoded"))
    }

    @Test func emptyHTMLAndBOMBodiesComeFromTheValidator() {
        #expect(codes(judge(ok("")).diagnostics) == ["AASA112"])
        #expect(codes(judge(ok("<!DOCTYPE html><html><body></body></html>", type: "text/html")).diagnostics) == ["AASA106", "AASA113"])
        #expect(codes(judge(ok("\u{FEFF}" + Self.good)).diagnostics) == ["AASA202"])
    }

    @Test func signedFileIsUnwrappedAndChecked() throws {
        var record = ok(type: "application/pkcs7-mime")
        record.body = CodeDoc.signedExampleFile(Array(Self.good.utf8))
        #expect(SignedFile.content(record.body) == Array(Self.good.utf8))
        let r = judge(record)
        #expect(codes(r.diagnostics) == ["AASA111"])
        #expect(r.servedBody == Array(Self.good.utf8))
        record.body = Array(record.body.prefix(40))
        #expect(codes(judge(record).diagnostics) == ["AASA111"])
        #expect(judge(record).validation == nil)
    }

    /// Issue 10, item 2: devices fetch a developer- or managed-mode domain themselves, so a
    /// private or VPN-only host is a valid setup there: AASA110 is info; an error without a mode.
    @Test(arguments: [
        (["10.20.30.40"], true, Severity.info), (["192.168.1.5", "fd00::1"], true, .info), (["127.0.0.1"], true, .info),
        (["10.20.30.40"], false, .error), (["192.168.1.5", "fd00::1"], false, .error), (["169.254.1.1"], false, .error),
    ])
    func privateAddressesAreInfoInAnAlternateMode(addresses: [String], alternateMode: Bool, severity: Severity) throws {
        let r = HostingJudge.judge(DomainFetches(domain: "staging.example.com", origin: ok(), addresses: addresses,
                                                 alternateMode: alternateMode))
        let d = try #require(r.diagnostics.first)
        #expect(r.diagnostics.count == 1)
        #expect(d.code == .aasa110)
        #expect(d.severity == severity)
        #expect(d.message.contains(alternateMode ? "devices fetch the file directly" : "Apple's fetcher refuses such hosts"))
        // A public address among them, or a connection sent elsewhere: nothing to say.
        #expect(HostingJudge.judge(DomainFetches(domain: "staging.example.com", origin: ok(), addresses: addresses + ["17.253.144.10"],
                                                 alternateMode: alternateMode)).diagnostics.isEmpty)
        #expect(HostingJudge.judge(DomainFetches(domain: "staging.example.com", origin: ok(), addresses: addresses,
                                                 connectionRedirected: true, alternateMode: alternateMode)).diagnostics.isEmpty)
    }

    @Test func privateAddressesUnlessRedirected() {
        #expect(codes(judge(ok(), addresses: ["127.0.0.1", "::1"]).diagnostics) == ["AASA110"])
        #expect(judge(ok(), addresses: ["127.0.0.1"], redirected: true).diagnostics.isEmpty)
        #expect(judge(ok(), addresses: ["17.253.144.10", "192.168.1.1"]).diagnostics.isEmpty)
        #expect(judge(ok(), addresses: []).diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true), ("172.32.0.1", false),
        ("192.168.0.1", true), ("127.0.0.1", true), ("169.254.1.1", true), ("100.64.0.1", true),
        ("100.128.0.1", false), ("0.0.0.0", true), ("192.0.2.1", true), ("198.18.0.1", true),
        ("203.0.113.9", true), ("224.0.0.1", true), ("255.255.255.255", true), ("8.8.8.8", false),
        ("17.253.144.10", false), ("::1", true), ("::", true), ("fe80::1%eth0", true), ("fd12:3456::1", true),
        ("fc00::1", true), ("ff02::1", true), ("2001:db8::1", true), ("::ffff:10.0.0.1", true),
        ("::ffff:8.8.8.8", false), ("2606:4700::6810:85e5", false), ("2a00:1450:4001:82b::200e", false),
        ("1.2.3", false), ("not an address", false), ("1:2:3:4:5:6:7:8:9", false),
    ])
    func addressClasses(address: String, reserved: Bool) {
        #expect((IPAddressClass.reservedReason(address) != nil) == reserved)
    }

    @Test func ipv6Parsing() {
        #expect(IPAddressClass.parseIPv6("::ffff:1.2.3.4") == [0,0,0,0,0,0,0,0,0,0,0xFF,0xFF,1,2,3,4])
        #expect(IPAddressClass.parseIPv6("1::") == [0,1] + Array(repeating: 0, count: 14))
        #expect(IPAddressClass.parseIPv6("1:2:3:4:5:6:7:8")?.count == 16)
        #expect(IPAddressClass.parseIPv6(":::") == nil)
        #expect(IPAddressClass.parseIPv6("1::2::3") == nil)
    }

    // MARK: CDN

    func cdn(_ body: String, age: String? = "1200", status: Int = 200, extra: [HTTPHeader] = []) -> FetchRecord {
        var headers = [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Cache-Control", "public, max-age=3600")]
        if let age { headers.append(HTTPHeader("Age", age)) }
        return FetchRecord(url: CDNJudge.url(domain: "example.com"), status: status, statusLine: "HTTP/2 \(status)",
                           headers: headers + extra, body: Array(body.utf8))
    }

    @Test func cdnURL() {
        #expect(CDNJudge.url(domain: "Example.COM") == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(CDNJudge.url(base: "https://cdn.test/a/v1", domain: "*.example.com") == "https://cdn.test/a/v1/example.com")
    }

    @Test func sameMeaningDifferentBytesIsNotStale() {
        let origin = judge(ok())
        let compact = #"{"applinks":{"details":[{"components":[{"/":"/buy/*"}],"appIDs":["Q7Z3K8M2PX.com.example.app"]}]}}"#
        let found = DeployedFile(host: "example.com", hosting: origin, cdn: cdn(compact)).cdnFindings(skipped: nil)
        #expect(codes(found) == ["AASA503"])
        #expect(found[0].message.contains("1200 s old"))
        #expect(found[0].message.contains("refreshed in about 2400 s"))
        #expect(found[0].source == .cdn)
    }

    @Test func staleCopyListsTheDifferences() {
        let origin = judge(ok(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app", "Q7Z3K8M2PX.com.example.beta"], "components": [{"/": "/buy/*"}, {"/": "/share/*"}]}]}, "webcredentials": {"apps": ["Q7Z3K8M2PX.com.example.app"]}}"#))
        let old = #"{"applinks":{"details":[{"appIDs":["Q7Z3K8M2PX.com.example.app"],"components":[{"/":"/buy/*"}]}]}}"#
        let found = DeployedFile(host: "example.com", hosting: origin, cdn: cdn(old, age: "86000")).cdnFindings(skipped: nil)
        #expect(codes(found) == ["AASA502", "AASA503"])
        let message = found[0].message
        #expect(message.contains("service webcredentials is in the origin file but not in the CDN copy"))
        #expect(message.contains("applinks: app ID Q7Z3K8M2PX.com.example.beta is only in the origin file"))
        #expect(message.contains(#"applinks rules for Q7Z3K8M2PX.com.example.app differ: the origin file has 2 rules, the CDN copy 1; first missing: {"/":"/share/*"}"#))
        #expect(found[1].message.contains("older than its max-age of 3600 s"))
    }

    @Test func ruleOrderAndDefaultsCount() {
        let a = validate(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.a.b"], "components": [{"/": "/x"}, {"/": "/y"}]}]}}"#).document!
        let b = validate(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.a.b"], "components": [{"/": "/y"}, {"/": "/x"}]}]}}"#).document!
        #expect(DocumentComparison.differences(origin: a, cdn: b).first?.contains("rule 0 is") == true)
        let c = validate(#"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["Q7Z3K8M2PX.a.b"], "components": [{"/": "/x"}, {"/": "/y"}]}]}}"#).document!
        #expect(!DocumentComparison.differences(origin: a, cdn: c).isEmpty)
        let d = validate(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.a.b"], "components": [{"/": "/x", "caseSensitive": false}, {"/": "/y", "caseSensitive": false}]}]}}"#).document!
        #expect(DocumentComparison.differences(origin: c, cdn: d).isEmpty)
        let e = validate(#"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.a.b"]}]}}"#).document!
        #expect(DocumentComparison.differences(origin: a, cdn: e) == ["applinks rules for Q7Z3K8M2PX.a.b differ: the CDN copy matches every URL (no rules), the origin file has rules"])
    }

    @Test func cdnFailureShowsAppleHeadersVerbatimButEscaped() {
        let failure = cdn("", age: nil, status: 404, extra: [
            HTTPHeader("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
            HTTPHeader("Apple-Failure-Details", "{\"status\":403}\u{1B}]0;pwned\u{07}"),
            HTTPHeader("Apple-Try-Direct", "false"),
        ])
        let found = DeployedFile(host: "example.com", hosting: judge(ok()), cdn: failure).cdnFindings(skipped: nil)
        #expect(codes(found) == ["AASA501"])
        let m = found[0].message
        #expect(m.contains("HTTP/2 404"))
        #expect(m.contains("Apple-Failure-Reason: SWCERR00101 Bad HTTP Response: 403 Forbidden"))
        #expect(m.contains(#"Apple-Failure-Details: {"status":403}\u{1B}]0;pwned\u{7}"#))
        #expect(m.contains("Apple-Try-Direct: false"))
    }

    @Test func cdnCopyWhileTheOriginFails() {
        let origin = judge(FetchRecord(url: Self.wellKnown, status: 500, statusLine: "HTTP/2 500"))
        let found = DeployedFile(host: "example.com", hosting: origin, cdn: cdn(Self.good)).cdnFindings(skipped: nil)
        #expect(codes(found) == ["AASA502", "AASA503"])
    }

    @Test func cdnUnreachableAndSkipped() {
        let down = FetchRecord(url: CDNJudge.url(domain: "example.com"), error: FetchError(kind: .dns, message: "Could not resolve host"))
        #expect(codes(CDNJudge.judge(domain: "example.com", cdn: down, origin: nil, copy: nil)) == ["AASA504"])
        let skipped = CDNJudge.judge(domain: "example.com", cdn: nil, skipped: "--no-cdn", origin: nil, copy: nil)
        #expect(codes(skipped) == ["AASA505"])
        #expect(skipped[0].message.contains("--no-cdn"))
    }

    @Test func networkTextEscaping() {
        #expect(NetworkText.escape("a\u{1B}[2Jb\u{9B}c\u{202E}d") == "a\\u{1B}[2Jb\\u{9B}c\\u{202E}d")
        #expect(NetworkText.escape(String(repeating: "x", count: 10), limit: 4) == "xxxx…")
    }
}
