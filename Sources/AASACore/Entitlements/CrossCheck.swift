/// One domain file the entitlement cross-check needs (aasa-reference.md §2, §3).
public struct DomainFileRequest: Sendable, Hashable {
    /// The host to fetch `https://<host>/.well-known/apple-app-site-association` from: the
    /// entry's host, the apex for a `*.` wildcard, with `:port` when the entry has one.
    public var host: String
    /// Whether Apple's CDN copy matters: `false` when every entry for the host is in an
    /// alternate mode (`?mode=developer`/`managed` bypass the CDN).
    public var checkCDN: Bool
    /// Indices of the entitlement entries this file serves.
    public var entryIndices: [Int]

    public init(host: String, checkCDN: Bool, entryIndices: [Int]) {
        self.host = host
        self.checkCDN = checkCDN
        self.entryIndices = entryIndices
    }
}

/// AASA607: does each domain's file list the app ID for the service its entitlement entry
/// names? Pure: the caller fetches (or reads) the files.
public enum EntitlementCrossCheck {
    /// The key a document is looked up by for an entry: ``DomainFileRequest/host``.
    public static func fileKey(_ entry: AssociatedDomainEntry) -> String {
        entry.fileHost + (entry.port.map { ":\($0)" } ?? "")
    }

    /// Whether an entry is checked against a file: well formed, a service with a file
    /// (`applinks`, `webcredentials`, `appclips`, `activitycontinuation`), and usable by the
    /// system (no IP address or port outside an alternate mode, AASA606).
    public static func isChecked(_ entry: AssociatedDomainEntry) -> Bool {
        guard entry.isWellFormed, let service = entry.service, service.isCheckedAgainstFile else { return false }
        if !entry.isAlternateMode, entry.isIPAddress || entry.port != nil { return false }
        if entry.isWildcard, service == .appclips { return false }
        return true
    }

    /// The files to load for `entries`, one per host, in the order hosts first appear.
    public static func plan(_ entries: [AssociatedDomainEntry]) -> [DomainFileRequest] {
        var order: [String] = []
        var byHost: [String: DomainFileRequest] = [:]
        for entry in entries where isChecked(entry) {
            let key = fileKey(entry)
            if byHost[key] == nil {
                order.append(key)
                byHost[key] = DomainFileRequest(host: key, checkCDN: false, entryIndices: [])
            }
            byHost[key]!.entryIndices.append(entry.index)
            if !entry.isAlternateMode { byHost[key]!.checkCDN = true }
        }
        return order.compactMap { byHost[$0] }
    }

    /// How one entry fared against its domain's file for one app ID.
    public struct Verdict: Sendable {
        public enum Outcome: Sendable, Hashable {
            /// The file lists the app ID for the entry's service.
            case listed
            /// An `appclips` entry of the full app: the file lists this App Clip of the app
            /// (same App ID prefix, bundle ID = the app's + `.` + more), which is what the file
            /// must hold (Apple: Configuring the App Clip's associated domains).
            case listedClip(String)
            /// The file does not list the app ID: the finding (AASA607).
            case missing(Diagnostic)
        }

        /// The entitlement entry judged.
        public var entry: AssociatedDomainEntry
        /// The app ID it was judged for.
        public var appID: String
        /// ``DomainFileRequest/host``: the host whose file decided.
        public var host: String
        public var outcome: Outcome

        /// The AASA607 finding, when the app ID is missing.
        public var diagnostic: Diagnostic? {
            if case .missing(let d) = outcome { return d }
            return nil
        }
    }

