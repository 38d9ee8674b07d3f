import Foundation
@testable import AASACore

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ relative: String) -> URL { packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative) }

func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }

func validate(_ json: String, domain: String? = nil) -> ValidationResult {
    Validator.validate(Array(json.utf8), domain: domain)
}

/// Tests name codes as text (parameterised tests, tables): compare them with a finding's code.
func == (lhs: DiagnosticCode, rhs: String) -> Bool { lhs.rawValue == rhs }
func != (lhs: DiagnosticCode, rhs: String) -> Bool { lhs.rawValue != rhs }

extension Array where Element == Diagnostic {
    func contains(code: String) -> Bool { contains(code: DiagnosticCode(rawValue: code)) }
}
