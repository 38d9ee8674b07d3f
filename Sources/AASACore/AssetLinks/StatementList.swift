/// Google's Digital Asset Links error codes (`compatibility-tests/v1/messages.proto`, `enum
/// ErrorCode`; spec `assetlinks-reference.md` §1.1), as ``Diagnostic/dalErrorCode`` carries them.
public enum DALErrorCode: String, Sendable, Hashable, Codable, CaseIterable {
    case invalidQuery = "ERROR_CODE_INVALID_QUERY"
    case fetchError = "ERROR_CODE_FETCH_ERROR"
    case failedSSLValidation = "ERROR_CODE_FAILED_SSL_VALIDATION"
    case redirect = "ERROR_CODE_REDIRECT"
    case tooLarge = "ERROR_CODE_TOO_LARGE"
    case malformedHTTPResponse = "ERROR_CODE_MALFORMED_HTTP_RESPONSE"
    case wrongContentType = "ERROR_CODE_WRONG_CONTENT_TYPE"
    case malformedContent = "ERROR_CODE_MALFORMED_CONTENT"
    case secureAssetIncludesInsecure = "ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE"
    case fetchBudgetExhausted = "ERROR_CODE_FETCH_BUDGET_EXHAUSTED"
}

/// Where a statement or include came from: its file, its place in it, and how deep in the
/// includes that file is.
public struct StatementPlace: Sendable, Hashable {
    /// The URL of the file (or the name of a local file).
    public var file: String
    /// RFC 6901 pointer of the statement in that file (`/2`).
    public var pointer: String
    /// Line and column of the statement object.
    public var location: SourceLocation?
    /// 0 for the main file, 1 for a file it includes, and so on.
    public var depth: Int

    public init(file: String, pointer: String, location: SourceLocation?, depth: Int) {
        self.file = file
        self.pointer = pointer
        self.location = location
        self.depth = depth
    }
}

/// A statement that survived Google's checks (§2.6): it is used.
public struct AssetStatement: Sendable, Hashable {
    /// The relations, each valid, in file order (may be empty: a statement that grants nothing).
    public var relations: [String]
    public var target: AssetTarget
    /// The dynamic App Links rules of `relation_extensions` (§3).
    public var dynamicRules: DynamicRules
    public var place: StatementPlace

    public init(relations: [String], target: AssetTarget, dynamicRules: DynamicRules = .absent, place: StatementPlace) {
        self.relations = relations
        self.target = target
        self.dynamicRules = dynamicRules
        self.place = place
    }

    /// Whether this statement verifies `packageName` signed with one of `fingerprints` for App
    /// Links (`handle_all_urls` and a matching `android_app` target, §2.7).
    public func verifiesApp(_ packageName: String, fingerprints: [String]?) -> Bool {
        guard relations.contains(AssetLinksRelation.handleAllURLs), case .androidApp(let app) = target,
              app.packageName == packageName else { return false }
        guard let fingerprints else { return true }
        return app.fingerprints.contains(where: fingerprints.contains)
    }
}

/// An include statement that survived Google's checks.
public struct IncludeStatement: Sendable, Hashable {
    /// The URL as written.
    public var url: String
    /// The URL normalised for comparison and fetching: scheme and host lower case, no trailing
    /// dot, no default port, no fragment.
    public var normalizedURL: String
    /// The URL is `https`.
    public var isSecure: Bool
    public var place: StatementPlace
}

/// One usable element of a statement list, in file order.
public enum StatementListElement: Sendable, Hashable {
    case statement(AssetStatement)
    case include(IncludeStatement)
}

/// One statement list file as Google reads it (§2): the statements and includes that survive,
/// and every finding.
public struct StatementListFile: Sendable {
    /// The file's URL (or a local file's name).
    public var url: String
    /// 0 for the main file, 1 for a file it includes, …
    public var depth: Int
    /// The usable elements in file order; empty when the file is void.
    public var elements: [StatementListElement]
    /// Findings in file order, each with line, column and pointer.
    public var diagnostics: [Diagnostic]
    /// Nothing in the file is used: it is not JSON, not an array, too large, or was refused.
    public var isVoid: Bool
    /// Elements the top-level array holds (used or not), 0 when it is not an array.
    public var elementCount: Int

    /// Elements Google's parser skips as defective (each with its finding).
    public var skipped: Int { elementCount - elements.count }

    /// The statements used, in file order.
    public var statements: [AssetStatement] {
        elements.compactMap { if case .statement(let s) = $0 { return s } else { return nil } }
    }

    /// The includes used, in file order.
    public var includes: [IncludeStatement] {
        elements.compactMap { if case .include(let i) = $0 { return i } else { return nil } }
    }
}

/// Collects findings for one file: places them, caps each code's count (a 1 MiB list of
/// `[1,1,1,…]` gives one folded line, not half a million findings) and keeps file order.
struct FindingSink {
    let map: SourceMap
    let file: String?
    var found: [Diagnostic] = []
    private var perCode: [DiagnosticCode: Int] = [:]
    private var folded: [DiagnosticCode: Int] = [:]

    /// Findings of one code kept per file before the rest are counted in one line.
    static let perCodeLimit = 100

    init(map: SourceMap, file: String?) {
        self.map = map
        self.file = file
    }

    mutating func add(_ code: DiagnosticCode, at offset: Int?, pointer: String?, location: SourceLocation? = nil,
                      _ message: String, hint: String? = nil, google: DALErrorCode? = nil, severity: Severity? = nil) {
        let n = perCode[code, default: 0] + 1
        perCode[code] = n
        guard n <= FindingSink.perCodeLimit else {
            folded[code, default: 0] += 1
            return
        }
        found.append(Diagnostic(code: code, severity: severity, message: message, hint: hint, pointer: pointer,
                                location: location ?? offset.map { map.location(of: $0) }, file: file, dalErrorCode: google?.rawValue))
    }

    mutating func append(_ d: Diagnostic) {
        var d = d
        if d.file == nil { d.file = file }
        found.append(d)
    }

    /// The findings in file order, with one line per code whose findings were folded.
    func finish() -> [Diagnostic] {
        var out = Validator.ordered(found)
        for (code, count) in folded.sorted(by: { $0.key < $1.key }) {
            let sample = found.first { $0.code == code }
            out.append(Diagnostic(code: code, severity: sample?.severity, message: "\(count) more findings like the \(FindingSink.perCodeLimit) above",
                                  file: file, dalErrorCode: sample?.dalErrorCode))
        }
        return out
    }
}
