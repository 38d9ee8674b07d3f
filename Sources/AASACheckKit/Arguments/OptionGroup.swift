import AASACore
import Synchronization

/// A group of options declared once: the specs a command lists (parsing and `--help`), and the
/// typed value parsed from them. A command reads a group through its context
/// (``CommandContext/options(_:)``), which parses it once per run, so no option is looked up
/// by its string in two places and no group is parsed twice.
///
/// **Adding an option group**: one type in `Arguments/` conforming to `OptionGroup`, listed in
/// the `options` of the commands that take it (`+ MyOptions.specs`).
public protocol OptionGroup: Sendable {
    /// The options of the group.
    static var specs: [OptionSpec] { get }
    /// Reads the group from the parsed arguments of a run in `format`.
    /// - Throws: ``UsageError`` for a malformed value, saying what is wrong.
    init(parsing arguments: ParsedArguments, format: OutputFormat) throws
}

/// The parsed groups of one run, each parsed at most once.
final class OptionGroups: Sendable {
    private let parsed = Mutex<[ObjectIdentifier: any Sendable]>([:])
    let arguments: ParsedArguments
    let format: OutputFormat

    init(arguments: ParsedArguments, format: OutputFormat) {
        self.arguments = arguments
        self.format = format
    }

    func get<G: OptionGroup>(_ type: G.Type) throws -> G {
        if let cached = parsed.withLock({ $0[ObjectIdentifier(type)] }) as? G { return cached }
        let value = try G(parsing: arguments, format: format)
        parsed.withLock { $0[ObjectIdentifier(type)] = value }
        return value
    }
}

/// `--domain HOST` and `--origin`: which host a local SOURCE is served for, and for a DOMAIN
/// SOURCE whether the origin's file decides instead of Apple's CDN copy (spec `cli.md`).
public struct SourceOptions: OptionGroup {
    /// `--domain`, lowercased.
    public var domain: String?
    /// `--origin`.
    public var origin: Bool

    public static let specs: [OptionSpec] = [domainSpec, DocumentSource.originOption]

    /// `--domain HOST` with the common help; commands that say more declare their own spec of
    /// the same name instead.
    static let domainSpec = OptionSpec("--domain", value: "HOST", help: "The host a local file is served for.")

    public init(parsing arguments: ParsedArguments, format: OutputFormat) throws {
        domain = arguments.value("--domain")?.lowercased()
        origin = arguments.has("--origin")
    }
}

extension CommandContext {
    /// The group `type`, parsed from this run's arguments once (``OptionGroup``).
    /// - Throws: ``UsageError`` for a malformed value.
    public func options<G: OptionGroup>(_ type: G.Type) throws -> G { try groups.get(type) }

    /// SOURCE through the one loader (``DocumentSource``), with the run's `--domain`,
    /// `--origin` and network options.
    /// - Parameter originOnlyForDomains: see ``DocumentSource/load(_:domain:origin:originOnlyForDomains:network:console:)``.
    func load(_ source: String, originOnlyForDomains: Bool = true, kind: (any DocumentKind.Type)? = nil,
              recognizes: Bool = false) throws -> LoadedDocument {
        let s = try options(SourceOptions.self)
        return try DocumentSource.load(source, domain: s.domain, origin: s.origin, originOnlyForDomains: originOnlyForDomains,
                                       kind: kind, recognizes: recognizes, network: try options(NetworkOptions.self), console: console)
    }
}
