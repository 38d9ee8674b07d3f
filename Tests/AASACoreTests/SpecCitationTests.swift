import Foundation
import Testing
@testable import AASACore

/// What the code documentation cites exists: every `NAME-reference.md §N.M` (and `cli.md`,
/// `diagnostics.md`) is a file of `docs/spec/` with a heading numbered N.M, so a user of
/// `explain` can read the rule it names.
@Suite struct SpecCitationTests {
    static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/spec")

    /// (file, section or nil) for each citation in `text`.
    static func citations(_ text: String) -> [(String, String?)] {
        let pattern = try! NSRegularExpression(pattern: #"\b([a-z]+-reference\.md|cli\.md|diagnostics\.md)(?:\s*§\s*([0-9]+(?:\.[0-9]+)*))?"#)
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (ns.substring(with: m.range(at: 1)), m.range(at: 2).location == NSNotFound ? nil : ns.substring(with: m.range(at: 2)))
        }
    }

    @Test func citationsAreFound() {
        #expect(Self.citations("as Google does (assetlinks-reference.md §4.6; cli.md)").map { "\($0.0) \($0.1 ?? "-")" }
                == ["assetlinks-reference.md 4.6", "cli.md -"])
        let cited = CodeDoc.all.flatMap { Self.citations($0.why + " " + $0.fix) }
        #expect(cited.count >= 15, "the documentation cites the references (\(cited.count) citations)")
        #expect(Set(cited.map(\.0)).isSuperset(of: ["assetlinks-reference.md", "webauthn-reference.md"]))
    }

    @Test(arguments: CodeDoc.all.map(\.code.rawValue))
    func everyCitedSectionExists(_ code: String) throws {
        let doc = try #require(CodeDoc.lookup(code))
        for (file, section) in Self.citations(doc.title + " " + doc.why + " " + doc.fix) {
            let url = Self.spec.appendingPathComponent(file)
            let text = try #require(try? String(contentsOf: url, encoding: .utf8), "\(code) cites \(file), which docs/spec/ lacks")
            guard let section else { continue }
            let heading = text.split(separator: "\n").contains { line in
                guard line.hasPrefix("#") else { return false }
                let title = line.drop { $0 == "#" }.drop { $0 == " " }
                return title.hasPrefix(section + " ") || title.hasPrefix(section + ".")
            }
            #expect(heading, "\(code) cites \(file) §\(section), which has no such heading")
        }
    }
}
