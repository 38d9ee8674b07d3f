/// The app ID checked against the domains' files, and where it came from.
///
/// An app ID is `<App ID prefix>.<bundle id>`: the prefix is 10 characters (usually the
/// Team ID), the bundle id is letters, digits, `-` and `.` (aasa-reference.md §3, §4).
public struct AppIdentity: Sendable, Hashable, CustomStringConvertible {
    /// Where the app ID was read.
    public enum Origin: Sendable, Hashable {
        /// `--app-id`.
        case argument
        /// A provisioning profile's `Entitlements.application-identifier` (path when known).
        case profile(String?)
        /// The signed `application-identifier` of an `.xcent` (path when known).
        case entitlements(String?)
    }

    /// `<App ID prefix>.<bundle id>`, as given.
    public var appID: String
    public var origin: Origin

    public init(appID: String, origin: Origin) {
        self.appID = appID
        self.origin = origin
    }

    /// The part before the first `.`.
    public var prefix: String { String(appID.prefix(while: { $0 != "." })) }

    /// The part after the first `.`; empty when there is none.
    public var bundleID: String {
        guard let dot = appID.firstIndex(of: ".") else { return "" }
        return String(appID[appID.index(after: dot)...])
    }

    public var description: String { appID }

    /// An app ID as Apple's systems compare it: the App ID prefix upper-cased, the bundle ID
    /// as is (aasa-reference.md §4). Every comparison of app IDs goes through it.
    public static func canonical(_ appID: String) -> String {
        guard let dot = appID.firstIndex(of: ".") else { return appID.uppercased() }
        return appID[..<dot].uppercased() + appID[dot...]
    }

    /// The app ID to check, by precedence: `--app-id`, then the profile's
    /// `application-identifier` (unless its bundle id is the wildcard `*`), then the file's own
    /// signed `application-identifier` (an `.xcent`), ignoring values with build variables.
    /// - Parameters:
    ///   - argument: the `--app-id` value, if any.
    ///   - file: the entitlements file or profile being checked.
    ///   - profile: the `--profile` file, if any.
    /// - Returns: `nil` when no source names a complete app ID.
    public static func resolve(argument: String?, file: EntitlementsFile?, profile: EntitlementsFile?) -> AppIdentity? {
        if let argument, !argument.isEmpty { return AppIdentity(appID: argument, origin: .argument) }
        for candidate in [profile, file].compactMap({ $0 }) {
            if let p = candidate.profile, let id = p.applicationIdentifier, p.bundleID != nil, !hasVariable(id) {
                return AppIdentity(appID: id, origin: .profile(candidate.path))
            }
        }
        if let file, file.profile == nil, let id = file.applicationIdentifier, !hasVariable(id),
           id.contains("."), !id.hasSuffix("*")
        {
            return AppIdentity(appID: id, origin: .entitlements(file.path))
        }
        return nil
    }

    static func hasVariable(_ s: String) -> Bool { s.containsUTF8("$(") || s.containsUTF8("${") }

    /// Whether `appID` names one app: `<prefix>.<bundle id>` with both parts, no build variable
    /// and no wildcard (`PREFIX.*`).
    public static func isConcrete(_ appID: String) -> Bool {
        guard !hasVariable(appID), !appID.hasSuffix("*"), let dot = appID.firstIndex(of: ".") else { return false }
        return dot != appID.startIndex && appID.index(after: dot) != appID.endIndex
    }
}

/// Whether an entitlements file looks like a release build's or a development build's, and
/// why. Decides AASA603 (a mode entry in a release build, aasa-reference.md §3).
public enum BuildKind: Sendable, Hashable {
    case development(reason: String)
    case release(reason: String)

    public var isRelease: Bool {
        if case .release = self { return true }
        return false
    }

    public var reason: String {
        switch self {
        case .development(let r), .release(let r): return r
        }
    }

    /// Judges, in order: the file's `get-task-allow`; the profile's `get-task-allow`; the
    /// build configuration the entitlements are expanded for (`--configuration Debug`, or the
    /// `CONFIGURATION` build setting: words such as `Debug`, `Dev` against `Release`, `Prod`,
    /// `AppStore`; aasa-reference.md §3 and diagnostics.md AASA603: a build known to be a
    /// development one is not a release build); `aps-environment` `production`; words in the
    /// file name (`Debug`, `Dev`… against `Release`, `AppStore`, `Prod`…). With none of these it
    /// is taken as a release build's: Xcode uses one `.entitlements` file for every
    /// configuration unless a separate one is set.
    /// - Parameter configuration: the configuration name the file's build settings are
    ///   expanded for, when settings are given; `nil` otherwise (a signed file has none).
    public static func of(_ file: EntitlementsFile, profile: ProvisioningProfile? = nil, configuration: String? = nil) -> BuildKind {
        if let allow = file.entitlements["get-task-allow"]?.boolValue {
            return allow ? .development(reason: "get-task-allow is true (development signing)")
                : .release(reason: "get-task-allow is false (distribution signing)")
        }
        if let allow = (file.profile ?? profile)?.getTaskAllow {
            return allow ? .development(reason: "the provisioning profile is a development profile (get-task-allow true)")
                : .release(reason: "the provisioning profile is a distribution profile (get-task-allow false)")
        }
        if let configuration, !configuration.isEmpty {
            let shown = SafeText.escape(configuration, limit: 80)
            switch nameKind(configuration) {
            case .development(let w)?:
                return .development(reason: "the configuration `\(shown)` is a development one (`\(w)`)")
            case .release?:
                return .release(reason: "the configuration is `\(shown)`")
            case nil:
                break
            }
        }
        if file.entitlements["aps-environment"]?.stringValue == "production" {
            return .release(reason: "aps-environment is production")
        }
        if let path = file.path {
            let name = String(path.split(separator: "/").last ?? Substring(path))
            let stem = name.split(separator: ".").first.map(String.init) ?? name
            switch nameKind(stem) {
            case .development(let w)?: return .development(reason: "the file name says `\(w)`")
            case .release(let w)?: return .release(reason: "the file name says `\(w)`")
            case nil: break
            }
        }
        return .release(reason: "nothing marks it as development-only (file name, get-task-allow); "
            + "Xcode signs every configuration with one entitlements file unless told otherwise")
    }

    /// What a name (a file name's stem, a configuration) says about the build, with the word
    /// that says it: development words first (`DebugRelease` is a development name).
    enum NameKind {
        case development(String)
        case release(String)
    }

    static func nameKind(_ name: String) -> NameKind? {
        let words = nameWords(name)
        let joined = name.lowercased()
        if let w = words.first(where: { ["debug", "dev", "develop", "development", "developer"].contains($0) }) {
            return .development(w)
        }
        if let w = words.first(where: { ["release", "prod", "production", "distribution", "store"].contains($0) })
            ?? ["appstore", "adhoc", "testflight"].first(where: { joined.contains($0) })
        {
            return .release(w)
        }
        return nil
    }

    /// Lower-cased words of a file name: split at non-letters/digits and at lower→upper case.
    static func nameWords(_ s: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for ch in s {
            if !(ch.isLetter || ch.isNumber) {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousLower = false
                continue
            }
            if ch.isUppercase, previousLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(ch)
            previousLower = ch.isLowercase || ch.isNumber
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
