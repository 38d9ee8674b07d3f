import AASACore
import AASANet

/// `aasa-check [check] DOMAIN...`: the full check of each domain (spec `cli.md`).
public enum CheckCommand: Command {
    public static let name = "check"
    public static let abstract = "Check each domain as Apple's fetcher and CDN see it (the default command)."
    public static let usage = "aasa-check [check] DOMAIN... [--app-id ID]... [--no-cdn] [--connect-to H:P:H2:P2]... [--cacert FILE]"
    public static let discussion = """
    Fetches https://DOMAIN/.well-known/apple-app-site-association as Apple's fetcher does
    (User-Agent AASA-Bot/1.0.0, no redirects followed, TLS always verified, decoded body read
    up to 131,072 bytes + 1), and Apple's CDN copy. When the file URL fails, the legacy root
    path /apple-app-site-association is probed; when the fetcher is refused, the file URL is
    fetched again as a browser to tell bot blocking from a plain failure. The host's addresses
    are resolved to catch private or reserved ones. Then the served file is validated (line
    and column in the file as served) and the CDN copy compared with it by behaviour.
    Requests go only to the domains given and the CDN base: no cookies, no credentials.
    DOMAIN may be written example.com, https://example.com/, *.example.com (the apex file is
    checked) or example.com?mode=developer (the CDN is skipped: devices fetch directly).
    Many domains (--domains FILE) are checked as a stream, --concurrency requests at once:
    each domain is printed as soon as it and those before it are done, in the order given,
    with progress on standard error when it is a terminal; memory stays flat however many.
    A run fetches at most --max-domains domains (default 1,000): the others are counted in
    one AASA117 and not fetched, so a list cannot send unbounded requests unannounced.
    For very many: --format jsonl writes one JSON object a line per domain as it is done;
    --shard K/N splits the list among machines or processes (a stable hash of each domain);
    --resume FILE goes on after a stopped run; --rate and --cdn-concurrency keep it polite.
    Android: --platform android|all (--android = all), or an Android app (--package,
    --fingerprint), also judges https://DOMAIN/.well-known/assetlinks.json as Google's
    verifier reads it (no redirects, 200, application/json, at most 1 MiB, strict JSON), the
    fully qualified name DOMAIN. and robots.txt, and the includes it names (at most 10 files,
    no loops, no http under https): one section per platform, codes DAL…, Google's error code
    in JSON as dalErrorCode, and the statement list as Google lists it (JSON statements).
    --apk FILE (an .apk, .aab or AndroidManifest.xml, read as `aasa-check apk` reads it) or
    --package NAME [--fingerprint SHA256] cross-checks the app with each domain's file: every
    autoVerify host must serve a statement granting handle_all_urls to the package with a
    certificate devices see (DAL627; per API range for a rotated key, DAL629); an .aab's upload
    key alone is DAL628 (give the Play app signing key with --fingerprint); with minSdk 30 or
    lower one failing host unverifies every host on Android 11 and lower (DAL630); dynamic
    rules only narrow the manifest's paths (DAL631). With --routes, each route is also decided
    for the Android app by the dynamic rules (with --apk, the manifest's paths first): DAL701,
    DAL702, DAL703, and JSON routes with platform android.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check example.com", "Everything between example.com and working universal links"),
        ("aasa-check example.com www.example.com --app-id ABCDE12345.com.example.app", "Several domains, and is my app in their files?"),
        ("aasa-check --json --domains domains.txt", "Many domains, machine-readable"),
        ("aasa-check --domains top-1m.txt --format jsonl --shard 3/8 --max-domains 1000000 --rate 50 >> shard-3.jsonl", "The third of eight shards of a long list, one JSON object a line, 50 requests a second"),
        ("aasa-check --domains top-1m.txt --format jsonl --shard 3/8 --max-domains 1000000 --rate 50 --resume shard-3.jsonl >> shard-3.jsonl", "The same shard again after it stopped: only the domains not yet recorded"),
        ("aasa-check staging.example.test --connect-to ::127.0.0.1:8443 --cacert ca.pem --no-cdn", "A staging server before DNS points at it"),
        ("aasa-check example.com --android", "Apple's and Android's files (apple-app-site-association and assetlinks.json)"),
        ("aasa-check example.com --platform android --json", "Android's assetlinks.json only: statements, findings and Google's dalErrorCode"),
        ("aasa-check example.com --package com.example.shop --fingerprint 14:6D:E9:…:5E", "Both platforms, for this Android app"),
        ("aasa-check example.com www.example.com --apk app-release.apk", "Each host's assetlinks.json against what the APK ships: package, certificates, hosts (and Apple's file too)"),
        ("aasa-check example.com --platform android --apk app-release.apk", "The same for Android only: no apple-app-site-association needed"),
        ("aasa-check example.com --app-id ABCDE12345.com.example.app --auth-url https://example.com/oauth/authorize", "Does the app's own universal link swallow the sign-in page? (WAN701, with the exclude rule)"),
        ("aasa-check example.com --entitlements App.entitlements --rp-id example.com --callback https://auth.example.com/cb", "Passkeys and HTTPS callbacks need webcredentials, not applinks only"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) that must be in each domain's applinks details; repeatable."),
        OptionSpec("--domains", value: "FILE", help: "More domains, one a line (# starts a comment)."),
        OptionSpec("--routes", value: "FILE", help: "Route list judged against each domain's served file (see `aasa-check routes --help`)."),
        OptionSpec("--entitlements", value: "FILE", help: "Entitlements, .xcent, profile, signed executable, .app, .ipa or .xcarchive: linted, each bundle's entries for each domain checked against the served file, and its app implied: routes judged for it, each domain must list it and be claimed by it (AASA621)."),
        OptionSpec("--profile", value: "FILE", help: "Provisioning profile that supplies the app ID and must grant Associated Domains."),
        SignInFlow.authURLSpec, CredentialFlow.callbackSpec, CredentialFlow.rpIDSpec,
    ] + AndroidOptions.specs + BuildSettingsInput.specs + NetworkOptions.specs + BatchOptions.specs + FanOutOptions.specs

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        let options = try context.options(NetworkOptions.self)
        let batch = try context.options(BatchOptions.self)
        let fanOut = try context.options(FanOutOptions.self)
        let android = try context.options(AndroidOptions.self)
        let out = context.output
        let file = arguments.value("--domains")
        guard !arguments.positionals.isEmpty || file != nil else {
            throw UsageError("give at least one DOMAIN; see `aasa-check check --help`")
        }
        // Read as checked: a list of any length is never held whole (``DomainList``).
        let list = try DomainList(positionals: arguments.positionals, file: file, shard: batch.shard,
                                  resume: batch.resume?.log, limit: fanOut.limit, console: context.console)
        let gate = try DomainGate.load(arguments, context: context)
        // Sign-in URLs (--auth-url; without it the common sign-in paths) decided as match decides.
        let signIn = SignInFlow(authURLs: try SignInFlow.authURLs(arguments), appIDs: gate.routeAppIDs,
                                package: android.packageName, fingerprints: android.fingerprints)
        var staysInBrowser = NoteList()
        // Android routes left unjudged (only the unread manifest decides them), a few domains' worth.
        var unjudgedAndroidRoutes: [String] = []
        // --callback and --rp-id: the entitlement side once, each host's file as it is checked.
        let credentials = try CredentialFlow(parsing: arguments)
        if !credentials.isEmpty && gate.flow == nil && gate.appIDs.isEmpty {
            throw UsageError("--callback and --rp-id judge an app: give --entitlements (or --app-id)")
        }
        let mainEntries = gate.flow.map { $0.checked.filter(\.isMainApp).flatMap(\.report.entries) }
        if let flow = gate.flow { out.findings(credentials.entitlementFindings(flow)) }
        let credentialHosts = credentials.fileHosts(entitlement: gate.flow != nil)
        var judgedCredentialHosts = Set<String>()
        let signInHosts = signIn.hosts
        var judgedSignInHosts = Set<String>()
        gate.unreadable.forEach(out.unreadable)
        // Findings about the route list and entitlement come first: they hold for every domain.
        for (label, bytes) in gate.sources { out.source(label, bytes) }
        out.findings(gate.inputDiagnostics)
        for (report, _) in gate.entitlements { out.entitlements(report) }
        // --apk (or --package): the Android app, read and linted as `apk` does, then judged
        // against each domain's assetlinks.json (AppLinksCrossCheck). Unreadable: exit 2.
        var androidApp: AndroidAppCheck?
        if let path = android.apk {
            if let report = try ApkFlow.readOption(path, output: out, console: context.console, fingerprintsGiven: !android.fingerprints.isEmpty) {
                androidApp = try AndroidAppCheck(report: report, packageName: android.packageName, fingerprints: android.fingerprints,
                                                 domains: arguments.positionals)
            }
        } else if android.packageName != nil {
            androidApp = try AndroidAppCheck(report: nil, packageName: android.packageName, fingerprints: android.fingerprints,
                                             domains: arguments.positionals.map { $0.lowercased() })
        }

        if let resume = batch.resume, !context.quiet {
            context.console.err("aasa-check: \(resume.log.summary(path: resume.path))\n")
        }
        batch.prepareResumedOutput(console: context.console, sink: out.sink)

        // Domains stream through: each is judged as soon as its fetches are done, while the
        // others are still being fetched, and handed on in input order (completion order with
        // --unordered). Nothing but small records waits for its turn.
        let showProgress = context.console.stderrIsTerminal && !context.quiet
        let total = showProgress ? DomainList.estimate(positionals: arguments.positionals, file: file, shard: batch.shard,
                                                       resume: batch.resume?.log) : nil
        let progress = ProgressLine(console: context.console, total: total ?? 0, enabled: (total ?? 0) > 1)
        out.routeOutput { progress.print($0) }
        var redirected = RedirectedHosts()
        // The route list's hosts some domain of the run decides (a route on no checked host is
        // said, not dropped).
        let routeHosts = gate.routeHosts
        var judgedRouteHosts = Set<String>()
        DomainCheck.stream(from: { list.next() }, options: options, kinds: android.kinds, appIDs: gate.membershipAppIDs, ordered: !batch.unordered,
                           process: { outcome in
            progress.advance()
            let signedIn = signIn.judge(outcome)
            signedIn.notes.forEach { staysInBrowser.append($0) }
            var appFindings = (androidApp?.judge(outcome) ?? []) + signedIn.diagnostics
            if !credentials.isEmpty, let deployed = outcome.deployed, let document = deployed.deciding?.document {
                appFindings += credentials.fileFindings(host: outcome.target.host, document: document, appIDs: gate.routeAppIDs,
                                                        entries: mainEntries).map(deployed.attributed)
            }
            guard !gate.isEmpty else { return out.report(for: outcome, adding: appFindings) }
            let judged = gate.judge(outcome)
            // With Android's file fetched, the routes are judged for Android too (their own section).
            let android = gate.judgeAndroid(outcome, app: androidApp)
            for note in android.notes where unjudgedAndroidRoutes.count < 5 { unjudgedAndroidRoutes.append(note) }
            return out.report(for: outcome, adding: judged.diagnostics + appFindings + android.diagnostics, routes: judged.routes + android.routes)
        }, emit: { _, report in
            redirected.note(report.target.host, options)
            for h in routeHosts where report.target.decides(h) { judgedRouteHosts.insert(h) }
            for h in signInHosts where report.target.decides(h) { judgedSignInHosts.insert(h) }
            for h in credentialHosts where report.target.host == h { judgedCredentialHosts.insert(h) }
            out.domain(report)
        })
        progress.finish()
        if let androidApp {
            out.findings(androidApp.closing())
            for note in androidApp.notes() { out.note(note, kind: .notice) }
        }
        for note in staysInBrowser.notes { out.note(note) }
        for note in unjudgedAndroidRoutes { out.note(note, kind: .notice) }
        if let notice = signIn.unjudgedNotice(judged: judgedSignInHosts) { out.note(notice, kind: .notice) }
        if let notice = credentials.unjudgedNotice(judged: judgedCredentialHosts, entitlement: gate.flow != nil) { out.note(notice, kind: .notice) }
        if let notice = redirected.notice { out.note(notice, kind: .notice) }
        if let notice = gate.unjudgedRoutesNotice(judged: judgedRouteHosts) { out.note(notice, kind: .notice) }
        // Domains past --max-domains: one finding counts them (none was fetched).
        if let finding = list.limitFinding { out.findings([finding]) }
        // A domain given twice is checked once; each repeat says where it was given first.
        for repeated in list.repeats { out.note(repeated, kind: .notice) }
        if list.repeatsCount > list.repeats.count {
            out.note("\(list.repeatsCount - list.repeats.count) more entries repeat an earlier one (the first \(list.repeats.count) are listed)", kind: .notice)
        }
        for message in list.unreadable { out.unreadable(message) }
        if list.unreadableCount > list.unreadable.count {
            out.unreadable("\(list.unreadableCount - list.unreadable.count) more entries are not domains (the first \(list.unreadable.count) are listed)")
        }
        if list.entries == 0 {
            throw UsageError("give at least one DOMAIN; --domains \(SafeText.value(file ?? "")) has none")
        }
        if !context.quiet, batch.shard != nil || batch.resume != nil {
            var parts: [String] = []
            if let shard = batch.shard { parts.append("shard \(shard): \(list.otherShards) in other shards") }
            if let resume = batch.resume { parts.append("\(list.resumed) already in \(SafeText.value(resume.path))") }
            context.console.err("aasa-check: \(list.handedOut) domain\(list.handedOut == 1 ? "" : "s") checked (\(parts.joined(separator: "; ")))\n")
        }
        // One domain's own line is its summary, unless the route list or entitlement has
        // findings of its own: then a line for the whole run, so no "ok" stands alone above an
        // exit status of 1 or 2.
        let outsideDomains = !gate.inputDiagnostics.isEmpty || !gate.unreadable.isEmpty || android.apk != nil
        let subject = list.handedOut > 1 || outsideDomains ? "\(list.handedOut) domain\(list.handedOut == 1 ? "" : "s")" : nil
        return RunEnd(subject: subject, reminder: Self.reminder(kinds: android.kinds))
    }

    /// The closing reminder for the platforms judged: what a correct file does not prove, for
    /// Apple (the CDN's weekly refresh; spec `aasa-reference.md`), for Android (verification
    /// at install and update; `assetlinks-reference.md` §1), or both under `--platform all`.
    static func reminder(kinds: [any DocumentKind.Type]) -> String {
        let apple = kinds.contains { $0 == AppleSiteAssociation.self }
        let android = kinds.contains { $0 == AssetLinksKind.self }
        switch (apple, android) {
        case (true, true):
            return "Correct files do not prove devices have them: Apple devices refresh about weekly through Apple's CDN (links typed in Safari or tapped on a page of the same domain stay in the browser), and Android verifies when the app is installed or updated (links opened from the app's own pages or typed in the browser stay there)."
        case (false, true):
            return "A correct file does not prove devices have verified it: Android verifies when the app is installed or updated, and a link opened from the app's own pages or typed in the browser stays there."
        default:
            return "A correct file does not prove devices have fetched it: they refresh about weekly through Apple's CDN, and links typed in Safari or tapped on a page of the same domain stay in the browser."
        }
    }
}
