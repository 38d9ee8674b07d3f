import Testing
@testable import AASACore

/// Each 6xx code's failing example reports the code; its passing example does not.
@Suite struct EntitlementsCodeExampleTests {
    static let docs = CodeDoc.all.filter { $0.code.hasPrefix("AASA6") }

    @Test func everyEntitlementsCodeIsRegistered() {
        let codes = Self.docs.map(\.code)
        #expect(codes == ["AASA601", "AASA602", "AASA603", "AASA604", "AASA605", "AASA606", "AASA608",
            "AASA609", "AASA610", "AASA611", "AASA612", "AASA613", "AASA614"])
        for doc in Self.docs { #expect(CodeDoc.lookup(doc.code)?.severity == doc.severity) }
    }

    @Test(arguments: docs.map(\.code))
    func failingExampleReportsTheCode(code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        guard case .entitlements(let xml, let appID) = doc.failing else {
            Issue.record("\(code): failing example is not an entitlements example")
            return
        }
        let diagnostics = try EntitlementsLinter.runExample(xml, appID: appID)
        let hits = diagnostics.filter { $0.code == code }
        #expect(!hits.isEmpty, "\(code) failing example gave \(diagnostics.map(\.code))")
        for hit in hits {
            #expect(hit.severity == doc.severity)
            #expect(!hit.message.isEmpty)
        }
    }

    @Test(arguments: docs.map(\.code))
    func passingExampleDoesNotReportTheCode(code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        guard case .entitlements(let xml, let appID) = doc.passing else {
            Issue.record("\(code): passing example is not an entitlements example")
            return
        }
        let diagnostics = try EntitlementsLinter.runExample(xml, appID: appID)
        #expect(!diagnostics.contains(code: code), "\(code) passing example gave \(diagnostics.map(\.message))")
        // The passing examples are clean entitlements: nothing else to report either.
        #expect(diagnostics.isEmpty, "\(code) passing example gave \(diagnostics.map(\.message))")
    }
}
