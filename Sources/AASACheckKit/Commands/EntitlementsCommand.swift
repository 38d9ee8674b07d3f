import AASACore
import Foundation

/// `aasa-check entitlements FILE... [--app-id ID] [--profile FILE]`: the Associated Domains
/// entitlement checked, then each domain's file checked for the app ID (spec `cli.md`,
/// aasa-reference.md §3, codes AASA601–AASA614).
public enum EntitlementsCommand: Command {
    public static let name = "entitlements"
    public static let abstract = "Check entitlements and provisioning profiles, then each domain's file for the app ID."
    public static let usage = "aasa-check entitlements FILE... [--app-id ID]... [--profile FILE] [--domain-file HOST=FILE]... [--xcconfig FILE]... [--build-setting NAME=VALUE]..."
    public static let discussion = """
    FILE is what ships or what it is built from, told apart by its bytes:
      - an Xcode .entitlements file, an .xcent, a binary property list, or a provisioning
        profile (.mobileprovision, .provisionprofile);
      - a signed Mach-O executable, thin or universal: the entitlements sealed in its code
        signature (XML and DER blobs), each slice's checked against the hash its CodeDirectories
        seal (AASA616) and against the other slices (AASA617);
      - an .app or .xcarchive directory, or an .ipa (read in place, never extracted): the app
        and its nested bundles (PlugIns/*.appex, AppClips/*.app, Watch/*.app), each with its
        signed entitlements and its embedded.mobileprovision (expiry AASA619, capability and
        app ID AASA612).
    Every com.apple.developer.associated-domains entry is checked against Apple's grammar
    (service:host?mode=…): typos in the service, schemes, paths, ports, IP addresses, non-ASCII
    hosts, placeholders such as example.com, duplicates, wildcards without their apex,
    developer-mode entries in a release build, managed-mode entries without the MDM-managed
    entitlement, keys given twice, more than 30 domains.

    Source entitlements may hold build settings ($(NAME), ${NAME}), which Xcode expands when it
    signs (an undefined one becomes empty). Give them with --xcconfig FILE (and --configuration
    NAME for [config=NAME] settings) or --build-setting NAME=VALUE: each entry is then checked as
    it will be signed, and one that comes out empty or malformed is AASA618, naming the setting.
    Without settings such an entry is reported as unresolved (AASA613). A Debug configuration
    is a development build (its ?mode=developer entries are not AASA603).

    What ships is judged against what it comes from: a bundle signed without the Associated
    Domains entitlement its profile grants is AASA622 (the signing step dropped it), and source
    entitlements given beside the build (App.entitlements Shop.ipa) are compared with it entry
    by entry: one the build lacks is AASA623, one only the build has AASA624.

    The app ID is --app-id, else the profile's application-identifier, else the signed one (an
    .xcent, an executable, a bundle; nested bundles are checked with their own). Then, for each
    applinks, webcredentials, appclips and activitycontinuation domain, the domain's
    apple-app-site-association must list the app ID for that service (AASA607; a full app's
    appclips entry is satisfied by its App Clip's ID); a *.example.com entry is served by
    example.com's file, and ?mode=developer domains bypass Apple's CDN, so only their origin
    file is fetched. Each domain is fetched and judged as `aasa-check DOMAIN` does (hosting,
    file, CDN copy), at most --max-domains of them (default 1,000; the rest are counted in one
    AASA117, not fetched). --domain-file HOST=FILE uses a local file as HOST's instead (check before
    you deploy).

    An unreadable FILE (malformed property list, truncated profile, broken executable or
    archive) is reported on standard error with exit status 2; the other files, and the other
    bundles of an app, are still checked.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check entitlements build/Shop.ipa", "What ships: every bundle's signed entitlements, then each domain's file"),
        ("aasa-check entitlements App/App.entitlements --app-id ABCDE12345.com.example.app",
         "Lint the entitlement and check each domain lists the app"),
        ("aasa-check entitlements App/App.entitlements --xcconfig Config/Release.xcconfig --configuration Release --app-id ABCDE12345.com.example.app",
         "Source entitlements with their $(…) build settings expanded as Xcode will"),
        ("aasa-check entitlements build/Shop.xcarchive --domain-file example.com=public/.well-known/apple-app-site-association",
         "Check an archive against the file you are about to deploy"),
        ("aasa-check entitlements App.mobileprovision", "Does the profile grant Associated Domains? Has it expired?"),
        ("aasa-check entitlements Shop.ipa --rp-id example.com --callback https://auth.example.com/cb", "Passkeys: webcredentials for the RP ID and for the HTTPS callback's host"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) the domains must list; repeatable. Default: from the profile, or the signed one."),
        OptionSpec("--profile", value: "FILE", help: "Provisioning profile that supplies the app ID and must grant Associated Domains."),
        OptionSpec("--domain-file", value: "HOST=FILE", repeatable: true, help: "Use a local file as HOST's apple-app-site-association instead of fetching it; repeatable."),
        CredentialFlow.callbackSpec, CredentialFlow.rpIDSpec,
    ] + BuildSettingsInput.specs + NetworkOptions.specs + FanOutOptions.specs

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("give at least one FILE (.entitlements, .xcent, .mobileprovision, an executable, .app, .ipa or .xcarchive), or \"entitlements\" in the configuration; see `aasa-check entitlements --help`")
        }
        var domainFiles: [String: String] = [:]
        for spec in arguments.all("--domain-file") {
            guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex, spec.index(after: eq) != spec.endIndex else {
                throw UsageError("--domain-file takes HOST=FILE; got \(SafeText.escape(spec))")
            }
            domainFiles[spec[..<eq].lowercased()] = String(spec[spec.index(after: eq)...])
        }

        let credentials = try CredentialFlow(parsing: arguments)
        let out = context.output
        // Read and lint every FILE, whatever it is: one report per file, bundle and slice.
        // Policy: an unreadable input or --profile is exit status 2; the others are checked.
        let flow = try EntitlementsFlow.read(arguments.positionals, namedBy: arguments.positionalsConfigured, arguments: arguments,
                                             console: context.console)
        for (label, bytes) in flow.sources { out.source(label, bytes) }
        if let problem = flow.profileProblem { out.unreadable(problem.message, subject: problem.subject) }
        for problem in flow.problems { out.unreadable(problem.unreadable.message, subject: problem.unreadable.subject) }
        // Findings and fetches are collected and shown after the linting, as one report.
        var diagnostics = flow.diagnostics
        // --callback, --rp-id: the entitlement's webcredentials entries (WAN604, WAN601, WAN602).
        diagnostics += credentials.entitlementFindings(flow)
        var fetches: [Fetch] = []
        var notes: [String] = []
        /// Which App Clip satisfied a full app's appclips entry: stated in every format.
        var clipNotices: [String] = []
        /// Facts about the run every format states.
        var runNotices: [String] = []
        var fetchedHosts: [String] = []

        for item in flow.withoutAppID {
            notes.append("\(item.report.file.path ?? "<stdin>"): domains not checked against their files: "
                + "no app ID (give --app-id, --profile, or an .xcent)")
        }
        // The cross-check (AASA607): each file against its own app ID unless --app-id is given.
        let plan = flow.plan
        if !plan.isEmpty {
            var documents: [String: AASADocument] = [:]
            // Apple's CDN copies where they decide (DeployedFile): an app the origin's file lists
            // but the copy does not is not associated on devices yet, as `check` says.
            var copies: [String: AASADocument] = [:]
            var toFetch: [CheckTarget] = []
            for request in plan {
                guard let path = domainFiles[request.host] else {
                    // Alternate-mode-only hosts are fetched from the origin alone: devices bypass the CDN.
                    toFetch.append(CheckTarget(input: request.host, host: request.host, plainHTTP: false,
                                               mode: request.checkCDN ? nil : "developer"))
                    continue
                }
                do {
                    let input = try InputFile.read(path, limit: Validator.parseLimit, kind: .domainFile, console: context.console)
                    let validation = input.validated(domain: request.host)
                    diagnostics += validation.diagnostics.attributed(target: request.host, source: .file, file: path)
                    out.source(path, input.bytes)
                    if let document = validation.document { documents[request.host] = document }
                    notes.append("\(request.host): checked against \(path)"
                        + (request.checkCDN ? "" : " (developer/managed mode only: Apple's CDN is bypassed)"))
                } catch let error as UsageError {
                    out.unreadable(error.message, subject: path)
                }
            }
            // At most --max-domains hosts are fetched: the entitlement was linted offline
            // above, and the hosts past the limit are counted in one AASA117.
            let limit = try context.options(FanOutOptions.self).limit
            let (fetched, skipped) = limit.split(toFetch)
            toFetch = fetched
            if var finding = limit.finding(skipped: skipped, from: "the associated-domains entitlement") {
                finding.source = .entitlements
                diagnostics.append(finding)
            }
            if !toFetch.isEmpty {
                let options = try NetworkOptions.parse(arguments)
                var redirected = RedirectedHosts()
                for outcome in DomainCheck.run(toFetch, options: options) {
                    redirected.note(outcome.target.host, options)
                    diagnostics += outcome.diagnostics
                    fetches += outcome.fetches
                    if let body = outcome.hosting?.servedBody { out.source(outcome.fileLabel, body) }
                    if let document = outcome.hosting?.validation?.document { documents[outcome.target.host] = document }
                    if let deployed = outcome.deployed, deployed.decidedBy == .cdn, let copy = deployed.cdnCopy {
                        copies[outcome.target.host] = copy.document
                    }
                    fetchedHosts.append(outcome.target.host)
                }
                if let notice = redirected.notice { runNotices.append(notice) }
            }
            if !fetchedHosts.isEmpty {
                notes.append("fetched and checked: " + fetchedHosts.joined(separator: ", "))
            }
            let crossCheck = flow.crossCheck(documents: documents)
            diagnostics += crossCheck.diagnostics
            clipNotices += crossCheck.clipNotices
            diagnostics += flow.copyLag(origins: documents, copies: copies)
            // --callback: each callback host's file devices read (WAN605 where AASA607 does not say it).
            let mainEntries = flow.checked.filter(\.isMainApp).flatMap(\.report.entries)
            for host in credentials.callbackHosts {
                guard let document = copies[host] ?? documents[host] else { continue }
                diagnostics += credentials.fileFindings(host: host, document: document, appIDs: flow.mainAppIDs, entries: mainEntries)
            }
            // A callback host the entitlement does not name is not fetched: WAN604 says to add it,
            // and the entitlement's cross-check then judges its file (AASA607).
        }
        let planned = Set(plan.map(\.host))
        for host in domainFiles.keys.sorted() where !planned.contains(host) {
            notes.append("--domain-file \(host): no entitlement entry checked against a file uses this host; ignored")
        }

        out.fetches(fetches)
        out.findings(diagnostics)
        for item in flow.checked {
            out.entitlements(item.report)
        }
        for path in arguments.positionals {
            out.subject(path == "-" ? "<stdin>" : path, kind: .entitlements)
        }
        for note in notes { out.note(note) }
        for notice in clipNotices { out.note(notice, kind: .notice) }
        for notice in runNotices { out.note(notice, kind: .notice) }
        let files = arguments.positionals.count
        return RunEnd(subject: files == 1 ? "1 file" : "\(files) files")
    }
}
