/// Which intent filters take part in App Links verification and which hosts Android collects
/// from them (AOSP `services/…/pm/verify/domain/DomainVerificationCollector.java` @14543d1e;
/// spec `assetlinks-reference.md` §4.1, §4.4, §1.2).
///
/// - Target SDK 31 and later (change 175408749 `RESTRICT_DOMAINS`): a filter takes part when
///   it has `android:autoVerify="true"`, category DEFAULT, and ``IntentFilter/handlesWebURIs(onlyWebSchemes:)``
///   with only web schemes (action VIEW, category BROWSABLE, schemes all `http`/`https`).
/// - Target SDK 30 and lower (the legacy rules, which the collector's comment says older
///   Android versions applied): nothing is collected unless some filter
///   ``IntentFilter/needsVerification``; then every filter with VIEW, BROWSABLE and at least one
///   `http`/`https` scheme gives its hosts, with or without `autoVerify` or DEFAULT.
/// - A host is collected when it is valid (``AndroidHostName``: an optional `*.` and a domain
///   name by `Patterns.DOMAIN_NAME`, which accepts IPv4 addresses); the invalid ones are what
///   Android reports as invalid auto-verify domains. Hosts are collected until their estimated
///   size (2 bytes a UTF-16 unit plus 12, each declaration counted) reaches 1 MiB; the host
///   that crosses it is the last one.
/// - Every host of a filter is collected whatever scheme it was written with (the `<data>`
///   elements merge; Android's own comment on this says a host written with a custom scheme is
///   verified as a web host).
///
/// Each host's file is `https://HOST/.well-known/assetlinks.json`, `https://APEX/…` for
/// `*.APEX` (§4.4). Android 12 and later verify each host on its own; on Android 11 and lower
/// the hosts pass or fail together (§1.2), which ``predict(_:)`` models.
public struct AppLinksHosts: Sendable, Hashable {
    /// The rules Android applies, by the app's target SDK.
    public enum Rules: String, Sendable, Hashable {
        /// Target SDK 31+: only correctly formed `autoVerify` filters.
        case restricted
        /// Target SDK 30 and lower: any filter's `autoVerify` makes every web filter count.
        case legacy
    }

    /// Why a filter does not take part, or that it does.
    public enum Participation: Sendable, Hashable {
        case participates
        /// `autoVerify` is not set (target SDK 31+).
        case noAutoVerify
        case missingView
        case missingBrowsable
        case missingDefault
        /// A scheme other than `http`/`https` (target SDK 31+), named.
        case nonWebScheme(String)
        /// No scheme at all.
        case noScheme
        /// Legacy rules: no `http`/`https` scheme.
        case noWebScheme
        /// Legacy rules: no filter of the app requests verification, so nothing is collected.
        case nothingRequested
    }

    /// One collected (or refused) host and where it was declared.
    public struct Host: Sendable, Hashable {
        /// The host as written (`*.example.com` keeps `*.`).
        public var host: String
        /// The host whose `assetlinks.json` verifies it (the apex for `*.`).
        public var fileHost: String
        /// Index of each declaration: activity, filter within it, line of its `<data>`.
        public var declarations: [Declaration]
        /// Why Android refuses it, for an invalid host.
        public var problem: AndroidHostName.Problem?

        public struct Declaration: Sendable, Hashable {
            public var activity: Int
            public var filter: Int
            public var line: Int?
        }

        public var isWildcard: Bool { host.hasPrefix("*.") }

        /// `https://FILEHOST/.well-known/assetlinks.json`.
        public var fileURL: String { "https://\(fileHost)/.well-known/assetlinks.json" }
    }

    public var rules: Rules
    public var minimumSDK: Int
    public var targetSDK: Int
    /// Each filter's participation, as (activity, filter index, participation), in order.
    public var filters: [(activity: Int, filter: Int, participation: Participation)]
    /// Valid hosts collected, each once, in collection order.
    public var hosts: [Host]
    /// Hosts of participating filters that Android refuses (not a domain name).
    public var invalidHosts: [Host]
    /// Hosts left out because the 1 MiB estimate was reached before them.
    public var droppedBySizeLimit: [String]

    /// Android's cap on the estimated size of an app's collected hosts (`MAX_DOMAINS_BYTE_SIZE`).
    public static let maximumEstimatedBytes = 1024 * 1024

