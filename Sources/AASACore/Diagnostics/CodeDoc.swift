/// The documentation of one diagnostic code, with a failing and a passing example.
///
/// Each code is defined once, in its own file under `Sources/AASACore/Codes/`, and listed in
/// ``CodeDoc/all``. `aasa-check explain CODE` prints it; the test suite runs both examples
/// through the pipeline named by the example and asserts the code appears for the failing one
/// and not for the passing one. Codes and severities are those of `../shared/spec/diagnostics.md`.
public struct CodeDoc: Sendable {
    /// The code, `AASA` and three digits.
    public let code: DiagnosticCode
    /// Default severity.
    public let severity: Severity
    /// One line: when the code is reported.
    public let title: String
    /// Why it breaks universal links, or why it only might.
    public let why: String
    /// How to fix it.
    public let fix: String
    /// Input for which the code must be reported. Made when asked for: some examples are large
    /// (DAL106's is over 1 MiB), and every run looks codes up (``all`` holds them all).
    public var failing: CodeExample { makeFailing() }
    /// The same input corrected: the code must not be reported.
    public var passing: CodeExample { makePassing() }
    private let makeFailing: @Sendable () -> CodeExample
    private let makePassing: @Sendable () -> CodeExample
    /// The check that reports this code on a decoded document, for the codes that are found
    /// by looking at the model (the validator runs every registered check). `nil` for codes
    /// reported by the parser, the decoder, the hosting judge or other pipelines.
    public let check: (@Sendable (CheckContext) -> [Diagnostic])?

    public init(
        code: DiagnosticCode, severity: Severity, title: String, why: String, fix: String,
        failing: @escaping @autoclosure @Sendable () -> CodeExample, passing: @escaping @autoclosure @Sendable () -> CodeExample,
        check: (@Sendable (CheckContext) -> [Diagnostic])? = nil
    ) {
        self.check = check
        self.code = code
        self.severity = severity
        self.title = title
        self.why = why
        self.fix = fix
        makeFailing = failing
        makePassing = passing
    }

    /// The documentation of `code` (case-insensitive, `AASA` prefix optional), or `nil`.
    public static func lookup(_ code: DiagnosticCode) -> CodeDoc? { lookup(code.rawValue) }

    /// The documentation of `code` (case-insensitive; a bare number is an `AASA` code), or `nil`.
    public static func lookup(_ code: String) -> CodeDoc? {
        var key = code.uppercased()
        if !DiagnosticCode.prefixes.contains(where: { key.hasPrefix($0) }) { key = "AASA" + key }
        return byCode[key]
    }

    private static let byCode: [String: CodeDoc] = Dictionary(
        all.map { ($0.code.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
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
    /// An entitlements plist (XML) linted with build settings (`--build-setting NAME=VALUE`).
    case entitlementsWithSettings(String, settings: [String: String])
    /// A signed executable, read as `aasa-check entitlements` reads one: its slices' code
    /// signatures checked (AASA616, AASA617) and their entitlements linted. Running it needs a
    /// hash function (``run(digest:)``).
    case executable(ExampleExecutable)
    /// A route list judged against a domain file served for `example.com`.
    case routes(document: String, routes: String)
    /// Two versions of a domain file (OLD then NEW), compared as `aasa-check diff` does.
    case documentPair(old: String, new: String)
    /// Several exchanges for one domain (legacy probe, browser retry, CDN copy, resolved
    /// addresses), judged as `aasa-check check` does.
    case hosting(HostingExample)
    /// A domain file served for `example.com` and the site's sitemaps, read as
    /// `aasa-check coverage` reads them.
    case coverage(CoverageExample)
    /// An example of another document kind (Android's statement list, an APK, the webauthn
    /// file), run by the pipeline of that kind: a kind adds its examples without a case here.
    case custom(any KindExample)

    /// An origin exchange and the CDN's copy of the same domain's file.
    public static func cdn(origin: HTTPExample, cdn: HTTPExample) -> CodeExample {
        .hosting(HostingExample(origin: origin, cdn: cdn))
    }

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
        case .entitlementsWithSettings(let text, let settings):
            return settings.sorted { $0.key < $1.key }.map { "# --build-setting \($0.key)=\($0.value)\n" }.joined() + text
        case .executable(let example):
            return "# \(example.summary)\n" + example.slices.map { slice in
                "# \(slice.arch) slice, slot 5 seals "
                    + (slice.sealed.map { SignedEntitlements.hex($0) } ?? "nothing") + "\n" + slice.entitlements
            }.joined()
        case .hosting(let h):
            return h.displayText
        case .coverage(let c):
            return c.displayText
        case .documentPair(let old, let new):
            return "# OLD\n\(old)\n# NEW\n\(new)"
        case .custom(let example):
            return example.displayText
        }
    }
}

/// The example input of a code of another document kind than Apple's file: it shows itself
/// for `explain` and runs through its kind's pipeline (``CodeExample/custom(_:)``).
public protocol KindExample: Sendable {
    /// The example as a person reads it in `aasa-check explain`.
    var displayText: String { get }
    /// Every finding its pipeline reports for it, or `nil` when this build cannot run it.
    func run() -> [Diagnostic]?
}

/// A recorded HTTP exchange used by the examples of the hosting codes (1xx, 5xx).
public struct HTTPExample: Sendable {
    public var url: String
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// A transport failure in place of a response: curl's words for it.
    public var transportError: String?
    /// What kind of transport failure ``transportError`` is.
    public var transportErrorKind: FetchErrorKind
    /// The `User-Agent` the request was sent with.
    public var userAgent: String
    /// The body's content coding on the wire (the body here is the decoded one).
    public var contentEncoding: String?
    /// Body bytes on the wire, for a compressed body.
    public var wireBytes: Int?

