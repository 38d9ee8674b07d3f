import AASACore
import AASANet
import Foundation

/// Everything learned about one domain.
public struct DomainOutcome: Sendable {
    public var target: CheckTarget
    public var origin: FetchRecord
    public var legacy: FetchRecord?
    public var browser: FetchRecord?
    public var cdn: FetchRecord?
    public var addresses: [String]?
    /// The origin's file, Apple's CDN copy and which decides: asked by every command.
    public var deployed: DeployedFile
    /// How the origin serves its file (``DeployedFile/hosting``).
    public var hosting: HostingResult { deployed.hosting }
    /// Hosting, file, CDN and membership findings, attributed.
    public var diagnostics: [Diagnostic]

    /// The requests made, in the order made.
    public var fetches: [Fetch] {
        var out = [Fetch(origin, target: target.host, role: .origin)]
        if let legacy { out.append(Fetch(legacy, target: target.host, role: .legacy)) }
        if let browser { out.append(Fetch(browser, target: target.host, role: .browser)) }
        if let cdn { out.append(Fetch(cdn, target: target.host, role: .cdn)) }
        return out
    }

    /// The served file as findings name it: `host/.well-known/apple-app-site-association`, or
    /// the legacy path's when only that served it.
    public var fileLabel: String { hosting.fileLabel ?? "\(target.host)\(HostingJudge.wellKnownPath)" }
}

/// Fetches and judges domains: the origin file as Apple's fetcher, the legacy root path and a
/// browser retry when they can tell something, the resolved addresses, and Apple's CDN copy.
public enum DomainCheck {
    /// Checks `targets`, with at most `options.concurrency` requests in flight, and returns
    /// one outcome per target in the same order. Every request ends within its time limits.
    /// For many targets, ``stream(_:options:appIDs:window:process:emit:)`` keeps memory flat.
    public static func run(_ targets: [CheckTarget], options: NetworkOptions, appIDs: [String] = []) -> [DomainOutcome] {
        var outcomes: [DomainOutcome] = []
        outcomes.reserveCapacity(targets.count)
        stream(targets, options: options, appIDs: appIDs, window: targets.count,
               process: { $0 }, emit: { _, outcome in outcomes.append(outcome) })
        return outcomes
    }

    static func cdnSkipReason(_ t: CheckTarget, _ options: NetworkOptions) -> String? {
        if options.noCDN { return "--no-cdn was given" }
        if let mode = t.mode { return "the domain is in \(SafeText.escape(mode)) mode, which devices fetch directly, not through the CDN" }
        return nil
    }
}
