import AASACore

/// `aasa-check apk FILE...`: what ships on Android (spec `cli.md`, `assetlinks-reference.md`
/// §4): signing certificates and the App Links intent filters of an `.apk`, an `.aab` or an
/// `AndroidManifest.xml`, with the manifest's findings (DAL601–DAL626).
public enum ApkCommand: Command {
    public static let name = "apk"
    public static let abstract = "What ships on Android: an .apk, .aab or AndroidManifest.xml (signing certificates, App Links intent filters)."
    public static let usage = "aasa-check apk FILE... [--rp-id HOST]"
    public static let discussion = """
    FILE is told apart by its bytes: an .apk (binary manifest and signatures), an Android App
    Bundle .aab (protobuf manifest, upload key), or an AndroidManifest.xml in any form (the
    source a developer writes, binary XML from an APK, protobuf XML from a bundle). Packages are
    read in place, never extracted: the central directory, the APK Signing Block, META-INF/ and
    the manifest.

    Signing certificates: the SHA-256 fingerprint (what assetlinks.json lists) of every signer of
    the v1 (JAR), v2, v3 and v3.1 schemes, and the past certificates of a rotated key (v3
    lineage), then what devices verify per range of API levels from minSdk up: Android 13+ reads
    v3.1 (a rotated key), 9+ v3, 7+ v2, older v1. An .aab carries only its upload key: with Play
    App Signing, devices see the app signing key Google holds (Play Console, App integrity), and
    that is the fingerprint assetlinks.json must list.

    App Links: every web host of the link filters (action VIEW, category BROWSABLE, http or
    https) with whether Android verifies it (autoVerify, with the host collection of the target
    SDK: 31+ only correctly formed autoVerify filters, 30 and lower every web filter once one
    asks), the file it is verified with (a *.example.com host: example.com's), and its paths as
    PatternMatcher reads them (path exact, pathPrefix a string prefix, pathPattern the simple
    glob that never backtracks, pathAdvancedPattern, pathSuffix). The findings say what keeps a
    link from opening the app: filters never verified, missing DEFAULT, custom schemes, invalid
    hosts and ports, surprising patterns, exported="false", minSdk 30 or lower (one failing host
    unverifies every host on Android 11 and lower), wildcard quirks.

    Verification runs at install and update; Android 15+ devices with Google services also
    refetch. Ground truth on a device: adb shell pm get-app-links PACKAGE; re-verify with
    adb shell pm verify-app-links --re-verify PACKAGE.

    Passkeys (--rp-id HOST, the RP ID the app signs in on): https://HOST/.well-known/assetlinks.json
    is fetched as `check --platform android` fetches it, and the app's package must be granted
    both delegate_permission/common.get_login_creds and delegate_permission/common.handle_all_urls
    (WAN606, WAN607: Credential Manager refuses the RP ID with only one of them).

    A FILE that cannot be read (missing, a directory, a zip archive without a manifest, not a
    manifest) is reported on standard error with exit status 2; the other files are still read.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check apk app/build/outputs/apk/release/app-release.apk", "Certificates and App Links hosts of a release build"),
        ("aasa-check apk app/build/outputs/bundle/release/app-release.aab", "A bundle: its upload key, and what Play App Signing means"),
        ("aasa-check apk app/src/main/AndroidManifest.xml --format json", "The source manifest's hosts and paths as JSON (apks)"),
        ("aasa-check apk app-release.apk --rp-id example.com", "Passkeys: does example.com's assetlinks.json grant the app both relations?"),
    ]
    public static let options: [OptionSpec] = [
        OptionSpec("--rp-id", value: "HOST", help: "The RP ID the app signs in on (example.com): its assetlinks.json must grant the app's package get_login_creds and handle_all_urls (WAN606, WAN607)."),
    ] + NetworkOptions.specs.filter { $0.name != "--no-cdn" && $0.name != "--cdn-base" }

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("give at least one FILE (.apk, .aab or AndroidManifest.xml); see `aasa-check apk --help`")
        }
        let rpID = arguments.value("--rp-id")
        if let rpID, let problem = PasskeyWeb.rpIDProblem(rpID) { throw UsageError("--rp-id \(SafeText.value(rpID)): cannot be an RP ID: \(problem)") }
        let out = context.output
        let flow = ApkFlow.read(arguments.positionals, console: context.console)
        for item in flow.items {
            if let text = item.sourceText { out.source(item.manifestLabel, text) }
        }
        for problem in flow.problems { out.unreadable(problem.message, subject: problem.path) }
        var diagnostics = flow.diagnostics
        // --rp-id: the RP ID's statements against each app's package (spec webauthn-reference.md §4 row 7).
        if let rpID {
            let packages = flow.reports.compactMap(\.app.package)
            if !packages.isEmpty {
                var outcomes: [DomainOutcome] = []
                DomainCheck.stream([try CheckTarget.parse(rpID)], options: try context.options(NetworkOptions.self), kinds: [AssetLinksKind.self],
                                   process: { $0 }, emit: { _, o in outcomes.append(o) })
                for outcome in outcomes {
                    out.fetches(outcome.fetches)
                    diagnostics += outcome.diagnostics
                    let statements = outcome.statementList?.statements
                    for package in Set(packages).sorted() {
                        diagnostics += PasskeyChecks.androidFindings(PasskeyInputs(rpID: rpID, androidPackage: package, assetLinksStatements: statements,
                                                                                   assetLinksProblem: statements == nil ? "it was not read (see its findings)" : nil))
                    }
                }
            }
        }
        out.findings(diagnostics)
        for report in flow.reports { out.apk(report) }
        for path in arguments.positionals { out.subject(path, kind: .androidApp) }
        let files = arguments.positionals.count
        return RunEnd(subject: files == 1 ? "1 file" : "\(files) files")
    }
}
