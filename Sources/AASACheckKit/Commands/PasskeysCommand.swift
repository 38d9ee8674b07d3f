import AASACore
import Foundation

/// `aasa-check passkeys RP_ID [--web-origin ORIGIN]... [--entitlements FILE | --app-id ID]...
/// [--apk FILE | --package NAME --fingerprint SHA256] [--callback URL]...`: one RP ID across the
/// entitlement, the AASA file, assetlinks.json and /.well-known/webauthn (spec
/// `webauthn-reference.md` §4, `cli.md` `origins`; issue 24).
public enum PasskeysCommand: Command {
    public static let name = "passkeys"
    public static let abstract = "One RP ID across the entitlement, the AASA file, assetlinks.json and /.well-known/webauthn."
    public static let usage = "aasa-check passkeys RP_ID [--web-origin ORIGIN]... [--entitlements FILE | --app-id ID]... [--apk FILE | --package NAME --fingerprint SHA256]... [--callback URL]..."
    public static let discussion = """
    Judges whether apps and web pages may use the passkeys (and saved passwords) of RP_ID, the
    way the platforms decide it (webauthn-reference.md):
      - the RP ID itself: a lowercase ASCII host name, no port, not an IP address, not a public
        suffix (WAN401);
      - https://RP_ID/.well-known/webauthn, fetched as a browser does (HTTPS redirects followed,
        at most 10; 200; application/json; at most 262,144 bytes; 10 s) and read strictly:
        "origins" (not "related_origins"), strings only, each a real origin (WAN1xx–WAN3xx);
      - each --web-origin: accepted when it is same-site with the RP ID, or when the file lists
        it within the budget of five registrable labels, counted in file order with the Public
        Suffix List that libpsl ships (private section included); otherwise refused with the
        reason (not listed, listed after the fifth label, file unusable: WAN402–WAN404);
      - Apple (--entitlements or --app-id): webcredentials:RP_ID in the entitlement (WAN601, a
        wildcard or parent entry only WAN602) and the app in the RP ID's webcredentials.apps,
        Apple's CDN copy deciding as on devices (WAN603); each --callback (an
        ASWebAuthenticationSession HTTPS callback) needs webcredentials for its host in the
        entitlement and its host's file (WAN604, WAN605: applinks is not enough);
      - Android (--apk, or --package and --fingerprint): https://RP_ID/.well-known/assetlinks.json judged as
        `check --platform android` does, and the package granted both
        delegate_permission/common.get_login_creds and .handle_all_urls (WAN606, WAN607) for
        the certificate devices see (the Play app signing key for Play builds; WAN608);
      - an association made on a related origin (a --web-origin or webauthn entry on another
        site) instead of the RP ID: webcredentials:HOST in the entitlement, or HOST's AASA file
        or assetlinks.json listing the app where the RP ID's does not (WAN610, info: apps sign in
        with the RP ID's own association; related origins need none);
      - the origins the relying party server must accept: https://RP_ID for Apple apps,
        android:apk-key-hash: + base64url(SHA-256 of the certificate), 43 characters, for each
        Android certificate (WAN609). (A Google reply once spoke of a SHA-1 hash per the FIDO
        facets; the observed origins are SHA-256.)
    --apk reads the package and signing certificates from an .apk (an .aab carries only the upload
    key, which Google Play replaces: give --fingerprint with the Play app signing key). The Apple
    half is judged only with --entitlements, --app-id or --callback, the Android half only with
    --apk or --package; the webauthn file always. Which passkey provider and browser version a
    user has, and the platforms' caches, cannot be seen from here.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check passkeys example.com --web-origin https://example.co.uk --web-origin https://www.example.com",
         "Which web origins may call WebAuthn with this RP ID, and why"),
        ("aasa-check passkeys example.com --entitlements App.entitlements", "The iOS app's webcredentials entry against the RP ID's AASA file"),
        ("aasa-check passkeys example.com --app-id ABCDE12345.com.example.app --callback https://auth.example.com/cb",
         "An ASWebAuthenticationSession HTTPS callback needs webcredentials too"),
        ("aasa-check passkeys example.com --app-id ABCDE12345.com.example.app --auth-url /oauth/authorize",
         "The sign-in page must stay in the browser: a warning when the app's links open it"),
        ("aasa-check passkeys example.com --apk app-release.apk", "Android: the APK's package and certificates against the RP ID's assetlinks.json"),
        ("aasa-check passkeys example.com --package com.example.app --fingerprint 14:6D:E9:…:44:E5 --json",
         "Android: both relations for the Play signing key, and the android:apk-key-hash: origin"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--web-origin", value: "ORIGIN", repeatable: true, help: "A web origin that will call WebAuthn with the RP ID (https://shop.example.co.uk); repeatable."),
        OptionSpec("--entitlements", value: "FILE", help: "The app's entitlements (.entitlements, .xcent, profile, signed executable, .app, .ipa): its webcredentials entries and app ID."),
        OptionSpec("--app-id", value: "ID", repeatable: true, help: "App ID (TEAMID.bundle.id) that must be in the RP ID's webcredentials.apps; repeatable."),
        apkSpec, AndroidOptions.packageSpec, AndroidOptions.fingerprintSpec,
        CredentialFlow.callbackSpec,
        SignInFlow.authURLSpec,
    ] + NetworkOptions.specs

    static let apkSpec = OptionSpec("--apk", value: "FILE",
        help: "The Android app (.apk, .aab or AndroidManifest.xml): its package, and the certificates it is signed with unless --fingerprint is given.")

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard arguments.positionals.count == 1, let rpID = arguments.positionals.first else {
            throw UsageError("give one RP_ID (example.com); see `aasa-check passkeys --help`")
        }
        let options = try context.options(NetworkOptions.self)
        let out = context.output
        let webOrigins = try arguments.all("--web-origin").map { text -> String in
            guard case .success(let o) = WebOrigin.parse(text), o.isTuple, o.scheme == "https" || o.scheme == "http" else {
                throw UsageError("--web-origin \(SafeText.value(text)): not a web origin (write https://host[:port])")
            }
            return text
        }
        let callbacks = try CredentialFlow.callbacks(arguments)
        var callbackHosts: [String] = []
        for c in callbacks {
            if case .success(let o) = WebOrigin.parse(c), let host = o.host, !callbackHosts.contains(host) { callbackHosts.append(host) }
        }
        let authURLs = try SignInFlow.authURLs(arguments)
        var package = try arguments.value("--package").map(AndroidOptions.packageName)
        var fingerprints = try arguments.all("--fingerprint").map(AndroidOptions.fingerprint)
        if let path = arguments.value("--apk") {
            let app = try ApkFlow.passkeyApp(path, packageName: package, fingerprints: fingerprints, output: out, console: context.console)
            package = app.package
            fingerprints = app.fingerprints
            app.notes.forEach { out.note($0) }
        }
        if !fingerprints.isEmpty && package == nil {
            throw UsageError("--fingerprint needs --package (or --apk): the certificate of which app?")
        }
        var appIDs = arguments.all("--app-id")
        var associatedDomains: [String]? = nil
        var entitlementsLabel: String? = nil
        if let path = arguments.value("--entitlements") {
            guard let file = EntitlementsInput.read(path, into: out, console: context.console) else {
                return RunEnd()
            }
            associatedDomains = file.associatedDomains.entries.map(\.raw)
            entitlementsLabel = file.path ?? "<stdin>"
            if let id = file.applicationIdentifier, !appIDs.contains(id) { appIDs.append(id) }
        }
        var inputs = PasskeyInputs(rpID: rpID, webOrigins: webOrigins, associatedDomains: associatedDomains, appIDs: appIDs,
                                   callbacks: callbacks, androidPackage: package, androidFingerprints: fingerprints)
        // An RP ID that cannot be one: nothing to fetch.
        if PasskeyWeb.rpIDProblem(rpID) != nil {
            out.findings(PasskeyChecks.run(inputs).diagnostics)
            return RunEnd(subject: SafeText.escape(rpID))
        }
        let apple = associatedDomains != nil || !appIDs.isEmpty || !callbacks.isEmpty
        // --auth-url: the RP ID's AASA file decides it (every app of the file without --app-id).
        let kinds: [any DocumentKind.Type] = (apple || !authURLs.isEmpty ? [AppleSiteAssociation.self] : []) + (package != nil ? [AssetLinksKind.self] : [])
            + [WebAuthnKind.self]
        let rpTarget = try CheckTarget.parse(rpID)
        var outcomes: [DomainOutcome] = []
        DomainCheck.stream([rpTarget], options: options, kinds: kinds, process: { $0 }, emit: { _, o in outcomes.append(o) })
        let others = apple ? callbackHosts.filter { $0 != rpID } : []
        if !others.isEmpty {
            let targets = try others.map(CheckTarget.parse)
            DomainCheck.stream(targets, options: options, kinds: [AppleSiteAssociation.self], process: { $0 }, emit: { _, o in outcomes.append(o) })
        }
        for outcome in outcomes {
            let host = outcome.target.host
            if let deployed = outcome.deployed {
                if let document = deployed.deciding?.document {
                    inputs.webcredentialsApps[host] = document.webcredentials?.apps?.map(\.value) ?? []
                } else {
                    inputs.aasaProblems[host] = "no copy of the file is usable (see its findings)"
                }
            }
            guard host == rpID else { continue }
            for section in outcome.sections {
                if let resolved = section.judgement.model as? ResolvedStatementList {
                    inputs.assetLinksStatements = resolved.statements
                } else if section.kind == AssetLinksKind.self {
                    inputs.assetLinksProblem = "it was not read (see its findings)"
                }
                if let deployment = section.judgement.model as? WebAuthnDeployment {
                    inputs.webauthn = deployment.file
                    inputs.webauthnUsable = deployment.isUsable
                }
            }
        }
        // Check 11: where the RP ID's own association is missing, the related origins' files
        // tell whether it was made there instead. Only read for that: their own findings are
        // not reported (a related origin needs no association file for web passkeys).
        let related = PasskeyChecks.relatedFilesToRead(inputs)
        var relatedRead: [String] = []
        for (hosts, kind) in [(related.aasa, AppleSiteAssociation.self as any DocumentKind.Type), (related.assetLinks, AssetLinksKind.self)] where !hosts.isEmpty {
            let targets = hosts.compactMap { try? CheckTarget.parse($0) }
            DomainCheck.stream(targets, options: options, kinds: [kind], process: { $0 }, emit: { _, o in
                let host = o.target.host
                if let document = o.deployed?.deciding?.document { inputs.webcredentialsApps[host] = document.webcredentials?.apps?.map(\.value) ?? [] }
                for section in o.sections {
                    if let resolved = section.judgement.model as? ResolvedStatementList { inputs.relatedAssetLinks[host] = resolved.statements }
                }
            })
            relatedRead.append("\(kind == AssetLinksKind.self ? "assetlinks.json" : "the AASA file") of \(hosts.joined(separator: ", "))")
        }
        if !relatedRead.isEmpty {
            out.note("read \(relatedRead.joined(separator: " and ")) only to see whether the app's association was made on a related origin instead of \(rpID) (WAN610); their own findings are not reported", kind: .remark)
        }
        var checks = PasskeyChecks.run(inputs)
        // A finding about the entitlement names the file to change (--entitlements).
        if let entitlementsLabel {
            checks.diagnostics = checks.diagnostics.map { d in
                guard d.source == .entitlements, d.file == nil else { return d }
                var d = d
                d.file = entitlementsLabel
                return d
            }
        }
        let signIn = SignInFlow(authURLs: authURLs, appIDs: appIDs, package: package, fingerprints: fingerprints)
        // Each finding goes with the domain it names (a callback host's file); the rest with the RP ID.
        let otherHosts = Set(outcomes.map(\.target.host)).subtracting([rpID])
        for outcome in outcomes {
            let host = outcome.target.host
            if host == rpID {
                let signedIn = authURLs.isEmpty ? SignInFlow.Result() : signIn.judge(outcome)
                signedIn.notes.forEach { out.note($0) }
                var report = out.report(for: outcome, adding: checks.diagnostics.filter { !otherHosts.contains($0.target ?? rpID) } + signedIn.diagnostics)
                report.origins = checks.origins
                report.serverOrigins = checks.serverOrigins
                out.domain(report)
            } else {
                out.domain(out.report(for: outcome, adding: checks.diagnostics.filter { $0.target == host }))
            }
        }
        if let notice = signIn.unjudgedNotice(judged: [rpID]) { out.note(notice, kind: .notice) }
        if !apple { out.note("the Apple half is not judged: give --entitlements, --app-id or --callback", kind: .remark) }
        if package == nil { out.note("the Android half is not judged: give --apk, or --package (and --fingerprint)", kind: .remark) }
        out.note("registrable labels from the \(PublicSuffixList.snapshot.description)", kind: .remark)
        return RunEnd(subject: outcomes.count > 1 ? "\(outcomes.count) domains" : nil,
                      reminder: "A correct setup does not prove a given browser or passkey provider follows it: related origins need Chrome 128+, Safari 18+ (Firefox: implemented in source; check your version).")
    }
}
