/// Which entitlement entries claim a domain for a service (aasa-reference.md §3): the entry
/// naming the host, or a `*.` wildcard over one of its parent domains (which does not cover the
/// parent itself). Pure.
public enum DomainClaim {
    /// How an entitlement stands to one host for one service.
    public enum Claim: Sendable, Hashable {
        /// An entry the system uses claims the host: it names it, or is a wildcard over it.
        case claimed(AssociatedDomainEntry)
        /// No usable entry claims it, but an entry holds a build setting not expanded
        /// (AASA613): it may become one, so nothing is concluded.
        case undecided(AssociatedDomainEntry)
        /// Nothing claims the host for the service.
        case unclaimed
    }

    /// How `entries` claim `host` for `service`.
    /// - Parameters:
    ///   - host: the domain as checked, lower case, with `:port` when it has one.
    ///   - service: the service asked about (`applinks` for universal links).
    ///   - entries: the entitlement's entries as resolved (build settings expanded when given).
    /// - Returns: the first entry that claims it (one in normal mode before one in a mode:
    ///   `?mode=developer` entries serve development builds only), else the first entry that
    ///   cannot be judged without build settings, else ``Claim/unclaimed``.
    public static func claim(_ host: String, service: AssociatedDomainService, entries: [AssociatedDomainEntry]) -> Claim {
        let (name, port) = split(host)
        var moded: AssociatedDomainEntry?
        var undecided: AssociatedDomainEntry?
        for entry in entries {
            if !entry.unresolvedVariables.isEmpty {
                // `$(APPLINK)` or `applinks:$(HOST)` may become this host for this service.
                let serviceOpen = entry.service == service || entry.service == nil
                if undecided == nil, serviceOpen { undecided = entry }
                continue
            }
            guard entry.service == service, EntitlementCrossCheck.isChecked(entry), entry.port == port,
                  covers(entry, name)
            else { continue }
            if !entry.isAlternateMode { return .claimed(entry) }
            if moded == nil { moded = entry }
        }
        if let moded { return .claimed(moded) }
        if let undecided { return .undecided(undecided) }
        return .unclaimed
    }

    /// Whether `entry` names `name` (a host without port): itself, or for a wildcard any
    /// subdomain of its apex (the apex itself is not covered).
    static func covers(_ entry: AssociatedDomainEntry, _ name: String) -> Bool {
        if !entry.isWildcard { return entry.host == name }
        return name.utf8.count > entry.host.utf8.count + 1 && name.hasSuffix("." + entry.host)
    }

    /// `example.com:8443` → (`example.com`, 8443); an IPv6 literal in brackets keeps them.
    static func split(_ host: String) -> (String, Int?) {
        guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"),
              host[..<colon].firstIndex(of: ":") == nil || host.hasPrefix("["),
              let port = Int(host[host.index(after: colon)...])
        else { return (host, nil) }
        var name = String(host[..<colon])
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return (name, port)
    }

