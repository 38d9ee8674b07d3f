import AASACore
import Foundation

/// A domain file to answer questions about (`match`, `routes`): a local file, or a domain's
/// served file.
public struct LoadedDocument: Sendable {
    /// The file label used in findings (the path, or the domain's file URL label).
    public var label: String
    /// The host the file is served for, when known.
    public var host: String?
    /// The validation of the local file or of the origin's file.
    public var validation: ValidationResult
    public var bytes: [UInt8]
    /// Findings about the file (validation and, for a domain, hosting and the CDN), attributed.
    public var diagnostics: [Diagnostic]
    /// Fetches made to load it.
    public var fetches: [Fetch] = []
    /// The document that decides: the local file; for a domain, Apple's CDN copy when it is
    /// usable (devices on iOS 14 and later read it), else the origin's file.
    public var document: AASADocument?
    /// ``document`` with its rules compiled (once: by its validation).
    public var compiled: CompiledDocument?
    /// Which copy decides: `file`, `cdn` or `origin`.
    public var decidedBy: DiagnosticSource = .file
    /// The label and bytes of the deciding copy when it is the CDN's (findings in it).
    public var deciding: (label: String, bytes: [UInt8])?
    /// For a domain decided by the CDN copy, the origin's document: where it would decide
    /// otherwise, the difference is AASA502.
    public var otherCopy: AASADocument?
    /// ``otherCopy`` compiled.
    public var otherCompiled: CompiledDocument?
    /// Which copy decides and why, for the report.
    public var notice: String?
}

extension RunOutput {
    /// The domain file `match`, `routes` and `coverage` decide with, before their results: the
    /// file as the run's subject (unless `asSubject` is false: a file that does not decode),
    /// its bytes and the deciding copy's for source lines, the requests made to load it, and
    /// the notice saying which copy decides.
    func domainFile(_ loaded: LoadedDocument, asSubject: Bool = true) {
        if asSubject { subject(loaded.label, kind: .domainFile) }
        source(loaded.label, loaded.bytes)
        if let deciding = loaded.deciding { source(deciding.label, deciding.bytes) }
        fetches(loaded.fetches)
        if let notice = loaded.notice { note(notice, kind: .notice) }
    }
}

public enum DocumentSource {
    /// `--origin` of `match` and `routes` (spec `cli.md`).
    static let originOption = OptionSpec("--origin", help: "For a DOMAIN SOURCE: decide by the origin file, not Apple's CDN copy (which devices on iOS 14 and later read, and which decides by default).")

    /// Loads SOURCE: a local file when that path exists (served for `--domain` when given),
    /// otherwise a domain to fetch.
    /// - Throws: ``UsageError`` when the file cannot be read or the domain cannot be loaded.
    public static func load(_ source: String, arguments: ParsedArguments, context: CommandContext) throws -> LoadedDocument {
        let domain = arguments.value("--domain")?.lowercased()
        if source == "-" || FileManager.default.fileExists(atPath: source) {
            if arguments.has("--origin") {
                throw UsageError("--origin chooses between the copies of a domain's file; \(SafeText.value(source)) is a local file")
            }
            let input = try InputFile.read(source, limit: Validator.parseLimit, kind: .domainFile, console: context.console)
            let label = source == "-" ? "<stdin>" : source
            let result = input.validated(domain: domain)
            return LoadedDocument(label: label, host: domain, validation: result, bytes: input.bytes,
                                  diagnostics: result.diagnostics.attributed(target: domain ?? label, source: .file, file: label),
                                  document: result.document, compiled: result.compiled)
        }
        // A mistyped file name (`comp.jsn`) is a missing file, never fetched as a domain.
        if CheckTarget.looksLikeFileName(source) {
            throw UsageError("\(SafeText.value(source)): no such file")
        }
        guard let target = try? CheckTarget.parse(source), target.host.contains(".") || target.host == "localhost" else {
            throw UsageError("\(SafeText.escape(source)): no such file, and not a domain name")
        }
        return try loadDomain(target, arguments: arguments)
    }

