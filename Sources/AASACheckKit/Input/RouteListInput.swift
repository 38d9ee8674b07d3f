import AASACore

/// A route list read from a file (`--routes`), parsed (spec `cli.md`, Route list).
struct RouteListInput: Sendable {
    /// Largest route list read, in bytes (16 MiB).
    static let limit = 16 * 1_048_576

    /// The path as given, which findings about the list name.
    var path: String
    var bytes: [UInt8]
    var routes: [RouteSpec]
    /// Lines (or JSON entries) that are not routes (AASA705).
    var errors: [RouteListError]

    /// Reads and parses the route list at `path`.
    /// - Throws: ``UsageError`` when the file cannot be read or is over ``limit``.
    init(path: String, console: Console) throws {
        let input = try InputFile.read(path, limit: Self.limit, kind: .routeList, console: console)
        guard !input.stoppedAtLimit else {
            throw UsageError("--routes \(SafeText.value(path)): " + input.tooLarge("the route list"))
        }
        self.path = path
        bytes = input.bytes
        (routes, errors) = RouteList.parse(input.bytes)
    }

    /// The findings for the lines that are not routes.
    var diagnostics: [Diagnostic] { errors.map { $0.diagnostic(file: path) } }

    /// Why the run is incomplete when some lines are not routes (exit status 2), or `nil`.
    var unreadable: UnreadableInput? {
        guard !errors.isEmpty else { return nil }
        return UnreadableInput(subject: path, message: "\(path): the route list has \(errors.count) line\(errors.count == 1 ? "" : "s") that cannot be read (AASA705)")
    }
}
