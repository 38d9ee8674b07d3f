import AASACore

/// A route list read from a file (`--routes`), parsed (spec `cli.md`, Route list).
struct RouteListInput: Sendable {
    /// Largest route list read, in bytes (16 MiB).
    static let limit = 16 * 1_048_576

    /// The path as given, which findings about the list name.
    var path: String
    var bytes: [UInt8]
    /// The routes, the entries that are not routes (AASA705) and the list's form.
    var reading: RouteListReading
    var routes: [RouteSpec] { reading.routes }

    /// Reads and parses the route list at `path`.
    /// - Throws: ``UsageError`` when the file cannot be read or is over ``limit``.
    init(path: String, console: Console) throws {
        let input = try InputFile.read(path, limit: Self.limit, kind: .routeList, console: console)
        guard !input.stoppedAtLimit else {
            throw UsageError("--routes \(SafeText.value(path)): " + input.tooLarge("the route list"))
        }
        self.path = path
        bytes = input.bytes
        reading = RouteList.read(input.bytes)
    }

    /// AASA705 for each entry that is not a route, or AASA706 for a list without routes.
    var diagnostics: [Diagnostic] { reading.diagnostics(file: path) }

    /// Whether rules no route uses may be reported (AASA704): only against a list read whole
    /// that holds routes.
    var judgesRules: Bool { reading.judgesRules }

    /// Why the run is incomplete when some entries are not routes (exit status 2), or `nil`.
    var unreadable: UnreadableInput? {
        reading.unreadableReason(file: path).map { UnreadableInput(subject: path, message: $0) }
    }
}
