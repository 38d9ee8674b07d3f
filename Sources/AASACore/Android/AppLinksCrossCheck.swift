/// The app against the sites (spec `assetlinks-reference.md` §1.2, §3.1, §4.4–§4.6; issue 23):
/// given what ships (package, the certificates devices see per range of API levels, the hosts
/// Android verifies, `minSdk`, the link filters) and, for each host's statement-list file, the
/// statements Google's parser keeps, the findings that say which App Links will not open the app:
///
/// - DAL627: a verified host whose file links no statement `handle_all_urls` → the package with
///   a certificate the devices of some API range see (or whose file cannot be used);
/// - DAL628: an App Bundle whose host lists only its upload key (an error when the Play app
///   signing key is given and missing);
/// - DAL629: the file names only a past certificate of a rotated key for some API range (AOSP
///   accepts the lineage; Google's verifier is not documented to accept it);
/// - DAL630: `minSdk` ≤ 30 and a failing host: on Android 11 and lower it unverifies every host;
/// - DAL631: a dynamic rule that names an exact path the manifest does not accept for the host
///   (rules only narrow the manifest's paths); only with the manifest's filters (``App/filters``).
///
/// Pure and linear in hosts × statements × certificates.
public enum AppLinksCrossCheck {
    /// The app side, as the cross-check needs it.
    public struct App: Sendable {
        public var package: String
        public var minimumSDK: Int
        /// Per range of API levels, the certificates devices there see; empty when unknown
        /// (a manifest alone, an App Bundle without the Play app signing key).
        public var devices: [AndroidApp.DeviceRange]
        /// An App Bundle's upload key fingerprints (no device sees them unless they are also
        /// the app signing key).
        public var uploadFingerprints: [String]
        /// The certificates were given by the user (`--fingerprint`: the Play app signing key).
        public var fingerprintsGiven: Bool
        /// The hosts Android verifies.
        public var hosts: [AndroidApp.Host]
        /// The link filters, for the dynamic rules' paths; `nil` when the manifest was not read
        /// (`--package` alone): which paths the app accepts is then unknown, so no rule is said
        /// to open a path the manifest refuses (DAL631 needs the manifest).
        public var filters: [IntentFilter]?
        /// How findings name the app (`com.example.shop (shop.apk)`).
        public var name: String
        /// Whether an enabled filter holds a value left to the build (a `${placeholder}` or
        /// `@string/…` host or path, DAL615): its paths may then be any, so no DAL631.
        public var filtersIncomplete = false

        public init(package: String, minimumSDK: Int, devices: [AndroidApp.DeviceRange], uploadFingerprints: [String] = [],
                    fingerprintsGiven: Bool = false, hosts: [AndroidApp.Host], filters: [IntentFilter]? = nil, name: String? = nil) {
            self.package = package
            self.minimumSDK = minimumSDK
            self.devices = devices
            self.uploadFingerprints = uploadFingerprints
            self.fingerprintsGiven = fingerprintsGiven
            self.hosts = hosts
            self.filters = filters
            self.name = name ?? package
        }

        /// What `app` ships; `fingerprints` (upper-case colon hex), when given, are the
        /// certificates devices see (the Play app signing key) and replace the package's.
        /// `package` (`--package`) names the app when the manifest does not: a source manifest
        /// of a Gradle project has no `package` attribute (the build sets the application ID).
        /// `nil` when neither names a package.
        public init?(_ app: AndroidApp, fingerprints: [String] = [], package given: String? = nil) {
            guard let package = app.package ?? given else { return nil }
            var devices = app.devices.filter { $0.refusal == nil }
            if !fingerprints.isEmpty {
                devices = [AndroidApp.DeviceRange(apiLevels: "\(max(1, app.minimumSDK)) and later", lowestAPILevel: max(1, app.minimumSDK),
                                                  highestAPILevel: nil, scheme: nil, signers: fingerprints, fingerprints: fingerprints, refusal: nil)]
            }
            self.init(package: package, minimumSDK: app.minimumSDK, devices: devices,
                      uploadFingerprints: app.form == .appBundle ? app.certificates.map(\.sha256) : [],
                      fingerprintsGiven: !fingerprints.isEmpty, hosts: app.verifiedHosts, filters: app.linkFilters,
                      name: "\(package) (\(app.file))")
            filtersIncomplete = app.hasUnresolvedFilterValues
        }
    }

