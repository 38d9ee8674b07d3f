import AASACore
import AASANet
import Foundation

/// One document kind's part of a domain's check: the exchanges its plan made and its judgement.
public struct KindSection: Sendable {
    public var kind: any DocumentKind.Type
    /// In the order answered.
    public var exchanges: [PlannedExchange]
    public var judgement: KindJudgement
}

/// Everything learned about one domain: a section per document kind checked (Apple's first).
public struct DomainOutcome: Sendable {
    public var target: CheckTarget
    public var addresses: [String]?
    /// One per kind of the run, in the run's order.
    public var sections: [KindSection]
    /// `--app-id` membership (AASA607), from Apple's section.
    public var membership: [Diagnostic] = []

    public init(target: CheckTarget, addresses: [String]?, sections: [KindSection]) {
        self.target = target
        self.addresses = addresses
        self.sections = sections
    }

    /// Apple's file as deployed (origin, CDN copy, which decides), when Apple's kind was checked.
    public var deployed: DeployedFile? {
        sections.first { $0.kind == AppleSiteAssociation.self }?.judgement.model as? DeployedFile
    }

    /// Android's statement list after includes, when Android's kind was checked.
    public var statementList: ResolvedStatementList? {
        sections.first { $0.kind == AssetLinksKind.self }?.judgement.model as? ResolvedStatementList
    }

    /// How the origin serves Apple's file.
    public var hosting: HostingResult? { deployed?.hosting }

    /// Hosting, file, CDN and membership findings of every kind, attributed.
    public var diagnostics: [Diagnostic] { sections.flatMap(\.judgement.diagnostics) + membership }

    /// The requests made: Apple's in the order origin, legacy path, browser retry, CDN; then
    /// each other kind's in the order answered.
    public var fetches: [Fetch] {
        var out: [Fetch] = []
        for section in sections {
            if section.kind == AppleSiteAssociation.self {
                typealias R = AppleSiteAssociation.Role
                for role in [R.origin, R.legacy, R.browser, R.cdn] {
                    if let e = section.exchanges.last(where: { $0.request.role == role }) {
                        out.append(Fetch(e.record, target: target.host, role: Fetch.Role(rawValue: role)))
                    } else if role == R.origin {
                        // Never answered (the pipeline gave up): shown as the judge saw it.
                        out.append(Fetch(FetchRecord(url: HostingJudge.fileURL(for: target.host), error: AppleSiteAssociation.givenUp),
                                         target: target.host, role: .origin))
                    }
                }
            } else if section.kind == AssetLinksKind.self {
                // The file, its fully qualified twin and robots.txt, then the includes in the
                // order the resolver read them (not the order the network answered).
                typealias R = AssetLinksKind.Role
                let includes = (section.judgement.model as? ResolvedStatementList)?.records.dropFirst().map(\.url) ?? []
                let ordered = section.exchanges.enumerated().sorted { a, b in
                    func rank(_ e: PlannedExchange, _ i: Int) -> (Int, Int) {
                        switch e.request.role {
                        case R.statementList: return (0, i)
                        case R.trailingDotHost: return (1, i)
                        case R.robots: return (2, i)
                        default: return (3, includes.firstIndex(of: e.record.url) ?? includes.count + i)
                        }
                    }
                    return rank(a.element, a.offset) < rank(b.element, b.offset)
                }.map(\.element)
                out += ordered.map { Fetch($0.record, target: target.host, role: Fetch.Role(rawValue: $0.request.role)) }
            } else {
                out += section.exchanges.map { Fetch($0.record, target: target.host, role: Fetch.Role(rawValue: $0.request.role)) }
            }
        }
        return out
    }

    /// The served file as findings name it: `host/.well-known/apple-app-site-association`, or
    /// the legacy path's when only that served it.
    public var fileLabel: String { hosting?.fileLabel ?? "\(target.host)\(HostingJudge.wellKnownPath)" }
}

/// Fetches and judges domains: the origin file as Apple's fetcher, the legacy root path and a
/// browser retry when they can tell something, the resolved addresses, and Apple's CDN copy.
public enum DomainCheck {
    /// Checks `targets`, with at most `options.concurrency` requests in flight, and returns
    /// one outcome per target in the same order. Every request ends within its time limits.
    /// For many targets, ``stream(_:options:appIDs:window:process:emit:)`` keeps memory flat.
    public static func run(_ targets: [CheckTarget], options: NetworkOptions, kinds: [any DocumentKind.Type] = [AppleSiteAssociation.self],
                           appIDs: [String] = []) -> [DomainOutcome] {
        var outcomes: [DomainOutcome] = []
        outcomes.reserveCapacity(targets.count)
        stream(targets, options: options, kinds: kinds, appIDs: appIDs, window: targets.count,
               process: { $0 }, emit: { _, outcome in outcomes.append(outcome) })
        return outcomes
    }

    static func cdnSkipReason(_ t: CheckTarget, _ options: NetworkOptions) -> String? {
        if options.noCDN { return "--no-cdn was given" }
        if let mode = t.mode { return "the domain is in \(SafeText.escape(mode)) mode, which devices fetch directly, not through the CDN" }
        return nil
    }
}
