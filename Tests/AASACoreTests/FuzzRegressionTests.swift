import Foundation
import Testing
@testable import AASACore

/// Every input a fuzz target found (Tests/AASACoreTests/FuzzRegressions/TARGET/, which
/// scripts/fuzz.sh also runs first), with the outcome it must have now. A new finding adds its
/// file there and its row here.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    /// What reading a file as `aasa-check entitlements` does must give.
    enum Outcome: Sendable, CustomStringConvertible {
        /// Refused (exit 2) with a message containing this text.
        case refused(String)
        /// Read and linted, with these codes.
        case read([String])

        var description: String {
            switch self {
            case .refused(let text): return "refused: \(text)"
            case .read(let codes): return "read: \(codes)"
            }
        }
    }

    /// Every file in the folder has a row, and every row a file.
    @Test func everyFindingHasAnExpectedOutcome() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.folder.path)
            .filter { $0.contains("/") }.sorted()
        #expect(files == (Self.entitlements.map(\.file) + Self.sitemaps.map(\.file)).sorted())
    }

    static let entitlements: [(file: String, outcome: Outcome)] = [
        // FoundationXML crashed (null encoding handler in libxml2) on an XML declaration naming
        // an encoding libxml2 does not know; the locator now reads the text as UTF-8.
        ("entitlements-xml/unknown-encoding-utf8-dash.plist", .read(["AASA601", "AASA601", "AASA602"])),
        ("entitlements-cms/unknown-encoding-u-tf8.plist", .read(["AASA601", "AASA602", "AASA604"])),
        // Foundation's bridging crashed on a binary set: the guard refuses sets first.
        ("entitlements-binary/set-of-eight.bplist", .refused("is a set")),
        ("entitlements-binary/set-of-one-string.bplist", .refused("is a set")),
        ("entitlements-binary/set-holding-a-dictionary.bplist", .refused("is a set")),
        // FoundationXML crashed (strlen of null) on a processing instruction without data, which
        // XMLParserGuard now gives data: the first one (`<?xm?>` before a mutated list) is
        // read with its lint; the second, a list after `<?ab?>`, is linted (positions through
        // the guard: XMLParserGuardTests.positionsStayThoseOfTheOriginalText).
        ("entitlements-xml/instruction-without-data-xm.plist", .read(["AASA601", "AASA602"])),
        ("entitlements-xml/instruction-without-data-ab.plist", .read(["AASA608"])),
    ]

    /// What reading a file as one sitemap of `aasa-check coverage` must give: the pages read,
    /// and the first XML error's line, or `nil` when there is none.
    static let sitemaps: [(file: String, locs: Int, errorLine: Int?)] = [
        // FoundationXML crashed (null encoding handler in libxml2) on a declaration naming UTF-7
        // without its `?>`, which a scan for `?>` did not take for a declaration: it is now a
        // processing instruction, read as UTF-8 up to the byte on line 2 that is not.
        ("sitemap/declaration-without-end-utf-7.xml", 0, 2),
        // FoundationXML crashed (strlen of null) on an instruction without data and on the
        // declarations of an internal DTD subset that pass libxml2's null strings; XMLParserGuard
        // gives instructions data and blanks the subset, so the pages are read, except where the
        // subset's entity is used (now undefined: an error on line 3, not a crash).
        ("sitemap/instruction-without-data-ab.xml", 1, nil),
        ("sitemap/instruction-one-character.xml", 2, nil),
        ("sitemap/internal-subset-attribute-without-default.xml", 1, nil),
        ("sitemap/internal-subset-notation-without-public-id.xml", 1, nil),
        ("sitemap/internal-subset-unparsed-entity.xml", 1, nil),
        ("sitemap/internal-subset-entity-holding-an-instruction.xml", 0, 3),
    ]

    @Test(arguments: sitemaps)
    func sitemapFinding(_ file: String, _ locs: Int, _ errorLine: Int?) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        var read = 0
        let outcome = SitemapXML.read(SitemapByteStream(bytes: bytes)) { _, _, _ in read += 1; return true }
        #expect(read == locs)
        #expect(outcome.error?.line == errorLine, "\(String(describing: outcome.error))")
    }

    @Test(arguments: entitlements)
    func entitlementsFinding(_ file: String, _ outcome: Outcome) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        switch outcome {
        case .refused(let text):
            let error = EntitlementsFixtures.readError(bytes)
            #expect(error.map { "\($0)".contains(text) } == true, "\(error.map { "\($0)" } ?? "read")")
        case .read(let codes):
            #expect(try EntitlementsFixtures.codes(bytes) == codes)
        }
    }
}
