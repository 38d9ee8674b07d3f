import AASAArtifacts
import AASACore
import Foundation

/// What ships on Android read and linted, for `apk` and `check --apk` (spec
/// `assetlinks-reference.md` §4, issue 23): each FILE — an `.apk`, an `.aab` or an
/// `AndroidManifest.xml` in any form, told apart by its bytes — gives an ``ApkReport`` (package,
/// SDK levels, certificates per API range, App Links hosts and paths) and the manifest's
/// findings (``ManifestLint``, DAL601–DAL626) with the manifest's lines where the form keeps
/// them. Packages are read in place through the bounded zip reader (``AndroidArchive``): the
/// central directory, the APK Signing Block, `META-INF/` and the manifest, never more.
///
/// A file that cannot be read at all (missing, a directory, a FIFO, not a zip archive nor a
/// manifest, a zip archive without a manifest) is a ``Problem``: the command reports it as
/// unreadable (exit status 2) and goes on with the others. A manifest that is there but
/// malformed is the finding DAL601, not a problem.
public struct ApkFlow {
    /// One file read.
    public struct Item {
        /// The summary, when the manifest could be read.
        public var report: ApkReport?
        /// The manifest's findings, attributed to ``manifestLabel``.
        public var diagnostics: [Diagnostic]
        /// How findings name the manifest: the path for a manifest file, `PATH:AndroidManifest.xml`
        /// (`PATH:base/manifest/AndroidManifest.xml`) inside a package.
        public var manifestLabel: String
        /// The manifest's bytes when it is text (a source manifest), for the excerpts of findings.
        public var sourceText: [UInt8]?
    }

    /// A file that could not be read.
    public struct Problem {
        public var path: String
        public var message: String
    }

    public var items: [Item] = []
    public var problems: [Problem] = []

    /// The readable ones' reports, in input order.
    public var reports: [ApkReport] { items.compactMap(\.report) }
    /// Every finding, in input order.
    public var diagnostics: [Diagnostic] { items.flatMap(\.diagnostics) }