    /// Fetches a domain's file as `check` does, and Apple's CDN copy unless `--origin` is given
    /// or the domain is in an alternate mode (devices fetch those directly), and validates it;
    /// hosting and CDN findings come along. The CDN copy decides when it is usable, as it does
    /// on devices (iOS 14 and later); else the origin's file.
    /// - Throws: ``UsageError`` for malformed network flags.
    static func loadDomain(_ target: CheckTarget, arguments: ParsedArguments) throws -> LoadedDocument {
        var options = try NetworkOptions.parse(arguments)
        let originAsked = arguments.has("--origin")
        options.noCDN = originAsked
        guard let outcome = DomainCheck.run([target], options: options).first else {
            throw UsageError("\(SafeText.escape(target.input)): nothing was fetched")
        }
        let label = outcome.fileLabel
        let body = outcome.hosting.servedBody ?? []
        let validation = outcome.hosting.validation ?? Validator.validate(body, domain: target.host)
        let compiledCopy = CDNJudge.usableCompiledCopy(outcome.cdn, domain: target.host)
        let copy = compiledCopy?.document
        // The CDN skipped (--origin, a mode) is said in the notice, not as AASA505; the general
        // comparison of the copies gives way to the decisions compared URL by URL.
        var diagnostics = outcome.diagnostics.filter { $0.code != .aasa505 }
        if copy != nil, validation.document != nil { diagnostics.removeAll { $0.code == .aasa502 } }
        var loaded = LoadedDocument(label: label, host: target.host, validation: validation, bytes: body,
                                    diagnostics: diagnostics, fetches: outcome.fetches, document: validation.document,
                                    compiled: validation.compiled,
                                    decidedBy: .origin)
        var redirected = RedirectedHosts()
        redirected.note(target.host, options)
        let address = redirected.notice.map { "; " + $0 } ?? ""
        if let copy, let cdn = outcome.cdn {
            loaded.document = copy
            loaded.compiled = compiledCopy
            loaded.decidedBy = .cdn
            loaded.deciding = ("\(target.host) (Apple CDN copy)", cdn.body)
            loaded.otherCopy = validation.document
            loaded.otherCompiled = validation.compiled
            loaded.notice = "decided by Apple's CDN copy of \(target.host)'s file, which devices on iOS 14 and later read; --origin decides by the origin file" + address
        } else if originAsked {
            loaded.notice = "decided by the origin file of \(target.host) (--origin); devices on iOS 14 and later read Apple's CDN copy" + address
        } else if let mode = target.mode {
            loaded.notice = "decided by the origin file of \(target.host): in \(SafeText.escape(mode)) mode devices fetch it directly" + address
        } else {
            loaded.notice = "decided by the origin file of \(target.host): Apple's CDN has no usable copy (see the findings)" + address
        }
        return loaded
    }
}

extension LoadedDocument {
    /// AASA502 for a decision the other copy makes otherwise: `decisions` by the deciding copy,
    /// `others` by the other, for the same URL and apps in the same order.
    func differences(_ decisions: [MatchResult], _ others: [MatchResult]) -> [Diagnostic] {
        zip(decisions, others).compactMap { cdn, origin in
            guard cdn.decision != origin.decision || cdn.detail != origin.detail || cdn.component != origin.component else { return nil }
            return Diagnostic(
                code: .aasa502,
                message: "the origin file decides \(SafeText.value(cdn.url)) otherwise for \(SafeText.value(cdn.appID)): \(Self.word(origin)) there, "
                    + "\(Self.word(cdn)) by Apple's CDN copy, which devices follow until the CDN refreshes",
                hint: "The CDN refreshes within about a day of a change; until then devices decide by its copy. There is no way to force a refresh.",
                target: host, source: .cdn)
        }
    }

    /// `match (details[0].components[3])`, `no_match`.
    static func word(_ m: MatchResult) -> String {
        guard m.decision != .noMatch, let detail = m.detail else { return m.decision.rawValue }
        let list = m.rule?.isLegacyPath == true ? "paths" : "components"
        return m.decision.rawValue + " (details[\(detail)]" + (m.component.map { ".\(list)[\($0)]" } ?? "") + ")"
    }
}
