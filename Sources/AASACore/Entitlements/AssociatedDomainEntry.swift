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
            // A build setting may hold the service and its colon (`$(APPLINK)` set to
            // `applinks:example.com`): without settings the entry cannot be judged (AASA613
            // says so), which is not the same as having no service.
            if entry.unresolvedVariables.isEmpty {
                entry.malformations.append("no `service:` before the host (write `applinks:\(trimmed)`)")
            }
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
        // An ASCII host is checked byte by byte; any other by its characters.
        let ascii = host.utf8.allSatisfy { $0 < 0x80 }
        if ascii ? host.utf8.contains(0x2A) : host.contains("*") {
            entry.malformations.append("`*` is allowed only as a leading `*.`")
        }
        if host.isEmpty {
            entry.malformations.append(entry.isWildcard ? "no domain after `*.`" : "no host after `:`")
            return entry
        }
        if !ascii {
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

    /// Host-name syntax (RFC 952, RFC 1123 §2.1), on the bytes of an ASCII host already
    /// lower-cased, in one pass: letters, digits and `-` in dot-separated labels; no `_`, which
    /// DNS allows in other names but no certificate can cover.
    private static func checkHostSyntax(_ host: String, into entry: inout AssociatedDomainEntry) {
        let bytes = Array(host.utf8)
        let n = bytes.count
        var labels = 0
        var dottedQuad = true  // every label so far non-empty and all digits
        var dashed: Range<Int>?  // the first label starting or ending with `-`
        var longLabel = false
        var hasDot = false
        var doubleDot = false
        var whitespace = false
        var invalid: UInt8?
        var start = 0
        for i in 0...n {
            guard i < n, bytes[i] != 0x2E else {
                labels += 1
                let length = i - start
                if length == 0 { dottedQuad = false }
                if length > 63 { longLabel = true }
                if dashed == nil, length > 0, bytes[start] == 0x2D || bytes[i - 1] == 0x2D { dashed = start..<i }
                if i < n {
                    hasDot = true
                    if i + 1 < n, bytes[i + 1] == 0x2E { doubleDot = true }
                }
                start = i + 1
                continue
            }
            let b = bytes[i]
            let digit = b >= 0x30 && b <= 0x39
            if !digit { dottedQuad = false }
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                whitespace = true
            } else if invalid == nil, !digit, !(b >= 0x61 && b <= 0x7A), b != 0x2D {
                invalid = b
            }
        }
        if labels == 4, dottedQuad {
            entry.isIPAddress = true
            return
        }
        if whitespace {
            entry.malformations.append("spaces in the host")
        }
        if let invalid {
            let shown = invalid < 0x20 || invalid == 0x7F ? "U+" + Hex.format(UInt32(invalid)) : String(UnicodeScalar(invalid))
            entry.malformations.append("the character `\(shown)` is not allowed in a host name")
        }
        if bytes[0] == 0x2E {
            entry.malformations.append("the host starts with `.`")
        }
        if doubleDot {
            entry.malformations.append("the host contains `..`")
        }
        if bytes[n - 1] == 0x2E, n > 1 {
            entry.malformations.append("the host ends with `.`")
        }
        if let dashed {
            let label = String(decoding: bytes[dashed], as: UTF8.self)
            entry.malformations.append("the label `\(label)` \(bytes[dashed.lowerBound] == 0x2D ? "starts" : "ends") with `-`")
        }
        if longLabel {
            entry.malformations.append("a label longer than 63 characters")
        }
        if n > 253 {
            entry.malformations.append("the host is longer than 253 characters")
        }
        if !hasDot {
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
        guard text.utf8.contains(0x24) else { return [] }  // no `$`: the common case, no scan by characters
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
