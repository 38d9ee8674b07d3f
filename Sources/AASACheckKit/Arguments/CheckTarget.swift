import AASACore
import Foundation

/// One domain as given on the command line.
public struct CheckTarget: Sendable {
    /// As typed.
    public var input: String
    /// The host, lowercased, without scheme, path, `*.`, service prefix or mode.
    public var host: String
    /// Given with `http://`.
    public var plainHTTP: Bool
    /// `developer`, `managed`… when given as `host?mode=…`.
    public var mode: String?
    /// Given as `*.host` (an entitlement's wildcard entry): the file at ``host`` decides the
    /// URLs of every subdomain (spec `aasa-reference.md` §3, TN3155).
    public var wildcard = false

    /// Whether this target's file decides URLs on `urlHost` (lowercased): its own host, and
    /// for a wildcard target every subdomain of it.
    public func decides(_ urlHost: String) -> Bool {
        urlHost == host || (wildcard && urlHost.hasSuffix("." + host))
    }

    /// Reads `example.com`, `https://example.com/`, `http://…`, `*.example.com`,
    /// `applinks:example.com?mode=developer`.
    /// - Throws: ``UsageError`` when no usable host name remains.
    public static func parse(_ input: String) throws -> CheckTarget {
        var s = input.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = SafeText.value(input)
        var plain = false
        let lower = s.lowercased()
        let hadScheme = lower.hasPrefix("https://") || lower.hasPrefix("http://")
        if lower.hasPrefix("https://") { s = String(s.dropFirst(8)) } else if lower.hasPrefix("http://") { s = String(s.dropFirst(7)); plain = true }
        if !hadScheme, FileManager.default.fileExists(atPath: input) {
            throw UsageError("\(shown) is a local file, not a domain; to check a file use `aasa-check validate \(shown)`")
        }
        for service in ["applinks:", "webcredentials:", "appclips:", "activitycontinuation:"] where s.lowercased().hasPrefix(service) {
            s = String(s.dropFirst(service.count))
        }
        var mode: String?
        if let q = s.firstIndex(of: "?") {
            let query = s[s.index(after: q)...]
            if query.lowercased().hasPrefix("mode=") { mode = String(query.dropFirst(5)).lowercased() }
            s = String(s[..<q])
        }
        if let slash = s.firstIndex(of: "/") {
            if !hadScheme && s[s.index(after: slash)...].contains(where: { $0 != "/" }) {
                throw UsageError("\(shown) is not a domain name (it has a path); give the host, e.g. example.com")
            }
            s = String(s[..<slash])
        }
        let wildcard = s.hasPrefix("*.")
        if wildcard { s = String(s.dropFirst(2)) }
        if s.hasSuffix(".") { s.removeLast() }
        var host = s.lowercased()
        // `:443` is https's own port: the same host, so the same file and the same CDN key.
        if !plain, host.hasSuffix(":443"), host.hasPrefix("[") ? host.hasSuffix("]:443") : !host.dropLast(4).contains(":") {
            host.removeLast(4)
        }
        if let mode {
            let tokens = mode.split(separator: "+").map(String.init)
            guard !tokens.isEmpty, tokens.allSatisfy({ $0 == "developer" || $0 == "managed" }) else {
                throw UsageError("\(shown): mode must be developer, managed or developer+managed")
            }
        }
        if host.contains("@") {
            throw UsageError("\(shown): a domain has no user information (user:password@); give the host, e.g. example.com")
        }
        try validateHost(host, shown: shown)
        var target = CheckTarget(input: input, host: host, plainHTTP: plain, mode: mode)
        target.wildcard = wildcard
        return target
    }
}

extension CheckTarget {
    /// A host name as domains are written: labels of letters, digits and `-` (not at either
    /// end, at most 63 each, 253 in all), at least two labels (or `localhost`), an optional
    /// port; or an IP address. Non-ASCII names must be given in punycode.
    /// - Throws: ``UsageError`` saying what is wrong.
    static func validateHost(_ hostAndPort: String, shown: String) throws {
        var host = hostAndPort
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw UsageError("\(shown): not a domain name") }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65_535).contains(port) else {
                    throw UsageError("\(shown): the port must be a number from 1 to 65535")
                }
            }
            return
        }
        if let colon = host.lastIndex(of: ":") {
            guard let port = Int(host[host.index(after: colon)...]), (1...65_535).contains(port) else {
                throw UsageError("\(shown): the port must be a number from 1 to 65535")
            }
            host = String(host[..<colon])
        }
        if !host.unicodeScalars.allSatisfy(\.isASCII) {
            throw UsageError("\(shown): not ASCII; give an internationalised domain name in punycode (xn--…)")
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, host.count <= 253, !labels.contains(where: \.isEmpty) else {
            throw UsageError("\(shown): not a domain name")
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) && labels.count == 4 { return }  // IPv4
        for label in labels {
            guard label.count <= 63 else {
                throw UsageError("\(shown): not a domain name (a label is at most 63 characters; \(SafeText.value(String(label.prefix(12))))… has \(label.count))")
            }
            guard label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }), label.first != "-", label.last != "-" else {
                throw UsageError("\(shown): not a domain name (labels are letters, digits and -, not starting or ending with -)")
            }
        }
        if labels.count < 2 && host != "localhost" {
            throw UsageError("\(shown): not a domain name (a domain has at least two labels, such as example.com)")
        }
        if looksLikeFileName(host) {
            throw UsageError("\(shown) looks like a file name, and there is no such file; a domain is written example.com")
        }
    }

    /// Extensions of the files aasa-check reads (and of nearby formats): a name ending in one
    /// is a file name, never a domain (none of them is a top-level domain).
    static let fileExtensions: Set<String> = [
        "json", "jsonc", "json5", "txt", "plist", "entitlements", "xcent", "mobileprovision", "provisionprofile",
        "routes", "aasa", "html", "htm", "xml", "yaml", "yml", "csv", "log", "bak", "orig", "tmp",
    ]

    /// Whether `name` reads as a file name rather than a domain: its last label is a file
    /// extension aasa-check knows, or one edit away from `json` (`comp.jsn`, `aasa.josn`,
    /// `a.jsno`). No top-level domain is either (the nearest, `.jot`, is two edits away).
    static func looksLikeFileName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name.hasSuffix(".") else { return false }
        let last = name[name.index(after: dot)...].lowercased()
        return fileExtensions.contains(last) || (last.count >= 3 && EditDistance.between(last, "json") == 1)
    }
}
