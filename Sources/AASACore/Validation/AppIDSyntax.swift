/// The shape of an app ID: `<App ID prefix>.<bundle ID>` (spec `aasa-reference.md` §4).
///
/// The prefix is 10 characters A–Z, 0–9 (usually the Team ID); the system upper-cases it, so a
/// lowercase prefix works but is reported. The bundle ID is letters, digits, `-` and `.`, with
/// no empty component.
public enum AppIDSyntax {
    /// How an app ID reads.
    public enum Verdict: Equatable, Sendable {
        case valid
        /// Valid once the prefix is upper-cased.
        case lowercasePrefix
        /// Not an app ID; the text says why.
        case malformed(String)
    }

    public static func check(_ id: String) -> Verdict {
        guard let dot = id.firstIndex(of: ".") else {
            return .malformed("it has no App ID prefix: an app ID is <10-character prefix>.<bundle ID>")
        }
        let prefix = id[..<dot]
        let bundle = id[id.index(after: dot)...]
        let prefixOK = prefix.count == 10 && prefix.unicodeScalars.allSatisfy { isUpperAlnum($0) || isLowerAlpha($0) }
        if !prefixOK {
            if bundle.contains(".") || prefix.count != 10 {
                return .malformed("the App ID prefix \"\(prefix)\" is not 10 characters A–Z and 0–9")
            }
        }
        if bundle.isEmpty {
            return .malformed("the bundle ID after \"\(prefix).\" is missing")
        }
        if bundle.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return .malformed("the bundle ID \"\(bundle)\" has an empty component")
        }
        if let bad = bundle.unicodeScalars.first(where: { !(isUpperAlnum($0) || isLowerAlpha($0) || $0 == "-" || $0 == ".") }) {
            return .malformed("the bundle ID \"\(bundle)\" contains \"\(bad)\"; only letters, digits, - and . are allowed")
        }
        if !prefixOK {
            return .malformed("the App ID prefix \"\(prefix)\" is not 10 characters A–Z and 0–9")
        }
        return prefix.unicodeScalars.contains(where: isLowerAlpha) ? .lowercasePrefix : .valid
    }

    /// Whether the app ID looks like a placeholder that was never replaced: `TEAMID…`,
    /// `<TeamID>`, `$(…)`, `${…}`, Apple's example `ABCDE12345`, `XXXXXXXXXX`, `TODO`,
    /// `YOUR_…`, `REPLACE…`, `…placeholder…`, `DEVELOPMENT_TEAM`.
    public static func isPlaceholder(_ id: String) -> Bool {
        let upper = id.uppercased()
        let prefix = upper.split(separator: ".", maxSplits: 1).first.map(String.init) ?? upper
        if ["ABCDE12345", "XXXXXXXXXX", "TEAMID", "TEAM_ID", "TODO", "YOURTEAMID", "0123456789", "1234567890"].contains(prefix) {
            return true
        }
        let markers = ["<", ">", "$(", "${", "TEAMID", "TEAM_ID", "TEAM-ID", "YOUR_", "YOUR-", "YOURAPP", "REPLACE", "PLACEHOLDER",
                       "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", "APP_ID_PREFIX"]
        return markers.contains { upper.containsUTF8($0) } || upper == "TODO"
    }

    static func isUpperAlnum(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x30 && s.value <= 0x39)
    }

    static func isLowerAlpha(_ s: Unicode.Scalar) -> Bool { s.value >= 0x61 && s.value <= 0x7A }
}

extension AASADocument {
    /// Every app ID string in the document with the service it is listed for: applinks
    /// `details` (`appIDs`/`appID`/dictionary keys) and the `apps` of the other services.
    public var allAppIDs: [(service: String, id: Located<String>)] {
        var out: [(String, Located<String>)] = []
        for entry in applinks?.details ?? [] {
            for id in entry.appIDs { out.append(("applinks", id)) }
        }
        for name in ["webcredentials", "appclips", "activitycontinuation"] {
            for id in appsService(name)?.apps ?? [] { out.append((name, id)) }
        }
        return out
    }
}
