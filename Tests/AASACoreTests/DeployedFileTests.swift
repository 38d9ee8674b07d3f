import Testing
@testable import AASACore

/// Issue 21: the CDN copy is decoded once per domain (not validated again), shared with the
/// origin's document when the bytes are the same, and decides when it is usable.
@Suite struct DeployedFileTests {
    static let origin = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/share/*"}]}]}}"#
    static let copy = #"{"applinks":{"details":[{"appIDs":["Q7Z3K8M2PX.com.example.app"],"components":[{"/":"/buy/*"}]}]}}"#

    func record(_ body: String, url: String = HostingJudge.fileURL(for: "example.com"), status: Int = 200) -> FetchRecord {
        FetchRecord(url: url, status: status, statusLine: "HTTP/2 \(status)", headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
    }

    func hosting(_ body: String) -> HostingResult {
        HostingJudge.judge(DomainFetches(domain: "example.com", origin: record(body), connectionRedirected: true))
    }

    @Test func aCopyWithOtherBytesIsDecodedOnceAndDecides() throws {
        let deployed = DeployedFile(host: "example.com", hosting: hosting(Self.origin), cdn: record(Self.copy, url: CDNJudge.url(domain: "example.com")))
        #expect(deployed.cdnDecodes == 1)
        #expect(deployed.decidedBy == .cdn)
        #expect(deployed.deciding === deployed.cdnCopy)
        #expect(deployed.other === deployed.originCompiled)
        // The judge reuses the decoded copy: the stale rule is AASA502, found without decoding again.
        let found = deployed.cdnFindings(skipped: nil).map(\.code)
        #expect(found == [.aasa502])
        #expect(deployed.cdnDecodes == 1)
    }

    @Test func theSameBytesShareTheOriginsDocument() throws {
        let deployed = DeployedFile(host: "example.com", hosting: hosting(Self.origin), cdn: record(Self.origin, url: CDNJudge.url(domain: "example.com")))
        #expect(deployed.cdnDecodes == 0)
        #expect(deployed.cdnCopy === deployed.originCompiled)
        #expect(deployed.cdnFindings(skipped: nil).isEmpty)
    }

    @Test func noUsableCopyLeavesTheOriginDeciding() throws {
        let failed = DeployedFile(host: "example.com", hosting: hosting(Self.origin), cdn: record("", url: CDNJudge.url(domain: "example.com"), status: 404))
        #expect(failed.cdnDecodes == 0 && failed.cdnCopy == nil)
        #expect(failed.decidedBy == .origin)
        #expect(failed.deciding === failed.originCompiled)
        let skipped = DeployedFile(host: "example.com", hosting: hosting(Self.origin), cdn: nil)
        #expect(skipped.decidedBy == .origin)
        #expect(skipped.cdnFindings(skipped: "--no-cdn").map(\.code) == [.aasa505])
    }

    /// A refused origin (trailing comma) with a usable copy: the copy decides (devices read
    /// it); without one, nothing Apple's systems read decides.
    @Test func aRefusedOrigin() throws {
        let broken = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/buy/*"},]}]}}"#
        let withCopy = DeployedFile(host: "example.com", hosting: hosting(broken), cdn: record(Self.copy, url: CDNJudge.url(domain: "example.com")))
        #expect(withCopy.decidedBy == .cdn)
        #expect(withCopy.originCompiled == nil)
        let alone = DeployedFile(host: "example.com", hosting: hosting(broken), cdn: nil)
        #expect(alone.deciding == nil)
        #expect(alone.originValidation?.rejection?.code == .aasa203)
    }

    /// Before: the origin and the CDN serving the same refused bytes (a trailing comma) gave
    /// AASA502 "the CDN copy is not a readable document while the origin file is": neither is.
    @Test func twoCopiesOfARefusedFileDoNotDiffer() throws {
        let broken = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/buy/*"},]}]}}"#
        let deployed = DeployedFile(host: "example.com", hosting: hosting(broken), cdn: record(broken, url: CDNJudge.url(domain: "example.com")))
        #expect(deployed.cdnCopy == nil)
        #expect(deployed.cdnFindings(skipped: nil).filter { $0.code == .aasa502 }.isEmpty)
        #expect(deployed.refusal?.code == .aasa203)
    }

    /// A file served only to a browser (AASA109) or only at the legacy root (AASA108) is read
    /// by no Apple system: it refuses, as a file Apple rejects does, and is no origin to compare.
    @Test func aFileAppleCannotFetchIsARefusal() throws {
        let url = HostingJudge.fileURL(for: "example.com")
        let blocked = HostingJudge.judge(DomainFetches(domain: "example.com", origin: record("Forbidden", url: url, status: 403),
                                                       browser: record(Self.origin, url: url), connectionRedirected: true))
        let legacy = HostingJudge.judge(DomainFetches(domain: "example.com", origin: record("", url: url, status: 404),
                                                      legacy: record(Self.origin, url: HostingJudge.legacyURL(for: "example.com")),
                                                      connectionRedirected: true))
        for (hosting, code) in [(blocked, DiagnosticCode.aasa109), (legacy, .aasa108)] {
            #expect(hosting.validation?.rejection == nil, "the file itself is fine")
            #expect(hosting.refusal?.code == code)
            let alone = DeployedFile(host: "example.com", hosting: hosting, cdn: nil)
            #expect(alone.refusal?.code == code)
            #expect(alone.deciding == nil && alone.originCompiled == nil)
            let withCopy = DeployedFile(host: "example.com", hosting: hosting, cdn: record(Self.copy, url: CDNJudge.url(domain: "example.com")))
            #expect(withCopy.decidedBy == .cdn && withCopy.refusal == nil && withCopy.other == nil)
        }
    }
}