    /// AASA621: `host` is checked for universal links, but the entitlement of `appID` claims it
    /// with no `applinks:` entry, so no link on it can open the app (aasa-reference.md §3: each
    /// host needs its own entry; `*.example.com` does not cover `example.com`).
    /// - Parameters:
    ///   - entries: the app's entries as resolved.
    ///   - appID: the app, for the message (`nil` when not known).
    ///   - file: the entitlements as findings name them.
    /// - Returns: `nil` when an entry claims the host, or one may once build settings are
    ///   expanded.
    public static func unclaimed(_ host: String, entries: [AssociatedDomainEntry], appID: String?, file: String?) -> Diagnostic? {
        guard case .unclaimed = claim(host, service: .applinks, entries: entries) else { return nil }
        let (name, port) = split(host)
        let app = appID.map { EntitlementsLinter.shown($0) } ?? "the app"
        var why: [String] = []
        // What the entitlement does hold for this host, or for universal links elsewhere.
        let otherServices = entries.filter {
            $0.service != .applinks && $0.service != nil && EntitlementCrossCheck.isChecked($0) && $0.port == port && covers($0, name)
        }
        if !otherServices.isEmpty {
            why.append("it claims \(name) for " + list(otherServices.map { "`\(EntitlementsLinter.shown($0.raw))`" })
                + " only, and each service needs its own entry")
        }
        if let wildcard = entries.first(where: {
            $0.service == .applinks && $0.isWildcard && $0.host == name && $0.isWellFormed
        }) {
            why.append("`\(EntitlementsLinter.shown(wildcard.raw))` covers the subdomains of \(name), not \(name) itself")
        }
        if let dropped = entries.first(where: {
            $0.service == .applinks && $0.host == name && !EntitlementCrossCheck.isChecked($0)
        }) {
            why.append("`\(EntitlementsLinter.shown(dropped.raw))` (\(dropped.label)) names it, but the system drops that entry")
        }
        let claimed = entries.filter { $0.service == .applinks && EntitlementCrossCheck.isChecked($0) }.map(\.displayHost)
        var seen: Set<String> = []
        let hosts = claimed.filter { seen.insert($0).inserted }
        if why.isEmpty {
            why.append(hosts.isEmpty ? "it has no applinks entry at all"
                : "its applinks entries are " + list(hosts.prefix(5).map { EntitlementsLinter.shown($0) })
                    + (hosts.count > 5 ? " and \(hosts.count - 5) more" : ""))
        }
        let shownHost = EntitlementsLinter.shown(host)
        // Claimed for another service only (`webcredentials:` for passkeys, `appclips:`): the
        // app may use the host for that alone, so this is a warning, not an error — a gate
        // that fails a passkeys-only domain gets switched off.
        if !otherServices.isEmpty {
            return Diagnostic(
                code: .aasa621, severity: .warning,
                message: "\(shownHost) is checked for universal links, but the entitlement of \(app) has no `applinks:` entry for it ("
                    + why.joined(separator: "; ") + "): universal links on \(shownHost) do not open this app, which is right only if "
                    + "the app uses \(shownHost) for those services alone",
                hint: "if links on \(shownHost) should open the app, add `<string>applinks:\(shownHost)</string>` to \(associatedDomainsKey) "
                    + "and sign again; otherwise leave \(shownHost) out of the check",
                pointer: "/" + associatedDomainsKey, target: host, source: .entitlements, file: file)
        }
        return Diagnostic(
            code: .aasa621,
            message: "\(shownHost) is checked, but the entitlement of \(app) has no `applinks:` entry for it ("
                + why.joined(separator: "; ") + "): universal links on \(shownHost) can never open this app",
            hint: "add `<string>applinks:\(shownHost)</string>` to \(associatedDomainsKey) (Xcode: Signing & Capabilities, "
                + "Associated Domains) and sign again, or stop sending universal links to \(shownHost)",
            pointer: "/" + associatedDomainsKey, target: host, source: .entitlements, file: file)
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}

/// What `check DOMAIN --entitlements E` adds for one domain (aasa-reference.md §2–§4): the
/// entitlement implies the app, so the domain's served file is judged for it as `--app-id`
/// judges it, and each of E's entries served by this domain's file is cross-checked for its
/// service. Pure: the caller fetches the files.
public enum CheckedDomain {
    /// One set of entitlements with the app IDs its domains are checked for.
    public struct App: Sendable {
        public var report: EntitlementsReport
        /// The app IDs to check (`--app-id`, else the entitlement's own); empty for a slice
        /// that repeats another.
        public var appIDs: [String]
        /// The app itself, not a nested bundle (an extension, the App Clip, the Watch app):
        /// the app a domain checked must claim (AASA621) and list (AASA607).
        public var isMainApp: Bool

        public init(report: EntitlementsReport, appIDs: [String], isMainApp: Bool) {
            self.report = report
            self.appIDs = appIDs
            self.isMainApp = isMainApp
        }
    }

    /// The findings for one checked domain.
    /// - Parameters:
    ///   - host: the domain as checked (lower case, `:port` kept).
    ///   - apps: the linted entitlements and their app IDs.
    ///   - document: the domain's served file.
    ///   - cdnCopy: Apple's CDN copy of it, when fetched and usable (devices read that one).
    ///   - fileLabel: how findings name the served file.
    /// - Returns: AASA607 for each entry this file serves whose app ID it does not list for
    ///   the entry's service (on the entitlement entry); for each main app, AASA621 when no
    ///   `applinks:` entry claims the host (not for a provisioning profile, which lists no
    ///   domain), and AASA607 when the served file (or the CDN copy) lists the app in no
    ///   `applinks` details entry, unless an entry already said so.
    public static func judge(
        host: String, apps: [App], document: AASADocument, cdnCopy: AASADocument? = nil, fileLabel: String?
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen: Set<String> = []
        for app in apps {
            let report = app.report
            for appID in app.appIDs {
                out += EntitlementCrossCheck.check(entries: report.entries, appID: appID, documents: [host: document],
                                                   file: report.file.path, appIsClip: report.isAppClip)
            }
            guard app.isMainApp else { continue }
            // A provisioning profile grants the capability for any domain: it claims none.
            if report.file.profile == nil,
               let d = DomainClaim.unclaimed(host, entries: report.entries, appID: app.appIDs.first, file: report.file.path)
            {
                out.append(d)
            }
            // An applinks entry served by this file was cross-checked above, on its own line.
            let crossChecked = report.entries.contains {
                $0.service == .applinks && EntitlementCrossCheck.isChecked($0) && EntitlementCrossCheck.fileKey($0) == host
            }
            for appID in app.appIDs where seen.insert(AppIdentity.canonical(appID)).inserted {
                out += AppMembership.check([appID], document: document, domain: host, fileLabel: fileLabel, cdnCopy: cdnCopy,
                                           origin: !crossChecked)
            }
        }
        return out
    }
}
