/// The findings about an app's manifest for App Links (the `DAL6xx` codes of the manifest:
/// DAL601–DAL626), from the model (``AndroidManifest``), the host collection
/// (``AppLinksHosts``) and the patterns (``AndroidPatternMatcher``); spec
/// `assetlinks-reference.md` §4. Each code's file under `Sources/AASACore/Codes/DAL/` says
/// when it is reported and why.
///
/// Work is linear in the manifest's size, except the `<data>` cross-product check, which
/// looks at the first 64 elements of a filter that each write a whole combination (at most
/// 4,096 pairs) and names at most three combinations.
public enum ManifestLint {
    /// What the manifest does not say and the caller knows.
    public struct Options: Sendable, Hashable {
        /// The target SDK when the manifest does not declare it (a source manifest: Gradle's
        /// `targetSdk`); overrides a declared one when `force` is set.
        public var targetSDK: Int?
        public var minimumSDK: Int?
        public init(targetSDK: Int? = nil, minimumSDK: Int? = nil) {
            self.targetSDK = targetSDK
            self.minimumSDK = minimumSDK
        }
    }

    /// The target SDK judged when a source manifest declares none and none is given: the rules
    /// of every current app (Google Play requires a recent target).
    public static let assumedTargetSDK = 35

    /// Reads the bytes (any form) and lints them; a manifest that cannot be read is DAL601.
    public static func lint(bytes: [UInt8], file: String? = nil, options: Options = Options()) -> [Diagnostic] {
        do {
            let manifest = try AndroidManifest.read(bytes)
            return lint(manifest, options: options).attributed(target: nil, source: .file, file: file)
        } catch {
            let location = error.line.map { SourceLocation(offset: error.offset ?? -1, line: $0, column: error.column ?? 1) }
            return [Diagnostic(code: .dal601, message: "The manifest cannot be read: \(error.description)",
                               hint: "Give aasa-check the AndroidManifest.xml of the APK or App Bundle, or the source manifest, as it is.",
                               location: location, source: .file, file: file)]
        }
    }