    /// One host's statement list as read.
    public enum SiteList: Sendable {
        /// The statements Google's parser keeps, after includes (``AssetStatement``), and how
        /// many elements of the files it skipped as defective (each reported where it is).
        case statements([AssetStatement], skipped: Int = 0)
        /// No statement can be used (not fetched, not 200, not JSON, …): `reason` says why.
        case unusable(String)
    }

    /// The cross-check of `app` against `lists`, keyed by the host whose file it is (the apex
    /// for a `*.` host: ``AndroidApp/Host/fileURL``'s host). Hosts without a list are skipped.
    public static func run(_ app: App, lists: [String: SiteList]) -> [Diagnostic] {
        var verdicts: [HostVerdict] = []
        for host in app.hosts {
            guard let list = lists[fileHost(host.host)] else { continue }
            verdicts.append(judge(app, host: host, list: list))
        }
        return verdicts.flatMap(\.diagnostics) + (olderDevices(app, verdicts: verdicts).map { [$0] } ?? [])
    }

    /// Whether the manifest host `declared` names `host`: the same name (case-insensitively), or
    /// a `*.X` wildcard and a subdomain of X (spec §4.2: `*.example.com` names
    /// `www.example.com`, not `example.com`).
    public static func names(_ declared: String, _ host: String) -> Bool {
        let d = declared.lowercased(), h = host.lowercased()
        return d == h || (d.hasPrefix("*.") && h.hasSuffix(d.dropFirst(1)))
    }

    /// Why `app`'s links on `host` stay in the browser when the manifest names it in no filter
    /// Android verifies (spec §4.1), as notes and route verdicts say it.
    public static func notVerifiedByManifest(_ app: App, host: String) -> String {
        "\(app.name) verifies no host of \(host): no intent filter Android verifies names it (android:autoVerify=\"true\" with action VIEW, categories BROWSABLE and DEFAULT, only http/https schemes)"
    }

    /// What to do when a file lists only an App Bundle's upload key (DAL628, or DAL627 when
    /// the devices' certificate is known and missing).
    static let uploadKeyHint = "Add the app signing key's SHA-256 from Play Console (App integrity → App signing, or Deep links) to sha256_cert_fingerprints; keep the upload key for builds you install yourself."

    /// The host whose file verifies `host`: the apex for `*.example.com`.
    public static func fileHost(_ host: String) -> String { host.hasPrefix("*.") ? String(host.dropFirst(2)) : host }

    /// One host judged against its file.
    public struct HostVerdict: Sendable {
        public var host: String
        /// DAL627, DAL628, DAL629, DAL631 for this host.
        public var diagnostics: [Diagnostic]
        /// The host is not verified on some devices at API 30 or lower.
        public var failsOnOlderDevices: Bool
    }

