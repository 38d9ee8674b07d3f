/// Judges Apple's CDN copy of a domain's file: AASA501–AASA505 (spec `aasa-reference.md` §2).
/// Pure: it reads the recorded exchange, it fetches nothing.
public enum CDNJudge {
    /// `https://app-site-association.cdn-apple.com/a/v1/`; the host is appended.
    public static let defaultBase = "https://app-site-association.cdn-apple.com/a/v1/"

    /// The CDN URL for `domain`: the base (a `/` is added when missing) and the host
    /// lowercased without a leading `*.`.
    public static func url(base: String = defaultBase, domain: String) -> String {
        var host = domain.lowercased()
        if host.hasPrefix("*.") { host.removeFirst(2) }
        return (base.hasSuffix("/") ? base : base + "/") + host
    }

    /// The headers Apple's CDN uses to explain itself, in the order received.
    public static func appleHeaders(_ record: FetchRecord) -> [HTTPHeader] {
        record.headers.filter { $0.name.lowercased().hasPrefix("apple-") }
    }

    /// Judges the CDN exchange for `domain`.
    /// - Parameters:
    ///   - cdn: the CDN exchange, `nil` when the check was skipped.
    ///   - skipped: why the check was skipped (`--no-cdn`, or an alternate-mode domain), for AASA505.
    ///   - origin: the origin's judgement, whose document the CDN copy is compared with.
    ///   - copy: the CDN copy as ``DeployedFile`` decoded it once; `nil` when it is not a
    ///     document Apple's systems read. Never decoded here again (issue 21).
    public static func judge(domain: String, cdn: FetchRecord?, skipped: String? = nil, origin: HostingResult?,
                             copy: AASADocument?) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func add(_ code: DiagnosticCode, _ message: String, hint: String? = nil) {
            found.append(Diagnostic(code: code, message: message, hint: hint, target: domain, source: .cdn))
        }
        guard let cdn else {
            add(.aasa505, "the Apple CDN check was skipped: \(skipped ?? "not requested")")
            return found
        }
        let url = NetworkText.escape(cdn.url)
        if let error = cdn.error {
            add(.aasa504, "Apple's CDN could not be reached at \(url): \(error.kind.phrase) (\(HostingJudge.curlWords(error)))",
                hint: "Check the network path to the CDN (proxy, firewall); devices fetch the file from it.")
            return found
        }
        let apple = appleHeaders(cdn).map { "\(NetworkText.escape($0.name)): \(NetworkText.escape($0.value))" }
        guard cdn.status == 200 else {
            let line = NetworkText.escape(cdn.statusLine ?? "HTTP \(cdn.status ?? 0)")
            let detail = apple.isEmpty ? "no Apple-* headers" : apple.joined(separator: "; ")
            add(.aasa501, "Apple's CDN has no usable copy: \(url) answered \(line); \(detail)",
                hint: "Devices on iOS 14+ read only the CDN's copy. Fix the origin (the Apple-Failure-Reason says what the CDN saw); the CDN fetches again within about a day.")
            return found
        }
        let cdnDocument = copy
        // The origin's file counts only as Apple's systems read it: two copies of a file they
        // refuse (the same trailing comma) do not differ.
        if let originDocument = origin?.readDocument {
            if let cdnDocument {
                let differences = DocumentComparison.differences(origin: originDocument, cdn: cdnDocument)
                if !differences.isEmpty {
                    let shown = differences.prefix(8).joined(separator: "; ")
                    let more = differences.count > 8 ? "; and \(differences.count - 8) more" : ""
                    add(.aasa502, "the CDN copy behaves differently from the origin file: \(shown)\(more)",
                        hint: "The CDN refreshes within about a day of a change; devices use its copy until then. There is no way to force a refresh.")
                }
            } else {
                add(.aasa502, "the CDN copy is not a readable document while the origin file is",
                    hint: "The CDN refreshes within about a day of a change; devices use its copy until then.")
            }
        } else if cdnDocument != nil {
            add(.aasa502, "the CDN still serves a copy but the origin file could not be read; devices keep using the copy until the CDN refreshes",
                hint: "Fix the origin before the CDN's copy expires.")
        }
        if let age = ageSeconds(cdn) {
            let maxAge = maxAgeSeconds(cdn)
            var message = "the CDN copy is \(age) s old (Age)"
            if let maxAge {
                message += age >= maxAge
                    ? "; older than its max-age of \(maxAge) s, so it may be refreshed at any time"
                    : "; max-age is \(maxAge) s, so it may be refreshed in about \(maxAge - age) s"
            }
            if let from = cdn.header("apple-from") { message += "; fetched from \(NetworkText.escape(from))" }
            add(.aasa503, message)
        } else if let maxAge = maxAgeSeconds(cdn) {
            add(.aasa503, "the CDN copy has max-age \(maxAge) s and no Age header")
        }
        return found
    }

    /// `Age` in seconds, when it is a non-negative integer.
    static func ageSeconds(_ record: FetchRecord) -> Int? {
        record.header("age").flatMap { Int($0.trimmingCharacters(in: " \t")) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// `max-age` of `Cache-Control`, in seconds.
    static func maxAgeSeconds(_ record: FetchRecord) -> Int? {
        guard let value = record.header("cache-control") else { return nil }
        for part in value.split(separator: ",") {
            let item = String(part).trimmingCharacters(in: " \t").lowercased()
            if item.hasPrefix("max-age=") { return Int(item.dropFirst("max-age=".count)) }
        }
        return nil
    }
}
