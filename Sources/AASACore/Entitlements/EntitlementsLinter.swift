import Foundation

/// The key that lets an app use managed-mode associated domains (AASA620).
public let mdmManagedKey = "com.apple.developer.associated-domains.mdm-managed"

/// The findings about one entitlements file or provisioning profile, before any domain file
/// is fetched.
public struct EntitlementsReport: Sendable {
    public var file: EntitlementsFile
    /// The parsed `com.apple.developer.associated-domains` entries, in array order.
    public var entries: [AssociatedDomainEntry]
    /// The app ID to check the domains against, when one is known.
    public var appIdentity: AppIdentity?
    /// Release or development, and why (for AASA603).
    public var buildKind: BuildKind
    /// AASA601–AASA620 found in the file, in entry order, then file-level findings.
    public var diagnostics: [Diagnostic]
    /// Where the entitlements were read: the file, and for a built app the bundle and slice.
    public var source: EntitlementsSubject.Source
    /// The provisioning profile that signs them, when known (the file itself, `--profile`, or
    /// a bundle's `embedded.mobileprovision`).
    public var signingProfile: ProvisioningProfile?
    /// A slice of a universal executable whose entitlements are those of an earlier report:
    /// listed, but its findings and cross-check are not repeated.
    public var isRepeat = false

    /// The Team ID: `com.apple.developer.team-identifier`, else the profile's, else the app ID's
    /// prefix.
    public var teamID: String? {
        file.entitlements["com.apple.developer.team-identifier"]?.stringValue
            ?? signingProfile?.teamIdentifiers.first ?? appIdentity?.prefix
    }

    /// Whether these are an App Clip's entitlements: the bundle sits in an app's `AppClips/`
    /// folder, or the entitlements carry what Xcode signs into every App Clip
    /// (`com.apple.developer.on-demand-install-capable` true, or
    /// `com.apple.developer.parent-application-identifiers`; Apple: Creating an App Clip with
    /// Xcode).
    public var isAppClip: Bool {
        if let bundle = source.bundle, bundle.split(separator: "/").dropLast().last == "AppClips" { return true }
        return file.entitlements["com.apple.developer.on-demand-install-capable"]?.boolValue == true
            || file.entitlements["com.apple.developer.parent-application-identifiers"] != nil
    }

    /// `get-task-allow` of the entitlements (or the profile's), when set.
    public var getTaskAllow: Bool? {
        file.entitlements["get-task-allow"]?.boolValue ?? signingProfile?.getTaskAllow
    }
}

/// Lints the Associated Domains entitlement by aasa-reference.md §3 (codes AASA601–AASA606,
/// AASA608–AASA614 of diagnostics.md). Pure: works on an already read ``EntitlementsFile``.
public enum EntitlementsLinter {
    /// Apple's advice: keep the list to about 20–30 domains (aasa-reference.md §3).
    public static let domainLimit = 30

