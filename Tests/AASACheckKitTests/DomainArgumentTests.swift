import Foundation
import Testing
@testable import AASACheckKit

/// Mistakes in domains and network flags are usage errors before any request is made.
@Suite struct DomainArgumentTests {
    @Test(arguments: [
        ("fixtures", "at least two labels"),
        ("aasa.json", "looks like a file name"),
        ("-good.aasa.test", "not starting or ending with -"),
        ("good.aasa.test:99999", "port must be a number"),
        ("good.aasa.test:abc", "port must be a number"),
        ("bücher.example", "punycode"),
        ("good.aasa.test?mode=bogus", "mode must be"),
        ("example.com/some/path", "it has a path"),
        // Before: "the port must be a number" for the password's colon.
        ("https://u:p@good.aasa.test", "no user information (user:password@)"),
        ("user@good.aasa.test", "no user information (user:password@)"),
        // The length is the defect, not the characters.
        (String(repeating: "a", count: 64) + ".example", "not a domain name (a label is at most 63 characters; aaaaaaaaaaaa… has 64)"),
    ])
    func badDomainsAreRefused(_ domain: String, _ message: String) {
        #expect(throws: UsageError.self) { try CheckTarget.parse(domain) }
        do {
            _ = try CheckTarget.parse(domain)
        } catch let error as UsageError {
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["example.com", "EXAMPLE.com.", "https://example.com/", "*.example.com", "applinks:example.com?mode=developer",
                      "localhost", "good.aasa.test:8443", "192.0.2.1", "[::1]:8443", "xn--bcher-kva.example"])
    func goodDomainsAreRead(_ domain: String) throws {
        _ = try CheckTarget.parse(domain)
    }

    /// (as given, host, wildcard): `:443` is https's own port (before: `example.com:443` was
    /// asked of Apple's CDN as another host); `*.` is kept as the target's wildcard.
    @Test(arguments: [("example.com:443", "example.com", false), ("https://example.com:443/", "example.com", false),
                      ("[::1]:443", "[::1]", false), ("good.aasa.test:8443", "good.aasa.test:8443", false),
                      ("*.example.com", "example.com", true), ("applinks:*.Example.com", "example.com", true)])
    func theHostAsChecked(_ given: String, _ host: String, _ wildcard: Bool) throws {
        let t = try CheckTarget.parse(given)
        #expect(t.host == host && t.wildcard == wildcard, "\(t.host) \(t.wildcard)")
        #expect(t.decides("www.example.com") == (wildcard && host == "example.com"))
        #expect(t.decides(host))
    }

    @Test func aLocalFileIsNotTakenForADomain() throws {
        let path = fixturePath("routes/soar-starter-aasa.json")
        let r = run(["check", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is a local file, not a domain"))
    }

    @Test func aMistypedCommandIsNotTakenForADomain() {
        let r = run(["valdiate", "x.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("did you mean `aasa-check validate`?"))
    }

    @Test(arguments: ["good.aasa.test:abc:127.0.0.1:1", ":::", "a:1:b", "a:1:b:2:extra", "a:1:b:70000"])
    func malformedConnectToIsAUsageError(_ entry: String) {
        #expect(throws: UsageError.self) { try NetworkOptions.validateConnectTo(entry) }
    }

    @Test func aConnectToThatSendsNowhereSaysSo() {
        do {
            try NetworkOptions.validateConnectTo(":::")
            Issue.record("accepted")
        } catch let error as UsageError {
            #expect(error.message == "--connect-to ::: changes nothing: say where to connect instead (HOST2, PORT2 or both)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["::127.0.0.1:8443", "good.aasa.test:443:127.0.0.1:8443", "::[::1]:8443", "a::b:"])
    func wellFormedConnectToIsAccepted(_ entry: String) throws {
        try NetworkOptions.validateConnectTo(entry)
    }

    @Test func aCACertThatIsNotPEMIsAUsageError() throws {
        let path = try temporaryFile(Array("not a certificate\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["check", "example.com", "--cacert", path, "--connect-to", "::127.0.0.1:9"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("not a PEM certificate bundle"))
    }

    @Test func aMissingValueDoesNotSwallowTheNextFlag() {
        let r = run(["check", "example.com", "--app-id", "--cacert", "ca.pem"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--app-id needs a value (ID) before --cacert"))
    }
}
