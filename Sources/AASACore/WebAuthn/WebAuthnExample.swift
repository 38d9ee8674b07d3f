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
        /// A sign-in URL decided by an AASA file's text for every app it lists, as `match`
        /// decides it (`--auth-url`; WAN701); with `common`, the common sign-in paths of
        /// `example.com` instead (WAN703).
        case signIn(aasa: String, url: String, common: Bool)
        /// A sign-in URL decided by an `assetlinks.json` text for `package` (WAN702).
        case signInAndroid(assetLinks: String, url: String, package: String)
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

    /// The sign-in URL `url` decided by the AASA file `aasa` (served by `example.com`).
    public static func signIn(aasa: String, url: String) -> CodeExample { .custom(WebAuthnExample(.signIn(aasa: aasa, url: url, common: false))) }
    /// The common sign-in paths of `example.com` decided by the AASA file `aasa`.
    public static func commonSignInPaths(aasa: String) -> CodeExample { .custom(WebAuthnExample(.signIn(aasa: aasa, url: "", common: true))) }
    /// The sign-in URL `url` decided by `example.com`'s `assetlinks.json` for `package`.
    public static func signIn(assetLinks: String, url: String, package: String) -> CodeExample {
        .custom(WebAuthnExample(.signInAndroid(assetLinks: assetLinks, url: url, package: package)))
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
        case .signIn(let aasa, let url, let common):
            return (common ? "# check \(Self.rpID) (its common sign-in paths)" : "# --auth-url \(url)")
                + "\n# https://\(Self.rpID)/.well-known/apple-app-site-association\n" + aasa
        case .signInAndroid(let text, let url, let package):
            return "# --auth-url \(url) --package \(package)\n# https://\(Self.rpID)/.well-known/assetlinks.json\n" + text
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
        case .signIn(let aasa, let url, let common):
            guard let compiled = Validator.validate(Array(aasa.utf8)).compiled else { return nil }
            let matcher = DocumentMatcher(compiled: compiled, host: Self.rpID)
            let decide = { (u: String) in URLParts(u).map { parts in matcher.appIDs.map { matcher.decide(parts, appID: $0) } } ?? [] }
            if common { return SignInURLs.commonPathFindings(host: Self.rpID, decide) }
            return decide(url).compactMap { SignInURLs.finding($0, url: url, host: Self.rpID) }
        case .signInAndroid(let text, let url, let package):
            let statements = PasskeyInputs.statements(assetLinks: text, host: Self.rpID)
            let result = MatchResult.androidDecision(url: url, statements: statements, packageName: package, fingerprints: nil, host: Self.rpID)
            return SignInURLs.finding(result, url: url, host: Self.rpID).map { [$0] } ?? []
        }
    }
}
