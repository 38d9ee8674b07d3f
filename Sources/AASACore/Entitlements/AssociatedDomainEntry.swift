/// A service of the Associated Domains entitlement (aasa-reference.md §3).
public enum AssociatedDomainService: String, Sendable, Hashable, CaseIterable {
    /// Universal links (`applinks` in the domain file, `details`).
    case applinks
    /// Password autofill and passkeys (`webcredentials.apps`).
    case webcredentials
    /// Handoff (`activitycontinuation.apps`).
    case activitycontinuation
    /// App Clips (`appclips.apps`); takes no wildcard.
    case appclips
    /// Known to the system (observed) but not checked against a file.
    case messagefilter
    case classificationreport
    case authsrv

    /// Whether the domain's file is fetched and checked for the app ID (AASA607):
    /// `applinks`, `webcredentials`, `appclips`, `activitycontinuation`.
    public var isCheckedAgainstFile: Bool {
        switch self {
        case .applinks, .webcredentials, .activitycontinuation, .appclips: return true
        case .messagefilter, .classificationreport, .authsrv: return false
        }
    }
}

/// The `?mode=` tokens of an entry: `developer`, `managed`, or both (`developer+managed`).
public struct AssociatedDomainModes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Developer mode: development-signed builds on a device with the developer setting;
    /// ignored by App Store and TestFlight builds; the CDN is bypassed.
    public static let developer = AssociatedDomainModes(rawValue: 1)
    /// Managed mode: devices enrolled in MDM; the CDN is bypassed.
    public static let managed = AssociatedDomainModes(rawValue: 2)

    /// `developer`, `managed`, `developer+managed`, or the empty string for normal mode.
    public var description: String {
        var parts: [String] = []
        if contains(.developer) { parts.append("developer") }
        if contains(.managed) { parts.append("managed") }
        return parts.joined(separator: "+")
    }
}

/// One string of `com.apple.developer.associated-domains`, parsed by the grammar
/// `<service>:<host>[?mode=<modes>]` of aasa-reference.md §3.
///
/// Parsing never fails: what does not fit the grammar is recorded in ``malformations``
/// (reported as AASA601) and the rest is still read as far as it goes, so one typo does not
/// hide other findings. Build variables (`$(…)`, `${…}`) are recorded in
/// ``unresolvedVariables`` (AASA613) and the part holding them is not judged as a host.
public struct AssociatedDomainEntry: Sendable, Hashable {
    /// The string exactly as it is in the file.
    public var raw: String
    /// 0-based index in the entitlement's array.
    public var index: Int
    /// The text before the first `:`, as written; empty when there is none.
    public var serviceName: String
    /// The service, when ``serviceName`` is one the system knows (exact, lower case).
    public var service: AssociatedDomainService?
    /// The host, lower-cased, without the `*.` of a wildcard and without a port; empty when
    /// the entry has none. For a wildcard this is the apex, whose file serves every subdomain.
    public var host: String
    /// `true` for `*.example.com`: every subdomain, not `example.com` itself.
    public var isWildcard: Bool
    /// A `:port` after the host.
    public var port: Int?
    /// The `?mode=` tokens; empty in normal mode.
    public var modes: AssociatedDomainModes
    /// Where the entry's `<string>` element starts in the file (XML property lists only).
    public var location: SourceLocation?
    /// Why the entry does not fit the grammar, one short phrase each (AASA601).
    public var malformations: [String]
    /// Build variables found in the entry, as written (`$(PRODUCT_BUNDLE_IDENTIFIER)`).
    public var unresolvedVariables: [String]
    /// The entry as written, when ``raw`` is its expansion with build settings
    /// (``BuildSettings``): `applinks:$(LINK_HOST)`.
    public var unexpanded: String?
    /// The host is an IPv4 or IPv6 address.
    public var isIPAddress: Bool
    /// The host has characters outside ASCII (it must be written in punycode).
    public var hasNonASCIIHost: Bool

    /// `true` when a mode is given (`?mode=developer`, `managed`): the CDN is bypassed and
    /// release builds ignore a developer-mode entry.
    public var isAlternateMode: Bool { !modes.isEmpty }

    /// The host as the entry names it: `*.` for a wildcard and `:port` included.
    public var displayHost: String {
        (isWildcard ? "*." : "") + host + (port.map { ":\($0)" } ?? "")
    }

    /// How messages name the entry: `line 7` where the file gives lines (XML), else its
    /// 1-based place in the array, `entry 3` (issue 10: never a zero-based index).
    public var label: String {
        location.map { "line \($0.line)" } ?? "entry \(index + 1)"
    }

    /// The host whose `/.well-known/apple-app-site-association` serves this entry: the
    /// host itself, or the apex for a wildcard (aasa-reference.md §3, TN3155).
    public var fileHost: String { host }