    /// `host` (one of ``App/hosts``) judged against `list`, the statement list of its file host.
    /// - Parameter fileLabel: how findings name the file; `nil` is the host's
    ///   `https://HOST/.well-known/assetlinks.json` (`match` of a local file names its path).
    public static func judge(_ app: App, host: AndroidApp.Host, list: SiteList, fileLabel: String? = nil) -> HostVerdict {
        var out: [Diagnostic] = []
        var failingOnOlder: [String] = []
        let fileHost = fileHost(host.host)
        judging: repeat {
            let file = fileLabel ?? "https://\(fileHost)/.well-known/assetlinks.json"
            func fail(_ message: String, hint: String, oldDevices: Bool = true) {
                out.append(Diagnostic(code: .dal627, message: message, hint: hint, target: fileHost))
                if oldDevices { failingOnOlder.append(host.host) }
            }
            let statements: [AssetStatement]
            var skipped = 0
            switch list {
            case .unusable(let reason):
                fail("\(host.host) is not verified for \(app.name): \(file) cannot be used (\(reason)), so its App Links open the browser",
                     hint: "Serve the statement list at \(file) with status 200 and application/json, without a redirect.")
                break judging
            case .statements(let s, let n):
                statements = s
                skipped = n
            }
            let mine = statements.filter { s in
                guard s.relations.contains(AssetLinksRelation.handleAllURLs), case .androidApp(let t) = s.target else { return false }
                return t.packageName == app.package
            }
            guard !mine.isEmpty else {
                var others: [String] = []
                for s in statements where s.relations.contains(AssetLinksRelation.handleAllURLs) {
                    if case .androidApp(let t) = s.target, !others.contains(t.packageName) { others.append(t.packageName) }
                }
                let listed = others.isEmpty ? "" : "; it grants handle_all_urls to " + others.prefix(4).joined(separator: ", ") + (others.count > 4 ? ", …" : "")
                // The fix depends on what the file has: a statement for the package without the
                // relation, statements Google's parser skips, or nothing for it (new-user finding 11).
                let relations = statements.first { s in
                    if case .androidApp(let t) = s.target { return t.packageName == app.package } else { return false }
                }?.relations
                let hint: String
                if let relations {
                    hint = "Add \"\(AssetLinksRelation.handleAllURLs)\" to the relation of the statement for \(app.package) in \(file)"
                        + " (it grants \(relations.isEmpty ? "nothing" : relations.prefix(3).joined(separator: ", "))): App Links are verified by that relation only."
                } else if skipped > 0 {
                    hint = "\(file) has \(skipped) element\(skipped == 1 ? "" : "s") Google's parser skips (the errors reported for the file say where and why): "
                        + "fix the statement for \(app.package) there, or add one with its signing certificate's SHA-256."
                } else {
                    hint = "Add a statement for \(app.package) with its signing certificate's SHA-256 to \(file)."
                }
                fail("\(host.host) is not verified for \(app.name): no statement of \(file) grants delegate_permission/common.handle_all_urls to \(app.package)\(listed)",
                     hint: hint)
                break judging
            }
            var listed: [String] = []
            for s in mine { if case .androidApp(let t) = s.target { for f in t.fingerprints where !listed.contains(f) { listed.append(f) } } }
            let shownListed = listed.prefix(3).joined(separator: ", ") + (listed.count > 3 ? ", …" : "")
            // The certificates devices see, per range of API levels.
            var failing: [AndroidApp.DeviceRange] = []
            var pastOnly: [AndroidApp.DeviceRange] = []
            for range in app.devices {
                if range.signers.contains(where: listed.contains) { continue }
                if range.fingerprints.contains(where: listed.contains) { pastOnly.append(range) } else { failing.append(range) }
            }
            // Only an App Bundle's upload key: Play-installed builds carry the app signing key.
            let uploadKeyOnly = !app.uploadFingerprints.isEmpty && !listed.isEmpty && listed.allSatisfy(app.uploadFingerprints.contains)
            if !failing.isEmpty {
                let ranges = failing.map { "API \($0.apiLevels) (\($0.signers.first ?? "?"))" }.joined(separator: "; ")
                let what = app.fingerprintsGiven ? "the certificate given with --fingerprint" : "the certificate devices at \(ranges) verify"
                // The upload-key case is said here, once (DAL628 is not added beside it:
                // new-user finding 12).
                let upload = uploadKeyOnly ? ": it lists only the App Bundle's upload key, and builds installed from Google Play are signed with the app signing key" : ""
                fail("\(host.host) is not verified for \(app.name) on \(failing.count == app.devices.count ? "any device" : "devices at " + failing.map { "API \($0.apiLevels)" }.joined(separator: ", ")): "
                        + "\(file) lists \(app.package) with \(shownListed), not \(what)\(upload)",
                     hint: uploadKeyOnly ? Self.uploadKeyHint
                        : "Add the SHA-256 of the signing certificate devices see (apksigner verify --print-certs; with Play App Signing, Play Console → App integrity) to sha256_cert_fingerprints.",
                     oldDevices: failing.contains { $0.lowestAPILevel <= 30 })
            }
            for range in pastOnly {
                out.append(Diagnostic(
                    code: .dal629,
                    message: "\(file) lists \(app.package) only with a past certificate of its rotated signing key for devices at API \(range.apiLevels): "
                        + "Android's reference verifier accepts the lineage, but Google's verifier is not documented to accept it, so these devices may stay unverified",
                    hint: "List the current signer's SHA-256 (\(range.signers.first ?? "?")) beside the old one.", target: fileHost))
            }
            // An App Bundle: the upload key is not what Play-installed devices see.
            // With --fingerprint the devices' key is known: DAL627 above says it when it is missing.
            if uploadKeyOnly && failing.isEmpty && !app.fingerprintsGiven {
                out.append(Diagnostic(
                    code: .dal628,
                    message: "\(file) lists \(app.package) only with the App Bundle's upload key (\(shownListed)): builds installed from Google Play are signed with the app signing key, "
                        + "so they stay unverified unless the two are one key",
                    hint: Self.uploadKeyHint, target: fileHost))
            }
            // Dynamic rules narrow the manifest's paths; a rule whose paths the manifest all
            // refuses never opens. Only the manifest can tell which paths it refuses: no
            // filters, no DAL631.
            // A manifest value left to the build (a `${placeholder}` host) may accept anything.
            if !host.host.hasPrefix("*."), !app.filtersIncomplete, let filters = app.filters, let rules = mine.first?.dynamicRules.applied {
                for rule in rules.rules where !rule.exclude {
                    guard let path = rule.path, !path.steps.isEmpty else { continue }
                    // Exact: the whole pattern is its literal prefix (literal steps only, no `.`,
                    // which devices may read as any character, no `%`: whether a pattern is
                    // decoded is not known, §3.2).
                    let exact = Self.literalPrefix(path).utf16.count == path.steps.count
                    if exact {
                        let uri = AndroidURI("https://\(host.host)\(path.text)")
                        let accepts = filters.contains { f in
                            // A relative filter group (Android 15, which reads dynamic rules) may
                            // accept the path with a query or fragment the rule leaves open.
                            f.authorities.contains { $0.matchesHost(host.host) }
                                && (!f.relativeGroups.isEmpty || f.matchData(uri, relativeGroups: false).matched)
                        }
                        guard !accepts else { continue }
                    } else {
                        guard !Self.mayAccept(path, host: host.host, filters: filters) else { continue }
                    }
                    out.append(Diagnostic(
                        code: .dal631,
                        message: (exact
                            ? "\(rule.label) opens \(path.text) on \(host.host), but \(app.name)'s intent filters do not accept that path"
                            : "\(rule.label) opens paths on \(host.host) that \(app.name)'s intent filters all refuse (\(Self.prefixPhrase(path)))")
                            + ": dynamic rules only narrow the manifest's paths, so it never opens the app",
                        hint: "Add the path to the manifest's intent filter for \(host.host) (path, pathPrefix or pathPattern), or drop the rule.",
                        pointer: rule.pointer, location: rule.location, target: fileHost, file: mine.first!.place.depth == 0 ? nil : mine.first!.place.file))
                }
            }
        } while false
        return HostVerdict(host: host.host, diagnostics: out, failsOnOlderDevices: !failingOnOlder.isEmpty)
    }

