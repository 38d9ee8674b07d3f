/// The result of validating one domain file.
public struct ValidationResult: Sendable {
    /// The decoded document, or `nil` when the bytes are not a JSON object.
    public var document: AASADocument?
    /// The document with its rules compiled, as validation used it: share it with matching,
    /// routes, diffs and coverage (``DocumentMatcher/init(compiled:host:strategy:)``) rather
    /// than compile again. `nil` when ``document`` is.
    public var compiled: CompiledDocument?
    /// Findings in file order (2xx syntax, 3xx structure, 4xx rules, and AASA107/112/113).
    public var diagnostics: [Diagnostic]
    /// Line and column lookup for the validated bytes.
    public var sourceMap: SourceMap

    /// The codes of findings that make Apple's systems refuse the whole file, whatever the
    /// rest of it says: over the size limit (AASA107), empty (AASA112), an HTML page
    /// (AASA113), not strict JSON (AASA201–AASA203, AASA205; the CDN's Go JSON decoder
    /// rejects a byte order mark, comments and trailing commas, spec `aasa-reference.md` §2
    /// and §4), or not an object at the top level (AASA206).
    public static let rejectingCodes: Set<DiagnosticCode> = [.aasa107, .aasa112, .aasa113, .aasa201, .aasa202, .aasa203, .aasa205, .aasa206]

    /// The first finding that makes Apple's systems refuse the whole file (see
    /// ``rejectingCodes``), or `nil` when they read it. Every command asks this one place:
    /// a file with such a finding opens no app on devices, whatever a lenient reading of it
    /// would decide, so no command may call its decisions the devices' (issue 21).
    public var rejection: Diagnostic? {
        diagnostics.first { $0.severity == .error && Self.rejectingCodes.contains($0.code) }
    }
}

/// What a model check sees: the decoded document, where it came from, and its compiled rules.
public struct CheckContext: Sendable {
    public let document: AASADocument
    public let sourceMap: SourceMap
    /// The host the file is served for, when known.
    public let domain: String?
    /// The document's rules compiled once, shared by the rule checks (and handed on in
    /// ``ValidationResult/compiled``).
    public let compiled: CompiledDocument
    /// A matcher over ``compiled`` for ``domain``.
    public let matcher: DocumentMatcher

    public init(document: AASADocument, sourceMap: SourceMap, domain: String?) {
        self.init(compiled: CompiledDocument(document), sourceMap: sourceMap, domain: domain)
    }

    /// A context over a document compiled already.
    public init(compiled: CompiledDocument, sourceMap: SourceMap, domain: String?) {
        document = compiled.document
        self.compiled = compiled
        self.sourceMap = sourceMap
        self.domain = domain
        matcher = DocumentMatcher(compiled: compiled, host: domain)
    }

    /// A finding placed at a model element.
    public func diagnostic(_ code: DiagnosticCode, at ref: SourceRef, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(code: code, message: message, hint: hint, pointer: ref.pointer, location: ref.location)
    }
}

/// Validates a domain file's bytes: strict JSON, the document model, structure and rules.
///
/// Pure: no file or network access. Used by `aasa-check validate` for local files and by the
/// domain check for the served body. Order of work: empty body (AASA112) and HTML page
/// (AASA113) end validation; a body over ``sizeLimit`` is AASA107 and is still parsed when it
/// is at most ``parseLimit``; then strict JSON (2xx), the top-level type (AASA206), decoding
/// (AASA302/308–311) and every registered model check (``CodeDoc/check``).
public enum Validator {
    /// Largest decoded body Apple's systems accept (spec `aasa-reference.md` §1), in bytes.
    public static let sizeLimit = 131_072
    /// Largest input parsed at all, in bytes; larger inputs get AASA107 only.
    public static let parseLimit = 4 * 1_048_576