    /// The zip local-file-header magic: `PK\3\4`; an empty archive starts with `PK\5\6`.
    static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6)
    }

    /// Reads and lints each of `paths`.
    /// - Parameter targetSDK: the target SDK for a source manifest that declares none.
    public static func read(_ paths: [String], targetSDK: Int? = nil, console: Console) -> ApkFlow {
        var flow = ApkFlow()
        for path in paths {
            do {
                flow.items.append(try read(path, targetSDK: targetSDK, console: console))
            } catch let error as UsageError {
                flow.problems.append(Problem(path: path, message: error.message))
            } catch {
                flow.problems.append(Problem(path: path, message: "\(SafeText.value(path)): \(error)"))
            }
        }
        return flow
    }

    /// `--apk FILE` of `check` and `passkeys`: the one file read and linted as `apk` reads it,
    /// its manifest's source, findings and report handed to `output`.
    /// - Returns: the report, `nil` when the file has none.
    /// - Throws: ``UsageError`` (exit 2) when the file cannot be read.
    static func readOption(_ path: String, output: RunOutput, console: Console, fingerprintsGiven: Bool = false) throws -> ApkReport? {
        let flow = read([path], console: console)
        if let problem = flow.problems.first { throw UsageError("--apk: \(problem.message)") }
        for item in flow.items { if let text = item.sourceText { output.source(item.manifestLabel, text) } }
        output.findings(flow.diagnostics)
        let reports = flow.reports.map { r in
            var r = r
            r.fingerprintsGiven = fingerprintsGiven
            return r
        }
        for report in reports { output.apk(report) }
        return reports.first
    }

    /// The Android app `passkeys --apk FILE` judges (spec `webauthn-reference.md` §4 checks 7–9):
    /// the manifest's package, and the certificates devices see — `fingerprints` when given
    /// (the Play app signing key), else the certificates the package is signed with, each once.
    /// An App Bundle carries only its upload key, which Google Play replaces: no certificate is
    /// taken from it, and a note says to give the app signing key.
    /// - Returns: the package, the fingerprints (upper-case colon hex), and sentences for notes.
    /// - Throws: ``UsageError`` when the file cannot be read, names no package, or `--package`
    ///   contradicts it.
    static func passkeyApp(_ path: String, packageName: String?, fingerprints: [String], output: RunOutput,
                           console: Console) throws -> (package: String, fingerprints: [String], notes: [String]) {
        guard let report = try readOption(path, output: output, console: console, fingerprintsGiven: !fingerprints.isEmpty) else {
            throw UsageError("--apk \(SafeText.value(path)): no manifest could be read from it")
        }
        let check = try AndroidAppCheck(report: report, packageName: packageName, fingerprints: fingerprints, domains: [])
        guard fingerprints.isEmpty else { return (check.app.package, fingerprints, []) }
        var prints: [String] = []
        for f in check.app.devices.flatMap(\.signers) where !prints.contains(f) { prints.append(f) }
        let file = SafeText.value(report.app.file)
        if report.app.form == .appBundle {
            let upload = check.app.uploadFingerprints.first.map { " (\($0))" } ?? ""
            return (check.app.package, [], ["\(file) is an App Bundle: it carries the upload key\(upload), which Google Play replaces with the app signing key; give --fingerprint with the app signing key (Play Console → App integrity) to check that assetlinks.json links it (WAN608) and the origin the server sees (WAN609)"])
        }
        guard !prints.isEmpty else {
            return (check.app.package, [], ["\(file) shows no signing certificate: give --fingerprint to check the certificate devices see (WAN608, WAN609)"])
        }
        return (check.app.package, prints, ["the certificate\(prints.count == 1 ? "" : "s") of \(file) \(prints.count == 1 ? "is" : "are") judged (\(prints.map { String($0.prefix(11)) + "…" }.joined(separator: ", "))); builds installed from Google Play are signed with the Play app signing key: give it with --fingerprint when it differs"])
    }

    /// Reads one file.
    /// - Throws: ``UsageError`` when it cannot be read at all.
    static func read(_ path: String, targetSDK: Int?, console: Console) throws -> Item {
        guard path != "-" else {
            throw UsageError("apk reads files by their path; standard input is not read (an .apk is read in place)")
        }
        // The first bytes tell a package from a manifest; LocalFile refuses FIFOs, devices, /proc.
        let head = try InputFile.read(path, limit: 8, kind: .file, console: console).bytes
        if isZip(head) {
            let archive: AndroidArchive
            do {
                archive = try AndroidArchive(path: path, name: path)
            } catch {
                throw UsageError("\(SafeText.value(path)): \(error.description)")
            }
            let label = path + ":" + archive.manifestPath
            let bytes: [UInt8]
            do {
                bytes = try archive.tree.readAll(archive.manifestPath, limit: AndroidManifestLimits.maximumBytes, what: "the manifest")
            } catch {
                // The member is listed but cannot be inflated: the package is not installable.
                return Item(report: nil, diagnostics: [Diagnostic(
                    code: .dal601, message: "The manifest cannot be read: \(error.description)",
                    hint: "Rebuild the package; Android refuses a package whose manifest it cannot read.",
                    source: .file, file: label)], manifestLabel: label, sourceText: nil)
            }
            return lint(bytes, label: label, file: path, form: archive.container == .apk ? .apk : .appBundle,
                        signatures: archive.signatures, targetSDK: targetSDK)
        }
        let contents = try InputFile.read(path, limit: AndroidManifestLimits.maximumBytes, kind: .file, console: console)
        guard !contents.stoppedAtLimit else {
            throw UsageError("\(SafeText.value(path)): \(contents.tooLarge("the manifest"))")
        }
        guard AndroidManifest.looksLikeManifest(contents.bytes) else {
            throw UsageError("\(SafeText.value(path)): \(contents.bytes.isEmpty ? "the file is empty" : "not an .apk, an .aab nor an AndroidManifest.xml (source, binary or protobuf XML)")")
        }
        return lint(contents.bytes, label: path, file: path, form: .manifest, signatures: nil, targetSDK: targetSDK)
    }

    /// The manifest `bytes` read, summarised and linted.
    static func lint(_ bytes: [UInt8], label: String, file: String, form: AndroidApp.Form, signatures: APKSignatures?,
                     targetSDK: Int?) -> Item {
        let text: [UInt8]? = bytes.first == UInt8(ascii: "<") || bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.first.map { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } == true
            ? bytes : nil
        let manifest: AndroidManifest
        do {
            manifest = try AndroidManifest.read(bytes)
        } catch {
            return Item(report: nil, diagnostics: ManifestLint.lint(bytes: bytes, file: label), manifestLabel: label, sourceText: text)
        }
        let options = ManifestLint.Options(targetSDK: targetSDK)
        let diagnostics = ManifestLint.lint(manifest, options: options).attributed(target: nil, source: .file, file: label)
        let app = AndroidApp(file: file, form: form, manifest: manifest, signatures: signatures, targetSDK: targetSDK)
        return Item(report: ApkReport(app: app, manifestLabel: label), diagnostics: diagnostics, manifestLabel: label, sourceText: text)
    }
}

