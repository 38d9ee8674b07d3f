import Foundation
import Testing
@testable import AASACore

/// Which filters take part, which hosts are collected, what verification predicts, and which
/// URLs a manifest accepts (spec `assetlinks-reference.md` §4.1, §4.2, §4.4, §6.2, §6.4).
@Suite struct AppLinksTests {
    // MARK: §6.2, row by row

    /// autoVerify, VIEW, BROWSABLE, DEFAULT, https, two hosts, both files list the app: both verified.
    @Test func twoHostsBothVerified() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="example.com" /><data android:host="www.example.com" />
            """)))
        let hosts = AppLinksHosts(m)
        #expect(hosts.rules == .restricted)
        #expect(hosts.hosts.map(\.host) == ["example.com", "www.example.com"])
        #expect(hosts.hosts.map(\.fileURL) == ["https://example.com/.well-known/assetlinks.json", "https://www.example.com/.well-known/assetlinks.json"])
        let p = hosts.predict { _ in true }
        #expect(p.android12AndLater == ["example.com": true, "www.example.com": true])
        #expect(p.android11AndEarlier == ["example.com": true, "www.example.com": true])
    }

    /// Same, the www file answers 301: apex verified, www not on Android 12+; neither on ≤ 11.
    @Test func oneFailingHost() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="example.com" /><data android:host="www.example.com" />
            """)))
        let hosts = AppLinksHosts(m)
        let p = hosts.predict { $0.host != "www.example.com" }
        #expect(p.android12AndLater == ["example.com": true, "www.example.com": false])
        #expect(p.android11AndEarlier == ["example.com": false, "www.example.com": false])
        #expect(hosts.failingHostBreaksAllOnOlderDevices)
        // minSdk 31: no device runs the old rules.
        let modern = AppLinksHosts(try readManifest(sourceManifest(minimum: 31, linksFilter("""
            <data android:scheme="https" android:host="example.com" /><data android:host="www.example.com" />
            """))))
        #expect(modern.predict { $0.host != "www.example.com" }.android11AndEarlier == nil)
        #expect(!modern.failingHostBreaksAllOnOlderDevices)
    }

    /// A filter without DEFAULT but with autoVerify: its hosts are not collected.
    @Test func noDefaultIsNotCollected() throws {
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" android:host="example.com" />"#, categories: ["BROWSABLE"])))
        let hosts = AppLinksHosts(m)
        #expect(hosts.hosts.isEmpty)
        #expect(hosts.filters.map(\.participation) == [.missingDefault])
        #expect(!AppLinksMatch("https://example.com/", manifest: m).matches)
    }

    /// Schemes https and myapp in one filter: not collected for target SDK ≥ 31.
    @Test func customSchemeBesideHTTPS() throws {
        let data = #"<data android:scheme="https" android:host="example.com" /><data android:scheme="myapp" />"#
        let modern = AppLinksHosts(try readManifest(sourceManifest(linksFilter(data))))
        #expect(modern.hosts.isEmpty)
        #expect(modern.filters.map(\.participation) == [.nonWebScheme("myapp")])
        // Target 30: needsVerification wants only web schemes, so nothing asks for verification.
        let legacy = AppLinksHosts(try readManifest(sourceManifest(target: 30, linksFilter(data))))
        #expect(legacy.hosts.isEmpty)
        #expect(legacy.filters.map(\.participation) == [.nothingRequested])
    }

    /// `*.example.com`: the apex's file verifies it; a.example.com and a.b.example.com match,
    /// example.com does not.
    @Test func wildcardHost() throws {
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" android:host="*.example.com" />"#)))
        let hosts = AppLinksHosts(m)
        #expect(hosts.hosts.map(\.fileURL) == ["https://example.com/.well-known/assetlinks.json"])
        #expect(AppLinksMatch("https://a.example.com/x", manifest: m).matches)
        #expect(AppLinksMatch("https://a.b.example.com/x", manifest: m).matches)
        #expect(!AppLinksMatch("https://example.com/x", manifest: m).matches)
        #expect(AppLinksMatch("https://A.EXAMPLE.COM/x", manifest: m).matches)
    }

    /// `android:port="443"` and `https://example.com/x`: the URL has no explicit port.
    @Test func portNeverMatchesDefaultPort() throws {
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" android:host="example.com" android:port="443" />"#)))
        let match = AppLinksMatch("https://example.com/x", manifest: m)
        #expect(!match.matches)
        #expect(match.candidates[0].refusal?.contains("port") == true)
        #expect(AppLinksMatch("https://example.com:443/x", manifest: m).matches)
        // The host is still collected: verification sees `example.com`.
        #expect(AppLinksHosts(m).hosts.map(\.host) == ["example.com"])
    }

    /// Target SDK 30: filter A (autoVerify, a.com), filter B (VIEW + BROWSABLE, https, b.com):
    /// b.com is collected too and fails; on Android ≤ 11 a.com fails with it.
    @Test func legacyCollection() throws {
        let m = try AndroidManifest.read(try AndroidFixtures.bytes("legacy30.axml"))
        let hosts = AppLinksHosts(m)
        #expect(hosts.rules == .legacy)
        #expect(hosts.hosts.map(\.host) == ["a.com", "b.com"])
        let p = hosts.predict { $0.host == "a.com" }
        #expect(p.android12AndLater == ["a.com": true, "b.com": false])
        #expect(p.android11AndEarlier == ["a.com": false, "b.com": false])
        // The same manifest with target 31 collects a.com only.
        let restricted = AppLinksHosts(m, targetSDK: 31)
        #expect(restricted.hosts.map(\.host) == ["a.com"])
        // …but devices on Android 11 and lower still verify both together.
        #expect(restricted.olderDeviceHosts.map(\.host) == ["a.com", "b.com"])
    }

    // MARK: Hosts

    @Test(arguments: [
        ("example.com", AndroidHostName.Classification.domainName), ("*.example.com", .domainName),
        ("a.b.example.co.uk", .domainName), ("xn--bcher-kva.example", .domainName), ("café.example", .domainName),
        ("my_host.example.com", .domainName), ("shop.xn--p1ai", .domainName), ("1.2.3.com", .domainName),
        ("192.168.1.10", .ipv4Address), ("*.10.0.0.1", .ipv4Address), ("0.1.2.3", .invalid(.noTopLevelDomain)),
        ("localhost", .invalid(.noTopLevelDomain)), ("example", .invalid(.noTopLevelDomain)),
        ("example.com.", .invalid(.trailingDot)), ("example.com:443", .invalid(.port)),
        ("https://example.com", .invalid(.scheme)), ("example.com/path", .invalid(.path)),
        ("*", .invalid(.misplacedWildcard)), ("*example.com", .invalid(.misplacedWildcard)),
        ("a.*.example.com", .invalid(.misplacedWildcard)), ("*.com", .invalid(.noTopLevelDomain)),
        ("exa mple.com", .invalid(.character(" "))), ("a..example.com", .invalid(.emptyLabel)),
        ("-a.example.com", .invalid(.badLabelEdge)), ("", .invalid(.empty)),
        ("example.c0m", .invalid(.noTopLevelDomain)), ("example.c", .invalid(.noTopLevelDomain)),
        (String(repeating: "a", count: 64) + ".com", .invalid(.labelTooLong)),
    ])
    func hostValidity(_ host: String, _ expected: AndroidHostName.Classification) {
        #expect(AndroidHostName.classify(host) == expected, "\(host)")
    }

    @Test func invalidHostsAreNotCollected() throws {
        let m = try AndroidManifest.read(try AndroidFixtures.bytes("mistakes.axml"))
        let hosts = AppLinksHosts(m)
        // Filter 0 lacks DEFAULT, filter 1 has a custom scheme: only filter 2 takes part.
        #expect(hosts.filters.map(\.participation) == [.missingDefault, .nonWebScheme("myapp"), .participates])
        #expect(hosts.hosts.map(\.host) == ["192.168.1.10", "café.example"])
        #expect(hosts.invalidHosts.map(\.host) == ["localhost"])
    }

    @Test func sizeLimitStopsCollection() throws {
        // Each host `hNNNNN.example.com` (18 units) weighs 48 bytes: 21,846 reach 1 MiB.
        let data = (0..<22_000).map { String(format: #"<data android:host="h%05d.example.com" />"#, $0) }.joined()
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" />"# + data)))
        let hosts = AppLinksHosts(m)
        #expect(hosts.hosts.count == 21_846)
        #expect(hosts.droppedBySizeLimit.count == 22_000 - 21_846)
    }

    @Test func suffixQuirk() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="*.example.com" />
            <data android:host="myexample.com" /><data android:host="shop.example.com" /><data android:host="example.com" />
            """)))
        let hosts = AppLinksHosts(m)
        #expect(hosts.approvedThroughSuffixQuirk(by: hosts.hosts[0]) == ["myexample.com"])
    }

    // MARK: §6.4 rows that need a URL, and paths only with a host

    @Test func decodedPathAndEmptyPath() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="example.com" android:path="/café" />
            <data android:path="/" />
            """)))
        #expect(AppLinksMatch("https://example.com/caf%C3%A9", manifest: m).matches)
        #expect(AppLinksMatch("https://example.com/", manifest: m).matches)
        #expect(!AppLinksMatch("https://example.com", manifest: m).matches)
    }

    @Test func pathsNeedAHost() throws {
        // No host: the path elements are never looked at; every https URL matches the data.
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" android:path="/only" />"#)))
        #expect(AppLinksMatch("https://anything.example/else", manifest: m).matches)
    }

    @Test func crossProductOfData() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="a.example.com" android:path="/a" />
            <data android:scheme="http" android:host="b.example.com" android:path="/b" />
            """)))
        for url in ["https://a.example.com/a", "http://b.example.com/b", "http://a.example.com/b", "https://b.example.com/a"] {
            #expect(AppLinksMatch(url, manifest: m).matches, "\(url)")
        }
    }

    // MARK: Relative filter groups (Android 15)

    /// CTS DomainVerificationFilterGroupTests: allow `path=/path` before block `query=query=str`
    /// ⇒ `/path?query=str` opens the app; reversed order ⇒ browser.
    @Test func firstMatchingGroupDecides() throws {
        func manifest(_ groups: String) throws -> AndroidManifest {
            try readManifest(sourceManifest(target: 35, linksFilter(#"<data android:scheme="https" android:host="example.com" />"# + groups)))
        }
        let allowFirst = try manifest("""
            <uri-relative-filter-group android:allow="true"><data android:path="/path" /></uri-relative-filter-group>
            <uri-relative-filter-group android:allow="false"><data android:query="query=str" /></uri-relative-filter-group>
            """)
        #expect(AppLinksMatch("https://example.com/path?query=str", manifest: allowFirst).matches)
        let blockFirst = try manifest("""
            <uri-relative-filter-group android:allow="false"><data android:query="query=str" /></uri-relative-filter-group>
            <uri-relative-filter-group android:allow="true"><data android:path="/path" /></uri-relative-filter-group>
            """)
        #expect(!AppLinksMatch("https://example.com/path?query=str", manifest: blockFirst).matches)
        #expect(AppLinksMatch("https://example.com/path?other=1", manifest: blockFirst).matches)
        // No group matches: the groups refuse.
        #expect(!AppLinksMatch("https://example.com/else", manifest: blockFirst).matches)
        // Android 14 devices do not read groups: a filter of groups only takes every path.
        #expect(AppLinksMatch("https://example.com/else", manifest: blockFirst, deviceSDK: 34).matches)
    }

    /// A top-level path lets `/path?query` through even where a group would block it.
    @Test func topLevelPathsAreAnAlternative() throws {
        let m = try AndroidManifest.read(try AndroidFixtures.bytes("groups.axml"))
        // project.example.com: block (/path AND query=str), allow (/path* AND #section*), allow item.
        #expect(!AppLinksMatch("https://project.example.com/path?query=str", manifest: m).matches)
        #expect(AppLinksMatch("https://project.example.com/path?query=str#sectionA", manifest: m).matches == false)
        #expect(AppLinksMatch("https://project.example.com/pathway#section2", manifest: m).matches)
        #expect(AppLinksMatch("https://project.example.com/item/42?x=1&ref=mail", manifest: m).matches)
        #expect(!AppLinksMatch("https://project.example.com/item/42", manifest: m).matches)
        // docs.example.com: top-level pathSuffix .pdf or /vN/…; the group blocks drafts, but a
        // top-level path matches first.
        #expect(AppLinksMatch("https://docs.example.com/a.pdf?state=draft", manifest: m).matches)
        #expect(AppLinksMatch("https://docs.example.com/v2/guide", manifest: m).matches)
        #expect(!AppLinksMatch("https://docs.example.com/guide", manifest: m).matches)
    }

    @Test func querySplitsLikeJava() {
        let f = URIRelativeFilter(part: .query, matcher: AndroidPatternMatcher("b=2", kind: .literal))
        #expect(f.matches(AndroidURI("https://h/p?a=1&b=2")))
        #expect(f.matches(AndroidURI("https://h/p?a=1;b=2")))
        // One `&` with an empty part after it: Java's split drops the empty part, so there is
        // one part, and the query is split on `;` instead: `b=2&` is compared whole.
        #expect(!f.matches(AndroidURI("https://h/p?b=2&")))
        #expect(f.matches(AndroidURI("https://h/p?b=2&&c")))
        #expect(f.matches(AndroidURI("https://h/p?b=2")))
        #expect(!f.matches(AndroidURI("https://h/p")))
        let empty = URIRelativeFilter(part: .query, matcher: AndroidPatternMatcher("", kind: .literal))
        #expect(empty.matches(AndroidURI("https://h/p?")))
        #expect(!empty.matches(AndroidURI("https://h/p?&")))
        #expect(JavaText.split(Array("a=1&".utf16), on: UInt16(asciiUnit: "&")).count == 1)
        #expect(JavaText.split(Array("&&".utf16), on: UInt16(asciiUnit: "&")).isEmpty)
        #expect(JavaText.split(Array("&a".utf16), on: UInt16(asciiUnit: "&")).count == 2)
    }

    @Test func exportedAndEnabled() throws {
        let m = try readManifest(sourceManifest(linksFilter(#"<data android:scheme="https" android:host="example.com" />"#), exported: false))
        #expect(AppLinksMatch("https://example.com/", manifest: m).candidates[0].refusal?.contains("not exported") == true)
    }
}
