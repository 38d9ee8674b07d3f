import Foundation
import Testing
@testable import AASACore

/// The manifest findings on the compiled fixtures and on single mistakes (DAL601–DAL626).
@Suite struct ManifestLintTests {
    static func codes(_ d: [Diagnostic]) -> [String] { Array(Set(d.map(\.code.rawValue))).sorted() }

    @Test func shopFindings() throws {
        let found = ManifestLint.lint(bytes: try AndroidFixtures.bytes("shop.axml"))
        #expect(Self.codes(found) == ["DAL607", "DAL611", "DAL618", "DAL623"], "\(found.map { "\($0.code) \($0.message)" })")
        let pattern = try #require(found.first { $0.code == "DAL611" })
        #expect(pattern.message.contains("`\\.`") && pattern.message.contains("first `.`"))
        #expect(pattern.location?.line == 23)
        // The same findings from every form.
        for file in ["shop.utf8.axml", "shop.pb"] {
            #expect(Self.codes(ManifestLint.lint(bytes: try AndroidFixtures.bytes(file))) == Self.codes(found), "\(file)")
        }
        let source = ManifestLint.lint(bytes: try AndroidFixtures.source("shop"))
        #expect(Self.codes(source) == Self.codes(found))
    }

    @Test func mistakesFindings() throws {
        let found = ManifestLint.lint(bytes: try AndroidFixtures.bytes("mistakes.axml"))
        #expect(Self.codes(found) == ["DAL603", "DAL604", "DAL605", "DAL606", "DAL607", "DAL608", "DAL609", "DAL611", "DAL618"],
                "\(found.map { "\($0.code) \($0.message)" })")
        #expect(found.first { $0.code == "DAL605" }?.message.contains("`localhost`") == true)
        #expect(found.first { $0.code == "DAL609" }?.message.contains("myapp://Mixed.Example.com") == true)
    }

    @Test func legacyFindings() throws {
        let found = ManifestLint.lint(bytes: try AndroidFixtures.bytes("legacy30.axml"))
        #expect(Self.codes(found) == ["DAL617", "DAL618"], "\(found.map { "\($0.code) \($0.message)" })")
        #expect(found.first { $0.code == "DAL617" }?.message.contains("`b.com`") == true)
    }

    @Test func groupsFindings() throws {
        let found = ManifestLint.lint(bytes: try AndroidFixtures.bytes("groups.axml"))
        #expect(Self.codes(found) == ["DAL610", "DAL621"], "\(found.map { "\($0.code) \($0.message)" })")
    }

    /// DAL616 is for the manifest merger's instructions only: Lint's and the layout editor's
    /// `tools:` attributes change nothing the app ships (a new-user report: a false warning).
    @Test(arguments: [
        (#" tools:node="replace""#, true),
        (#" tools:replace="android:autoVerify""#, true),
        (#" tools:remove="android:autoVerify""#, true),
        (#" tools:ignore="AppLinkUrlError""#, false),
        (#" tools:targetApi="31""#, false),
    ])
    func onlyMergerInstructionsAreDAL616(extra: String, reported: Bool) {
        let text = ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#)], extra: extra)],
                                           tools: true)
        let found = ManifestLint.lint(bytes: Array(text.utf8))
        #expect(found.contains { $0.code == .dal616 } == reported, "\(extra): \(found.map { "\($0.code) \($0.message)" })")
    }

    @Test func unreadable() {
        for bytes: [UInt8] in [[], [0x03, 0x00, 0x08, 0x00], Array("<manifest><application>".utf8), [0x0A, 0x05, 0xFF]] {
            let found = ManifestLint.lint(bytes: bytes)
            #expect(found.map(\.code.rawValue) == ["DAL601"], "\(bytes)")
        }
    }

    @Test func advancedNeverMatches() {
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/a.*b", kind: .advancedGlob)) != nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/[a-z]+[a-c]", kind: .advancedGlob)) != nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/a.*", kind: .advancedGlob)) == nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/a[^b]*b", kind: .advancedGlob)) == nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/[z-a]", kind: .advancedGlob)) != nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/x[a-z]*a*[0-9]", kind: .advancedGlob)) == nil)
        #expect(ManifestPatternAdvice.advancedNeverMatches(AndroidPatternMatcher("/x[a-z]*a*b", kind: .advancedGlob)) != nil)
        // The claim is checked against the matcher: no string of the pattern's alphabet matches.
        let never = AndroidPatternMatcher("/a.*b", kind: .advancedGlob)
        for s in ["/ab", "/axb", "/a/b", "/abb"] { #expect(!never.matches(s)) }
    }
}
