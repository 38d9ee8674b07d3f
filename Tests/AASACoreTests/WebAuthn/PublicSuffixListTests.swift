import Testing
@testable import AASACore

/// libpsl's built-in Public Suffix List through ``PublicSuffixList`` (webauthn-reference.md §3.4):
/// registrable domains and labels, the private section, what has none.
@Suite struct PublicSuffixListTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var host: String
        var registrable: String?
        var label: String?
        var testDescription: String { host }
    }

    static let rows: [Row] = [
        Row(host: "example.com", registrable: "example.com", label: "example"),
        Row(host: "www.example.com", registrable: "example.com", label: "example"),
        Row(host: "example.co.uk", registrable: "example.co.uk", label: "example"),
        Row(host: "a.b.example.co.uk", registrable: "example.co.uk", label: "example"),
        Row(host: "foo.de", registrable: "foo.de", label: "foo"),
        Row(host: "foo.in", registrable: "foo.in", label: "foo"),
        // Private section: github.io is a suffix, so each user site is its own domain.
        Row(host: "shop.github.io", registrable: "shop.github.io", label: "shop"),
        Row(host: "a.shop.github.io", registrable: "shop.github.io", label: "shop"),
        Row(host: "xn--bcher-kva.example", registrable: "xn--bcher-kva.example", label: "xn--bcher-kva"),
        // Wildcard rule *.ck and its exception !www.ck.
        Row(host: "foo.bar.ck", registrable: "foo.bar.ck", label: "foo"),
        Row(host: "www.ck", registrable: "www.ck", label: "www"),
        // No registrable domain: public suffixes, IP addresses, malformed names.
        Row(host: "com", registrable: nil, label: nil),
        Row(host: "co.uk", registrable: nil, label: nil),
        Row(host: "github.io", registrable: nil, label: nil),
        Row(host: "192.168.0.1", registrable: nil, label: nil),
        Row(host: "[::1]", registrable: nil, label: nil),
        Row(host: "1.0x10", registrable: nil, label: nil),
        Row(host: "", registrable: nil, label: nil),
        Row(host: "a..com", registrable: nil, label: nil),
        Row(host: "Example.com", registrable: nil, label: nil),
        Row(host: "bücher.example", registrable: nil, label: nil),
    ]

    @Test(arguments: rows) func registrable(_ row: Row) {
        #expect(PublicSuffixList.registrableDomain(of: row.host) == row.registrable)
        #expect(PublicSuffixList.registrableLabel(of: row.host) == row.label)
    }

    @Test func publicSuffixesAndSections() {
        #expect(PublicSuffixList.isPublicSuffix("com"))
        #expect(PublicSuffixList.isPublicSuffix("co.uk"))
        #expect(PublicSuffixList.isPublicSuffix("github.io"))
        #expect(!PublicSuffixList.isPublicSuffix("github.io", sections: .icann))
        #expect(!PublicSuffixList.isPublicSuffix("example.com"))
        #expect(PublicSuffixList.registrableDomain(of: "shop.github.io", sections: .icann) == "github.io")
        #expect(PublicSuffixList.dependsOnPrivateSection("shop.github.io"))
        #expect(!PublicSuffixList.dependsOnPrivateSection("www.example.co.uk"))
    }

    @Test func snapshotIsNamed() {
        let s = PublicSuffixList.snapshot
        #expect(s.sha1.count == 40)
        #expect(s.fileTime > 1_500_000_000)
        #expect(s.date.count == 10 && s.date.hasPrefix("20"))
        #expect(PublicSuffixList.civilDate(1_675_985_160) == "2023-02-09")
        #expect(PublicSuffixList.civilDate(0) == "1970-01-01")
        #expect(PublicSuffixList.civilDate(951_782_400) == "2000-02-29")
        #expect(s.description.contains(s.date))
    }
}
