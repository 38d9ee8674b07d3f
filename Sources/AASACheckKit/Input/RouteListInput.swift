import AASAArtifacts
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
    /// For a list another file names (the configuration's `routes`) that is refused or is not
    /// a route list: the one finding that says so (AASA116); then no route is judged and
    /// nothing of the file is quoted.
    var refusal: Diagnostic?

    /// Reads and parses the route list at `path`.
    /// - Parameter namedBy: the configuration file that names the list, when it is not a
    ///   command-line argument: then a list that cannot be read, is refused (``LocalFile``), is
    ///   over ``limit`` or holds an entry that is not a route is ``refusal``, quoting nothing.
    /// - Throws: ``UsageError`` when a list given on the command line cannot be read or is over
    ///   ``limit``.
    init(path: String, namedBy: String? = nil, console: Console) throws {
        self.path = path
        bytes = []
        reading = RouteList.read([])
        guard let namedBy else {
            let input = try InputFile.read(path, limit: Self.limit, kind: .routeList, console: console)
            guard !input.stoppedAtLimit else {
                throw UsageError("--routes \(SafeText.value(path)): " + input.tooLarge("the route list"))
            }
            bytes = input.bytes
            reading = RouteList.read(input.bytes)
            return
        }
        func refuse(_ reason: String) {
            refusal = LocalInputRule.finding(path: path, namedBy: namedBy, reason: reason, source: .routes)
        }
        let opened: LocalFile.Opened
        do { opened = try LocalFile.open(path) } catch {
            refuse(error.cause == .directory ? "is a directory, not a route list" : error.reason)
            return
        }
        guard let read = try? opened.read(upTo: Self.limit + 1, path: path) else {
            refuse("cannot be read")
            return
        }
        guard read.count <= Self.limit else {
            refuse("is larger than \(Self.limit.grouped) bytes, more than a route list is read")
            return
        }
        let parsed = RouteList.read(read)
        if let first = parsed.errors.first {
            let more = parsed.errors.count > 1 ? " and \(parsed.errors.count - 1) more" : ""
            refuse("is not a route list (\(parsed.isJSON ? "entry" : "line") \(first.line)\(more) cannot be read as a route)")
            return
        }
        bytes = read
        reading = parsed
    }

    /// AASA705 for each entry that is not a route, or AASA706 for a list without routes; the
    /// refusal alone for a named list that is not read.
    var diagnostics: [Diagnostic] {
        if let refusal { return [refusal] }
        return reading.diagnostics(file: path)
    }

    /// Whether rules no route uses may be reported (AASA704): only against a list read whole
    /// that holds routes.
    var judgesRules: Bool { refusal == nil && reading.judgesRules }

    /// Why the run is incomplete when some entries are not routes (exit status 2), or `nil`.
    var unreadable: UnreadableInput? {
        reading.unreadableReason(file: path).map { UnreadableInput(subject: path, message: $0) }
    }
}
