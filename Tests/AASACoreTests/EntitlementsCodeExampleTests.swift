import AASAArtifacts
import Testing
@testable import AASACore

/// The 6xx codes are registered, and their passing examples are clean entitlements.
/// (CodeExamplesTests runs every failing/passing pair through `CodeExample.run()`.)
@Suite struct EntitlementsCodeExampleTests {
    static let docs = CodeDoc.all.filter { $0.code.rawValue.hasPrefix("AASA6") }

    @Test func everyEntitlementsCodeIsRegistered() {
        #expect(Self.docs.map(\.code.rawValue) == ["AASA601", "AASA602", "AASA603", "AASA604", "AASA605", "AASA606",
            "AASA607", "AASA608", "AASA609", "AASA610", "AASA611", "AASA612", "AASA613", "AASA614",
            "AASA615", "AASA616", "AASA617", "AASA618", "AASA619", "AASA620", "AASA621", "AASA622", "AASA623", "AASA624"])
    }

    @Test(arguments: docs.map(\.code.rawValue))
    func passingExampleHasNoFindingAtAll(code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.passing.run(digest: Digests.compute))
        #expect(found.isEmpty, "\(code) passing example gave \(found.map(\.message))")
    }

    @Test(arguments: docs.map(\.code.rawValue))
    func failingExampleReportsOnlyItsOwnCode(code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.failing.run(digest: Digests.compute))
        #expect(Set(found.map(\.code.rawValue)) == [code], "\(code) failing example gave \(found.map(\.code.rawValue))")
    }

    /// `explain` is read by users, who have Apple's pages, not the project's spec files.
    @Test(arguments: docs.map(\.code.rawValue))
    func explainTextCitesApplesPagesNotTheProjectsSpec(code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        for text in [doc.title, doc.why, doc.fix] {
            // No spec file (`cli.md`); entitlement keys such as `….mdm-managed` are fine.
            let namesAFile = text.range(of: #"\.md\b"#, options: .regularExpression) != nil
            #expect(!text.contains("aasa-reference") && !namesAFile && !text.contains("§"), "\(code): \(text)")
        }
        if ["AASA601", "AASA603", "AASA604", "AASA605", "AASA606", "AASA607", "AASA609", "AASA610", "AASA612",
            "AASA613", "AASA616", "AASA617", "AASA618", "AASA619", "AASA620", "AASA621", "AASA622", "AASA623", "AASA624"].contains(code)
        {
            #expect(doc.why.contains("(Apple: "), "\(code): \(doc.why)")
        }
    }
}
