import AASACore
import Foundation

/// A domain file to answer questions about (`match`, `routes`, `diff`, `coverage`): a local
/// file, or a domain's file as it is deployed. The one loader of "a file or a domain"
/// (``DocumentSource/load(_:domain:origin:network:console:)``) makes it, so every command
/// reads a SOURCE the same way, with the same findings `validate` and `check` give (issue 21).
public struct LoadedDocument: Sendable {
    /// The file label used in findings (the path, or the domain's file URL label).
    public var label: String
    /// The host the file is served for, when known.
    public var host: String?
    /// The validation of the local file or of the origin's file; `nil` when a domain served
    /// no file.
    public var validation: ValidationResult?
    /// The local file's bytes, or the origin's served bytes.
    public var bytes: [UInt8]
    /// Findings about the file (validation and, for a domain, hosting and the CDN), attributed.
    public var diagnostics: [Diagnostic]
    /// Fetches made to load it.
    public var fetches: [Fetch] = []
    /// For a domain: the origin's file, the CDN copy and which decides.
    public var deployed: DeployedFile?
    /// The document that decides, compiled once: the local file; for a domain, Apple's CDN
    /// copy when it is usable (devices on iOS 14 and later read it), else the origin's file.
    /// It is the file as written even when Apple's systems refuse it (``refusal``): commands
    /// show what it says, and say that devices do not read it.
    public var compiled: CompiledDocument?
    /// Which copy decides: `file`, `cdn` or `origin`.
    public var decidedBy: DiagnosticSource = .file
    /// The finding by which Apple's systems refuse the deciding file as a whole
    /// (``ValidationResult/rejection``): on devices it opens no app. `nil` when they read it.
    public var refusal: Diagnostic?
    /// Which copy decides and why, for the report.
    public var notice: String?
    /// The document kind read (``AppleSiteAssociation`` or ``AssetLinksKind``).
    public var kind: any DocumentKind.Type = AppleSiteAssociation.self
    /// For Android's kind: the statement list after includes (a local file's includes are
    /// listed, not fetched).
    public var statementList: ResolvedStatementList?

    /// ``compiled``'s document.
    public var document: AASADocument? { compiled?.document }

    /// Where the CDN copy decides, the origin's document: where it would decide otherwise,
    /// the difference is AASA502 (``CopyDifference``).
    public var other: CompiledDocument? { deployed?.other }

    /// The deciding copy's label and bytes when it is not the file of ``label`` (the CDN's).
    public var deciding: (label: String, bytes: [UInt8])? {
        guard let deployed, deployed.decidedBy == .cdn else { return nil }
        return (deployed.decidingLabel, deployed.decidingBytes)
    }

    /// How findings name the deciding copy.
    public var decidingLabel: String { deciding?.label ?? label }

    /// A finding about a rule of the deciding copy (AASA704, AASA707, …) attributed to it: the
    /// local file (its path), the origin's file or the CDN copy — the one attribution every
    /// command uses.
    public func attributed(_ d: Diagnostic) -> Diagnostic {
        if let deployed { return deployed.attributed(d) }
        var d = d
        d.source = .file
        d.file = label
        d.target = d.target ?? host ?? label
        return d
    }

    /// AASA607 for each app ID given (`--app-id` of `match`, `routes`, `coverage`) that the
    /// deciding file does not list, attributed to it: said once as a finding, not left to
    /// decisions that open nothing. Empty without a document.
    public func unlisted(_ appIDs: [String]) -> [Diagnostic] {
        guard let document, !appIDs.isEmpty else { return [] }
        return AppMembership.check(appIDs, document: document, domain: host ?? label, fileLabel: nil).map(attributed)
    }

    /// The sentence commands end a run with when Apple's systems refuse the deciding file.
    public var refusalSentence: String? {
        refusal.map { "Apple's systems do not read \(SafeText.value(decidingLabel)) (\($0.code)): on devices it opens no app" }
    }
}