/// `check DOMAIN --apk FILE` (or `--package NAME [--fingerprint SHA256]...`): the app judged
/// against each domain's statement list as the domains finish (``AppLinksCrossCheck``), and at
/// the end what needs every host (DAL630) and the app's verified hosts no domain checked.
/// Calls come from one thread, in the order the domains are processed.
public final class AndroidAppCheck {
    public let app: AppLinksCrossCheck.App
    /// Whether the app's manifest was read (`--apk`): its link filters then decide which URLs
    /// reach the dynamic rules; `--package` alone takes every path as accepted.
    public var manifestKnown: Bool { app.filters != nil }
    private var verdicts: [AppLinksCrossCheck.HostVerdict] = []
    private var checked: Set<String> = []

    /// - Parameters:
    ///   - report: the `--apk` file as read, or `nil` for `--package` alone.
    ///   - packageName: `--package`; with a report it must be the manifest's package.
    ///   - fingerprints: `--fingerprint`s: the certificates devices see (the Play app signing key).
    ///   - domains: for `--package` alone, the domains checked stand for the app's verified hosts.
    /// - Throws: ``UsageError`` when `--package` contradicts the manifest, or the manifest names none.
    public init(report: ApkReport?, packageName: String?, fingerprints: [String], domains: [String]) throws {
        if let report {
            if let packageName, let own = report.app.package, own != packageName {
                throw UsageError("--package \(SafeText.value(packageName)) contradicts the package of \(SafeText.value(report.app.file)), \(SafeText.value(own))")
            }
            guard let app = AppLinksCrossCheck.App(report.app, fingerprints: fingerprints, package: packageName) else {
                throw UsageError("\(SafeText.value(report.app.file)): the manifest names no package; give --package")
            }
            self.app = app
        } else {
            app = Self.packageApp(packageName ?? "", fingerprints: fingerprints, hosts: domains)
        }
    }

    /// The app of `--package NAME [--fingerprint SHA256]...` without `--apk`: every host of
    /// `hosts` verified for all paths, the certificates given (none: any certificate the file
    /// lists for the package), the minimum SDK unknown.
    static func packageApp(_ package: String, fingerprints: [String], hosts: [String]) -> AppLinksCrossCheck.App {
        let hosts = hosts.map { AndroidApp.Host(host: $0, autoVerify: true, fileURL: "https://\($0)/.well-known/assetlinks.json",
                                                 paths: [], allPaths: true, groups: 0, line: nil) }
        let devices = fingerprints.isEmpty ? [] : [AndroidApp.DeviceRange(apiLevels: "every level", lowestAPILevel: 1, highestAPILevel: nil,
                                                                          scheme: nil, signers: fingerprints, fingerprints: fingerprints, refusal: nil)]
        // The minimum SDK is unknown: 31 keeps DAL630 (Android 11 and lower) from being claimed.
        return AppLinksCrossCheck.App(package: package, minimumSDK: 31, devices: devices, fingerprintsGiven: !fingerprints.isEmpty,
                                      hosts: hosts, name: package)
    }

    /// Whether one statement list verifies `package` (with one of `fingerprints` when given) for
    /// App Links: DAL627 when it does not, judged exactly as `check DOMAIN --package` judges it
    /// (``AppLinksCrossCheck/judge(_:host:list:fileLabel:)``), for `match`, `routes` and
    /// `coverage` of a SOURCE. Empty when it does.
    /// - Parameters:
    ///   - host: the host the list is served for (`--domain`, or the domain fetched); `nil` for a
    ///     local file served nowhere named.
    ///   - label: how findings name the file (its path, or the domain's file URL).
    public static func verification(package: String, fingerprints: [String], list: ResolvedStatementList?,
                                    host: String?, label: String) -> [Diagnostic] {
        guard let site = list.flatMap(Self.list) else { return [] }
        let name = host ?? "the site serving \(label)"
        let app = packageApp(package, fingerprints: fingerprints, hosts: [name])
        guard let h = app.hosts.first else { return [] }
        // A local file (even one given --domain) is named by its path, in messages and hints
        // and as the findings' file, so every format points at the lines it names.
        let served = host.map { AssetLinksKind.fileLabel(for: $0) == label } ?? false
        return AppLinksCrossCheck.judge(app, host: h, list: site, fileLabel: served ? nil : label).diagnostics
            .map { d in
                var d = d
                d.target = host ?? label
                return d
            }
            .attributed(target: host ?? label, source: .file, file: label)
    }