    /// Checks that `appID` is listed, for each entry's service, in the document of the entry's
    /// file host: applinks in a `details` entry (`appIDs`, `appID` or a dictionary key);
    /// `webcredentials`, `appclips`, `activitycontinuation` in `apps`. App IDs compare as the
    /// system compares them: the App ID prefix case-insensitively, the bundle id exactly.
    ///
    /// `appclips:HOST` belongs in the entitlements of both the full app and its App Clip, while
    /// the file's `appclips.apps` lists the clip's app ID only: the full app's entry is
    /// satisfied when `appclips.apps` lists a clip of the app (same App ID prefix, bundle ID =
    /// the app's bundle ID + `.` + at least one more character), and stays AASA607 when only
    /// other apps' clips are listed (issue 10).
    /// - Parameters:
    ///   - entries: the entitlement's entries (others than checked ones are skipped).
    ///   - appID: `<App ID prefix>.<bundle id>`.
    ///   - documents: parsed files by ``DomainFileRequest/host``; a host without a document
    ///     (not fetched, not JSON) is skipped: its failure is reported by whoever loaded it.
    ///   - file: the entitlements path, for `file`.
    ///   - appIsClip: whether `appID` is an App Clip's (``EntitlementsReport/isAppClip``): the
    ///     hint then proposes its own app ID for `appclips.apps`, not a clip of it.
    /// - Returns: one verdict per checked entry with a document, in entry order; a missing app
    ///   ID carries its AASA607, placed on the entry (line and column in the entitlements file),
    ///   `target` the host.
    public static func verdicts(
        entries: [AssociatedDomainEntry], appID: String, documents: [String: AASADocument], file: String?,
        appIsClip: Bool = false
    ) -> [Verdict] {
        let wanted = AppIdentity.canonical(appID)
        var out: [Verdict] = []
        for entry in entries where isChecked(entry) {
            let key = fileKey(entry)
            guard let document = documents[key], let service = entry.service else { continue }
            let place = entry.isWildcard
                ? "the file of \(key) (which serves `*.\(entry.host)`)" : "the file of \(key)"
            let listed: [String]
            let missingWhat: String?
            switch service {
            case .applinks:
                if let links = document.applinks {
                    listed = links.details.flatMap { $0.appIDs.map(\.value) }
                    missingWhat = nil
                } else {
                    listed = []
                    missingWhat = "has no `applinks` service"
                }
            default:
                if let apps = document.appsService(service.rawValue) {
                    listed = apps.apps?.map(\.value) ?? []
                    missingWhat = apps.apps == nil ? "has no `\(service.rawValue).apps` array" : nil
                } else {
                    listed = []
                    missingWhat = "has no `\(service.rawValue)` service"
                }
            }
            var verdict = Verdict(entry: entry, appID: appID, host: key, outcome: .listed)
            if listed.contains(where: { AppIdentity.canonical($0) == wanted }) {
                out.append(verdict)
                continue
            }
            if service == .appclips, !appIsClip, let clip = listed.first(where: { isClip($0, of: appID) }) {
                verdict.outcome = .listedClip(clip)
                out.append(verdict)
                continue
            }
            let where_ = service == .applinks ? "in any `applinks.details` entry" : "in `\(service.rawValue).apps`"
            let message = missingWhat.map { "\(place) \($0), so `\(EntitlementsLinter.shown(entry.raw))` does not work for \(EntitlementsLinter.shown(appID))" }
                ?? "\(place) does not list \(EntitlementsLinter.shown(appID)) \(where_), so `\(EntitlementsLinter.shown(entry.raw))` does not work for this app"
            verdict.outcome = .missing(Diagnostic(
                code: .aasa607, message: message, hint: hint(appID: appID, listed: listed, service: service, appIsClip: appIsClip),
                pointer: "/" + associatedDomainsKey + "/\(entry.index)", location: entry.location,
                target: key, source: .entitlements, file: file))
            out.append(verdict)
        }
        return out
    }

    /// The AASA607 findings of ``verdicts(entries:appID:documents:file:appIsClip:)``.
    public static func check(
        entries: [AssociatedDomainEntry], appID: String, documents: [String: AASADocument], file: String?,
        appIsClip: Bool = false
    ) -> [Diagnostic] {
        verdicts(entries: entries, appID: appID, documents: documents, file: file, appIsClip: appIsClip).compactMap(\.diagnostic)
    }

