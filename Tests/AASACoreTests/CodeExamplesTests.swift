import Testing
@testable import AASACore

/// Every code's failing example reports it and its passing example does not.
@Suite struct CodeExamplesTests {
    @Test(arguments: CodeDoc.all.map(\.code))
    func failingExampleReportsTheCode(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.failing.run(), "no pipeline runs the examples of \(code)")
        #expect(found.contains(code: code), "failing example of \(code) gave \(found.map(\.code))")
        #expect(found.filter { $0.code == code }.allSatisfy { $0.severity == doc.severity })
    }

    @Test(arguments: CodeDoc.all.map(\.code))
    func passingExampleDoesNotReportTheCode(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.passing.run(), "no pipeline runs the examples of \(code)")
        #expect(!found.contains(code: code), "passing example of \(code) gave \(found.map { "\($0.code): \($0.message)" })")
    }

    @Test func registryMatchesTheSpecBlocksImplementedSoFar() {
        let all = CodeDoc.all.map(\.code)
        #expect(all == all.sorted(), "Registry.swift lists codes in numeric order")
        #expect(Set(all).count == all.count, "each code is defined once")
        for doc in CodeDoc.all {
            #expect(doc.code.count == 7 && doc.code.hasPrefix("AASA"))
            #expect(!doc.title.isEmpty && !doc.why.isEmpty && !doc.fix.isEmpty)
        }
    }

    @Test func lookupAcceptsBareNumbersAndAnyCase() {
        #expect(CodeDoc.lookup("305")?.code == "AASA305")
        #expect(CodeDoc.lookup("aasa203")?.code == "AASA203")
        #expect(CodeDoc.lookup("AASA999") == nil)
    }
}