    /// Whether some path the wildcard pattern `path` matches may be accepted by one of
    /// `filters` on `host` (DAL631 for a rule with `*` or `?`): false only when that is certain.
    /// Every path the rule matches starts with its literal prefix (``literalPrefix(_:)``, cut
    /// before a `.`, which devices may read as any character, or a `%`, §3.2), so a filter
    /// refuses them all when each of its paths is a `path` the pattern does not match (read
    /// without and with backtracking; never when either holds a `.` or `%`) or a `pathPrefix`
    /// (without `%`) that departs from that prefix; a filter without paths, or
    /// with a `pathPattern`, `pathAdvancedPattern`, `pathSuffix` or a relative filter group, is
    /// taken to accept one. A filter counts when it names the host, or has scheme-specific parts.
    static func mayAccept(_ path: RulePattern, host: String, filters: [IntentFilter]) -> Bool {
        let prefix = Array(literalPrefix(path).utf16)
        let uncertain = path.text.utf16.contains(where: isUncertain)
        return filters.contains { f in
            guard f.authorities.contains(where: { $0.matchesHost(host) }) || !f.schemeSpecificParts.isEmpty else { return false }
            // Android 15, which reads dynamic rules, reads <uri-relative-filter-group> too.
            if f.paths.isEmpty || !f.relativeGroups.isEmpty { return true }
            return f.paths.contains { p in
                switch p.kind {
                case .literal: return uncertain || p.units.contains(0x25) || path.matches(p.units) || path.matchesWithBacktracking(p.units)
                case .prefix: return p.units.contains(0x25) || p.units.starts(with: prefix) || prefix.starts(with: p.units)
                case .simpleGlob, .advancedGlob, .suffix: return true
                }
            }
        }
    }

