import AASACore

/// `aasa-check validate FILE... | -`: check local domain files, no network (spec `cli.md`).
public enum ValidateCommand: Command {
    public static let name = "validate"
    public static let abstract = "Check local apple-app-site-association, assetlinks.json and webauthn files, no network."
    public static let usage = "aasa-check validate FILE... [--domain HOST] [--kind aasa|assetlinks|webauthn]"
    public static let discussion = """
    Reads each FILE (or standard input for -) as Apple's systems would read it when served:
    strict JSON with line and column for every problem, the document's structure, app IDs,
    substitution variables, and rule analysis (catch-alls, dead rules, misplaced excludes).
    An unreadable FILE is reported on standard error (exit status 2); the other files are
    still checked.
    A JSON array, or a file named assetlinks.json, is Android's statement list (--kind
    forces either kind): read as Google reads it (strict JSON, line and column; invalid
    statements skipped with a finding while valid ones count; relations, targets, fingerprints,
    package names, dynamic rules and their analysis, repeats), its includes listed but not
    fetched, and its statements listed as Google's statements.list returns them (JSON
    statements).
    A file named webauthn (.well-known/webauthn, webauthn.json), or a JSON object whose first
    member is "origins" or "related_origins", is the related-origins file of passkeys: read as
    Chromium and Firefox read it ("origins" an array of strings, each a web origin; the budget of
    five registrable labels; WAN2xx, WAN3xx), as `passkeys` judges it once served.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check validate public/.well-known/apple-app-site-association", "Check the file before you deploy it"),
        ("aasa-check validate --json aasa.json | jq '.diagnostics[].code'", "Machine-readable findings"),
        ("curl -s https://example.com/.well-known/apple-app-site-association | aasa-check validate -", "Check what a server sends, from standard input"),
        ("aasa-check validate --fail-on warning aasa.json", "Fail on warnings too (CI)"),
        ("aasa-check validate public/.well-known/assetlinks.json --domain example.com", "Android's statement list before you deploy it"),
        ("aasa-check validate --kind assetlinks links.txt --json", "A statement list under another name: findings, dalErrorCode, statements"),
        ("aasa-check validate public/.well-known/webauthn", "The passkeys related-origins file: origins, labels, the five-label budget"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--domain", value: "HOST", help: "The host the file is served for (used by host-specific checks)."),
        AndroidOptions.validateKindSpec,
    ]

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("give at least one FILE (or - for standard input); see `aasa-check validate --help`")
        }
        let domain = try context.options(SourceOptions.self).domain
        let forced = try AndroidOptions.kind(arguments, kinds: DocumentKinds.all)
        let out = context.output
        for path in arguments.positionals {
            let label = path == "-" ? "<stdin>" : path
            out.subject(label, kind: .domainFile)
            do {
                let input = try InputFile.read(path, limit: Validator.parseLimit, kind: .domainFile, console: context.console)
                let kind = forced ?? DocumentKinds.recognize(input.bytes, name: path == "-" ? nil : path)
                if kind == WebAuthnKind.self {
                    // The webauthn file read as a client reads it (webauthn-reference.md §3.3, §3.4).
                    out.source(label, input.bytes)
                    out.findings(WebAuthnFile.parse(input.bytes).diagnostics.attributed(target: domain ?? label, source: .file, file: label))
                    continue
                }
                if kind == AssetLinksKind.self {
                    let loaded = DocumentSource.statementList(input.bytes, label: label, domain: domain)
                    out.source(label, input.bytes)
                    out.statements(StatementListing(subject: label, statements: loaded.statementList?.listing() ?? [],
                                                    sourceName: domain == nil ? label : nil))
                    if let note = StatementListing.unfetchedIncludes(loaded.statementList, label: label) { out.note(note) }
                    out.findings(loaded.diagnostics)
                    continue
                }
                let result = input.validated(domain: domain)
                out.source(label, input.bytes)
                let findings = result.diagnostics.attributed(target: domain ?? label, source: .file, file: label)
                out.findings(findings)
                out.rules(of: result.compiled, subject: label, host: domain, findings: findings)
            } catch let error as UsageError {
                out.unreadable(error.message, subject: label)
            }
        }
        let files = arguments.positionals.count
        return RunEnd(subject: files == 1 ? "1 file" : "\(files) files")
    }
}