    public init(
        url: String = "https://example.com/.well-known/apple-app-site-association",
        status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")],
        body: String = "", transportError: String? = nil, transportErrorKind: FetchErrorKind = .other,
        userAgent: String = "AASA-Bot/1.0.0", contentEncoding: String? = nil, wireBytes: Int? = nil
    ) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = Array(body.utf8)
        self.transportError = transportError
        self.transportErrorKind = transportErrorKind
        self.userAgent = userAgent
        self.contentEncoding = contentEncoding
        self.wireBytes = wireBytes
    }

    /// The exchange as the hosting judge reads it.
    public var record: FetchRecord {
        if let transportError {
            return FetchRecord(url: url, userAgent: userAgent,
                               error: FetchError(kind: transportErrorKind, message: transportError))
        }
        var fields = headers.map { HTTPHeader($0.0, $0.1) }
        if let contentEncoding, !fields.contains(where: { $0.name.lowercased() == "content-encoding" }) {
            fields.append(HTTPHeader("Content-Encoding", contentEncoding))
        }
        return FetchRecord(url: url, userAgent: userAgent, status: status, statusLine: "HTTP/1.1 \(status)",
                           headers: fields, body: body, contentEncoding: contentEncoding, wireBytes: wireBytes)
    }

    var displayText: String {
        if let transportError { return "GET \(url)\n→ \(transportError)" }
        var lines = ["GET \(url)" + (userAgent == "AASA-Bot/1.0.0" ? "" : "  (User-Agent: \(userAgent))"), "HTTP \(status)"]
        lines += headers.map { "\($0.0): \($0.1)" }
        lines.append("")
        lines.append(String(decoding: body.prefix(400), as: UTF8.self))
        return lines.joined(separator: "\n")
    }
}

/// The exchanges of one domain for the examples of the hosting and CDN codes.
public struct HostingExample: Sendable {
    public var domain: String
    /// `/.well-known/apple-app-site-association` as Apple's fetcher.
    public var origin: HTTPExample
    /// The legacy root path, when probed.
    public var legacy: HTTPExample?
    /// The origin URL as a browser, when retried.
    public var browser: HTTPExample?
    /// Addresses the host resolves to.
    public var addresses: [String]?
    /// Apple's CDN copy, when fetched.
    public var cdn: HTTPExample?
    /// Why the CDN check was skipped (AASA505), when it was.
    public var cdnSkipped: String?

    public init(domain: String = "example.com", origin: HTTPExample, legacy: HTTPExample? = nil,
                browser: HTTPExample? = nil, addresses: [String]? = nil, cdn: HTTPExample? = nil,
                cdnSkipped: String? = nil) {
        self.domain = domain
        self.origin = origin
        self.legacy = legacy
        self.browser = browser
        self.addresses = addresses
        self.cdn = cdn
        self.cdnSkipped = cdnSkipped
    }

    var displayText: String {
        var parts: [String] = []
        if let addresses { parts.append("# \(domain) resolves to \(addresses.joined(separator: ", "))") }
        parts.append(origin.displayText)
        if let legacy { parts.append(legacy.displayText) }
        if let browser { parts.append(browser.displayText) }
        if let cdn { parts.append("# Apple CDN\n" + cdn.displayText) }
        if let cdnSkipped { parts.append("# Apple CDN check skipped: \(cdnSkipped)") }
        return parts.joined(separator: "\n\n")
    }
}

extension String {
    fileprivate init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
