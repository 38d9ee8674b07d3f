import AASACore

/// `aasa-check explain CODE`: the documentation of a diagnostic code.
public enum ExplainCommand: Command {
    public static let name = "explain"
    public static let abstract = "Show what a diagnostic code means, why it matters and how to fix it."
    public static let usage = "aasa-check explain [CODE...]"
    public static let discussion = "Without CODE, lists every code with its severity and title. CODE may be AASA305 or 305. A citation such as (assetlinks-reference.md §4.6) names a file of docs/spec/ in aasa-check's repository."
    public static let examples: [(String, String)] = [
        ("aasa-check explain AASA203", "Why a trailing comma is an error"),
        ("aasa-check explain", "Every code, one line each"),
    ]
    public static let options: [OptionSpec] = []
    public static let formats: [OutputFormat] = [.text, .json, OutputFormat(HTMLRenderer.self), OutputFormat(MarkdownRenderer.self)]
    public static let usesConfig = false

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        if arguments.positionals.isEmpty {
            context.output.documentation(CodeDoc.all, listing: true)
            return RunEnd()
        }
        var docs: [CodeDoc] = []
        for code in arguments.positionals {
            guard let doc = CodeDoc.lookup(code) else {
                throw UsageError("unknown code \(SafeText.value(code)); run `aasa-check explain` for the list")
            }
            docs.append(doc)
        }
        context.output.documentation(docs, listing: false)
        return RunEnd()
    }
}