    /// Lints one file.
    /// - Parameters:
    ///   - file: the entitlements file, `.xcent` or provisioning profile.
    ///   - appID: the `--app-id` value, if any (`<App ID prefix>.<bundle id>`).
    ///   - profile: the `--profile` file, if any: it supplies the app ID and decides the build
    ///     kind; its own checks (AASA612) are ``checkProfile(_:appID:)``'s, run once per run.
    /// - Returns: the report; every finding has `source` `entitlements`, `file` and `target`
    ///   set to `file.path`, a JSON pointer into the property list and, for XML files, the
    ///   line and column of the entry's `<string>` element.
    ///   - now: the time a profile's expiry is judged against (AASA619).
    ///   - settings: build settings to expand `$(NAME)` in entries with, as Xcode does when it
    ///     signs (`--xcconfig`, `--build-setting`); `nil` when none are given (AASA613 then).
    ///     An entry that comes out empty or malformed is AASA618; one that comes out well formed
    ///     is checked as expanded (``AssociatedDomainEntry/unexpanded`` keeps what was written).
    public static func lint(
        _ file: EntitlementsFile, appID: String? = nil, profile: EntitlementsFile? = nil, now: Date = Date(),
        settings: BuildSettings? = nil
    ) -> EntitlementsReport {
        let identity = AppIdentity.resolve(argument: appID, file: file, profile: profile)
        let kind = BuildKind.of(file, profile: profile?.profile, configuration: settings?.configurationName)
        let base = file.profile != nil ? "/Entitlements/" + associatedDomainsKey : "/" + associatedDomainsKey
        var out: [Diagnostic] = []
        func report(_ code: DiagnosticCode, _ message: String, hint: String? = nil, entry: AssociatedDomainEntry? = nil) {
            out.append(Diagnostic(
                code: code, message: message, hint: hint,
                pointer: entry.map { base + "/\($0.index)" } ?? base,
                location: entry?.location, target: file.path, source: .entitlements, file: file.path))
        }

        var entries: [AssociatedDomainEntry] = []
        switch file.associatedDomains {
        case .absent:
            if file.profile == nil {
                if let dropped = droppedEntitlements(file, profile: profile) {
                    out.append(dropped)
                } else {
                    report(.aasa614, "the file has no \(associatedDomainsKey) entitlement: the app claims no domain",
                        hint: "add the Associated Domains capability in Xcode (Signing & Capabilities) with `applinks:<your domain>`")
                }
            }
        case .wrongType(let type):
            report(.aasa601, "\(associatedDomainsKey) is a <\(type)>, not an <array> of strings",
                hint: "write it as <array><string>applinks:example.com</string></array>")
        case .granted(let value):
            if file.profile == nil {
                report(.aasa601, "\(associatedDomainsKey) is the string `\(shown(value))`, not an <array> of strings",
                    hint: "only a provisioning profile grants the capability with a string such as `*`")
            }
        case .entries(let list):
            entries = list
            if list.isEmpty {
                report(.aasa614, "\(associatedDomainsKey) is an empty array: the app claims no domain",
                    hint: "list each domain as `applinks:<host>`, or remove the capability")
            }
        }

        for duplicate in file.duplicateKeys {
            out.append(duplicateKeyFinding(duplicate, file: file))
        }
        var broken: Set<Int> = []
        if let settings {
            entries = entries.map { entry in
                guard !entry.unresolvedVariables.isEmpty else { return entry }
                switch expand(entry, with: settings) {
                case .success(let resolved):
                    return resolved
                case .failure(let finding):
                    report(.aasa618, finding.message, hint: finding.hint, entry: entry)
                    broken.insert(entry.index)
                    return entry
                }
            }
        }
        for entry in entries where !broken.contains(entry.index) {
            lintEntry(entry, kind: kind, report: report)
        }
        // AASA620: managed-mode entries need the MDM-managed entitlement.
        if file.entitlements[mdmManagedKey]?.boolValue != true {
            let set = file.entitlements[mdmManagedKey].map { " (it is \($0.boolValue == false ? "false" : "a <\($0.typeName)>"))" }
                ?? " (the key is absent)"
            for entry in entries where entry.modes.contains(.managed) && entry.malformations.isEmpty {
                report(.aasa620,
                    "`\(shown(entry.raw))` is a managed-mode entry, but \(mdmManagedKey) is not true\(set): "
                        + "the system uses managed-mode domains only for apps with that entitlement",
                    hint: "add <key>\(mdmManagedKey)</key><true/> (the MDM Managed Associated Domains capability), "
                        + "or drop `managed` from the mode", entry: entry)
            }
        }
        lintSet(entries, report: report)

        if file.profile != nil {
            out += checkProfile(file, appID: appID)
            out += checkExpiry(file, now: now)
        } else if let appID, let own = file.applicationIdentifier, !AppIdentity.hasVariable(own), own != appID {
            report(.aasa612, "the file's signed application-identifier `\(shown(own))` is not the app ID checked, `\(shown(appID))`",
                hint: "check the app ID the build is signed with, or drop --app-id to use the file's")
        }
        return EntitlementsReport(
            file: file, entries: entries, appIdentity: identity, buildKind: kind, diagnostics: out,
            source: EntitlementsSubject.Source(file: file.path ?? "<stdin>"),
            signingProfile: file.profile ?? profile?.profile)
    }