extension RunOutput {
    /// The domain file `match`, `routes` and `coverage` decide with, before their results: the
    /// file as the run's subject (unless `asSubject` is false: a file that does not decode),
    /// its bytes and the deciding copy's for source lines, the requests made to load it, and
    /// the notice saying which copy decides, and the sentence saying devices do not read it
    /// (``LoadedDocument/refusalSentence``).
    func domainFile(_ loaded: LoadedDocument, asSubject: Bool = true) {
        if asSubject { subject(loaded.label, kind: .domainFile) }
        source(loaded.label, loaded.bytes)
        if let deciding = loaded.deciding { source(deciding.label, deciding.bytes) }
        fetches(loaded.fetches)
        if let notice = loaded.notice { note(notice, kind: .notice) }
        // Every format says it, JSON's `notes` too: the results that follow are the file's as
        // written, not what devices do.
        if let refusal = loaded.refusalSentence { note(refusal, kind: .notice) }
    }
}

/// The one loader of SOURCE, "a file or a domain": a local file when that path exists (or `-`),
/// otherwise a domain whose file is fetched as `check` fetches it.
public enum DocumentSource {
    /// `--origin` of `match`, `routes`, `diff` and `coverage` (spec `cli.md`).
    static let originOption = OptionSpec("--origin", help: "For a DOMAIN SOURCE: decide by the origin file, not Apple's CDN copy (which devices on iOS 14 and later read, and which decides by default).")

    /// Loads SOURCE.
    /// - Parameters:
    ///   - domain: `--domain`: the host a local file is served for.
    ///   - origin: `--origin`: for a domain, decide by the origin's file.
    ///   - originOnlyForDomains: whether `--origin` with a local SOURCE is a usage error (one
    ///     SOURCE: `match`, `routes`, `coverage`); `diff` applies it to whichever side is a domain.
    /// - Throws: ``UsageError`` when the file cannot be read, SOURCE is neither a file nor a
    ///   domain name, or `--origin` is given for the local SOURCE of a one-SOURCE command.
    ///   - kind: the kind to read; `nil` is Apple's file, unless `recognizes` is set and
    ///     SOURCE is a local file: then its content and name say (``DocumentKinds/recognize(_:name:)``).
    ///   - recognizes: whether a local file's kind is recognised (commands that read both kinds).
    public static func load(_ source: String, domain: String?, origin: Bool, originOnlyForDomains: Bool = true,
                            kind: (any DocumentKind.Type)? = nil, recognizes: Bool = false,
                            network: NetworkOptions, console: Console) throws -> LoadedDocument {
        let domain = domain?.lowercased()
        if source == "-" || FileManager.default.fileExists(atPath: source) {
            if origin && originOnlyForDomains {
                throw UsageError("--origin chooses between the copies of a domain's file; \(SafeText.value(source)) is a local file")
            }
            let input = try InputFile.read(source, limit: Validator.parseLimit, kind: .domainFile, console: console)
            let label = source == "-" ? "<stdin>" : source
            let recognized = recognizes ? DocumentKinds.recognize(input.bytes, name: source == "-" ? nil : source) : AppleSiteAssociation.self
            if (kind ?? recognized) == AssetLinksKind.self {
                return statementList(input.bytes, label: label, domain: domain)
            }
            let result = input.validated(domain: domain)
            return LoadedDocument(label: label, host: domain, validation: result, bytes: input.bytes,
                                  diagnostics: result.diagnostics.attributed(target: domain ?? label, source: .file, file: label),
                                  compiled: result.compiled, refusal: result.rejection)
        }
        // A mistyped file name (`comp.jsn`) is a missing file, never fetched as a domain.
        if CheckTarget.looksLikeFileName(source) {
            throw UsageError("\(SafeText.value(source)): no such file")
        }
        guard let target = try? CheckTarget.parse(source), target.host.contains(".") || target.host == "localhost" else {
            throw UsageError("\(SafeText.escape(source)): no such file, and not a domain name")
        }
        if kind == AssetLinksKind.self {
            if origin { throw UsageError("--origin chooses between the copies of Apple's file; Android reads assetlinks.json from the origin only") }
            return try loadStatementList(target, network: network)
        }
        return try loadDomain(target, origin: origin, network: network)
    }

