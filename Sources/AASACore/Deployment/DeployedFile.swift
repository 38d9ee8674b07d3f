/// One domain's `apple-app-site-association` as it is deployed: the origin's file as Apple's
/// fetcher reads it, Apple's CDN copy, and which of the two devices decide by. Every command
/// that reads a domain asks this one value (issue 21): `check`, `match`, `routes`, `diff`,
/// `coverage`, `entitlements`.
///
/// - The origin's file is validated once (``HostingResult/validation``), with line and column.
/// - The CDN copy is decoded once, never validated again (its findings would be the origin's
///   own, already reported, or about a re-serialised text nobody edits). When its bytes equal
///   the origin's served bytes the origin's compiled document is shared.
/// - Devices on iOS 14 and later read the CDN copy (spec `aasa-reference.md` §2): it decides
///   when it is usable; else the origin's file decides (also with `--origin`, and for domains
///   in an alternate mode, which devices fetch directly).
/// - Where the CDN copy decides, what the origin's file would decide otherwise is AASA502, in
///   one wording (``CopyDifference``).
///
/// Pure: built from recorded exchanges; it fetches nothing.
public struct DeployedFile: Sendable {
    /// Which copy decides.
    public enum Decider: Sendable, Equatable {
        /// Apple's CDN copy (devices on iOS 14 and later).
        case cdn
        /// The origin's file: the CDN was not asked (`--origin`, `--no-cdn`, an alternate
        /// mode) or has no usable copy.
        case origin
    }

    /// The host, lowercased, without `*.`.
    public let host: String
    /// How the origin serves the file, and its validation.
    public let hosting: HostingResult
    /// The CDN exchange, `nil` when the CDN was not asked.
    public let cdn: FetchRecord?
    /// The CDN copy, decoded and compiled once, when the CDN answered 200 with a document
    /// Apple's systems read (no ``ValidationResult/rejection``).
    public let cdnCopy: CompiledDocument?
    /// Which copy decides.
    public let decidedBy: Decider
    /// How many times the CDN copy's bytes were decoded for this value: 0 (no usable answer,
    /// or the same bytes as the origin's, whose document is shared) or 1. The issue's
    /// "validated once per domain" is checked against it.
    public let cdnDecodes: Int

    /// - Parameters:
    ///   - host: the domain checked.
    ///   - hosting: the origin's judgement (``HostingJudge/judge(_:)``).
    ///   - cdn: the CDN exchange, `nil` when not asked.
    ///   - cdnDecides: whether a usable CDN copy decides (false for `--origin`).
    public init(host: String, hosting: HostingResult, cdn: FetchRecord?, cdnDecides: Bool = true) {
        self.host = host
        self.hosting = hosting
        self.cdn = cdn
        var decodes = 0
        var copy: CompiledDocument?
        if let cdn, cdn.error == nil, cdn.status == 200 {
            if let served = hosting.servedBody, served == cdn.body, let validation = hosting.validation,
               validation.rejection == nil, let compiled = validation.compiled {
                copy = compiled
            } else {
                decodes = 1
                copy = Validator.decodeCopy(cdn.body, domain: host)
            }
        }
        cdnCopy = copy
        cdnDecodes = decodes
        decidedBy = cdnDecides && copy != nil ? .cdn : .origin
    }

    /// The origin's validation, `nil` when no file was read.
    public var originValidation: ValidationResult? { hosting.validation }

    /// The origin's document compiled, when it was read and Apple's systems read it.
    public var originCompiled: CompiledDocument? {
        guard let validation = hosting.validation, hosting.refusal == nil else { return nil }
        return validation.compiled
    }

    /// Why Apple's systems do not read the origin's file although one was read: served only
    /// to a browser (AASA109), only at the legacy root path (AASA108), or refused as a whole
    /// (``HostingResult/refusal``). Where the origin decides, devices then open no app.
    public var originRefusal: Diagnostic? { hosting.refusal }

    /// Why devices open no app by this file although one was read: the origin's
    /// ``originRefusal`` when the origin decides; `nil` when a copy they read decides, or when
    /// nothing was read.
    public var refusal: Diagnostic? { decidedBy == .cdn ? nil : originRefusal }

    /// The document devices decide by, `nil` when neither copy can be read (then no URL opens
    /// an app on devices).
    public var deciding: CompiledDocument? { decidedBy == .cdn ? cdnCopy : originCompiled }

    /// Where the CDN copy decides, the origin's document, whose different decisions are
    /// AASA502; `nil` otherwise.
    public var other: CompiledDocument? { decidedBy == .cdn ? originCompiled : nil }

    /// The source findings in the deciding copy carry (JSON `source`).
    public var decidingSource: DiagnosticSource { decidedBy == .cdn ? .cdn : .origin }

    /// How findings name the deciding copy: `host (Apple CDN copy)`, or the origin's file label.
    public var decidingLabel: String {
        decidedBy == .cdn ? "\(host) (Apple CDN copy)" : (hosting.fileLabel ?? "\(host)\(HostingJudge.wellKnownPath)")
    }

    /// The deciding copy's bytes, for source lines.
    public var decidingBytes: [UInt8] { decidedBy == .cdn ? (cdn?.body ?? []) : (hosting.servedBody ?? []) }

    /// A finding about a rule of the deciding copy (AASA704, AASA707, …) attributed to it:
    /// source `cdn`, or `origin` with the origin's file label (`nil` for the `.well-known`
    /// file, whose label renderers derive from the domain).
    public func attributed(_ d: Diagnostic) -> Diagnostic {
        var d = d
        d.source = decidingSource
        d.file = decidedBy == .cdn ? nil : hosting.fileLabel
        d.target = d.target ?? host
        return d
    }

    /// Apple's CDN exchange judged: AASA501–AASA505, with the copy compared by behaviour with
    /// the origin's file (AASA502) — the copy decoded here is reused, not decoded again.
    /// - Parameter skipped: why the CDN was not asked (AASA505), when it was not.
    public func cdnFindings(skipped: String?) -> [Diagnostic] {
        CDNJudge.judge(domain: host, cdn: cdn, skipped: skipped, origin: hosting, copy: cdnCopy?.document)
    }
}

extension Validator {
    /// Decodes a copy of a file whose own findings are not reported (Apple's CDN copy): strict
    /// JSON, the document model and its compiled rules, without the model checks (rule
    /// analysis and the rest). `nil` when Apple's systems would refuse the bytes
    /// (``ValidationResult/rejection``) or they hold no document.
    public static func decodeCopy(_ bytes: [UInt8], domain: String? = nil) -> CompiledDocument? {
        var diagnostics: [Diagnostic] = []
        if bytes.count > sizeLimit { return nil }
        let (document, _) = decode(bytes, into: &diagnostics)
        guard let document, !diagnostics.contains(where: { $0.severity == .error && ValidationResult.rejectingCodes.contains($0.code) })
        else { return nil }
        return CompiledDocument(document)
    }
}
