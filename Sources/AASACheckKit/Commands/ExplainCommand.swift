import AASACore

/// `aasa-check explain CODE`: the documentation of a diagnostic code.
public enum ExplainCommand: Command {
    public static let name = "explain"
    public static let abstract = "Show what a diagnostic code means, why it matters and how to fix it."
    public static let usage = "aasa-check explain [CODE...]"
    public static let discussion = "Without CODE, lists every code with its severity and title. CODE may be AASA305 or 305."
    public static let examples: [(String, String)] = [
        ("aasa-check explain AASA203", "Why a trailing comma is an error"),
        ("aasa-check explain", "Every code, one line each"),
    ]
    public static let options: [OptionSpec] = []
    public static let formats: [OutputFormat] = [.text, .json]
    public static let usesConfig = false

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let style = context.style
        if arguments.positionals.isEmpty {
            if context.format == .json {
                context.console.out(OutputJSON.array(CodeDoc.all.map(json)).render() + "\n")
                return 0
            }
            for doc in CodeDoc.all {
                context.console.out("\(style.bold(doc.code.rawValue))  \(doc.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(doc.title)\n")
            }
            return 0
        }
        var docs: [CodeDoc] = []
        for code in arguments.positionals {
            guard let doc = CodeDoc.lookup(code) else {
                throw UsageError("unknown code \(SafeText.value(code)); run `aasa-check explain` for the list")
            }
            docs.append(doc)
        }
        if context.format == .json {
            context.console.out(OutputJSON.array(docs.map(json)).render() + "\n")
            return 0
        }
        for doc in docs {
            context.console.out("""
            \(style.bold(doc.code.rawValue)) (\(doc.severity.rawValue)): \(doc.title)

            Why it matters: \(doc.why)

            How to fix it: \(doc.fix)

            Failing example:
            \(indent(doc.failing.displayText))

            Passing example:
            \(indent(doc.passing.displayText))


            """)
        }
        return 0
    }

    static func indent(_ s: String) -> String {
        let shown = s.count > 600 ? String(s.prefix(600)) + " …" : s
        return shown.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    static func json(_ doc: CodeDoc) -> OutputJSON {
        .object([("code", .string(doc.code.rawValue)), ("severity", .string(doc.severity.rawValue)), ("title", .string(doc.title)),
                 ("why", .string(doc.why)), ("fix", .string(doc.fix)),
                 ("failing", .string(doc.failing.displayText)), ("passing", .string(doc.passing.displayText))])
    }
}