    /// The checks of a provisioning profile (AASA612): it grants Associated Domains, and its
    /// App ID prefix (and bundle id, unless it is a wildcard profile) are those of `appID`.
    /// - Returns: `[]` when `profile` is not a provisioning profile.
    public static func checkProfile(_ profile: EntitlementsFile, appID: String?) -> [Diagnostic] {
        guard let p = profile.profile else { return [] }
        var out: [Diagnostic] = []
        let name = p.name.map { "`\(shown($0))`" } ?? "the provisioning profile"
        func report(_ message: String, hint: String) {
            out.append(Diagnostic(
                code: .aasa612, message: message, hint: hint, pointer: "/Entitlements/" + associatedDomainsKey,
                target: profile.path, source: .entitlements, file: profile.path))
        }
        if !p.grantsAssociatedDomains {
            report("\(name) does not grant Associated Domains (no \(associatedDomainsKey) in its Entitlements): "
                + "a build signed with it cannot claim any domain",
                hint: "enable Associated Domains for the App ID in the developer account, then regenerate and download the profile")
        }
        if let appID {
            out += checkProfileSigns(profile, appID: appID)
        }
        return out
    }

    /// The app an app ID belongs to, as AASA612's messages name it.
    public enum AppIDSource: Sendable, Hashable {
        /// `--app-id`, or the app ID otherwise chosen for the check.
        case checked
        /// The `application-identifier` signed in (or written in) this entitlements file.
        case entitlements(String?)
    }

    /// AASA612 when the provisioning profile does not sign `appID`: another App ID prefix,
    /// another bundle id, or a wildcard App ID that does not cover it (Apple: Associated
    /// Domains Entitlement; a build can only be signed with a profile of its own App ID).
    /// - Parameter source: what `appID` is, for the message: the app ID checked, or the
    ///   entitlement's own `application-identifier` (a `--profile` of another app than the
    ///   `.xcent` or executable it is given with).
    /// - Returns: `[]` when `profile` is not a provisioning profile or signs `appID`.
    public static func checkProfileSigns(_ profile: EntitlementsFile, appID: String, source: AppIDSource = .checked) -> [Diagnostic] {
        guard let p = profile.profile else { return [] }
        let name = p.name.map { "`\(shown($0))`" } ?? "the provisioning profile"
        let of: String
        let fix: String
        switch source {
        case .checked:
            of = "the app ID checked (`\(shown(appID))`)"
            fix = "use the app ID the profile signs (`\(shown(p.applicationIdentifier ?? ""))`) or the profile of this app"
        case .entitlements(let path):
            of = "the application-identifier `\(shown(appID))` of \(path.map { "`\(shown($0))`" } ?? "the entitlements"), "
                + "so a build of this app cannot be signed with it and the domains would be checked for another app"
            fix = "give the profile of this app (the one whose application-identifier is `\(shown(appID))`), or the entitlements "
                + "of the profile's app"
        }
        let wanted = AppIdentity(appID: appID, origin: .argument)
        let prefixes = Set(([p.appIDPrefix].compactMap { $0 } + p.appIDPrefixes).map { $0.uppercased() })
        let message: String
        let hint: String
        if !prefixes.isEmpty, !prefixes.contains(wanted.prefix.uppercased()) {
            message = "\(name) is for App ID prefix \(prefixes.sorted().joined(separator: ", ")), not \(shown(wanted.prefix)) of " + of
            hint = fix
        } else if let bundle = p.bundleID, bundle != wanted.bundleID {
            message = source == .checked
                ? "\(name) is for bundle id `\(shown(bundle))`, not `\(shown(wanted.bundleID))` of the app ID checked"
                : "\(name) is for bundle id `\(shown(bundle))`, not `\(shown(wanted.bundleID))` of " + of
            hint = source == .checked ? "use the profile made for this app" : fix
        } else if let pattern = p.wildcardBundleStem, !wanted.bundleID.utf8.starts(with: pattern.utf8) {
            // A wildcard App ID (`PREFIX.com.example.*`) covers the bundle IDs that start so.
            message = "\(name) is for the wildcard App ID `\(shown(p.applicationIdentifier ?? ""))`, which does not cover "
                + "bundle id `\(shown(wanted.bundleID))` of " + (source == .checked ? "the app ID checked" : of)
            hint = source == .checked ? "use a profile whose App ID covers this bundle id" : fix
        } else {
            return []
        }
        return [Diagnostic(
            code: .aasa612, message: message, hint: hint, pointer: "/Entitlements/" + associatedDomainsKey,
            target: profile.path, source: .entitlements, file: profile.path)]
    }

