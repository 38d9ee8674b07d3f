import AASACore

/// `aasa-check apk FILE...`: what ships on Android (spec `cli.md`, `assetlinks-reference.md`
/// §4): signing certificates and the App Links intent filters of an `.apk`, an `.aab` or an
/// `AndroidManifest.xml`, with the manifest's findings (DAL601–DAL626).
public enum ApkCommand: Command {
    public static let name = "apk"
    public static let abstract = "What ships on Android: an .apk, .aab or AndroidManifest.xml (signing certificates, App Links intent filters)."
    public static let usage = "aasa-check apk FILE..."
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

    A FILE that cannot be read (missing, a directory, a zip archive without a manifest, not a
    manifest) is reported on standard error with exit status 2; the other files are still read.
    """
    public static let examples: [(String, String)] = [
        ("aasa-check apk app/build/outputs/apk/release/app-release.apk", "Certificates and App Links hosts of a release build"),
        ("aasa-check apk app/build/outputs/bundle/release/app-release.aab", "A bundle: its upload key, and what Play App Signing means"),
        ("aasa-check apk app/src/main/AndroidManifest.xml --format json", "The source manifest's hosts and paths as JSON (apks)"),
    ]
    public static let options: [OptionSpec] = []

    public static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> RunEnd {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("give at least one FILE (.apk, .aab or AndroidManifest.xml); see `aasa-check apk --help`")
        }
        let out = context.output
        let flow = ApkFlow.read(arguments.positionals, console: context.console)
        for item in flow.items {
            if let text = item.sourceText { out.source(item.manifestLabel, text) }
        }
        for problem in flow.problems { out.unreadable(problem.message, subject: problem.path) }
        out.findings(flow.diagnostics)
        for report in flow.reports { out.apk(report) }
        for path in arguments.positionals { out.subject(path, kind: .androidApp) }
        let files = arguments.positionals.count
        return RunEnd(subject: files == 1 ? "1 file" : "\(files) files")
    }
}
