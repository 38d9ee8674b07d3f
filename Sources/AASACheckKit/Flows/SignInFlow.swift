import AASACore

/// Sign-in URLs against the app's own links, for `check`, `match` and `passkeys` (issue 24,
/// `--auth-url`): each URL decided exactly as `match` decides it — Apple's file by the copy
/// devices read (``DeployedFile/deciding``) through ``DocumentMatcher``, Android's statements
/// through ``MatchResult/androidDecision(url:statements:packageName:fingerprints:host:)`` —
/// and a decision that opens the app is WAN701/WAN702 (``SignInURLs``). Without `--auth-url`,
/// `check` looks at the common sign-in paths (WAN703, info).
struct SignInFlow: Sendable {
    /// `--auth-url` values as given.
    var authURLs: [String]
    /// The Apple apps to decide for; empty: every app of the file.
    var appIDs: [String]
    /// The Android app to decide for (`--package`); `nil`: every app the list verifies.
    var package: String?
    var fingerprints: [String]

    /// What one domain's files decide about the sign-in URLs: the findings, and for each URL
    /// no decision opens, the sentence that says it stays in the browser.
    struct Result: Sendable {
        var diagnostics: [Diagnostic] = []
        var notes: [String] = []
    }

    /// `--auth-url URL`: a URL (`https://host/path`) or a path (decided on every domain).
    /// - Throws: ``UsageError`` for a value that is neither, or a URL that is not http(s).
    static func authURLs(_ arguments: ParsedArguments) throws -> [String] {
        try arguments.all("--auth-url").map { text in
            guard let parts = URLParts(text), parts.scheme == nil || parts.scheme == "https" || parts.scheme == "http",
                  parts.scheme == nil || !(parts.host ?? "").isEmpty else {
                throw UsageError("--auth-url \(SafeText.value(text)): not a sign-in URL (write https://example.com/oauth/authorize or /oauth/authorize)")
            }
            return text
        }
    }

    static let authURLSpec = OptionSpec("--auth-url", value: "URL", repeatable: true,
        help: "A sign-in or OAuth URL that must stay in the browser (https://example.com/oauth/authorize, or a path for every domain): a warning when the app's universal links or App Links open it (WAN701, WAN702), with the exclude rule that fixes it; repeatable.")

    /// Apple: the sign-in URLs of `host` decided by `compiled` (the copy devices read) for the
    /// apps in play (``appIDs``, else every app of the file).
    /// - Parameter common: without `--auth-url`, the common sign-in paths instead (WAN703).
    func apple(_ compiled: CompiledDocument, host: String, wildcard: Bool = false, common: Bool) -> Result {
        let matcher = DocumentMatcher(compiled: compiled, host: wildcard ? nil : host)
        let apps = appIDs.isEmpty ? matcher.appIDs : appIDs
        func decide(_ url: String) -> [MatchResult] {
            guard var parts = URLParts(url) else { return [] }
            if parts.host == nil { parts = parts.on(host: host) }
            return apps.map { matcher.decide(parts, appID: $0) }
        }
        guard common else { return judge(host: host, wildcard: wildcard, decide) }
        // Only a decision that opens a common path gives a finding (WAN703): the others are
        // made without their explanations (12 URLs a domain and app), and the one that opens
        // is made again in full.
        func opening(_ url: String) -> [MatchResult] {
            guard let parts = URLParts(url) else { return [] }
            return apps.compactMap { app in
                matcher.decision(parts, appID: app).decision == .match ? matcher.decide(parts, appID: app) : nil
            }
        }
        return Result(diagnostics: SignInURLs.commonPathFindings(host: host, opening))
    }

    /// Android: the sign-in URLs of `host` decided by its statements for ``package``, else
    /// every app they verify for App Links.
    func android(_ statements: [AssetStatement], host: String, common: Bool) -> Result {
        let packages = package.map { [$0] } ?? AppLinksPrediction.verifiedPackages(statements)
        let prints = fingerprints
        func decide(_ url: String) -> [MatchResult] {
            packages.map { MatchResult.androidDecision(url: url, statements: statements, packageName: $0, fingerprints: prints, host: host) }
        }
        if common {
            // Only a dynamic rule that opens a common path gives a finding (WAN703): the other
            // decisions, explanations and all, are not made (12 URLs a domain and package).
            func opening(_ url: String) -> [MatchResult] {
                packages.compactMap { p in
                    guard case .rules(let d, _) = AppLinksPrediction.decide(statements, packageName: p, fingerprints: prints.isEmpty ? nil : prints, url: url),
                          d.decision == .match else { return nil }
                    return MatchResult.androidDecision(url: url, statements: statements, packageName: p, fingerprints: prints, host: host)
                }
            }
            return Result(diagnostics: SignInURLs.commonPathFindings(host: host, opening))
        }
        return judge(host: host, wildcard: false, decide)
    }

    /// The `--auth-url`s on `host` (a path is on every host), each decided by `decide`.
    private func judge(host: String, wildcard: Bool, _ decide: (String) -> [MatchResult]) -> Result {
        var result = Result()
        for given in authURLs {
            if let h = URLParts(given)?.host, h != host && !(wildcard && h.hasSuffix("." + host)) { continue }
            // A path is shown on the host that decides it.
            let url = given.hasPrefix("/") ? "https://\(host)\(given)" : given
            let decisions = decide(url)
            let judged = SignInURLs.judge(decisions, url: url, host: host)
            result.diagnostics += judged.diagnostics
            result.notes += judged.notes
        }
        return result
    }

    /// The hosts the `--auth-url`s name (paths name none), lowercased.
    var hosts: Set<String> { Set(authURLs.compactMap { URLParts($0)?.host }) }

    /// The notice for `--auth-url`s on hosts no domain of the run decided (`judged`), so none
    /// is dropped without a word.
    func unjudgedNotice(judged: Set<String>) -> String? {
        let missing = hosts.subtracting(judged).sorted()
        guard !missing.isEmpty else { return nil }
        let names = missing.prefix(3).map { SafeText.value($0, limit: 120) }.joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
        return "--auth-url on \(names) was not judged: this run did not check \(missing.count == 1 ? "that host" : "those hosts"); check it too"
    }

    /// One domain of `check` or `passkeys`: its Apple file as devices read it and its
    /// Android statements, when those kinds were checked. A file devices do not read opens
    /// nothing, so it captures no sign-in URL.
    func judge(_ outcome: DomainOutcome) -> Result {
        let host = outcome.target.host
        let common = authURLs.isEmpty
        var result = Result()
        if let deployed = outcome.deployed, let compiled = deployed.deciding {
            let r = apple(compiled, host: host, wildcard: outcome.target.wildcard, common: common)
            result.diagnostics += r.diagnostics.map(deployed.attributed)
            result.notes += r.notes
        }
        if let list = outcome.statementList {
            let r = android(list.statements, host: host, common: common)
            result.diagnostics += r.diagnostics.map { d in
                var d = d
                d.source = .origin
                d.file = AssetLinksKind.fileLabel(for: host)
                return d
            }
            result.notes += r.notes
        }
        return result
    }
}

/// Sentences kept for the end of a run, at most ``limit``; the rest counted in one more.
struct NoteList: Sendable {
    static let limit = 20
    private(set) var kept: [String] = []
    private(set) var more = 0

    mutating func append(_ note: String) {
        if kept.count < Self.limit { kept.append(note) } else { more += 1 }
    }

    /// The kept sentences, and one counting the others.
    var notes: [String] { kept + (more > 0 ? ["\(more) more sign-in URL\(more == 1 ? "" : "s") stay in the browser"] : []) }
}