    /// AASA622: a code signature without `com.apple.developer.associated-domains` although the
    /// provisioning profile it is signed with grants the capability: the signing step dropped
    /// the entitlements (a build re-signed after `xcodebuild … CODE_SIGNING_ALLOWED=NO` or
    /// `--no-codesign`, `codesign` without `--entitlements`), so the app claims no domain
    /// (Apple: TN3125 Inside Code Signing: Provisioning Profiles; Associated Domains Entitlement).
    /// - Parameters:
    ///   - file: the entitlements of a code signature (``EntitlementsFile/isCodeSignature``).
    ///   - profile: the profile it is signed with (the bundle's `embedded.mobileprovision`,
    ///     else `--profile`).
    /// - Returns: `nil` unless the signature lacks the key and the profile grants it.
    public static func droppedEntitlements(_ file: EntitlementsFile, profile: EntitlementsFile?) -> Diagnostic? {
        guard file.isCodeSignature, case .absent = file.associatedDomains, let p = profile?.profile,
              p.grantsAssociatedDomains
        else { return nil }
        let name = p.name.map { "`\(shown($0))`" } ?? "the provisioning profile"
        let what = file.applicationIdentifier == nil
            ? "with none of the entitlements its profile grants (not even application-identifier)"
            : "without \(associatedDomainsKey)"
        return Diagnostic(
            code: .aasa622,
            message: "\(shown(file.path ?? "the executable")) is signed \(what), although \(name), the provisioning profile it is "
                + "signed with, grants Associated Domains: the signing step dropped the entitlements (a build re-signed after "
                + "`--no-codesign`, or `codesign` run without `--entitlements`), so the app claims no domain and every "
                + "universal link and passkey of it is dead",
            hint: "sign the bundle again with its entitlements: `codesign --force --sign \"Apple Distribution: …\" "
                + "--entitlements App.entitlements Payload/App.app` (nested bundles first, each with its own), or let "
                + "`xcodebuild -exportArchive` sign the archive; then check the signed build again",
            pointer: "/" + associatedDomainsKey, target: file.path, source: .entitlements, file: file.path)
    }

    /// Why an entry cannot be expanded into a working one (AASA618).
    struct ExpansionFailure: Error {
        var message: String
        var hint: String
    }

    /// Expands an entry's build settings: the entry as it will be signed, or why it comes out
    /// empty or malformed, naming the settings to blame.
    static func expand(_ entry: AssociatedDomainEntry, with settings: BuildSettings) -> Result<AssociatedDomainEntry, ExpansionFailure> {
        let expansion = settings.expand(entry.raw)
        var resolved = AssociatedDomainEntry.parse(expansion.value, index: entry.index)
        resolved.location = entry.location
        resolved.unexpanded = entry.raw
        var why: [String] = []
        if !expansion.cycles.isEmpty {
            why.append(expansion.cycles.map { "`\(shown($0))`" }.joined(separator: ", ") + " refer\(expansion.cycles.count == 1 ? "s" : "") to itself")
        }
        if expansion.cut { why.append("the expansion is beyond aasa-check's limits") }
        if !resolved.unresolvedVariables.isEmpty {
            why.append("it still holds \(resolved.unresolvedVariables.map { "`\(shown($0))`" }.joined(separator: ", "))")
        }
        let problems = resolved.malformations + (resolved.service == nil && !resolved.serviceName.isEmpty
            ? ["the unknown service `\(shown(resolved.serviceName))`"] : [])
        // Well formed once expanded: linted and checked as it will be signed.
        if why.isEmpty, problems.isEmpty { return .success(resolved) }
        let names = expansion.undefined.isEmpty ? expansion.used : expansion.undefined
        let blame = expansion.undefined.isEmpty
            ? "from " + names.map { "`\(shown($0))`" }.joined(separator: ", ")
            : names.map { "`\(shown($0))`" }.joined(separator: ", ") + (names.count == 1 ? " is" : " are")
                + " not defined (an undefined setting is empty)"
        let becomes = expansion.value.isEmpty ? "an empty entry" : "`\(shown(expansion.value))`"
        return .failure(ExpansionFailure(
            message: "`\(shown(entry.raw))` becomes \(becomes) once build settings are expanded (\(blame)): "
                + (why + problems).joined(separator: "; "),
            hint: expansion.undefined.isEmpty
                ? "fix the value of \(names.map { "`\(shown($0))`" }.joined(separator: ", ")) for this configuration"
                : "define \(names.map { "`\(shown($0))`" }.joined(separator: ", ")) for this configuration "
                    + "(in the .xcconfig given, or with --build-setting), or write the domain itself"))
    }

