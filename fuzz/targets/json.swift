// seeds: Fixtures/corpus/aasa Fixtures/demo Fixtures/harness
// dict: json
@testable import AASACore

/// The strict JSON reader: never crashes, places every finding inside the input, and what it
/// accepts reads back the same from its own compact text.
enum JSONFuzz: FuzzTarget {
    static let name = "json"

    static func run(_ data: [UInt8]) {
        let parsed = StrictJSONParser().parse(data)
        for d in parsed.diagnostics {
            if let offset = d.location?.offset, offset < 0 || offset > data.count {
                fuzzFailure("finding \(d.code.rawValue) at offset \(offset) outside \(data.count) bytes")
            }
        }
        guard let root = parsed.root, !parsed.diagnostics.contains(where: { $0.severity == .error }) else { return }
        let text = root.compactText
        let again = StrictJSONParser().parse(text)
        guard let back = again.root, back.compactText == text else {
            fuzzFailure("compact text does not read back: \(text.prefix(200))")
        }
    }
}
