import Foundation
import Testing
@testable import AASACore

/// One line of Fixtures/corpus/SOURCES.tsv for an AASA file.
struct CorpusEntry: CustomTestStringConvertible, Sendable {
    let file: String
    let notes: String

    var testDescription: String { file }

    /// The line and (when recorded whole) column of Python's strict json error.
    var strictError: (line: Int, column: Int?)? {
        guard let range = notes.range(of: "[INVALID JSON:") else { return nil }
        let rest = notes[range.upperBound...]
        guard let lineRange = rest.range(of: "line ") else { return nil }
        let afterLine = rest[lineRange.upperBound...]
        let line = Int(afterLine.prefix(while: \.isNumber))!
        var column: Int?
        if let colRange = afterLine.range(of: "column "), afterLine[..<colRange.lowerBound].count < 8 {
            column = Int(afterLine[colRange.upperBound...].prefix(while: \.isNumber))
        }
        return (line, column)
    }

    static let all: [CorpusEntry] = {
        let text = try! String(contentsOf: fixture("corpus/SOURCES.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { row in
            let cols = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 5, cols[0].hasPrefix("aasa/") else { return nil }
            return CorpusEntry(file: String(cols[0]), notes: String(cols[4]))
        }
    }()
}

@Suite struct CorpusTests {
    @Test func corpusIsComplete() {
        #expect(CorpusEntry.all.count == 62)
        #expect(CorpusEntry.all.filter { $0.strictError != nil }.count == 9)
    }

    @Test(arguments: CorpusEntry.all)
    func everyFileValidatesWithoutCrashing(_ entry: CorpusEntry) throws {
        let bytes = try Array(Data(contentsOf: fixture("corpus/" + entry.file)))
        let result = Validator.validate(bytes)
        for d in result.diagnostics where d.location != nil {
            #expect(d.location!.line >= 1 && d.location!.column >= 1)
        }
        if let expected = entry.strictError {
            #expect(result.document == nil || result.diagnostics.contains { ["AASA201", "AASA203"].contains($0.code) },
                    "an invalid file must get a syntax finding")
            let first = try #require(result.diagnostics.first { $0.code.rawValue.hasPrefix("AASA20") && $0.severity == .error })
            #expect(first.location?.line == expected.line, "\(first.message)")
            if let column = expected.column {
                #expect(first.location?.column == column, "\(first.message)")
            }
        } else {
            #expect(!result.diagnostics.contains { ["AASA201", "AASA202", "AASA203", "AASA205"].contains($0.code) },
                    "a valid file gets no syntax error: \(result.diagnostics.map(\.message))")
            #expect(result.document != nil)
        }
    }

    /// Oddities SOURCES.tsv notes, each reported with its code.
    @Test(arguments: [
        ("aasa/5calls__5calls__static_.well-known_apple-app-site-association", "AASA203"),
        ("aasa/5eeman__rapidsnark-instant-app__apple-app-site-association", "AASA203"),
        ("aasa/274737258__apple__apple-app-site-association", "AASA201"),
        ("aasa/Agenric__apple__apple-app-site-association", "AASA310"),
        ("aasa/Agenric__apple__apple-app-site-association", "AASA303"),
        ("aasa/Aharonik1__furnis-app-site-association__apple-app-site-association", "AASA314"),
        ("aasa/EricKrouss__plux-desktop-app__.well-known_apple-app-site-association", "AASA316"),
        ("aasa/EricKrouss__plux-desktop-app__.well-known_apple-app-site-association", "AASA317"),
        ("aasa/coracle-social__flotilla__static_.well-known_apple-app-site-association", "AASA318"),
        ("aasa/coracle-social__flotilla__static_.well-known_apple-app-site-association", "AASA305"),
        ("aasa/BlitzWallet__blitz-website__.well-known_apple-app-site-association.json", "AASA302"),
        ("aasa/JobCore__website__.well-known_apple-app-site-association.json", "AASA305"),
        ("aasa/PrideInLondon__pride-london-web__.web-known_apple-app-site-association", "AASA305"),
        ("aasa/adammharris__diaryx__static_.well-known_apple-app-site-association", "AASA318"),
        ("aasa/BrettM86__coves__static_.well-known_apple-app-site-association", "AASA318"),
        ("aasa/0Itsuki0__iOSUniversalLinkLocalHost__.well-known_apple-app-site-association", "AASA318"),
        ("aasa/AgoraIO-Community__Universal-Links-SwiftUI__apple-app-site-association", "AASA312"),
        ("aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association", "AASA304"),
        ("aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association", "AASA312"),
        ("aasa/carga-red__www.carga.red__static_.well-known_apple-app-site-association", "AASA312"),
        ("aasa/97longphan__appclip-aasa__.well-known_apple-app-site-association", "AASA310"),
        ("aasa/97longphan__appclip-aasa__.well-known_apple-app-site-association", "AASA317"),
        ("aasa/Salmeidam__aasa-prueba__apple-app-site-association", "AASA318"),
        ("aasa/LGro__reunicorn-website__public_.well-known_apple-app-site-association", "AASA305"),
        ("aasa/AlekseyLupach__Apple-Associated__apple-app-site-association", "AASA318"),
        ("aasa/edityomurti__apple-app-site-association-pls__static_.well-known_apple-app-site-association", "AASA312"),
    ])
    func notedOdditiesAreReported(_ file: String, _ code: String) throws {
        let bytes = try Array(Data(contentsOf: fixture("corpus/" + file)))
        let found = Validator.validate(bytes).diagnostics
        #expect(found.contains(code: code), "\(file): \(found.map(\.code.rawValue))")
    }
}
