import Testing
@testable import AASACore

/// The grammar `<service>:<host>[?mode=<modes>]` of aasa-reference.md §3.
@Suite struct EntitlementsEntryTests {
    @Test func plainEntry() {
        let e = AssociatedDomainEntry.parse("applinks:Www.Example.COM", index: 4)
        #expect(e.service == .applinks)
        #expect(e.serviceName == "applinks")
        #expect(e.host == "www.example.com")
        #expect(!e.isWildcard)
        #expect(e.port == nil)
        #expect(e.modes.isEmpty)
        #expect(e.index == 4)
        #expect(e.raw == "applinks:Www.Example.COM")
        #expect(e.malformations.isEmpty)
        #expect(e.isWellFormed)
    }

    @Test func wildcardPortAndModes() {
        let e = AssociatedDomainEntry.parse("webcredentials:*.Example.com:8443?mode=Developer+managed", index: 0)
        #expect(e.service == .webcredentials)
        #expect(e.isWildcard)
        #expect(e.host == "example.com")
        #expect(e.fileHost == "example.com")
        #expect(e.displayHost == "*.example.com:8443")
        #expect(e.port == 8443)
        #expect(e.modes == [.developer, .managed])
        #expect(e.modes.description == "developer+managed")
        #expect(e.malformations.isEmpty)
    }

    @Test(arguments: [
        ("example.com", "no `service:`"),
        (":example.com", "empty service"),
        ("applinks:", "no host"),
        ("applinks:*.", "no domain after `*.`"),
        ("applinks:https://example.com", "a scheme"),
        ("https://example.com", "a URL"),
        ("applinks:example.com/", "trailing `/`"),
        ("applinks:example.com/path", "a path (`/path`)"),
        ("applinks:exa mple.com", "spaces in the host"),
        (" applinks:example.com", "white space before or after"),
        ("applinks:.example.com", "starts with `.`"),
        ("applinks:example..com", "contains `..`"),
        ("applinks:example.com.", "ends with `.`"),
        ("applinks:example", "has no dot"),
        ("applinks:localhost", "`localhost` works only with `?mode=developer`"),
        ("applinks:ex*ample.com", "`*` is allowed only as a leading `*.`"),
        ("applinks:example.com?mode=", "without a mode"),
        ("applinks:example.com?mode=debug", "unknown mode `debug`"),
        ("applinks:example.com?mode=developer+", "an empty mode"),
        ("applinks:example.com?foo=bar", "a query other than `?mode=`"),
        ("applinks:example.com:0", "invalid port `0`"),
        ("applinks:example.com:99999", "invalid port `99999`"),
        ("applinks:example.com:", "without a port"),
        ("applinks:exam<ple.com", "the character `<`"),
        ("applinks:example.com\u{7}", "`U+7`"),
        ("applinks:fe80::1", "in brackets"),
        ("", "empty"),
        // Host-name rules (RFC 952, RFC 1123 §2.1): letters, digits and `-`, no `-` at either
        // end of a label.
        ("applinks:-shop.example.org", "the label `-shop` starts with `-`"),
        ("applinks:shop-.example.org", "the label `shop-` ends with `-`"),
        ("applinks:*.shop.example-.org", "the label `example-` ends with `-`"),
        ("applinks:shop_x.example.org", "the character `_` is not allowed in a host name"),
    ])
    func malformedEntries(raw: String, reason: String) {
        let e = AssociatedDomainEntry.parse(raw, index: 0)
        #expect(e.malformations.contains { $0.contains(reason) }, "\(raw): \(e.malformations)")
        #expect(!e.isWellFormed)
    }

    /// Every host-syntax finding of an entry, in order (the byte-level check of issue 17 says
    /// exactly what the character-level one said).
    @Test(arguments: [
        ("applinks:-A..b c_d.", ["spaces in the host", "the character `_` is not allowed in a host name", "the host contains `..`",
                                 "the host ends with `.`", "the label `-a` starts with `-`"]),
        ("applinks:1.2..4", ["the host contains `..`"]),
        ("applinks:1.2.3.4.5", []),
        ("applinks:a\u{7}b\tc-", ["spaces in the host", "the character `U+7` is not allowed in a host name",
                                  "the label `a\u{7}b\tc-` ends with `-`", "the host `a\u{7}b\tc-` has no dot: it is not a domain name"]),
        ("applinks:*.x*y", ["`*` is allowed only as a leading `*.`", "the character `*` is not allowed in a host name",
                            "the host `x*y` has no dot: it is not a domain name"]),
        ("applinks:.", ["the host starts with `.`"]),
        ("applinks:a.b\u{7F}", ["the character `U+7F` is not allowed in a host name"]),
        ("applinks:" + String(repeating: "x", count: 64) + "." + String(repeating: "y", count: 190) + ".com",
         ["a label longer than 63 characters", "the host is longer than 253 characters"]),
    ])
    func hostSyntaxFindingsInOrder(raw: String, expected: [String]) {
        #expect(AssociatedDomainEntry.parse(raw, index: 0).malformations == expected)
    }

