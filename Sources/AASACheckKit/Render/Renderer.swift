import AASACore

/// One output format: a type that writes the results of a run as they arrive.
///
/// Commands never write their results themselves: they hand typed results to ``RunOutput``,
/// which applies the configuration's `ignore`, cuts long text, counts findings for the exit
/// status, and passes each result on to the renderer of the chosen `--format`. A renderer
/// writes through its ``OutputSink`` whenever it likes: the text and GitHub renderers write
/// each result as it comes; JSON, SARIF, JUnit and HTML write what comes before the end of
/// their document to a ``SpillBuffer`` and write the one document at ``finish(_:)``, so none
/// holds more than a domain's results in memory.
///
/// **No silent default** (issue 21): every result method is a requirement with no default,
/// so a format cannot drop a kind of result by forgetting it. A format shows each result, or
/// counts the ones it has no place for in its ``LeftOut`` and says so once at the end, in its
/// own shape (``LeftOut/sentence(format:)``). `ResultKindTests` runs every command in every
/// format and checks that each result appears or is declared left out.
///
/// **Adding a format**: one file in `Render/` with a type conforming to `Renderer`, and its
/// line in ``OutputFormat/all``. Implement every method: show the result, or count it left out.
///
/// **Adding a result kind** (`changes` for `diff`, `coverage` tables, …): a typed value in
/// `Results/`, one method here (the compiler then asks every renderer for it), a
/// ``LeftOut/Kind`` case, one method on ``RunOutput`` that passes it on (after cutting its
/// long text, if it quotes any), and in each renderer either a way to show it or a count of
/// it left out.
///
/// **Per-domain records** (`check`): ``domain(_:)`` receives one ``DomainReport`` per domain,
/// in input order, as soon as it and the domains before it are done; it holds everything
/// about that domain (fetches, findings with their source lines, route verdicts, counts and
/// exit status), and no renderer needs the domains before it to show it. A renderer that
/// keeps nothing across domains but counts (every format) runs in memory that does not grow
/// with the number of domains.
///
/// Every method is called on one thread, in the order the command produced the results.
public protocol Renderer: AnyObject, SendableMetatype {
    /// The `--format` value, such as `json`.
    static var name: String { get }
    /// Whether it writes for a person at a terminal: ANSI colour is used only for such a
    /// format (and only on a terminal).
    static var isForPeople: Bool { get }
    /// Whether findings should come with the source line they point at
    /// (``Finding/excerpt``); computing excerpts costs a little per finding.
    static var showsExcerpts: Bool { get }
    /// Whether it shows the decisions of every page of `coverage` (``page(_:)``); only then
    /// are they made, since a site has millions of pages.
    static var showsEveryPage: Bool { get }
    /// Whether it shows the rule table of domain files (``RuleTable``, `html`); building one
    /// costs a pass over the rules.
    static var showsRules: Bool { get }
    /// The commands it is for (`jsonl`: `check`), or `nil` for every command.
    static var commands: [String]? { get }

    /// - Parameters:
    ///   - run: the command and the common options.
    ///   - sink: where to write standard output.
    init(run: RunInfo, sink: OutputSink)

    /// A file, domain or list the run checks, named as findings name it; it is reported
    /// even when nothing is found in it (a passing JUnit test case).
    func subject(_ subject: Subject)
    /// Findings of the command (not of a domain of `check`: those come in ``domain(_:)``),
    /// already without the ignored codes and with long text cut, at most
    /// ``RunOutput/findingsPerKind`` of one code in one place.
    func findings(_ findings: [Finding])
    /// Findings the configuration ignores, with the reason given (after ``findings(_:)``).
    func suppressed(_ suppressed: [Suppressed])
    /// Findings of one code in one place past the cap, counted (after ``findings(_:)``).
    func folded(_ folded: [Folded])
    /// Requests made outside a domain record (`match`/`routes` of a domain, `entitlements`).
    func fetches(_ fetches: [Fetch])
    /// `match`: the decisions for one URL, one per app ID (empty when no app was asked).
    func decisions(_ decisions: [MatchResult], for url: String)
    /// `routes`: one route judged for one app ID.
    func route(_ verdict: RouteVerdict)
    /// The rules of a local domain file (`validate`, `match`, `routes`), for formats that
    /// show them (``showsRules``); a `check` domain's come in its ``DomainReport``.
    func rules(_ table: RuleTable)
    /// A statement list read outside a `check` domain record (`validate`, `match` of an
    /// `assetlinks.json`): JSON `statements`.
    func statements(_ listing: StatementListing)
    /// `match --relation`: Google's check question answered (JSON `links`).
    func links(_ answers: [LinkAnswer])
    /// `check`: everything about one domain, in input order.
    func domain(_ report: DomainReport)
    /// `entitlements`: one linted entitlements file or provisioning profile.
    func entitlements(_ report: EntitlementsReport)
    /// `apk`: one Android package or manifest as read (JSON `apks`).
    func apk(_ report: ApkReport)
    /// `coverage`: the table of each app by site section, and the sitemaps read.
    func coverage(_ report: CoverageReport)
    /// `coverage`, for a format that ``showsEveryPage``: one page's decisions, as they are made.
    func page(_ page: PageDecisions)
    /// `diff`: the changes between the two files (before the findings about them).
    func diff(_ report: DiffReport)
    /// A sentence for people about the run (machine formats leave it out).
    func note(_ note: Note)
    /// `explain`: the documentation of codes; `listing` when every code was asked for.
    func documentation(_ docs: [CodeDoc], listing: Bool)
    /// An input that could not be read at all (the exit status is 2).
    func unreadable(_ input: UnreadableInput)
    /// The end of the run: counts and exit status. Write what is still to be written.
    func finish(_ summary: RunSummary)
}

extension Renderer {
    public static var isForPeople: Bool { false }
    public static var showsExcerpts: Bool { false }
    public static var showsEveryPage: Bool { false }
    public static var showsRules: Bool { false }
    public static var commands: [String]? { nil }
}

/// What every renderer knows about the run before the first result.
public struct RunInfo: Sendable {
    /// The command's name (`check`, `validate`, …).
    public var command: String
    public var failOn: FailOn
    /// `--quiet`: only findings, no progress, no summary.
    public var quiet: Bool
    /// ANSI colour, when the format and the terminal allow it.
    public var style: Style

    public init(command: String, failOn: FailOn = .error, quiet: Bool = false, style: Style = Style(enabled: false)) {
        self.command = command
        self.failOn = failOn
        self.quiet = quiet
        self.style = style
    }
}

/// Where a renderer writes standard output. Output can be routed through another writer (the
/// progress line of `check` clears itself before each write).
public final class OutputSink {
    private let console: Console
    /// When set, every write goes through it instead of straight to the console.
    var interposer: ((String) -> Void)?

    public init(console: Console) { self.console = console }

    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        if let interposer { interposer(text) } else { console.out(text) }
    }
}

/// What `--fail-on` accepts.
public enum FailOn: String, Sendable {
    case error, warning, never

    /// Whether findings of this severity make the exit status 1.
    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .error: return severity == .error
        case .warning: return severity >= .warning
        case .never: return false
        }
    }
}