    /// No malformation, no build variable, a known service and an ASCII host.
    public var isWellFormed: Bool {
        malformations.isEmpty && unresolvedVariables.isEmpty && service != nil && !hasNonASCIIHost
            && !host.isEmpty
    }

    public init(
        raw: String, index: Int, serviceName: String, service: AssociatedDomainService?, host: String,
        isWildcard: Bool = false, port: Int? = nil, modes: AssociatedDomainModes = [],
        location: SourceLocation? = nil, malformations: [String] = [], unresolvedVariables: [String] = [],
        isIPAddress: Bool = false, hasNonASCIIHost: Bool = false
    ) {
        self.raw = raw
        self.index = index
        self.serviceName = serviceName
        self.service = service
        self.host = host
        self.isWildcard = isWildcard
        self.port = port
        self.modes = modes
        self.location = location
        self.malformations = malformations
        self.unresolvedVariables = unresolvedVariables
        self.isIPAddress = isIPAddress
        self.hasNonASCIIHost = hasNonASCIIHost
    }

    /// An array element that is not a string (`<integer>`, `<dict>`…): malformed.
    public static func notAString(typeName: String, index: Int) -> AssociatedDomainEntry {
        AssociatedDomainEntry(
            raw: "<\(typeName)>", index: index, serviceName: "", service: nil, host: "",
            malformations: ["the element is a <\(typeName)>, not a <string>"])
    }

    /// Parses one entitlement string.
    /// - Parameters:
    ///   - raw: the string, e.g. `applinks:*.example.com?mode=developer`.
    ///   - index: its 0-based index in the array.
    public static func parse(_ raw: String, index: Int) -> AssociatedDomainEntry {
        var entry = AssociatedDomainEntry(raw: raw, index: index, serviceName: "", service: nil, host: "")
        entry.unresolvedVariables = buildVariables(in: raw)

        var start = raw.startIndex
        var end = raw.endIndex
        while start < end, raw[start].isWhitespace { start = raw.index(after: start) }
        while end > start, raw[raw.index(before: end)].isWhitespace { end = raw.index(before: end) }
        let trimmed = String(raw[start..<end])
        if trimmed.isEmpty {
            entry.malformations.append("the entry is empty")
            return entry
        }
        if trimmed != raw {
            entry.malformations.append("white space before or after the entry")
        }

        guard let colon = trimmed.firstIndex(of: ":") else {
            entry.malformations.append("no `service:` before the host (write `applinks:\(trimmed)`)")
            entry.host = trimmed.lowercased()
            return entry
        }
        entry.serviceName = String(trimmed[..<colon])
        entry.service = AssociatedDomainService(rawValue: entry.serviceName)
        var rest = Substring(trimmed[trimmed.index(after: colon)...])
        let lowerService = entry.serviceName.lowercased()
        if (lowerService == "https" || lowerService == "http"), rest.hasPrefix("//") {
            entry.malformations.append("a URL, not `service:host` (write `applinks:host`)")
            entry.serviceName = ""
            rest = rest.dropFirst(2)
        } else if entry.serviceName.isEmpty {
            entry.malformations.append("empty service before `:`")
        }

        // ?mode=…
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            rest = rest[..<question]
            parseQuery(query, into: &entry)
        }

        let hostHasVariable = rest.containsUTF8("$(") || rest.containsUTF8("${")
        if hostHasVariable {
            entry.host = rest.lowercased()
            return entry
        }

