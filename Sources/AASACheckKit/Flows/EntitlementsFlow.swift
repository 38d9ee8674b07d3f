import AASACore
import Foundation

/// The one entitlements flow of `aasa-check entitlements` and `check --entitlements` (issue 21:
/// one truth per fact): read the inputs of any kind with `--profile` and the build settings,
/// lint each file, bundle and slice, compare source entitlements with the build beside them,
/// plan which domain files are needed for which service and app, and cross-check against the
/// files the caller loads (fetched, or `--domain-file`). Both commands run exactly this; each
/// keeps only its failure policy (what stops the run, what is exit status 2, what needs an
/// app ID).
struct EntitlementsFlow {
    /// One set of entitlements as linted, with the app IDs its domains are checked for.
    struct Checked {
        var report: EntitlementsReport
        /// `--app-id` for the main app when given, else the entitlement's own app ID; empty for
        /// a slice that repeats another, and when no app ID is known.
        var appIDs: [String]
        /// The app itself (a source file, a profile, a built app's main bundle), not a nested
        /// bundle (the App Clip, an extension, the Watch app).
        var isMainApp: Bool
        /// Index of the input (in the order given) it was read from.
        var input: Int
    }

    /// A part of an input that could not be read (exit status 2), and the input.
    struct Problem {
        var input: Int
        var unreadable: EntitlementsInput.Unreadable
    }

    /// The inputs as given (`-` for standard input).
    var inputs: [String]
    /// `--app-id` values.
    var appIDs: [String]
    /// The `--profile` file, when read.
    var profile: EntitlementsFile?
    /// Why `--profile` could not be read (`entitlements`: exit status 2 and on; `check`: a
    /// usage error).
    var profileProblem: EntitlementsInput.Unreadable?
    /// Every file, bundle and slice read, in input order.
    var checked: [Checked] = []
    /// Findings about the inputs themselves, in the order found: the profile's (AASA612,
    /// AASA619), each input's containers (AASA612, AASA616, AASA617, AASA619), each subject's
    /// lint, then source entitlements against the build (AASA623, AASA624).
    var diagnostics: [Diagnostic] = []
    /// Parts of inputs that could not be read.
    var problems: [Problem] = []
    /// XML bytes by label, for excerpts.
    var sources: [String: [UInt8]] = [:]

    /// Reads, lints and compares `paths` with the options of `arguments` (`--app-id`,
    /// `--profile`, `--xcconfig`, `--configuration`, `--build-setting`).
    /// - Throws: ``UsageError`` for a malformed `--app-id` or build setting, an unreadable
    ///   `.xcconfig`, or a `--profile` that is not a provisioning profile. Unreadable inputs
    ///   and an unreadable `--profile` are recorded, not thrown: the caller's policy decides.
    /// - Parameter namedBy: the configuration file when it named `paths` (not the command
    ///   line): an input that yields nothing is then one AASA116 that quotes nothing of it.
    static func read(_ paths: [String], namedBy: String? = nil, arguments: ParsedArguments, console: Console,
                     now: Date = Date()) throws -> EntitlementsFlow {
        var flow = EntitlementsFlow(inputs: paths, appIDs: try arguments.appIDs())
        if let path = arguments.value("--profile") {
            do {
                let (file, bytes) = try EntitlementsInput.read(path, console: console)
                guard file.profile != nil else {
                    throw UsageError("--profile \(SafeText.value(path)): not a provisioning profile (no Entitlements dictionary)")
                }
                if let bytes { flow.sources[file.path ?? "<stdin>"] = bytes }
                flow.profile = file
                // The capability once; the app ID for each --app-id.
                flow.diagnostics += EntitlementsLinter.checkProfile(file, appID: flow.appIDs.first)
                for appID in flow.appIDs.dropFirst() {
                    flow.diagnostics += EntitlementsLinter.checkProfileSigns(file, appID: appID)
                }
                flow.diagnostics += EntitlementsLinter.checkExpiry(file, now: now)
            } catch let problem as EntitlementsInput.Unreadable {
                flow.profileProblem = problem
            }
        }
        let settings = try BuildSettingsInput.parse(arguments, appID: flow.appIDs.first, profile: flow.profile?.profile,
                                                    console: console)
        // Includes not read (refused, or not an .xcconfig): AASA116 each.
        flow.diagnostics += settings?.findings ?? []
        for (input, path) in paths.enumerated() {
            let loaded = EntitlementsInput.load(path, namedBy: namedBy, console: console, now: now)
            flow.sources.merge(loaded.sources) { a, _ in a }
            flow.problems += loaded.unreadable.map { Problem(input: input, unreadable: $0) }
            flow.diagnostics += loaded.diagnostics
            flow.lint(loaded, input: input, settings: settings, now: now)
        }
        flow.compareSourcesWithBuilds()
        return flow
    }

