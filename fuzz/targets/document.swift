// seeds: Fixtures/corpus/aasa Fixtures/demo Fixtures/harness
// dict: json
@testable import AASACore

/// The document decoder and validator on any bytes: every finding has a registered code and a
/// place inside the input, and a document that decodes can be matched and judged.
enum DocumentFuzz: FuzzTarget {
    static let name = "document"

    static func run(_ data: [UInt8]) {
        let result = Validator.validate(data, domain: "example.com")
        for d in result.diagnostics {
            if CodeDoc.all.first(where: { $0.code == d.code }) == nil { fuzzFailure("unregistered code \(d.code.rawValue)") }
            if let offset = d.location?.offset, offset < 0 || offset > data.count {
                fuzzFailure("finding \(d.code.rawValue) at offset \(offset) outside \(data.count) bytes")
            }
        }
        guard let document = result.document else { return }
        let matcher = DocumentMatcher(document: document, host: "example.com")
        for app in matcher.appIDs.prefix(3) {
            for url in ["https://example.com/", "/a/b?c=d#e", "https://example.com/%41/é"] {
                let fast = matcher.decision(url, appID: app)
                let general = URLParts(url).map { matcher.decide($0, appID: app) }
                if fast?.decision != general?.decision || fast?.component != general?.component {
                    fuzzFailure("fast and general paths differ on \(url)")
                }
            }
        }
    }
}
