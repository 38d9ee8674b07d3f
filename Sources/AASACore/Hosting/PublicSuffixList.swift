import CPSL

/// Registrable domains (eTLD+1) from the Public Suffix List compiled into libpsl (Debian
/// `libpsl-dev`; ``snapshot`` says which copy), with its ICANN and private sections as Chromium
/// (`GetDomainAndRegistry` with `INCLUDE_PRIVATE_REGISTRIES`) and Firefox (the eTLD service) use
/// them for WebAuthn's related origins (spec `webauthn-reference.md` §3.4). No file is read:
/// libpsl's built-in list is data in the library, so this stays free of I/O.
public enum PublicSuffixList {
    /// Which copy of the list answers: the list file the library was built from.
    public struct Snapshot: Sendable, Hashable {
        /// The list file's modification time, seconds since 1970 (`psl_builtin_file_time`).
        public var fileTime: Int
        /// The list file's time as `YYYY-MM-DD` (UTC).
        public var date: String
        /// SHA-1 of that file, 40 hex digits (`psl_builtin_sha1sum`).
        public var sha1: String
        /// The list file the distribution keeps beside the library (`psl_dist_filename`, for
        /// reference only: it is not read).
        public var distFile: String
        /// libpsl's version string (`psl_get_version`).
        public var libraryVersion: String

        /// One line for reports: `Public Suffix List of 2023-02-09 (libpsl 0.21.2 …, sha1 16fe…)`.
        public var description: String {
            "Public Suffix List of \(date) (libpsl \(libraryVersion), sha1 \(sha1.prefix(12)))"
        }
    }

    /// The built-in list's identity.
    public static let snapshot: Snapshot = {
        let time = Int(psl_builtin_file_time())
        let sha = psl_builtin_sha1sum().map { String(cString: $0) } ?? ""
        let dist = psl_dist_filename().map { String(cString: $0) } ?? ""
        let version = psl_get_version().map { String(cString: $0) } ?? ""
        return Snapshot(fileTime: time, date: civilDate(time), sha1: sha, distFile: dist, libraryVersion: version)
    }()

    /// Which sections of the list decide.
    public enum Sections: Sendable {
        /// ICANN and private (what browsers use).
        case all
        /// Only the ICANN section.
        case icann

        var type: Int32 {
            switch self {
            case .all: return PSL_TYPE_ANY
            case .icann: return PSL_TYPE_ICANN
            }
        }
    }

    /// The registrable domain of `host` — its public suffix plus one label — or `nil` when it has
    /// none: the host is itself a public suffix (`com`, `co.uk`, `github.io`), is empty, is an IP
    /// address (dotted IPv4, or anything with `:` or brackets), is not lowercase ASCII (give IDNs
    /// as punycode, `xn--…`) or has an empty label. `example.co.uk` → `example.co.uk`,
    /// `a.b.example.co.uk` → `example.co.uk`, `shop.github.io` → `shop.github.io`.
    public static func registrableDomain(of host: String, sections: Sections = .all) -> String? {
        guard let labels = hostLabels(host) else { return nil }
        for i in labels.indices where isPublic(labels[i...].joined(separator: "."), sections: sections) {
            return i == 0 ? nil : labels[(i - 1)...].joined(separator: ".")
        }
        return nil
    }

    /// The first label of the registrable domain (`foo` for `www.foo.co.uk`), the unit the
    /// related-origins budget counts; `nil` when ``registrableDomain(of:sections:)`` is.
    public static func registrableLabel(of host: String) -> String? {
        guard let domain = registrableDomain(of: host) else { return nil }
        return String(domain.split(separator: ".", omittingEmptySubsequences: false)[0])
    }

    /// Whether `host` (lowercase ASCII) is a public suffix of the list, private section included
    /// (`com`, `co.uk`, `github.io`); an unlisted single label counts, as the list's implicit `*`
    /// rule says. `false` for IP addresses and malformed names.
    public static func isPublicSuffix(_ host: String, sections: Sections = .all) -> Bool {
        guard let labels = hostLabels(host) else { return false }
        return isPublic(labels.joined(separator: "."), sections: sections)
    }

    /// Whether the registrable domain of `host` depends on a rule of the private section (the
    /// ICANN section alone gives another answer): `shop.github.io` (ICANN: `github.io`).
    public static func dependsOnPrivateSection(_ host: String) -> Bool {
        registrableDomain(of: host, sections: .all) != registrableDomain(of: host, sections: .icann)
    }

    /// Whether `host` is an IP address literal (dotted IPv4 with a numeric last label as the URL
    /// standard reads hosts, or an IPv6 literal with or without brackets).
    public static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") || host.hasPrefix("[") { return true }
        guard let last = host.split(separator: ".", omittingEmptySubsequences: true).last else { return false }
        // The WHATWG host parser reads a last label of digits (or 0x…) as IPv4.
        if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        if last.lowercased().hasPrefix("0x"), last.dropFirst(2).allSatisfy({ $0.isHexDigit }) { return true }
        return false
    }

    /// The labels of a lowercase ASCII host name, or `nil` for what the list cannot answer.
    static func hostLabels(_ host: String) -> [String]? {
        guard !host.isEmpty, host.utf8.count <= 253, !isIPAddress(host),
              host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !($0 >= 0x41 && $0 <= 0x5A) }) else { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !labels.contains(where: \.isEmpty) else { return nil }
        return labels
    }

    static func isPublic(_ domain: String, sections: Sections) -> Bool {
        guard let ctx = psl_builtin() else { return false }
        return domain.withCString { psl_is_public_suffix2(ctx, $0, sections.type) != 0 }
    }

    /// `YYYY-MM-DD` of a Unix time (UTC), by the civil-from-days algorithm.
    static func civilDate(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
