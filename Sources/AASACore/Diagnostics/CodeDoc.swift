/// The documentation of one diagnostic code, with a failing and a passing example.
///
/// Each code is defined once, in its own file under `Sources/AASACore/Codes/`, and listed in
/// ``CodeDoc/all``. `aasa-check explain CODE` prints it; the test suite runs both examples
/// through the pipeline named by the example and asserts the code appears for the failing one
/// and not for the passing one. Codes and severities are those of `../shared/spec/diagnostics.md`.
public struct CodeDoc: Sendable {
    /// The code, `AASA` and three digits.
    public let code: String
    /// Default severity.
    public let severity: Severity
    /// One line: when the code is reported.
    public let title: String
    /// Why it breaks universal links, or why it only might.
    public let why: String
    /// How to fix it.
    public let fix: String
    /// Input for which the code must be reported.
    public let failing: CodeExample
    /// The same input corrected: the code must not be reported.
    public let passing: CodeExample
    /// The check that reports this code on a decoded document, for the codes that are found
    /// by looking at the model (the validator runs every registered check). `nil` for codes
    /// reported by the parser, the decoder, the hosting judge or other pipelines.
    public let check: (@Sendable (CheckContext) -> [Diagnostic])?

    public init(
        code: String, severity: Severity, title: String, why: String, fix: String,
        failing: CodeExample, passing: CodeExample,
        check: (@Sendable (CheckContext) -> [Diagnostic])? = nil
    ) {
        self.check = check
        self.code = code
        self.severity = severity
        self.title = title
        self.why = why
        self.fix = fix
        self.failing = failing
        self.passing = passing
    }

    /// The documentation of `code` (case-insensitive, `AASA` prefix optional), or `nil`.
    public static func lookup(_ code: String) -> CodeDoc? {
        var key = code.uppercased()
        if !key.hasPrefix("AASA") { key = "AASA" + key }
        return byCode[key]
    }

    private static let byCode: [String: CodeDoc] = Dictionary(
        all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}

/// An input that a code's example feeds to one of aasa-check's pipelines.
public enum CodeExample: Sendable {
    /// A domain file, validated as `aasa-check validate` does (with `--domain` when given).
    case document(String, domain: String? = nil)
    /// Raw bytes of a domain file, for encodings a Swift string cannot hold.
    case bytes([UInt8])
    /// An HTTP exchange for the file URL, judged as the hosting check does.
    case response(HTTPExample)
    /// An entitlements plist (XML), checked for `appID` when given.
    case entitlements(String, appID: String? = nil)
    /// An entitlements plist (XML) checked against local domain files (host → file text) for
    /// `appID`, as `aasa-check entitlements` does once the files are fetched (AASA607).
    case crossCheck(entitlements: String, appID: String, files: [String: String])
    /// A route list judged against a domain file served for `example.com`.
    case routes(document: String, routes: String)

    /// The example as a person reads it in `aasa-check explain`.
    public var displayText: String {
        switch self {
        case .document(let text, let domain):
            return (domain.map { "# served for \($0)\n" } ?? "") + text
        case .bytes(let bytes):
            return bytes.prefix(48).map { String(format2: $0) }.joined(separator: " ")
                + (bytes.count > 48 ? " …" : "")
        case .response(let r):
            return r.displayText
        case .entitlements(let text, let appID):
            return (appID.map { "# app ID \($0)\n" } ?? "") + text
        case .crossCheck(let text, let appID, let files):
            return "# app ID \(appID)\n" + text + files.sorted { $0.key < $1.key }.map {
                "\n# https://\($0.key)/.well-known/apple-app-site-association\n\($0.value)"
            }.joined()
        case .routes(let document, let routes):
            return "# domain file\n\(document)\n# route list\n\(routes)"
        }
    }
}

/// A recorded HTTP exchange used by the examples of the hosting codes (1xx, 5xx).
public struct HTTPExample: Sendable {
    public var url: String
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// A transport failure in place of a response: curl's words for it.
    public var transportError: String?

    public init(
        url: String = "https://example.com/.well-known/apple-app-site-association",
        status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")],
        body: String = "", transportError: String? = nil
    ) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = Array(body.utf8)
        self.transportError = transportError
    }

    var displayText: String {
        if let transportError { return "GET \(url)\n→ \(transportError)" }
        var lines = ["GET \(url)", "HTTP \(status)"]
        lines += headers.map { "\($0.0): \($0.1)" }
        lines.append("")
        lines.append(String(decoding: body.prefix(400), as: UTF8.self))
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