    /// Lints every subject of `loaded`: each bundle's entitlements with its own profile (else
    /// `--profile`), source files with the build settings expanded. The first `--app-id` is
    /// the app checked for source files and for a built app's main bundle; nested bundles are
    /// checked with their own signed app ID. A slice that repeats an earlier one is listed
    /// with its own label and reports nothing.
    private mutating func lint(_ loaded: EntitlementsInput.Loaded, input: Int, settings: BuildSettings?, now: Date) {
        let mainBundle = loaded.subjects.first?.source.bundle
        let first = checked.count
        for subject in loaded.subjects {
            let signed = subject.file.isCodeSignature
            let isMainApp = subject.source.bundle == mainBundle
            if let earlier = subject.sameAs, first + earlier < checked.count {
                var same = checked[first + earlier]
                same.report.source = subject.source
                same.report.file.path = subject.file.path
                same.report.diagnostics = []
                same.report.isRepeat = true
                same.appIDs = []
                checked.append(same)
                continue
            }
            let profileUsed = subject.profile ?? profile
            var report = EntitlementsLinter.lint(
                subject.file, appID: isMainApp ? appIDs.first : nil, profile: profileUsed, now: now,
                settings: signed ? nil : settings)
            report.source = subject.source
            if signed, !isMainApp, subject.file.associatedDomains == .absent {
                // A built app's nested bundles claim nothing unless their entitlements say so;
                // one whose signature carries no entitlements at all lost them when signed.
                report.diagnostics.removeAll {
                    $0.code == .aasa614 || ($0.code == .aasa622 && subject.file.applicationIdentifier != nil)
                }
            }
            // A profile given with --profile for another app than the entitlement's own
            // application-identifier (with --app-id, the lint compares both with it).
            if appIDs.isEmpty, subject.profile == nil, let profile, subject.file.profile == nil,
               let own = subject.file.applicationIdentifier, AppIdentity.isConcrete(own)
            {
                report.diagnostics += EntitlementsLinter.checkProfileSigns(profile, appID: own, source: .entitlements(subject.file.path))
            }
            if subject.file.profile != nil {
                // The lint checked the profile with the first --app-id; the others' app IDs too.
                for appID in appIDs.dropFirst() {
                    report.diagnostics += EntitlementsLinter.checkProfileSigns(subject.file, appID: appID)
                }
            }
            diagnostics += report.diagnostics
            // Nested bundles are checked with their own signed app ID.
            let ids = appIDs.isEmpty || report.appIdentity?.origin != .argument
                ? [report.appIdentity?.appID].compactMap { $0 } : appIDs
            checked.append(Checked(report: report, appIDs: ids, isMainApp: isMainApp, input: input))
        }
    }

    /// AASA623 and AASA624: each source entitlements file against the build given beside it
    /// (``SourceAndBuild``): the bundle of the first built input signed with its
    /// application-identifier, else the one sharing the most entries.
    private mutating func compareSourcesWithBuilds() {
        let builds = checked.filter { $0.report.file.isCodeSignature && !$0.report.isRepeat }.map(\.report)
        guard !builds.isEmpty else { return }
        for source in checked where !source.report.file.isCodeSignature && source.report.file.profile == nil {
            guard let i = SourceAndBuild.counterpart(of: source.report, among: builds) else { continue }
            diagnostics += SourceAndBuild.compare(source: source.report, build: builds[i])
        }
    }

    /// The linted sets that have an app ID to check their domains for.
    var withAppID: [Checked] { checked.filter { !$0.appIDs.isEmpty } }

