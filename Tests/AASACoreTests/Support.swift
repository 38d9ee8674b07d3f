import Foundation
@testable import AASACore

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ relative: String) -> URL { packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative) }

func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code) }

func validate(_ json: String, domain: String? = nil) -> ValidationResult {
    Validator.validate(Array(json.utf8), domain: domain)
}