    /// AASA615: a key given twice in one dictionary; the reader kept one value and dropped the
    /// other. Says how many domains (or elements) the dropped value held.
    static func duplicateKeyFinding(_ d: PlistDuplicateKey, file: EntitlementsFile) -> Diagnostic {
        let isDomains = d.key == associatedDomainsKey
        let dropped: String
        switch (d.droppedType, d.droppedCount) {
        case ("array", let n?) where isDomains:
            dropped = "an array of \(n) domain\(n == 1 ? "" : "s")"
        case ("array", let n?):
            dropped = "an array of \(n) element\(n == 1 ? "" : "s")"
        case ("dict", let n?):
            dropped = "a dictionary of \(n) key\(n == 1 ? "" : "s")"
        case (let type, _):
            dropped = "a <\(type)>"
        }
        let place = d.path.isEmpty ? "the top-level dictionary" : "the dictionary at `\(shown("/" + d.path.joined(separator: "/")))`"
        let (which, other) = d.kept == .last ? ("earlier", "later") : ("later", "first")
        let lost = isDomains && d.droppedCount.map { $0 > 0 } == true
            ? ": those domains are not in the signed entitlement" : ""
        return Diagnostic(
            code: .aasa615,
            message: "`\(shown(d.key))` appears more than once in \(place); the \(which) value (\(dropped)) is dropped "
                + "and only the \(other) one is read\(lost)",
            hint: isDomains ? "merge the entries into one com.apple.developer.associated-domains array"
                : "keep one `\(shown(d.key))` key with the value you mean",
            pointer: d.pointer, location: d.location, target: file.path, source: .entitlements, file: file.path)
    }

    /// AASA619: the provisioning profile's `ExpirationDate` is before `now`. A build signed
    /// with an expired profile is refused by devices; the App Store refuses the upload.
    /// - Returns: `[]` when `profile` is not a provisioning profile, has no expiry date, or has
    ///   not expired.
    public static func checkExpiry(_ profile: EntitlementsFile, now: Date) -> [Diagnostic] {
        guard let p = profile.profile, let expiry = p.expirationDate, expiry <= now else { return [] }
        let name = p.name.map { "`\(shown($0))`" } ?? "the provisioning profile"
        let days = Int(now.timeIntervalSince(expiry) / 86_400)
        let ago = days == 0 ? "less than a day ago" : days == 1 ? "1 day ago" : "\(days) days ago"
        return [Diagnostic(
            code: .aasa619,
            message: "\(name) expired on \(ProvisioningProfile.format(expiry)) (\(ago)): devices refuse a build signed with it "
                + "and the App Store refuses the upload",
            hint: "renew the profile in the developer account (or let Xcode manage signing), download it and sign again",
            pointer: "/ExpirationDate", target: profile.path, source: .entitlements, file: profile.path)]
    }