    public static func lint(_ manifest: AndroidManifest, options: Options = Options()) -> [Diagnostic] {
        var linter = Linter(manifest: manifest, options: options)
        linter.run()
        return linter.out.sorted { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
    }

    private struct Linter {
        let manifest: AndroidManifest
        let options: Options
        let hosts: AppLinksHosts
        let target: Int
        let minimum: Int
        var out: [Diagnostic] = []

        init(manifest: AndroidManifest, options: Options) {
            self.manifest = manifest
            self.options = options
            var target = manifest.sdk.target
            if !manifest.sdk.targetDeclared {
                target = options.targetSDK ?? (manifest.form == .source ? ManifestLint.assumedTargetSDK : manifest.sdk.target)
            }
            var minimum = manifest.sdk.minimum
            if !manifest.sdk.minimumDeclared, let m = options.minimumSDK { minimum = m }
            self.target = target
            self.minimum = minimum
            hosts = AppLinksHosts(manifest, targetSDK: target, minimumSDK: minimum)
        }

        mutating func add(_ code: DiagnosticCode, _ message: String, hint: String? = nil, line: Int?, severity: Severity? = nil) {
            out.append(Diagnostic(code: code, severity: severity, message: message, hint: hint,
                                  location: line.map { SourceLocation(offset: -1, line: $0, column: 1) }))
        }

        func where_(_ a: Int, _ f: Int) -> String {
            let activity = manifest.activities[a]
            return "\(activity.label)'s intent filter \(f + 1)"
        }

        mutating func run() {
            sdkFindings()
            mergeFindings()
            for (a, activity) in manifest.activities.enumerated() {
                exportedFindings(activity)
                for (i, filter) in activity.filters.enumerated() {
                    filterStructure(a, i, filter)
                    unresolvedFindings(a, i, filter)
                    patternFindings(a, i, filter)
                    if filter.handlesWebURIs(onlyWebSchemes: false) {
                        portFindings(a, i, filter)
                        caseFindings(a, i, filter)
                        crossProduct(a, i, filter)
                        groupFindings(a, i, filter)
                    }
                }
            }
            hostFindings()
        }

        mutating func sdkFindings() {
            for u in manifest.unresolved {
                add(.dal615, "`\(u.element) android:\(u.attribute)` is `\(u.text)`, which \(u.kind == .placeholder ? "the Gradle build fills in" : "only the app's resources resolve"): aasa-check judges the SDK versions without it",
                    hint: u.kind == .placeholder ? "Check the merged manifest (build/intermediates/merged_manifests/…) or the APK instead." : nil,
                    line: u.line)
            }
            if manifest.form == .source, !manifest.sdk.targetDeclared {
                add(.dal624, "The manifest declares no `targetSdkVersion` (the Gradle build sets it): the host rules are judged for target SDK \(target)\(options.targetSDK == nil ? ", as for any current app" : "")",
                    hint: "Check the APK or App Bundle for the target the build really sets; target SDK 30 and lower follow other rules.",
                    line: nil)
            }
        }

        mutating func mergeFindings() {
            guard manifest.form == .source else { return }
            for m in manifest.mergeInstructions {
                add(.dal616, "`tools:\(m.attribute)=\"\(m.value)\"` on <\(m.element)>: the manifest merger changes this part, so the app's merged manifest may differ from this file",
                    hint: "Judge the merged manifest (the APK's, or build/intermediates/merged_manifests/…/AndroidManifest.xml).",
                    line: m.line)
            }
        }

        mutating func exportedFindings(_ activity: ManifestActivity) {
            guard !activity.filters.isEmpty else { return }
            let links = activity.filters.contains { $0.handlesWebURIs(onlyWebSchemes: false) }
            if activity.exported == nil, target >= 31, !activity.isAlias {
                add(.dal625, "\(activity.label) has intent filters but does not set `android:exported`: with target SDK \(target) Android refuses to install the app",
                    hint: "Add android:exported=\"true\" to an activity that opens links.", line: activity.line)
            } else if activity.exported == false, links {
                add(.dal626, "\(activity.label) opens web links but sets `android:exported=\"false\"`: a browser cannot start it, so its links never open the app",
                    hint: "Set android:exported=\"true\" on the activity that handles the links.", line: activity.line)
            }
        }

        mutating func filterStructure(_ a: Int, _ i: Int, _ f: IntentFilter) {
            let place = where_(a, i)
            if f.autoVerify {
                let view = f.hasAction(IntentFilter.actionView), browsable = f.hasCategory(IntentFilter.categoryBrowsable)
                if !view || !browsable {
                    let missing = [view ? nil : "action VIEW", browsable ? nil : "category BROWSABLE"].compactMap { $0 }.joined(separator: " and ")
                    add(.dal602, "\(place) sets `autoVerify` but has no \(missing): Android never verifies its hosts, and no link reaches it",
                        hint: "An App Links filter needs <action android:name=\"android.intent.action.VIEW\"/> and the categories BROWSABLE and DEFAULT.",
                        line: f.line)
                } else if !f.schemes.contains(where: { $0 == "http" || $0 == "https" }) {
                    add(.dal602, "\(place) sets `autoVerify` but declares no `http` or `https` scheme: there is nothing to verify",
                        hint: "Add <data android:scheme=\"https\"/> (App Links are web links), or remove autoVerify from a custom-scheme filter.",
                        line: f.line)
                } else if f.authorities.isEmpty && f.unresolved.allSatisfy({ $0.attribute != "host" }) {
                    add(.dal602, "\(place) sets `autoVerify` but declares no host: nothing is verified, and the filter claims every web URL, as a browser does",
                        hint: "Add <data android:host=\"example.com\"/> for each host the app handles.", line: f.line)
                }
                if view && browsable && !f.hasCategory(IntentFilter.categoryDefault) {
                    add(.dal603, target >= 31
                        ? "\(place) sets `autoVerify` but has no category DEFAULT: with target SDK \(target) its hosts are never verified, and links resolved for the browser never reach it"
                        : "\(place) has no category DEFAULT: links resolved for the browser never reach it",
                        hint: "Add <category android:name=\"android.intent.category.DEFAULT\"/>.", line: f.line)
                }
                if let other = f.schemes.first(where: { $0 != "http" && $0 != "https" }), f.schemes.contains(where: { $0 == "http" || $0 == "https" }) {
                    add(.dal604, target >= 31
                        ? "\(place) sets `autoVerify` and declares the scheme `\(other)` beside http(s): with target SDK \(target) Android verifies none of the filter's hosts"
                        : "\(place) sets `autoVerify` and declares the scheme `\(other)` beside http(s): the filter does not ask for verification (it needs web schemes only)",
                        hint: "Move the `\(other)` scheme to an intent filter of its own, without autoVerify.", line: f.line)
                }
            }
        }

        mutating func unresolvedFindings(_ a: Int, _ i: Int, _ f: IntentFilter) {
            for u in f.unresolved {
                add(.dal615, "\(where_(a, i)): `<\(u.element) android:\(u.attribute)=\"\(u.text)\">` is \(u.kind == .placeholder ? "a build placeholder the Gradle build fills in" : "a resource reference only the app's resources resolve"): aasa-check cannot judge that value",
                    hint: u.kind == .placeholder ? "Check the merged manifest (the APK, or build/intermediates/merged_manifests/…) where the value is written out." : "Write the value in the manifest itself; Android also ignores a reference whose resource varies by configuration (getNonConfigurationString).",
                    line: u.line ?? f.line)
            }
        }

        mutating func portFindings(_ a: Int, _ i: Int, _ f: IntentFilter) {
            for auth in f.authorities where auth.port != nil {
                if auth.portNumber == nil {
                    add(.dal607, "\(where_(a, i)): `android:port=\"\(auth.port!)\"` is not a number: Android's package parser throws on it and the app does not install",
                        hint: "Remove android:port (App Links hosts have none).", line: auth.line, severity: .error)
                } else {
                    add(.dal607, "\(where_(a, i)): `\(auth.host)` carries `android:port=\"\(auth.port!)\"`: only URLs that write that port explicitly match (`https://\(auth.host)/` has no port and does not), while verification fetches port 443",
                        hint: "Remove android:port.", line: auth.line)
                }
            }
            for d in f.dataElements where d.port != nil && d.host == nil {
                add(.dal607, "\(where_(a, i)): a <data> sets `android:port` without `android:host` on the same element: Android drops the port",
                    hint: "Remove android:port.", line: d.line)
            }
        }

        mutating func caseFindings(_ a: Int, _ i: Int, _ f: IntentFilter) {
            for auth in f.authorities where auth.host.unicodeScalars.contains(where: { $0.value >= 0x41 && $0.value <= 0x5A }) {
                add(.dal608, "\(where_(a, i)): the host `\(auth.host)` has upper-case letters: links match it ignoring case, but Android keeps its verification state under this exact spelling, and the hosts a browser sends are lower case",
                    hint: "Write `\(auth.host.lowercased())`.", line: auth.line)
            }
        }

        mutating func crossProduct(_ a: Int, _ i: Int, _ f: IntentFilter) {
            // Elements that each write a whole combination (two or more of scheme, host, path).
            let complete = f.dataElements.filter {
                [$0.scheme != nil, $0.host != nil, !$0.paths.isEmpty].filter { $0 }.count >= 2
            }.prefix(64)
            guard complete.count >= 2 else { return }
            func written(scheme: String?, host: String?, path: String?) -> Bool {
                f.dataElements.contains { d in
                    (scheme == nil || d.scheme == scheme) && (host == nil || d.host == host) && (path == nil || d.paths.contains { $0.value == path })
                }
            }
            var examples: [String] = []
            for x in complete {
                for y in complete where x != y && examples.count < 3 {
                    if let s = x.scheme, let h = y.host, x.host != nil, y.scheme != nil, !written(scheme: s, host: h, path: nil) {
                        let e = "\(s)://\(h)"
                        if !examples.contains(e) { examples.append(e) }
                    }
                    if let h = x.host, let p = y.paths.first?.value, !x.paths.isEmpty, y.host != nil, !written(scheme: nil, host: h, path: p) {
                        let e = "\(h) with the path `\(p)`"
                        if !examples.contains(e) { examples.append(e) }
                    }
                }
            }
            guard !examples.isEmpty else { return }
            add(.dal609, "\(where_(a, i)) writes its <data> elements as separate combinations, but Android merges them: every scheme, host and path combine, so it also accepts \(examples.map { "`\($0)`" }.joined(separator: ", "))",
                hint: "Give each combination that must stay apart an intent filter of its own.", line: f.line)
        }

        mutating func groupFindings(_ a: Int, _ i: Int, _ f: IntentFilter) {
            guard !f.relativeGroups.isEmpty else { return }
            if !f.paths.isEmpty {
                add(.dal610, "\(where_(a, i)) has both top-level path attributes and <uri-relative-filter-group>s: a URL whose path matches a top-level path opens the app even where a group would block it",
                    hint: "Move the paths into groups (an allow group with the path), in the order they must be tried.", line: f.line)
            }
            if minimum < 35 && !f.authorities.isEmpty {
                add(.dal621, "\(where_(a, i))'s <uri-relative-filter-group>s are read from Android 15 on: with minSdkVersion \(minimum), devices on Android 14 and lower ignore them and the filter accepts \(f.paths.isEmpty ? "every path" : "its top-level paths only") there",
                    hint: "Expect the wider match on older devices, or keep the exclusions in the site's dynamic rules, which older devices ignore too.", line: f.relativeGroups[0].line ?? f.line)
            }
        }

        mutating func patternFindings(_ a: Int, _ i: Int, _ f: IntentFilter) {
            var matchers: [(AndroidPatternMatcher, String, Int?)] = f.paths.map { m in
                (m, "path", f.dataElements.first { $0.values[m.kind.pathAttribute] == m.pattern }?.line ?? f.line)
            }
            matchers += f.schemeSpecificParts.map { ($0, "ssp", f.line) }
            for g in f.relativeGroups {
                matchers += g.filters.map { ($0.matcher, $0.part == .path ? "path" : $0.part == .query ? "query" : "fragment", g.line ?? f.line) }
            }
            for (m, part, line) in matchers {
                let attribute = "android:\(part)\(m.kind == .literal ? "" : m.kind == .prefix ? "Prefix" : m.kind == .suffix ? "Suffix" : m.kind == .simpleGlob ? "Pattern" : "AdvancedPattern")"
                let shown = "`\(attribute)=\"\(m.pattern)\"`"
                if let error = m.parseError {
                    add(.dal612, "\(where_(a, i)): \(shown) is refused by Android's PatternMatcher (\(error.description), at character \(error.offset + 1)): the package fails to parse and the app does not install",
                        hint: "Fix the pattern; in an advanced pattern `*`, `+` and `{n,m}` follow a token, `[…]` holds at least one character, `\\` escapes the next one.", line: line)
                    continue
                }
                guard !f.authorities.isEmpty || part == "ssp" else { continue }
                if m.kind == .simpleGlob, let problem = ManifestPatternAdvice.simpleGlobSurprise(m.pattern) {
                    add(.dal611, "\(where_(a, i)): \(shown) \(problem)",
                        hint: "Test the pattern with `aasa-check` against real URLs; pathAdvancedPattern (API 31+) has sets and ranges.", line: line)
                }
                if m.kind == .advancedGlob, let reason = ManifestPatternAdvice.advancedNeverMatches(m) {
                    add(.dal613, "\(where_(a, i)): \(shown) can never match: \(reason)",
                        hint: "Android matches each token greedily and never backtracks: make the repeated token stop before what follows (`/a[^b]*b`).", line: line)
                }
                if part == "path", let reason = ManifestPatternAdvice.neverMatchesAPath(m) {
                    add(.dal614, "\(where_(a, i)): \(shown) never matches a URL's path: \(reason)",
                        hint: "Paths start with `/` (write `/shop`, not `shop`).", line: line)
                }
            }
        }

        mutating func hostFindings() {
            let activities = manifest.activities
            let filterLine: (AppLinksHosts.Host.Declaration) -> Int? = { d in
                d.line ?? activities[d.activity].filters[d.filter].line
            }
            for h in hosts.invalidHosts {
                let d = h.declarations[0]
                add(.dal605, "\(where_(d.activity, d.filter)): the host `\(h.host)` is not a domain name Android verifies (\(h.problem?.description ?? "invalid")): it is left out of verification",
                    hint: "Write a host name such as example.com, or *.example.com for its subdomains.", line: filterLine(d))
            }
            for h in hosts.hosts where AndroidHostName.classify(h.host) == .ipv4Address {
                let d = h.declarations[0]
                add(.dal606, "\(where_(d.activity, d.filter)): the host `\(h.host)` is an IP address: Android collects it, but App Links verification needs a domain whose HTTPS certificate and assetlinks.json it can fetch",
                    hint: "Use the site's domain name.", line: filterLine(d))
            }
            if hosts.rules == .legacy {
                var extra: [String] = []
                for h in hosts.hosts where h.declarations.allSatisfy({ !manifest.activities[$0.activity].filters[$0.filter].autoVerify }) {
                    extra.append(h.host)
                }
                if !extra.isEmpty {
                    add(.dal617, "With target SDK \(target), one filter's `autoVerify` makes Android verify the hosts of every web filter: \(extra.map { "`\($0)`" }.joined(separator: ", ")) \(extra.count == 1 ? "comes" : "come") from filters without autoVerify and must pass too",
                        hint: "Each of these hosts needs an assetlinks.json listing the app, or move them out of VIEW/BROWSABLE http(s) filters; with target SDK 31 only autoVerify filters count.",
                        line: filterLine(hosts.hosts.first { extra.contains($0.host) }!.declarations[0]))
                }
            }
            let participates = hosts.filters.contains { $0.participation == .participates }
            let webFilters = manifest.activities.flatMap(\.filters).filter { $0.handlesWebURIs(onlyWebSchemes: false) && !$0.authorities.isEmpty }
            // A filter that sets autoVerify and is refused has its own finding (DAL602–DAL604).
            if !participates, !webFilters.contains(where: \.autoVerify), let first = webFilters.first {
                add(.dal622, "The app handles web links (\(Set(webFilters.flatMap { $0.authorities.map(\.host) }).sorted().prefix(3).map { "`\($0)`" }.joined(separator: ", "))) but no intent filter asks for verification: on Android 12 and later these links open the browser, never the app without the user's choice",
                    hint: "Add android:autoVerify=\"true\" to the filter, with VIEW, BROWSABLE, DEFAULT and only http/https schemes, and publish assetlinks.json.",
                    line: first.line)
            }
            if hosts.failingHostBreaksAllOnOlderDevices {
                add(.dal618, "minSdkVersion \(minimum): on Android 11 and lower the app's \(hosts.olderDeviceHosts.count) hosts are verified together, so one host whose file fails leaves every App Link of the app unverified there",
                    hint: "Make sure every host's assetlinks.json lists the app: \(hosts.olderDeviceHosts.prefix(5).map(\.host).joined(separator: ", "))\(hosts.olderDeviceHosts.count > 5 ? ", …" : "").",
                    line: nil)
            }
            let collected = Set(hosts.hosts.map { $0.host.lowercased() })
            for h in hosts.hosts where h.isWildcard {
                let d = h.declarations[0]
                if !collected.contains(h.fileHost.lowercased()) {
                    add(.dal619, "\(where_(d.activity, d.filter)): `\(h.host)` matches subdomains of \(h.fileHost) but not \(h.fileHost) itself, which no filter declares: links to \(h.fileHost) open the browser",
                        hint: "Add <data android:host=\"\(h.fileHost)\"/> if links to the apex must open the app.", line: filterLine(d))
                }
                let quirk = hosts.approvedThroughSuffixQuirk(by: h)
                if !quirk.isEmpty {
                    add(.dal620, "\(where_(d.activity, d.filter)): once `\(h.host)` is verified, Android also approves \(quirk.map { "`\($0)`" }.joined(separator: ", ")) for this app, because its test is that the host ends with `\(h.fileHost)`",
                        hint: "Do not rely on it: give each of those hosts its own assetlinks.json.", line: filterLine(d))
                }
                if minimum <= 30 {
                    add(.dal623, "\(where_(d.activity, d.filter)): `\(h.host)` is a wildcard host and minSdkVersion is \(minimum): whether devices on Android 11 and lower verify wildcard hosts is not confirmed (the reference verifier has a status for an unsupported legacy wildcard)",
                        hint: "List the subdomains that matter as hosts of their own too.", line: filterLine(d))
                }
            }
        }
    }
}

/// What a pattern does that its author may not expect (for DAL611, DAL613, DAL614).
enum ManifestPatternAdvice {
    /// A `pathPattern` (simple glob) whose Android semantics differ from what it looks like, said
    /// in words; `nil` when none of the known surprises applies.
    static func simpleGlobSurprise(_ pattern: String) -> String? {
        let p = Array(pattern.unicodeScalars)
        var i = 0
        var reasons: [String] = []
        while i < p.count {
            let c = p[i]
            if c == "\\", i + 1 < p.count {
                if p[i + 1] == ".", !(i + 2 < p.count && p[i + 2] == "*") {
                    reasons.append("has `\\.`, which still matches any character (Android escapes only the character, and `.` is then read as any)")
                }
                i += 2
                continue
            }
            if c == ".", i + 1 < p.count, p[i + 1] == "*", i + 2 < p.count {
                var k = i + 2
                if p[k] == "\\" { k += 1 }
                if k < p.count, k + 1 < p.count {
                    reasons.append("stops `.*` at the first `\(p[k])` of the path and never backtracks, so a path with another `\(p[k])` before the one meant fails")
                }
                i += 2
                continue
            }
            if "[(|+^${?".unicodeScalars.contains(c) {
                reasons.append("uses `\(c)`, which is a literal character in pathPattern (it is not a regular expression: only `.`, `*` and `\\` are special)")
            }
            i += 1
        }
        var unique: [String] = []
        for r in reasons where !unique.contains(r) { unique.append(r) }
        return unique.isEmpty ? nil : unique.joined(separator: "; it also ")
    }

