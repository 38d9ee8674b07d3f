/// The example input of a WAN code (``CodeExample/custom(_:)``): a webauthn file read as
/// `validate --kind webauthn` reads it, what an RP ID served (the exchanges of one fetch,
/// redirect hops included), a caller judged against a file, an RP ID, or the cross-checks of
/// one RP ID (``PasskeyInputs``).
public struct WebAuthnExample: KindExample {
    public enum Input: Sendable {
        case file(String)
        case bytes([UInt8])
        case served([HTTPExample], timeMs: Double?)
        case caller(String, file: String)
        case rpID(String)
        case passkeys(PasskeyInputs)
        /// The cross-checks with the RP ID's `assetlinks.json` text (parsed when run).
        case android(PasskeyInputs, assetLinks: String)
    }

    public var input: Input

    public init(_ input: Input) { self.input = input }

    /// The RP ID of the examples.
    public static let rpID = "example.com"

    /// A local webauthn file.
    public static func file(_ text: String) -> CodeExample { .custom(WebAuthnExample(.file(text))) }
    /// What `example.com` served, first exchange first.
    public static func served(_ exchanges: HTTPExample..., timeMs: Double? = nil) -> CodeExample {
        .custom(WebAuthnExample(.served(exchanges, timeMs: timeMs)))
    }
    /// `https://example.com/.well-known/webauthn` answering `body` (200, application/json).
    public static func serving(_ body: String) -> HTTPExample {
        HTTPExample(url: WebAuthnKind.fileURL(for: rpID), body: body, userAgent: WebAuthnKind.userAgent)
    }
    /// A caller `origin` judged against `file` for the RP ID `example.com`.
    public static func caller(_ origin: String, file: String) -> CodeExample { .custom(WebAuthnExample(.caller(origin, file: file))) }
    /// An RP ID.
    public static func rpID(_ id: String) -> CodeExample { .custom(WebAuthnExample(.rpID(id))) }
    /// The cross-checks of one RP ID.
    public static func passkeys(_ inputs: PasskeyInputs) -> CodeExample { .custom(WebAuthnExample(.passkeys(inputs))) }
    /// The cross-checks with the RP ID's `assetlinks.json` text.
    public static func android(_ inputs: PasskeyInputs, assetLinks: String) -> CodeExample {
        .custom(WebAuthnExample(.android(inputs, assetLinks: assetLinks)))
    }

    public var displayText: String {
        switch input {
        case .file(let text): return "# .well-known/webauthn\n" + text
        case .bytes(let b): return "# .well-known/webauthn (bytes)\n" + Hex.bytes(b.prefix(48)) + (b.count > 48 ? " …" : "")
        case .served(let exchanges, let timeMs):
            return (timeMs.map { "# took \(Int($0)) ms\n" } ?? "") + exchanges.map(\.displayText).joined(separator: "\n\n")
        case .caller(let origin, let file): return "# RP ID \(Self.rpID), caller \(origin)\n# https://\(Self.rpID)/.well-known/webauthn\n\(file)"
        case .rpID(let id): return "# RP ID \(id)"
        case .passkeys(let inputs): return inputs.displayText
        case .android(let inputs, let text): return inputs.displayText + "\n# https://\(inputs.rpID)/.well-known/assetlinks.json\n" + text
        }
    }

    public func run() -> [Diagnostic]? {
        switch input {
        case .file(let text): return WebAuthnFile.parse(Array(text.utf8)).diagnostics
        case .bytes(let b): return WebAuthnFile.parse(b).diagnostics
        case .served(let exchanges, let timeMs):
            var records = exchanges.map(\.record)
            if let timeMs, !records.isEmpty { records[records.count - 1].timeMs = timeMs }
            return WebAuthnServing.judge(records, rpID: Self.rpID).diagnostics
        case .caller(let origin, let text):
            guard case .success(let caller) = WebOrigin.parse(origin) else { return nil }
            let file = WebAuthnFile.parse(Array(text.utf8))
            let (_, finding) = PasskeyWeb.judge(caller: caller, text: origin, rpID: Self.rpID, file: file, fileUsable: file.isValid)
            return file.diagnostics + (finding.map { [$0] } ?? [])
        case .rpID(let id):
            return PasskeyWeb.rpIDProblem(id).map { [Diagnostic(code: .wan401, message: "\"\(NetworkText.escape(id, limit: 80))\" cannot be an RP ID: \($0)")] } ?? []
        case .passkeys(let inputs): return PasskeyChecks.run(inputs).diagnostics
        case .android(var inputs, let text):
            inputs.assetLinksStatements = PasskeyInputs.statements(assetLinks: text, host: inputs.rpID)
            return PasskeyChecks.run(inputs).diagnostics
        }
    }
}