    public static func == (a: AppLinksHosts, b: AppLinksHosts) -> Bool {
        a.rules == b.rules && a.minimumSDK == b.minimumSDK && a.targetSDK == b.targetSDK && a.hosts == b.hosts
            && a.invalidHosts == b.invalidHosts && a.droppedBySizeLimit == b.droppedBySizeLimit
            && a.filters.map { "\($0.activity).\($0.filter)" } == b.filters.map { "\($0.activity).\($0.filter)" }
            && a.filters.map(\.participation) == b.filters.map(\.participation)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(hosts) }

    /// Whether one failing host makes every host of the app unverified somewhere it installs:
    /// on Android 11 and lower (minimum SDK 30 or lower) with more than one host.
    public var failingHostBreaksAllOnOlderDevices: Bool { minimumSDK <= 30 && olderDeviceHosts.count > 1 }

    /// The hosts devices running Android 11 and lower verify together (the legacy collection,
    /// whatever the target SDK), or `[]` when the app's minimum SDK is 31 or higher.
    public var olderDeviceHosts: [Host]

    /// Collects the hosts of `manifest`.
    /// - Parameter targetSDK: overrides the manifest's target SDK (a source manifest whose
    ///   `uses-sdk` the build sets); `minimumSDK` likewise.
    public init(_ manifest: AndroidManifest, targetSDK: Int? = nil, minimumSDK: Int? = nil) {
        let target = targetSDK ?? manifest.sdk.target
        let minimum = minimumSDK ?? manifest.sdk.minimum
        self.targetSDK = target
        self.minimumSDK = minimum
        rules = target >= 31 ? .restricted : .legacy
        let collection = Self.collect(manifest, rules: rules)
        filters = collection.filters
        hosts = collection.hosts
        invalidHosts = collection.invalid
        droppedBySizeLimit = collection.dropped
        olderDeviceHosts = minimum <= 30 ? (rules == .legacy ? hosts : Self.collect(manifest, rules: .legacy).hosts) : []
    }

    private static func collect(_ manifest: AndroidManifest, rules: Rules)
        -> (filters: [(activity: Int, filter: Int, participation: Participation)], hosts: [Host], invalid: [Host], dropped: [String])
    {
        var participation: [(activity: Int, filter: Int, participation: Participation)] = []
        let requested = manifest.activities.contains { $0.filters.contains(where: \.needsVerification) }
        for (a, activity) in manifest.activities.enumerated() {
            for (i, filter) in activity.filters.enumerated() {
                participation.append((a, i, Self.participation(filter, rules: rules, requested: requested)))
            }
        }
        var hosts: [Host] = [], invalid: [Host] = [], dropped: [String] = []
        var index: [String: Int] = [:], invalidIndex: [String: Int] = [:]
        var size = 0
        for entry in participation where entry.participation == .participates {
            let filter = manifest.activities[entry.activity].filters[entry.filter]
            for authority in filter.authorities {
                let declaration = Host.Declaration(activity: entry.activity, filter: entry.filter, line: authority.line)
                let check = AndroidHostName.classify(authority.host)
                if case .invalid(let problem) = check {
                    if let k = invalidIndex[authority.host] {
                        invalid[k].declarations.append(declaration)
                    } else {
                        invalidIndex[authority.host] = invalid.count
                        invalid.append(Host(host: authority.host, fileHost: authority.host, declarations: [declaration], problem: problem))
                    }
                    continue
                }
                guard size < maximumEstimatedBytes else {
                    if !dropped.contains(authority.host) && index[authority.host] == nil { dropped.append(authority.host) }
                    continue
                }
                size += authority.host.utf16.count * 2 + 12
                if let k = index[authority.host] {
                    hosts[k].declarations.append(declaration)
                } else {
                    index[authority.host] = hosts.count
                    let fileHost = authority.host.hasPrefix("*.") ? String(authority.host.dropFirst(2)) : authority.host
                    hosts.append(Host(host: authority.host, fileHost: fileHost, declarations: [declaration]))
                }
            }
        }
        return (participation, hosts, invalid, dropped)
    }