    private static func lintEntry(
        _ entry: AssociatedDomainEntry, kind: BuildKind,
        report: (DiagnosticCode, String, String?, AssociatedDomainEntry?) -> Void
    ) {
        let raw = "`\(shown(entry.raw))`"
        if !entry.unresolvedVariables.isEmpty {
            report(.aasa613,
                "\(raw) holds the unresolved build variable \(entry.unresolvedVariables.map { "`\(shown($0))`" }.joined(separator: ", "))",
                "Xcode expands build settings in entitlement values when it signs the app, and an undefined one "
                    + "becomes empty: the entry depends on build settings aasa-check cannot see. Pass them with "
                    + "--xcconfig FILE (with --configuration NAME) or --build-setting NAME=VALUE, "
                    + "or check the built app (.app, .ipa, .xcarchive) or its .xcent", entry)
        }
        let serviceHasVariable = AppIdentity.hasVariable(entry.serviceName)
        if !entry.malformations.isEmpty {
            report(.aasa601, "\(raw) is malformed: \(entry.malformations.joined(separator: "; "))",
                "write `<service>:<host>` with an optional `?mode=developer`, e.g. `applinks:example.com`", entry)
        }
        if entry.service == nil, !entry.serviceName.isEmpty, !serviceHasVariable {
            let suggestion = suggestService(entry.serviceName)
            report(.aasa602, "\(raw) names the unknown service `\(shown(entry.serviceName))`",
                suggestion.map { "did you mean `\($0)`? Services are applinks, webcredentials, activitycontinuation, appclips" }
                    ?? "services are applinks, webcredentials, activitycontinuation, appclips", entry)
        }
        if entry.hasNonASCIIHost {
            let ascii = Punycode.asciiHost(entry.host)
            report(.aasa610, "the host of \(raw) is not ASCII: the system needs the punycode form",
                ascii.map { "write `\(entry.serviceName):\(entry.isWildcard ? "*." : "")\($0)`" } ?? "write the host in punycode (`xn--…`)",
                entry)
        }
        if entry.isWildcard, entry.service == .appclips {
            report(.aasa605, "\(raw) is a wildcard on appclips, which takes none",
                "list each host of the App Clip as `appclips:<host>`", entry)
        }
        if !entry.isAlternateMode, entry.port != nil || entry.isIPAddress {
            let what = entry.isIPAddress ? "an IP address" : "a port (\(entry.port ?? 0))"
            report(.aasa606, "\(raw) has \(what); in normal mode the system ignores it",
                "use a host name on port 443, or add `?mode=developer` for a development server", entry)
        }
        if let why = placeholderReason(entry) {
            report(.aasa608, "\(raw): \(why)", "replace it with the domain that serves your apple-app-site-association file", entry)
        }
        // Managed mode alone is for apps MDM deploys, release builds among them (with the
        // mdm-managed entitlement, AASA620): only developer mode is ignored by release builds.
        if entry.modes.contains(.developer), kind.isRelease {
            report(.aasa603,
                "\(raw) has `?mode=\(entry.modes)` in an entitlement that looks like a release build's (\(kind.reason)); "
                    + "App Store and TestFlight builds ignore the entry",
                "remove developer-mode entries from release entitlements, or keep them in a Debug-only entitlements file", entry)
        }
    }

    private static func lintSet(
        _ entries: [AssociatedDomainEntry], report: (DiagnosticCode, String, String?, AssociatedDomainEntry?) -> Void
    ) {
        struct Key: Hashable {
            var service: String
            var host: String
            var wildcard: Bool
            var port: Int?
        }
        // AASA611: the same entry twice, or the same host with and without a mode. Only
        // well-formed entries are compared: a malformed one (AASA601) is dropped by the system,
        // so the good entry after it is no repeat, and removing it would lose the domain.
        // One dictionary lookup per entry: linear in the number of entries (issue 17); the
        // dictionaries hold positions in `entries`, not copies of them, and are sized once.
        struct Moded: Hashable {
            var key: Key
            var modes: AssociatedDomainModes
        }
        var firstSame: [Moded: Int] = [:]
        var firstPlain: [Key: Int] = [:]
        var firstWithMode: [Key: Int] = [:]
        firstSame.reserveCapacity(entries.count)
        firstPlain.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() where entry.isWellFormed {
            let key = Key(service: entry.serviceName, host: entry.host, wildcard: entry.isWildcard, port: entry.port)
            let moded = Moded(key: key, modes: entry.modes)
            if let same = firstSame[moded].map({ entries[$0] }) {
                report(.aasa611, "`\(shown(entry.raw))` repeats \(same.label) (`\(shown(same.raw))`)",
                    "remove the entry on \(entry.label); \(same.label) keeps the domain", entry)
                continue
            }
            firstSame[moded] = position
            if let other = (entry.modes.isEmpty ? firstWithMode[key] : firstPlain[key]).map({ entries[$0] }) {
                report(.aasa611,
                    "`\(shown(entry.raw))` lists \(entry.displayHost) again, \(entry.modes.isEmpty ? "without" : "with") a mode, "
                        + "after \(other.label) (`\(shown(other.raw))`)",
                    "keep one entry per host: the mode entry in a development-only entitlements file", entry)
            }
            if entry.modes.isEmpty {
                if firstPlain[key] == nil { firstPlain[key] = position }
            } else if firstWithMode[key] == nil {
                firstWithMode[key] = position
            }
        }

        // AASA604: a wildcard without an entry for its apex.
        var apexes: Set<Key> = []
        var normalApexes: Set<Key> = []
        for entry in entries where !entry.isWildcard && !entry.host.isEmpty {
            let key = Key(service: entry.serviceName, host: entry.host, wildcard: false, port: entry.port)
            apexes.insert(key)
            if !entry.isAlternateMode { normalApexes.insert(key) }
        }
        // Only for entries the system uses: a malformed entry (AASA601) or an unknown service
        // (AASA602) is dropped, so advice about its apex would be nonsense.
        for entry in entries
        where entry.isWildcard && !entry.host.isEmpty && entry.malformations.isEmpty
            && entry.service != nil && entry.service != .appclips
        {
            // A normal-mode wildcard needs a normal-mode apex; a mode wildcard, any apex.
            let key = Key(service: entry.serviceName, host: entry.host, wildcard: false, port: entry.port)
            let apexCovered = entry.isAlternateMode ? apexes.contains(key) : normalApexes.contains(key)
            if !apexCovered {
                report(.aasa604,
                    "`\(shown(entry.raw))` covers the subdomains of \(entry.host) but not \(entry.host) itself, and no entry lists it",
                    "add `\(entry.serviceName):\(entry.host)` if links on \(entry.host) should open the app", entry)
            }
        }

        // AASA609: more than 30 domains, reported at the first entry past the limit.
        var distinct: Set<String> = []
        distinct.reserveCapacity(entries.count)
        var firstPast: AssociatedDomainEntry?
        for entry in entries where !entry.host.isEmpty && distinct.insert(entry.displayHost).inserted {
            if distinct.count == domainLimit + 1 { firstPast = entry }
        }
        if let firstPast {
            report(.aasa609,
                "the entitlement lists \(distinct.count) domains; "
                    + "Apple advises no more than \(domainLimit)",
                "move rarely used domains behind one domain with redirects, or split the app's domains", firstPast)
        }
    }