        if rest.containsUTF8("://"), let colon = rest.firstIndex(of: ":") {
            let afterScheme = rest.index(colon, offsetBy: 3)
            entry.malformations.append("a scheme (`\(rest[..<afterScheme])`): write the host alone")
            rest = rest[afterScheme...]
        }
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[slash...]
            entry.malformations.append(
                path == "/" ? "a trailing `/` after the host" : "a path (`\(path)`) after the host")
            rest = rest[..<slash]
        }

        var hostText = rest
        if hostText.hasPrefix("[") {
            // [IPv6]:port
            if let close = hostText.firstIndex(of: "]") {
                entry.isIPAddress = true
                let after = hostText[hostText.index(after: close)...]
                hostText = hostText[hostText.index(after: hostText.startIndex)..<close]
                if after.hasPrefix(":") {
                    parsePort(after.dropFirst(), into: &entry)
                } else if !after.isEmpty {
                    entry.malformations.append("unexpected text `\(after)` after the address")
                }
                entry.host = hostText.lowercased()
                return entry
            }
            entry.malformations.append("`[` without `]`")
        }
        let colons = hostText.filter { $0 == ":" }.count
        if colons == 1, let c = hostText.firstIndex(of: ":") {
            parsePort(hostText[hostText.index(after: c)...], into: &entry)
            hostText = hostText[..<c]
        } else if colons > 1 {
            entry.isIPAddress = true
            entry.malformations.append("an IPv6 address must be written in brackets")
            entry.host = hostText.lowercased()
            return entry
        }

        if hostText.hasPrefix("*.") {
            entry.isWildcard = true
            hostText = hostText.dropFirst(2)
        }
        let host = hostText.lowercased()
        entry.host = host
        if host.contains("*") {
            entry.malformations.append("`*` is allowed only as a leading `*.`")
        }
        if host.isEmpty {
            entry.malformations.append(entry.isWildcard ? "no domain after `*.`" : "no host after `:`")
            return entry
        }
        if host.unicodeScalars.contains(where: { !$0.isASCII }) {
            entry.hasNonASCIIHost = true
            return entry
        }
        checkHostSyntax(host, into: &entry)
        return entry
    }

    private static func parseQuery(_ query: Substring, into entry: inout AssociatedDomainEntry) {
        guard query.hasPrefix("mode=") else {
            entry.malformations.append("a query other than `?mode=` (`?\(query)`)")
            return
        }
        let value = query.dropFirst("mode=".count)
        if value.containsUTF8("$(") || value.containsUTF8("${") { return }
        if value.isEmpty {
            entry.malformations.append("`?mode=` without a mode")
            return
        }
        for token in value.split(separator: "+", omittingEmptySubsequences: false) {
            switch token.lowercased() {
            case "developer": entry.modes.insert(.developer)
            case "managed": entry.modes.insert(.managed)
            case "": entry.malformations.append("an empty mode in `?mode=\(value)`")
            default:
                entry.malformations.append("unknown mode `\(token)` (the modes are `developer` and `managed`, joined by `+`)")
            }
        }
    }

    private static func parsePort(_ text: Substring, into entry: inout AssociatedDomainEntry) {
        if let port = Int(text), port >= 1, port <= 65535, text.allSatisfy(\.isASCII) {
            entry.port = port
        } else {
            entry.malformations.append(text.isEmpty ? "`:` after the host without a port" : "invalid port `\(text)`")
        }
    }

    private static func checkHostSyntax(_ host: String, into entry: inout AssociatedDomainEntry) {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) {
            entry.isIPAddress = true
            return
        }
        if host.contains(where: { $0.isWhitespace }) {
            entry.malformations.append("spaces in the host")
        }
        // Host names (RFC 952, RFC 1123 §2.1): letters, digits and `-` in dot-separated labels;
        // no `_`, which DNS allows in other names but no certificate can cover.
        let invalid = host.unicodeScalars.filter {
            !(("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
                || $0.properties.isWhitespace)
        }
        if let first = invalid.first {
            let shown = first.properties.generalCategory == .control
                ? "U+" + Hex.format(first.value) : String(first)
            entry.malformations.append("the character `\(shown)` is not allowed in a host name")
        }
        if host.hasPrefix(".") {
            entry.malformations.append("the host starts with `.`")
        }
        if host.containsUTF8("..") {
            entry.malformations.append("the host contains `..`")
        }
        if host.hasSuffix("."), host.count > 1 {
            entry.malformations.append("the host ends with `.`")
        }
        if let label = labels.first(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
            entry.malformations.append("the label `\(label)` \(label.hasPrefix("-") ? "starts" : "ends") with `-`")
        }
        if labels.contains(where: { $0.utf8.count > 63 }) {
            entry.malformations.append("a label longer than 63 characters")
        }
        if host.utf8.count > 253 {
            entry.malformations.append("the host is longer than 253 characters")
        }
        if !host.contains(".") {
            if host == "localhost" {
                if !entry.modes.contains(.developer) {
                    entry.malformations.append("`localhost` works only with `?mode=developer`")
                }
            } else {
                entry.malformations.append("the host `\(host)` has no dot: it is not a domain name")
            }
        }
    }

    /// The Xcode build variables in `text`: `$(NAME)` and `${NAME}`, as written; an unclosed
    /// one runs to the end of the text.
    static func buildVariables(in text: String) -> [String] {
        var out: [String] = []
        var i = text.startIndex
        while let dollar = text[i...].firstIndex(of: "$") {
            let next = text.index(after: dollar)
            guard next < text.endIndex, text[next] == "(" || text[next] == "{" else {
                i = next
                continue
            }
            let closer: Character = text[next] == "(" ? ")" : "}"
            if let close = text[next...].firstIndex(of: closer) {
                out.append(String(text[dollar...close]))
                i = text.index(after: close)
            } else {
                out.append(String(text[dollar...]))
                break
            }
        }
        return out
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// Whether `needle` occurs in the UTF-8 of this text: a plain byte search, much faster
    /// than Foundation's `range(of:)` on Linux for these short strings.
    func containsUTF8(_ needle: String) -> Bool {
        let hay = Array(utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard hay.count >= pattern.count else { return false }
        outer: for start in 0...(hay.count - pattern.count) {
            for k in 0..<pattern.count where hay[start + k] != pattern[k] { continue outer }
            return true
        }
        return false
    }
}