    static func participation(_ f: IntentFilter, rules: Rules, requested: Bool) -> Participation {
        switch rules {
        case .restricted:
            guard f.autoVerify else { return .noAutoVerify }
            guard f.hasAction(IntentFilter.actionView) else { return .missingView }
            guard f.hasCategory(IntentFilter.categoryBrowsable) else { return .missingBrowsable }
            guard f.hasCategory(IntentFilter.categoryDefault) else { return .missingDefault }
            guard !f.schemes.isEmpty else { return .noScheme }
            if let other = f.schemes.first(where: { $0 != "http" && $0 != "https" }) { return .nonWebScheme(other) }
            return .participates
        case .legacy:
            guard requested else { return .nothingRequested }
            guard f.hasAction(IntentFilter.actionView) else { return .missingView }
            guard f.hasCategory(IntentFilter.categoryBrowsable) else { return .missingBrowsable }
            guard !f.schemes.isEmpty else { return .noScheme }
            guard f.handlesWebURIs(onlyWebSchemes: false) else { return .noWebScheme }
            return .participates
        }
    }

    /// Per-host results of verification given which hosts' files list the app.
    public struct Prediction: Sendable, Hashable {
        /// Android 12 and later: each collected host verified or not, on its own.
        public var android12AndLater: [String: Bool]
        /// Android 11 and lower, when the app installs there (minimum SDK 30 or lower): every
        /// host of ``AppLinksHosts/olderDeviceHosts`` verified only when all of them pass.
        public var android11AndEarlier: [String: Bool]?
    }

    /// What verification gives, given `passes(fileHost, host)`: whether the file for a host
    /// (at its ``Host/fileHost``) lists the app.
    public func predict(_ passes: (_ host: Host) -> Bool) -> Prediction {
        var modern: [String: Bool] = [:]
        for h in hosts { modern[h.host] = passes(h) }
        guard minimumSDK <= 30 else { return Prediction(android12AndLater: modern, android11AndEarlier: nil) }
        let all = olderDeviceHosts.allSatisfy(passes)
        var older: [String: Bool] = [:]
        for h in olderDeviceHosts { older[h.host] = all }
        return Prediction(android12AndLater: modern, android11AndEarlier: older)
    }

    /// The app's other hosts that a verified `*.X` host also approves for this app, through
    /// the platform's suffix test (`host.endsWith(X)`, `DomainVerificationService` @0c4110e0):
    /// hosts ending in the characters of X that are neither X nor under `.X`
    /// (`*.example.com` approves `myexample.com`).
    public func approvedThroughSuffixQuirk(by wildcard: Host) -> [String] {
        guard wildcard.isWildcard else { return [] }
        let apex = wildcard.fileHost.lowercased()
        return hosts.map(\.host).filter { other in
            let h = other.lowercased()
            return !h.hasPrefix("*") && h != apex && h.hasSuffix(apex) && !h.hasSuffix("." + apex)
        }
    }
}

/// A host as Android's App Links collector judges it: `(\*\.)?` followed by
/// `android.util.Patterns.DOMAIN_NAME` — a host name of labels and a top-level domain, or an
/// IPv4 address (AOSP `core/java/android/util/Patterns.java`).
///
/// A host name is labels separated by `.` then a top-level domain. A label is 1–63 characters
/// of letters, digits and IRI characters (`UCS_CHAR`: U+00A0–U+D7FF, U+F900–U+FDCF,
/// U+FDF0–U+FFEF and the supplementary planes' U+x0000–U+xFFFD, U+E1000–U+EFFFD, except the
/// spaces U+00A0, U+2000–U+200A, U+2028, U+2029, U+202F, U+3000), with `-` and `_` inside but
/// not at either end. The top-level domain is 2–63 letters or IRI characters, or punycode
/// (`xn--`, then up to 58 word characters or `-`, then a word character). An IPv4 address is
/// four dotted decimal numbers up to 255 (the first not `0`). Lengths count code points, as
/// Java's regular expressions do.
public enum AndroidHostName {
    public enum Classification: Sendable, Hashable {
        case domainName
        case ipv4Address
        case invalid(Problem)
    }