    /// - Parameters:
    ///   - bytes: the file as served or read (decoded of any content coding).
    ///   - domain: the host it is served for, when known (matching and host-specific checks).
    ///   - totalSize: the full size in bytes when `bytes` is only the first part of a larger
    ///     input (readers stop after ``parseLimit`` + 1 bytes); `nil` when `bytes` is whole.
    public static func validate(_ bytes: [UInt8], domain: String? = nil, totalSize: Int? = nil) -> ValidationResult {
        var diagnostics: [Diagnostic] = []
        let emptyMap = SourceMap(bytes: [])
        let size = max(totalSize ?? bytes.count, bytes.count)
        let tooLarge = Diagnostic(code: .aasa107,
                                  message: "the file is \(size) bytes; Apple's systems read at most \(sizeLimit) bytes",
                                  hint: "Shorten it: merge rules with wildcards, drop comments, remove white space.")
        if size > parseLimit {
            return ValidationResult(document: nil, diagnostics: [tooLarge], sourceMap: emptyMap)
        }
        let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        guard let start else {
            diagnostics.append(Diagnostic(code: .aasa112,
                                          message: bytes.isEmpty ? "the file is empty" : "the file holds only white space",
                                          hint: "Serve the JSON document itself."))
            return ValidationResult(document: nil, diagnostics: diagnostics, sourceMap: emptyMap)
        }
        if looksLikeHTML(bytes[start...]) {
            diagnostics.append(Diagnostic(code: .aasa113, message: "the body is an HTML page, not JSON",
                                          hint: "A single-page-app fallback or an error page is answering this URL; serve the JSON file at /.well-known/apple-app-site-association with no rewrite."))
            return ValidationResult(document: nil, diagnostics: diagnostics, sourceMap: emptyMap)
        }
        if size > sizeLimit { diagnostics.append(tooLarge) }
        let (document, sourceMap) = decode(bytes, into: &diagnostics)
        guard let document else {
            return ValidationResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        }
        let context = CheckContext(document: document, sourceMap: sourceMap, domain: domain)
        for doc in CodeDoc.aasa {
            if let check = doc.check { diagnostics += check(context) }
        }
        return ValidationResult(document: document, compiled: context.compiled, diagnostics: ordered(diagnostics),
                                sourceMap: sourceMap)
    }

    /// Strict JSON (2xx), the top-level type (AASA206) and decoding (AASA302/308–311), with
    /// their findings appended to `diagnostics`. The parsed tree ends here: the checks read
    /// the model, which keeps only the parts of it they need (``AASADocument/root``).
    static func decode(_ bytes: [UInt8], into diagnostics: inout [Diagnostic]) -> (AASADocument?, SourceMap) {
        let parse = StrictJSONParser().parse(bytes)
        diagnostics += parse.diagnostics
        guard let root = parse.root else { return (nil, parse.sourceMap) }
        var decoder = DocumentDecoder(sourceMap: parse.sourceMap)
        guard let document = decoder.decode(root) else {
            diagnostics.append(Diagnostic(code: .aasa206,
                                          message: "the top level is \(root.typeName == "array" ? "an array" : "a \(root.typeName)"), not an object",
                                          hint: "The file must be one JSON object such as {\"applinks\": {…}}.",
                                          pointer: "", location: parse.sourceMap.location(of: root.offset)))
            return (nil, parse.sourceMap)
        }
        diagnostics += decoder.diagnostics
        return (document, parse.sourceMap)
    }

    /// Findings with a place in file order, then the others, each group stable.
    /// Sorts positions, not copies of the findings (a large file has tens of thousands).
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let offsets = diagnostics.map { $0.location?.offset ?? Int.max }
        let order = diagnostics.indices.sorted { a, b in
            offsets[a] != offsets[b] ? offsets[a] < offsets[b] : a < b
        }
        return order.map { diagnostics[$0] }
    }

    /// Whether the text starts like an HTML page (`<!doctype html`, `<html`, `<head`, `<body`,
    /// or any `<` followed by one of those within the first kilobyte).
    static func looksLikeHTML(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "<") else { return false }
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        return ["<!doctype html", "<html", "<head", "<body", "<meta", "<title"].contains { head.contains($0) }
    }
}
