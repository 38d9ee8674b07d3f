/// An output format (spec `cli.md`, `--format`): a name and the renderer that writes it.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// The renderer type.
    public let renderer: any Renderer.Type

    public init(_ renderer: any Renderer.Type) { self.renderer = renderer }

    /// Every format, in the order help lists them. A new format is its renderer's file in
    /// `Render/` and one line here.
    public static let all: [OutputFormat] = [
        OutputFormat(TextRenderer.self),
        OutputFormat(JSONRenderer.self),
        OutputFormat(JSONLinesRenderer.self),
        OutputFormat(SARIFRenderer.self),
        OutputFormat(JUnitRenderer.self),
        OutputFormat(GitHubRenderer.self),
        OutputFormat(HTMLRenderer.self),
        OutputFormat(MarkdownRenderer.self),
        OutputFormat(XcodeRenderer.self),
    ]

    public static var allCases: [OutputFormat] { all }

    public static let text = OutputFormat(TextRenderer.self)
    public static let json = OutputFormat(JSONRenderer.self)

    /// The `--format` value.
    public var rawValue: String { renderer.name }

    public var description: String { rawValue }

    /// The format named `name`, or `nil`.
    public init?(rawValue name: String) {
        guard let found = OutputFormat.all.first(where: { $0.rawValue == name }) else { return nil }
        self = found
    }

    public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.rawValue == b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Names in prose: `text, json or sarif`.
    static func prose(_ formats: [OutputFormat]) -> String {
        let names = formats.map(\.rawValue)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
