/// The result of validating one domain file.
public struct ValidationResult: Sendable {
    /// The parsed document, or `nil` when the bytes are not a JSON object.
    public var document: AASADocument?
    /// Findings in file order (2xx syntax, 3xx structure, 4xx rules, and AASA107/112/113).
    public var diagnostics: [Diagnostic]
    /// Line and column lookup for the validated bytes.
    public var sourceMap: SourceMap
}

/// Validates a domain file's bytes: strict JSON, the document model, structure and rules.
///
/// Pure: no file or network access. Used by `aasa-check validate` for local files and by the
/// domain check for the served body. `domain` is the host the file is served for, when known.
public enum Validator {
    /// Largest decoded body Apple's systems accept (spec `aasa-reference.md` §1), in bytes.
    public static let sizeLimit = 131_072

    public static func validate(_ bytes: [UInt8], domain: String? = nil) -> ValidationResult {
        let parse = StrictJSONParser().parse(bytes)
        return ValidationResult(document: nil, diagnostics: parse.diagnostics, sourceMap: parse.sourceMap)
    }
}

/// Placeholder for the document model (filled in by the model commit).
public struct AASADocument: Sendable {}