    @Test func hyphensInsideLabelsAndPunycodeAreWellFormed() {
        for raw in ["applinks:shop-x.example.org", "applinks:xn--bcher-kva.de", "applinks:a--b.example.org", "applinks:*.x-1.example.org"] {
            let e = AssociatedDomainEntry.parse(raw, index: 0)
            #expect(e.malformations.isEmpty, "\(raw): \(e.malformations)")
        }
    }

    @Test func ipAddresses() {
        let v4 = AssociatedDomainEntry.parse("applinks:192.168.1.10", index: 0)
        #expect(v4.isIPAddress)
        #expect(v4.malformations.isEmpty)
        let v6 = AssociatedDomainEntry.parse("applinks:[::1]:8080?mode=developer", index: 0)
        #expect(v6.isIPAddress)
        #expect(v6.host == "::1")
        #expect(v6.port == 8080)
        #expect(v6.modes == .developer)
        #expect(v6.malformations.isEmpty)
    }

    @Test func localhostInDeveloperModeIsWellFormed() {
        let e = AssociatedDomainEntry.parse("webcredentials:localhost?mode=developer", index: 0)
        #expect(e.malformations.isEmpty)
        #expect(e.host == "localhost")
    }

    @Test func unknownServiceIsKeptAsWritten() {
        let e = AssociatedDomainEntry.parse("app links:example.com", index: 0)
        #expect(e.service == nil)
        #expect(e.serviceName == "app links")
        #expect(e.host == "example.com")
        #expect(e.malformations.isEmpty)
        #expect(EntitlementsLinter.suggestService("app links") == "applinks")
        #expect(EntitlementsLinter.suggestService("applink") == "applinks")
        #expect(EntitlementsLinter.suggestService("webcredential") == "webcredentials")
        #expect(EntitlementsLinter.suggestService("Activity-Continuation") == "activitycontinuation")
        #expect(EntitlementsLinter.suggestService("smtp") == nil)
    }

    @Test func buildVariablesAreNotJudgedAsHosts() {
        let e = AssociatedDomainEntry.parse("appclips:${associatedDomain}", index: 0)
        #expect(e.unresolvedVariables == ["${associatedDomain}"])
        #expect(e.malformations.isEmpty)
        let f = AssociatedDomainEntry.parse("applinks:$(LINK_HOST)?mode=$(LINK_MODE)", index: 0)
        #expect(f.unresolvedVariables == ["$(LINK_HOST)", "$(LINK_MODE)"])
        #expect(f.malformations.isEmpty)
        #expect(AssociatedDomainEntry.buildVariables(in: "a$(B") == ["$(B"])
        #expect(AssociatedDomainEntry.buildVariables(in: "price $5") == [])
    }

    @Test func nonASCIIHostAndPunycode() {
        let e = AssociatedDomainEntry.parse("applinks:München.de", index: 0)
        #expect(e.hasNonASCIIHost)
        #expect(e.host == "münchen.de")
        // RFC 3492 §7.1 and well-known IDNA examples.
        #expect(Punycode.asciiHost("münchen.de") == "xn--mnchen-3ya.de")
        #expect(Punycode.asciiHost("bücher.example") == "xn--bcher-kva.example")
        #expect(Punycode.asciiHost("例え.テスト") == "xn--r8jz45g.xn--zckzah")
        #expect(Punycode.asciiHost("ascii.com") == "ascii.com")
    }

    @Test func servicesCheckedAgainstAFile() {
        #expect(AssociatedDomainService.allCases.filter(\.isCheckedAgainstFile)
            == [.applinks, .webcredentials, .activitycontinuation, .appclips])
        #expect(AssociatedDomainEntry.parse("messagefilter:example.com", index: 0).service == .messagefilter)
        #expect(AssociatedDomainEntry.parse("authsrv:example.com", index: 0).service == .authsrv)
        #expect(AssociatedDomainEntry.parse("Applinks:example.com", index: 0).service == nil)
    }
}