    /// Longest reason quoted from the finding that makes a list unusable (DAL627 and the route
    /// verdicts quote it whole: a redirect's reason, with both URLs, is about 190 characters).
    static let reasonLimit = 600

    /// The statement list a domain's check read, as the cross-check takes it.
    static func list(_ outcome: DomainOutcome) -> AppLinksCrossCheck.SiteList? {
        outcome.statementList.flatMap(Self.list)
    }

    /// A statement list as the cross-check takes it: `.unusable` when no statement can be read.
    static func list(_ resolved: ResolvedStatementList) -> AppLinksCrossCheck.SiteList? {
        if let main = resolved.files.first, main.isVoid {
            let why = main.diagnostics.first { $0.severity == .error }?.message ?? resolved.diagnostics.first { $0.severity == .error }?.message
            return .unusable(why.map { SafeText.clip($0, limit: Self.reasonLimit) } ?? "no statement can be read from it")
        }
        if resolved.files.isEmpty {
            let why = resolved.diagnostics.first { $0.severity == .error }?.message
            return .unusable(why.map { SafeText.clip($0, limit: Self.reasonLimit) } ?? "it was not fetched")
        }
        return .statements(resolved.statements, skipped: resolved.files.reduce(0) { $0 + $1.skipped })
    }

    /// The findings for one domain: each of the app's verified hosts whose file is this domain's.
    public func judge(_ outcome: DomainOutcome) -> [Diagnostic] {
        let domain = outcome.target.host
        checked.insert(domain)
        guard let list = Self.list(outcome) else { return [] }
        var out: [Diagnostic] = []
        for host in app.hosts where AppLinksCrossCheck.fileHost(host.host) == domain {
            let verdict = AppLinksCrossCheck.judge(app, host: host, list: list)
            verdicts.append(verdict)
            // Located in the served file, as the file's own findings are (DAL308), so github,
            // xcode and SARIF point at a file, not at a bare host.
            out += verdict.diagnostics.map { d in
                var d = d
                d.source = .file
                if d.file == nil { d.file = AssetLinksKind.fileLabel(for: domain) }
                return d
            }
        }
        return out
    }

    /// After every domain: DAL630 when one failing host unverifies the others on Android 11
    /// and lower.
    public func closing() -> [Diagnostic] {
        AppLinksCrossCheck.olderDevices(app, verdicts: verdicts).map { d in
            var d = d
            if d.file == nil, let host = d.target { d.file = AssetLinksKind.fileLabel(for: host) }
            return [d]
        } ?? []
    }

    /// Sentences for the run: the app's verified hosts whose file no domain of the run was, and
    /// domains the app does not verify.
    public func notes() -> [String] {
        var out: [String] = []
        let missing = app.hosts.map(\.host).filter { !checked.contains(AppLinksCrossCheck.fileHost($0)) }
        if !missing.isEmpty {
            out.append("\(app.name) also verifies " + missing.prefix(8).joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
                + ": give \(missing.count == 1 ? "it" : "them") as domains to check \(missing.count == 1 ? "its file" : "their files") too")
        }
        let declared = Set(app.hosts.map { AppLinksCrossCheck.fileHost($0.host) })
        let stray = checked.sorted().filter { !declared.contains($0) }
        for host in stray.prefix(8) {
            if let wildcard = app.hosts.first(where: { AppLinksCrossCheck.names($0.host, host) }) {
                let apex = AppLinksCrossCheck.fileHost(wildcard.host)
                out.append("\(app.name) verifies \(host) through \(wildcard.host), by https://\(apex)/.well-known/assetlinks.json, not by \(host)'s own file: check \(apex) to judge it")
            } else {
                out.append(AppLinksCrossCheck.notVerifiedByManifest(app, host: host) + ": its links there open the browser whatever the file says")
            }
        }
        if stray.count > 8 { out.append("\(stray.count - 8) more domains of the run are hosts \(app.name) does not verify") }
        return out
    }
}