    /// Sets that claim domains but have no app ID to check them for (not a repeated slice).
    var withoutAppID: [Checked] {
        checked.filter { !$0.report.isRepeat && $0.appIDs.isEmpty && !EntitlementCrossCheck.plan($0.report.entries).isEmpty }
    }

    /// The app IDs of the app itself (the main app of a built input, a source file's): what
    /// `check --entitlements` judges the domains and routes for.
    var mainAppIDs: [String] {
        var seen: Set<String> = []
        return checked.filter(\.isMainApp).flatMap(\.appIDs).filter { seen.insert(AppIdentity.canonical($0)).inserted }
    }

    /// The domain files the cross-check needs: each host once, in the order hosts first appear,
    /// its CDN copy needed when any entry for it is in normal mode.
    var plan: [DomainFileRequest] {
        var out: [DomainFileRequest] = []
        var index: [String: Int] = [:]
        for request in withAppID.map({ EntitlementCrossCheck.plan($0.report.entries) }).joined() {
            if let i = index[request.host] {
                out[i].checkCDN = out[i].checkCDN || request.checkCDN
            } else {
                index[request.host] = out.count
                out.append(request)
            }
        }
        return out
    }

    /// The cross-check of every entry against the domain files loaded (AASA607), and which App
    /// Clip satisfied a full app's `appclips` entry.
    /// - Parameter documents: parsed files by ``DomainFileRequest/host``; a host without one
    ///   (not loaded, not JSON) is skipped: whoever loaded it reported why.
    func crossCheck(documents: [String: AASADocument]) -> (diagnostics: [Diagnostic], clipNotices: [String]) {
        var found: [Diagnostic] = []
        var notices: [String] = []
        for item in withAppID {
            for appID in item.appIDs {
                for verdict in EntitlementCrossCheck.verdicts(
                    entries: item.report.entries, appID: appID, documents: documents, file: item.report.file.path,
                    appIsClip: item.report.isAppClip)
                {
                    switch verdict.outcome {
                    case .missing(let d): found.append(d)
                    case .listedClip(let clip):
                        notices.append("\(verdict.host): `\(verdict.entry.raw)` of \(appID) is satisfied by its App Clip "
                            + "\(clip), listed in appclips.apps")
                    case .listed: break
                    }
                }
            }
        }
        return (found, notices)
    }

    /// AASA607 for each entry the origin's file satisfies and Apple's CDN copy does not: the
    /// copy decides on devices until the CDN refreshes (``DeployedFile``), as `check
    /// --entitlements` judges it.
    /// - Parameters:
    ///   - origins: the origin's files by host, as ``crossCheck(documents:)`` took them.
    ///   - copies: the CDN copies that decide, by host.
    func copyLag(origins: [String: AASADocument], copies: [String: AASADocument]) -> [Diagnostic] {
        guard !copies.isEmpty else { return [] }
        var out: [Diagnostic] = []
        for (host, copy) in copies.sorted(by: { $0.key < $1.key }) {
            guard let origin = origins[host] else { continue }
            let missingAtOrigin = Set(crossCheck(documents: [host: origin]).diagnostics.map(\.message))
            for d in crossCheck(documents: [host: copy]).diagnostics where !missingAtOrigin.contains(d.message) {
                var d = d
                d.message += " in Apple's CDN copy, which devices read; the origin's file lists it"
                d.hint = "The CDN fetches the file again within about a day; until then this entry does not work on iOS 14 and later."
                d.source = .cdn
                out.append(d)
            }
        }
        return out
    }

    /// What `check DOMAIN --entitlements` adds for one domain (``CheckedDomain``): the
    /// cross-check of the entries this domain's file serves, and for the app itself whether the
    /// entitlement claims the domain (AASA621) and the served file lists it (AASA607).
    /// - Parameters:
    ///   - cdnCopy: Apple's CDN copy of the file, when fetched and usable.
    ///   - fileLabel: how findings name the served file.
    func judge(host: String, document: AASADocument, cdnCopy: AASADocument?, fileLabel: String?) -> [Diagnostic] {
        CheckedDomain.judge(host: host, apps: withAppID.map { .init(report: $0.report, appIDs: $0.appIDs, isMainApp: $0.isMainApp) },
                            document: document, cdnCopy: cdnCopy, fileLabel: fileLabel)
    }
}