    /// Hosts shipped as placeholders or temporary tunnels (AASA608).
    static func placeholderReason(_ entry: AssociatedDomainEntry) -> String? {
        let host = entry.host
        guard !host.isEmpty, entry.unresolvedVariables.isEmpty else { return nil }
        for reserved in ["example.com", "example.org", "example.net"]
        where host == reserved || host.hasSuffix("." + reserved) {
            return "\(reserved) is reserved for documentation (RFC 2606), a placeholder"
        }
        if let tld = host.split(separator: ".").last, ["example", "invalid"].contains(tld), host.contains(".") {
            return "the top-level domain .\(tld) is reserved (RFC 2606), a placeholder"
        }
        for word in ["yourdomain", "your-domain", "your_domain", "yoursite", "your-site", "yourwebsite",
            "yourapp", "mydomain", "my-domain", "linking_domain", "placeholder", "changeme"]
        where host.containsUTF8(word) {
            return "`\(word)` is a placeholder, not a domain"
        }
        if !entry.isAlternateMode {
            for tunnel in ["ngrok.io", "ngrok.app", "ngrok-free.app", "ngrok.dev", "ngrok-free.dev", "loca.lt",
                "trycloudflare.com", "serveo.net", "lhr.life", "localhost.run"]
            where host == tunnel || host.hasSuffix("." + tunnel) {
                return "\(host) is a temporary tunnel host (\(tunnel)) that stops existing when the tunnel closes"
            }
        }
        return nil
    }

    /// The known service nearest to a misspelt one (spaces ignored, case-insensitive,
    /// edit distance at most 3).
    static func suggestService(_ name: String) -> String? {
        let cleaned = name.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
        var best: (String, Int)?
        for service in AssociatedDomainService.allCases {
            let d = EditDistance.between(Array(cleaned), Array(service.rawValue))
            if d <= 3, d < (best?.1 ?? Int.max) { best = (service.rawValue, d) }
        }
        return best?.0
    }

    /// Control characters escaped (`\n`, `\u{7}`), for text read from a file (``SafeText``), cut at 200.
    static func shown(_ s: String) -> String {
        let out = SafeText.escape(s)
        return out.count > 200 ? String(out.prefix(200)) + "…" : out
    }
}

extension EntitlementsLinter {
    /// Runs the pipeline of a ``CodeExample/entitlements(_:appID:)`` example: reads the XML
    /// text as an entitlements file (no path) and lints it with `appID` as `--app-id`.
    /// - Throws: ``EntitlementsError`` when the text is not a readable property list.
    public static func runExample(_ xml: String, appID: String?) throws(EntitlementsError) -> [Diagnostic] {
        let file = try EntitlementsFile.read(Array(xml.utf8), path: nil)
        return lint(file, appID: appID).diagnostics
    }
}