    /// What makes a host invalid, for the message.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        case empty
        case port
        case scheme
        case path
        case trailingDot
        case misplacedWildcard
        case emptyLabel
        case noTopLevelDomain
        case character(Character)
        case labelTooLong
        case badLabelEdge

        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .port: return "it holds a port (`android:port` is where a port goes)"
            case .scheme: return "it holds a scheme (`android:scheme` is where the scheme goes)"
            case .path: return "it holds a path (`android:path…` is where paths go)"
            case .trailingDot: return "it ends in a dot"
            case .misplacedWildcard: return "a `*` may only open the host, as `*.` followed by a domain"
            case .emptyLabel: return "it has an empty label (`..`, or a leading dot)"
            case .noTopLevelDomain: return "it has no top-level domain of two or more letters (a single label such as `localhost`, or a numeric last label)"
            case .character(let c): return "it holds `\(c)`, which no host name holds"
            case .labelTooLong: return "a label is longer than 63 characters"
            case .badLabelEdge: return "a label starts or ends with `-` or `_`"
            }
        }
    }

    public static func classify(_ host: String) -> Classification {
        guard !host.isEmpty else { return .invalid(.empty) }
        if host.contains("://") { return .invalid(.scheme) }
        if host.contains("/") { return .invalid(.path) }
        var body = Substring(host)
        if body.hasPrefix("*.") { body = body.dropFirst(2) }
        if body.contains("*") { return .invalid(.misplacedWildcard) }
        if isIPv4(body) { return .ipv4Address }
        if let colon = body.lastIndex(of: ":"), !body[body.index(after: colon)...].isEmpty,
           body[body.index(after: colon)...].allSatisfy(\.isASCIIDigitForHost) {
            return .invalid(.port)
        }
        if body.hasSuffix(".") { return .invalid(.trailingDot) }
        let labels = body.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return .invalid(.noTopLevelDomain) }
        if labels.contains(where: \.isEmpty) { return .invalid(.emptyLabel) }
        for label in labels.dropLast() {
            if let problem = labelProblem(label) { return .invalid(problem) }
        }
        if let problem = topLevelProblem(labels.last!) { return .invalid(problem) }
        return .domainName
    }

    /// `LABEL_CHAR`: ASCII letters and digits, and `UCS_CHAR`.
    static func isLabelChar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return isUCS(s)
        }
    }

    static func isUCS(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v == 0xA0 || (0x2000...0x200A).contains(v) || v == 0x2028 || v == 0x2029 || v == 0x202F || v == 0x3000 { return false }
        if (0xA0...0xD7FF).contains(v) || (0xF900...0xFDCF).contains(v) || (0xFDF0...0xFFEF).contains(v) { return true }
        if v >= 0x10000 {
            let plane = v >> 16, low = v & 0xFFFF
            if plane >= 1 && plane <= 13 { return low <= 0xFFFD }
            if plane == 14 { return low >= 0x1000 && low <= 0xFFFD }
        }
        return false
    }

    static func labelProblem(_ label: Substring) -> Problem? {
        let scalars = Array(label.unicodeScalars)
        guard scalars.count <= 63 else { return .labelTooLong }
        for s in scalars where !(isLabelChar(s) || s == "-" || s == "_") { return .character(Character(s)) }
        if !isLabelChar(scalars.first!) || !isLabelChar(scalars.last!) { return .badLabelEdge }
        return nil
    }

    static func topLevelProblem(_ label: Substring) -> Problem? {
        let scalars = Array(label.unicodeScalars)
        // Punycode: xn-- then [\w-]{0,58} then \w.
        if label.hasPrefix("xn--"), scalars.count >= 5, scalars.count <= 63 {
            let word: (Unicode.Scalar) -> Bool = { s in
                switch s.value { case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true; default: return false }
            }
            if scalars[4...].dropLast().allSatisfy({ word($0) || $0 == "-" }), word(scalars.last!) { return nil }
        }
        guard scalars.count >= 2 else { return .noTopLevelDomain }
        guard scalars.count <= 63 else { return .labelTooLong }
        for s in scalars {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A: continue
            case 0x30...0x39: return .noTopLevelDomain
            default:
                if !isUCS(s) { return .character(Character(s)) }
            }
        }
        return nil
    }

    /// `Patterns.IP_ADDRESS_STRING`: four dotted octets; the first 1–255 (also `000`–`099`
    /// written with three digits), the middle two 0–255, the last 0–255.
    static func isIPv4(_ s: Substring) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for (i, part) in parts.enumerated() {
            let d = Array(part.utf8)
            guard (1...3).contains(d.count), d.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            let v = d.map { Int($0 - 0x30) }
            switch d.count {
            case 3:
                // 25[0-5] | 2[0-4][0-9] | [0-1][0-9]{2}
                let n = v[0] * 100 + v[1] * 10 + v[2]
                guard n <= 255 else { return false }
            case 2:
                // [1-9][0-9]
                guard v[0] != 0 else { return false }
            default:
                // [1-9] for the first three octets' single digit, with `0` for the middle
                // ones; [0-9] for the last.
                if v[0] == 0 && i == 0 { return false }
            }
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigitForHost: Bool { isASCII && isNumber }
}
