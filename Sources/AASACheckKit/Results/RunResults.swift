import AASACore

/// A file, domain or list a run checks (``Renderer/subject(_:)``).
public struct Subject: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// An apple-app-site-association file read locally.
        case domainFile
        /// A domain whose files are fetched (`check`).
        case domain
        /// An entitlements file or provisioning profile.
        case entitlements
        /// A route list.
        case routeList
        /// A sitemap or sitemap index (`coverage`).
        case sitemap
        /// An `.apk`, `.aab` or `AndroidManifest.xml` (`apk`).
        case androidApp
    }

    /// As findings name it (their ``AASACore/Diagnostic/placeLabel``).
    public var name: String
    public var kind: Kind

    public init(_ name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// An input that could not be read at all (exit status 2). Every format shows it as a
/// failure (JUnit `<error>`, SARIF `invocations`, GitHub `::error`), and it is repeated on
/// standard error.
public struct UnreadableInput: Sendable {
    /// The file (or `<stdin>`) the reason is about, as the report names it; `nil` when unknown.
    public var subject: String?
    /// One line: what could not be read, and why.
    public var message: String

    public init(subject: String?, message: String) {
        self.subject = subject
        self.message = message
    }
}

/// A sentence for people about the run, not a finding.
public struct Note: Sendable {
    public enum Kind: Sendable {
        /// A remark (`note: …`); left out with `--quiet`.
        case remark
        /// Advice about what was asked, shown even with `--quiet` (`match` on a file that
        /// lists no app).
        case advice
        /// A fact about the run every format states (a check skipped, an entry given twice):
        /// `note: …` in text, `notes` in JSON, a notification in SARIF, `::notice` for GitHub.
        case notice
    }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .remark) {
        self.text = text
        self.kind = kind
    }
}

/// How a run ended: the counts of findings (without the ignored codes) and the exit status.
public struct RunSummary: Sendable {
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// Inputs that could not be read.
    public var unreadable = 0
    /// Findings the configuration ignores (not in the counts above).
    public var ignored = 0
    /// 0 clean, 1 a finding at or above `--fail-on`, 2 an input could not be read.
    public var exitCode: Int32 = 0
    /// What the text summary line is about (`3 files`, `17 routes, …`), or `nil` for none.
    public var subject: String?
    /// A closing sentence for people when nothing failed and every input was read.
    public var reminder: String?

    public init() {}
}

/// One domain of `check`, everything renderers show about it (``Renderer/domain(_:)``).
///
/// Small: no bodies are kept, only the lines findings point at. Made as soon as the domain's
/// fetches are judged (in completion order) and handed to the renderer in input order.
public struct DomainReport: Sendable {
    /// The domain as given (``CheckTarget/input``), its host and mode.
    public var target: CheckTarget
    /// Requests made for it, in the order made.
    public var fetches: [Fetch]
    /// The host's addresses, when they were looked up.
    public var addresses: [String]?
    /// Its findings, without the ignored codes, long text cut, with source lines.
    public var findings: [Finding]
    /// `--routes`: the route list judged against its served file.
    public var routes: [RouteVerdict]
    /// Findings the configuration ignores, and those of a kind past the cap.
    public var suppressed: [Suppressed] = []
    public var folded: [Folded] = []
    /// How many findings the configuration ignores.
    public var ignored = 0
    /// The served file's rules, for formats that show them (``Renderer/showsRules``).
    public var rules: RuleTable? = nil
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// 1 when one of its findings reaches `--fail-on`, else 0.
    public var exitCode: Int32 = 0
    /// One per document kind checked (Apple's first): which file, and its own counts.
    public var sections: [DomainSection] = []
    /// Android's statement list as Google's `statements.list` returns it (JSON `statements`),
    /// when Android's file was judged.
    public var statements: [ListedStatement] = []
    /// `passkeys`: each `--web-origin`'s verdict for this RP ID (JSON `origins`, cli.md), and
    /// the origins the relying party server must accept.
    public var origins: [PasskeyWeb.Verdict] = []
    public var serverOrigins: [String] = []

    /// `ok` or `failed` (``Verdict/of(exitCode:errors:)``).
    public var verdict: String { Verdict.of(exitCode: exitCode, errors: errors) }
}

/// The one wording of a verdict, for every format (issue 21): `incomplete` when the command
/// could not run as asked (exit status 2); `failed` when a finding reaches `--fail-on` or an
/// error was found — `--fail-on never` keeps the exit status 0, it does not make an error
/// ok; else `ok`.
public enum Verdict {
    /// `ok`, `failed` or `incomplete` for an exit status (0, 1, 2) and the errors found.
    public static func of(exitCode: Int32, errors: Int) -> String {
        switch exitCode {
        case 0: return errors > 0 ? "failed" : "ok"
        case 1: return "failed"
        default: return "incomplete"
        }
    }

    /// The words after a `failed` verdict whose exit status is 0 (`--fail-on never`), else "".
    public static func exitNote(exitCode: Int32, errors: Int) -> String {
        exitCode == 0 && errors > 0 ? " (--fail-on never: exit status 0)" : ""
    }
}

/// A document kind's part of a domain's record (JSON `sections`): its file and the counts of
/// the findings whose code is the kind's (``DocumentKind/codePrefix``).
public struct DomainSection: Sendable {
    /// ``DocumentKind/id``: `aasa`, `assetlinks`, `webauthn`.
    public var kind: String
    /// `ios`, `android`, `web`.
    public var platform: String
    /// The file URL.
    public var url: String
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// 1 when one of its findings reaches `--fail-on`, else 0.
    public var exitCode: Int32 = 0

    /// `ok` or `failed` (``Verdict/of(exitCode:errors:)``).
    public var verdict: String { Verdict.of(exitCode: exitCode, errors: errors) }
}