    /// A local `assetlinks.json`, validated as `validate` does (``AssetLinksValidator``); its
    /// includes are listed, not fetched. `domain` is the site it is served for.
    static func statementList(_ bytes: [UInt8], label: String, domain: String?) -> LoadedDocument {
        let site = domain.map { AssetLinksSite(scheme: "https", host: $0) }
        let validation = AssetLinksValidator.validate(bytes, site: site, name: label)
        var loaded = LoadedDocument(label: label, host: domain, validation: nil, bytes: bytes,
                                    diagnostics: validation.diagnostics.attributed(target: domain ?? label, source: .file, file: label))
        loaded.kind = AssetLinksKind.self
        loaded.statementList = validation.resolved
        return loaded
    }

    /// A domain's `assetlinks.json` fetched as `check --platform android` fetches it (the file,
    /// its fully qualified twin, robots.txt, the includes), with the same findings.
    /// - Throws: ``UsageError`` when nothing could be fetched at all.
    static func loadStatementList(_ target: CheckTarget, network: NetworkOptions) throws -> LoadedDocument {
        guard let outcome = DomainCheck.run([target], options: network, kinds: [AssetLinksKind.self]).first,
              let list = outcome.statementList else {
            throw UsageError("\(SafeText.escape(target.input)): nothing was fetched")
        }
        let label = AssetLinksKind.fileLabel(for: target.host)
        var loaded = LoadedDocument(label: label, host: target.host, validation: nil, bytes: list.records.first?.body ?? [],
                                    diagnostics: outcome.diagnostics, fetches: outcome.fetches, decidedBy: .origin)
        loaded.kind = AssetLinksKind.self
        loaded.statementList = list
        var redirected = RedirectedHosts()
        redirected.note(target.host, network)
        loaded.notice = redirected.notice
        return loaded
    }

    /// Fetches a domain's file as `check` does, and Apple's CDN copy unless `origin` is set or
    /// the domain is in an alternate mode (devices fetch those directly). The CDN copy decides
    /// when it is usable, as it does on devices (iOS 14 and later); else the origin's file.
    /// Hosting and CDN findings come along, as `check` gives them.
    /// - Throws: ``UsageError`` when nothing could be fetched at all.
    static func loadDomain(_ target: CheckTarget, origin: Bool, network: NetworkOptions) throws -> LoadedDocument {
        var options = network
        options.noCDN = origin
        guard let outcome = DomainCheck.run([target], options: options).first, let deployed = outcome.deployed else {
            throw UsageError("\(SafeText.escape(target.input)): nothing was fetched")
        }
        let label = outcome.fileLabel
        // The CDN skipped (--origin, a mode) is said in the notice, not as AASA505; the general
        // comparison of the copies gives way to the decisions compared URL by URL.
        var diagnostics = outcome.diagnostics.filter { $0.code != .aasa505 }
        if deployed.decidedBy == .cdn, deployed.originCompiled != nil { diagnostics.removeAll { $0.code == .aasa502 } }
        var loaded = LoadedDocument(label: label, host: target.host, validation: deployed.originValidation,
                                    bytes: deployed.hosting.servedBody ?? [], diagnostics: diagnostics, fetches: outcome.fetches,
                                    deployed: deployed,
                                    compiled: deployed.decidedBy == .cdn ? deployed.cdnCopy : deployed.originValidation?.compiled,
                                    decidedBy: deployed.decidedBy == .cdn ? .cdn : .origin,
                                    refusal: deployed.refusal)
        var redirected = RedirectedHosts()
        redirected.note(target.host, options)
        let address = redirected.notice.map { "; " + $0 } ?? ""
        if deployed.decidedBy == .cdn {
            loaded.notice = "decided by Apple's CDN copy of \(target.host)'s file, which devices on iOS 14 and later read; --origin decides by the origin file" + address
        } else if origin {
            loaded.notice = "decided by the origin file of \(target.host) (--origin); devices on iOS 14 and later read Apple's CDN copy" + address
        } else if let mode = target.mode {
            loaded.notice = "decided by the origin file of \(target.host): in \(SafeText.escape(mode)) mode devices fetch it directly" + address
        } else {
            loaded.notice = "decided by the origin file of \(target.host): Apple's CDN has no usable copy (see the findings)" + address
        }
        return loaded
    }
}