    /// A `.` (devices may read it as any character) or a `%` (whether a pattern is decoded is
    /// not known, §3.2): where a literal comparison of a rule with a manifest path stops.
    static func isUncertain(_ unit: UInt16) -> Bool { unit == 0x2E || unit == 0x25 }

    /// Why the filters refuse every path of `path`, for DAL631's message.
    static func prefixPhrase(_ path: RulePattern) -> String {
        let prefix = literalPrefix(path)
        return prefix.isEmpty ? "no path or pathPrefix of theirs is one it can match"
            : "each starts with \(SafeText.escape(prefix, limit: 200)), which no path or pathPrefix of theirs allows"
    }

    /// The code units every path `path` matches starts with, as text: its leading literal steps,
    /// up to the first wildcard, `.` or `%`.
    static func literalPrefix(_ path: RulePattern) -> String {
        var units: [UInt16] = []
        for step in path.steps {
            guard case .literal(let u) = step, !isUncertain(u) else { break }
            units.append(u)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// DAL630, when `minSdk` ≤ 30, more than one host was judged and one fails on older devices.
    public static func olderDevices(_ app: App, verdicts: [HostVerdict]) -> Diagnostic? {
        let failingOnOlder = verdicts.filter(\.failsOnOlderDevices).map(\.host)
        if app.minimumSDK <= 30, !failingOnOlder.isEmpty, verdicts.count > 1 {
            let others = app.hosts.map(\.host).filter { !failingOnOlder.contains($0) }
            return (Diagnostic(
                code: .dal630,
                message: "\(app.name) has minSdk \(app.minimumSDK): on Android 11 and lower one failing host leaves every App Link of the app unverified, so "
                    + failingOnOlder.prefix(4).joined(separator: ", ") + (failingOnOlder.count > 4 ? ", …" : "")
                    + " \(failingOnOlder.count == 1 ? "breaks" : "break") "
                    + (others.isEmpty ? "all of its hosts there" : "also " + others.prefix(4).joined(separator: ", ") + (others.count > 4 ? ", …" : "") + " there"),
                hint: "Fix every host's assetlinks.json (or remove the host from the autoVerify filters); Android 12 and later verify each host on its own.",
                target: app.hosts.first.map { fileHost($0.host) }))
        }
        return nil
    }
}