    /// Why an advanced pattern can never match anything, when a greedy token leaves nothing
    /// the token after it needs: after a token that repeats without bound, the next character
    /// is outside its set, so a following token (past those that may take nothing and whose
    /// sets lie inside it) needing a character of that set can never match.
    static func advancedNeverMatches(_ m: AndroidPatternMatcher) -> String? {
        let tokens = m.tokens
        if tokens.contains(where: { $0.min >= 1 && ranges($0).isEmpty }) {
            return "a set matches no character (a reversed range such as `[z-a]`)"
        }
        for (i, t) in tokens.enumerated() where t.max == Int32.max {
            let taken = ranges(t)
            var j = i + 1
            while j < tokens.count {
                let next = tokens[j]
                let set = ranges(next)
                if next.min <= 0 {
                    if subset(set, of: taken) { j += 1; continue }
                    break
                }
                if subset(set, of: taken) {
                    return "a repeated token takes every character the token after it would need (no backtracking)"
                }
                break
            }
        }
        return nil
    }

    /// Why a path matcher never matches a URL path (empty, or starting with `/`).
    static func neverMatchesAPath(_ m: AndroidPatternMatcher) -> String? {
        let p = Array(m.pattern.unicodeScalars)
        guard let first = p.first, first != "/" else { return nil }
        switch m.kind {
        case .literal, .prefix:
            return "it does not start with `/`"
        case .simpleGlob:
            if first == "." || (p.count > 1 && p[1] == "*") { return nil }
            if first == "\\", p.count > 1, p[1] == "/" || p[1] == "." { return nil }
            return "it does not start with `/` (or a `.` or `x*` that could match one)"
        case .suffix, .advancedGlob:
            return nil
        }
    }

    /// A token's accepted code units as sorted, merged, inclusive ranges.
    static func ranges(_ t: AndroidPatternMatcher.AdvancedToken) -> [ClosedRange<UInt32>] {
        switch t.match {
        case .any: return [0...0xFFFF]
        case .literal(let c): return [UInt32(c)...UInt32(c)]
        case .set(let pairs, let inverted):
            var rs = pairs.filter { $0.low <= $0.high }.map { UInt32($0.low)...UInt32($0.high) }.sorted { $0.lowerBound < $1.lowerBound }
            var merged: [ClosedRange<UInt32>] = []
            for r in rs {
                if let last = merged.last, r.lowerBound <= last.upperBound + 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
                } else {
                    merged.append(r)
                }
            }
            rs = merged
            guard inverted else { return rs }
            var out: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for r in rs {
                if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
                next = r.upperBound + 1
            }
            if next <= 0xFFFF { out.append(next...0xFFFF) }
            return out
        }
    }

    static func subset(_ a: [ClosedRange<UInt32>], of b: [ClosedRange<UInt32>]) -> Bool {
        a.allSatisfy { r in b.contains { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound } }
    }
}
