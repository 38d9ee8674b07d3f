import AASACore
import Foundation

/// A domain file to answer questions about (`match`, `routes`): a local file, or a domain's
/// served file.
public struct LoadedDocument: Sendable {
    /// The file label used in findings (the path, or the domain's file URL label).
    public var label: String
    /// The host the file is served for, when known.
    public var host: String?
    public var validation: ValidationResult
    public var bytes: [UInt8]
    /// Findings about the file (validation and, for a domain, hosting), attributed.
    public var diagnostics: [Diagnostic]
    /// Fetches made to load it.
    public var fetches: [Fetch] = []
}

public enum DocumentSource {
    /// Loads SOURCE: a local file when that path exists (served for `--domain` when given),
    /// otherwise a domain to fetch.
    /// - Throws: ``UsageError`` when the file cannot be read or the domain cannot be loaded.
    public static func load(_ source: String, arguments: ParsedArguments, context: CommandContext) throws -> LoadedDocument {
        let domain = arguments.value("--domain")?.lowercased()
        if source == "-" || FileManager.default.fileExists(atPath: source) {
            let input = try InputFile.read(source, limit: Validator.parseLimit, kind: .domainFile, console: context.console)
            let label = source == "-" ? "<stdin>" : source
            let result = input.validated(domain: domain)
            return LoadedDocument(label: label, host: domain, validation: result, bytes: input.bytes,
                                  diagnostics: result.diagnostics.attributed(target: domain ?? label, source: .file, file: label))
        }
        guard let target = try? CheckTarget.parse(source), target.host.contains(".") || target.host == "localhost" else {
            throw UsageError("\(SafeText.escape(source)): no such file, and not a domain name")
        }
        return try loadDomain(target, arguments: arguments)
    }

    /// Fetches a domain's file as `check` does (without the CDN, which `match` and `routes`
    /// do not need) and validates it; hosting findings come along.
    /// - Throws: ``UsageError`` for malformed network flags.
    static func loadDomain(_ target: CheckTarget, arguments: ParsedArguments) throws -> LoadedDocument {
        var options = try NetworkOptions.parse(arguments)
        options.noCDN = true
        guard let outcome = DomainCheck.run([target], options: options).first else {
            throw UsageError("\(SafeText.escape(target.input)): nothing was fetched")
        }
        let label = outcome.fileLabel
        let body = outcome.hosting.servedBody ?? []
        return LoadedDocument(label: label, host: target.host,
                              validation: outcome.hosting.validation ?? Validator.validate(body, domain: target.host),
                              bytes: body, diagnostics: outcome.diagnostics.filter { $0.code != .aasa505 },
                              fetches: outcome.fetches)
    }
}
