import AASAArtifacts
import Foundation
import Testing
@testable import AASACore

/// Every code's failing example reports it and its passing example does not.
@Suite struct CodeExamplesTests {
    @Test(arguments: CodeDoc.all.map(\.code.rawValue))
    func failingExampleReportsTheCode(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.failing.run(digest: Digests.compute), "no pipeline runs the examples of \(code)")
        #expect(found.contains(code: code), "failing example of \(code) gave \(found.map(\.code.rawValue))")
        #expect(found.filter { $0.code == code }.allSatisfy { $0.severity == doc.severity })
    }

    @Test(arguments: CodeDoc.all.map(\.code.rawValue))
    func passingExampleDoesNotReportTheCode(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.passing.run(digest: Digests.compute), "no pipeline runs the examples of \(code)")
        #expect(!found.contains(code: code), "passing example of \(code) gave \(found.map { "\($0.code): \($0.message)" })")
    }

    /// `explain` shows the passing example as the fix: it must be clean, not trade one
    /// finding for another (AASA404's once raised AASA318). Infos are allowed.
    @Test(arguments: CodeDoc.all.map(\.code.rawValue))
    func passingExampleHasNoOtherWarningOrError(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        let found = try #require(doc.passing.run(digest: Digests.compute), "no pipeline runs the examples of \(code)")
        let loud = found.filter { $0.severity >= .warning }
        #expect(loud.isEmpty, "passing example of \(code) gave \(loud.map { "\($0.code) \($0.severity): \($0.message)" })")
    }

    @Test func registryMatchesTheSpecBlocksImplementedSoFar() {
        for kind in [CodeDoc.aasa, CodeDoc.dal, CodeDoc.wan] {
            let codes = kind.map(\.code.rawValue)
            #expect(codes == codes.sorted(), "each kind's Registry.swift lists its codes in numeric order")
        }
        let all = CodeDoc.all.map(\.code.rawValue)
        #expect(Set(all).count == all.count, "each code is defined once")
        for doc in CodeDoc.all {
            #expect(DiagnosticCode.prefixes.contains(String(doc.code.prefix)) && doc.code.number.allSatisfy(\.isNumber))
            #expect(!doc.title.isEmpty && !doc.why.isEmpty && !doc.fix.isEmpty)
        }
    }

    @Test func lookupAcceptsBareNumbersAndAnyCase() {
        #expect(CodeDoc.lookup("305")?.code == "AASA305")
        #expect(CodeDoc.lookup("aasa203")?.code == "AASA203")
        #expect(CodeDoc.lookup("AASA999") == nil)
    }
}

/// A finding names its code by the constant defined beside the code's documentation, never by
/// a string written somewhere else (issue: typed diagnostic codes).
@Suite struct TypedCodesTests {
    @Test func noCodeIsWrittenAsAStringOutsideCodes() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        var offenders: [String] = []
        let pattern = try Regex(#""(AASA|DAL|WAN)[0-9]{3}""#)
        for file in files where !file.path.contains("/Sources/AASACore/Codes/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(pattern) {
                offenders.append("\(file.lastPathComponent):\(n + 1)")
            }
        }
        #expect(offenders.isEmpty, "codes written as strings: \(offenders)")
    }

    @Test func everyCodeConstantIsItsDocumentedCode() {
        for doc in CodeDoc.all {
            #expect(doc.code.doc?.code == doc.code)
            #expect(CodeDoc.lookup(doc.code.rawValue.lowercased())?.code == doc.code)
        }
    }
}