    /// Whether `candidate` is the app ID of an App Clip of `appID`: the same App ID prefix
    /// (case-insensitive) and a bundle ID that extends the app's by `.` and at least one more
    /// character (Apple: Creating an App Clip with Xcode, "the App Clip's bundle ID uses the
    /// full app's bundle ID as its prefix").
    public static func isClip(_ candidate: String, of appID: String) -> Bool {
        let app = AppIdentity(appID: appID, origin: .argument)
        let clip = AppIdentity(appID: candidate, origin: .argument)
        guard !app.bundleID.isEmpty, clip.prefix.uppercased() == app.prefix.uppercased() else { return false }
        let stem = app.bundleID + "."
        return clip.bundleID.utf8.count > stem.utf8.count && clip.bundleID.utf8.starts(with: stem.utf8)
    }

    /// What the file lists instead, pointing out a near miss (same bundle id, other prefix;
    /// or a bundle id differing only in case).
    static func hint(appID: String, listed: [String], service: AssociatedDomainService, appIsClip: Bool = false) -> String {
        let wanted = AppIdentity(appID: appID, origin: .argument)
        let shownList = listed.prefix(5).map { "`\(EntitlementsLinter.shown($0))`" }.joined(separator: ", ")
            + (listed.count > 5 ? " and \(listed.count - 5) more" : "")
        let key = service == .applinks ? "appIDs of a details entry" : "\(service.rawValue).apps"
        if let near = listed.first(where: {
            let other = AppIdentity(appID: $0, origin: .argument)
            return other.bundleID == wanted.bundleID && other.prefix.uppercased() != wanted.prefix.uppercased()
        }) {
            return "the file lists `\(EntitlementsLinter.shown(near))`: the same bundle id with another App ID prefix; "
                + "the prefix must be the one the app is signed with"
        }
        if let near = listed.first(where: {
            $0.lowercased() == appID.lowercased() && AppIdentity.canonical($0) != AppIdentity.canonical(appID)
        }) {
            return "the file lists `\(EntitlementsLinter.shown(near))`: bundle ids compare case-sensitively"
        }
        if service == .appclips, appIsClip {
            // The App Clip's own entry: the file must list this very app ID.
            let add = "add \"\(EntitlementsLinter.shown(appID))\" (this App Clip's app ID) to appclips.apps"
            return listed.isEmpty ? add : "the file lists \(shownList), not this App Clip; " + add
        }
        if service == .appclips {
            // The full app's entry is satisfied by a clip of it; the clip's own entry by its ID.
            let add = "add the App Clip's app ID (for the full app, a clip of it: \"\(EntitlementsLinter.shown(appID)).Clip\" "
                + "or whatever its bundle ID is) to appclips.apps"
            return listed.isEmpty ? add : "the file lists \(shownList), none of them this app or a clip of it; " + add
        }
        if listed.isEmpty { return "add \"\(EntitlementsLinter.shown(appID))\" to \(key)" }
        return "the file lists \(shownList); add \"\(EntitlementsLinter.shown(appID))\" to \(key)"
    }
}

extension EntitlementsLinter {
    /// Runs the pipeline of a ``CodeExample/crossCheck(entitlements:appID:files:)`` example:
    /// lints the entitlements, validates each domain file, and cross-checks (AASA607).
    /// - Throws: ``EntitlementsError`` when the entitlements text is not readable.
    public static func runCrossCheckExample(_ xml: String, appID: String, files: [String: String])
        throws(EntitlementsError) -> [Diagnostic]
    {
        let file = try EntitlementsFile.read(Array(xml.utf8), path: nil)
        let report = lint(file, appID: appID)
        var documents: [String: AASADocument] = [:]
        for (host, text) in files {
            documents[host] = Validator.validate(Array(text.utf8), domain: host).document
        }
        return report.diagnostics
            + EntitlementCrossCheck.check(entries: report.entries, appID: appID, documents: documents, file: nil)
    }
}
