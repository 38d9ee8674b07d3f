/// `/.well-known/webauthn`, the third document kind (spec `webauthn-reference.md` §3.3).
///
/// Plan: `https://RP_ID/.well-known/webauthn` as a browser asks for it (no cookies, at most
/// 262,144 + 1 body bytes read); redirects are followed by planning each next hop, up to
/// ``maxRedirects``, and never to a URL that is not HTTPS (the spec since commit 241833d9,
/// Firefox). Judgement: the exchanges by ``WebAuthnServing`` (WAN101–WAN108) and the last one's
/// body as a ``WebAuthnFile``; the model is a ``WebAuthnDeployment``.
public enum WebAuthnKind: DocumentKind {
    public static let id = "webauthn"
    public static let fileName = "webauthn"
    public static let codePrefix = "WAN"
    public static let wellKnownPath = "/.well-known/webauthn"
    public static let platform = "web"

    /// Hops followed after the first request.
    public static let maxRedirects = 10
    /// The browser user agent the file is asked with (Chromium's loader sends the browser's).
    public static let userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 aasa-check"

    /// Roles of its requests, as reports name them.
    public enum Role {
        public static let file = "webauthn", redirect = "webauthn-redirect"
    }

    /// A file named `webauthn` (or `webauthn.json`), or a JSON object whose first member is
    /// `origins` or `related_origins`.
    public static func recognizes(_ bytes: [UInt8], name: String?) -> Bool {
        if let name = name?.lowercased(), name.hasSuffix("/webauthn") || name == "webauthn" || name.hasSuffix("webauthn.json") { return true }
        guard let root = StrictJSONParser().parse(Array(bytes.prefix(WebAuthnFile.maxBytes))).root,
              let first = root.objectMembers?.first?.key else { return false }
        return first == "origins" || first == "related_origins"
    }

    /// `HOST/.well-known/webauthn`: where findings about the file say they are.
    public static func fileLabel(for host: String) -> String { host + wellKnownPath }

    public static func plan(for host: HostContext) -> any FetchPlan { Plan(host: host.host) }

    /// The first request, then one per redirect hop that stays on HTTPS.
    public struct Plan: FetchPlan {
        public let host: String
        var hops = 0

        public init(host: String) { self.host = host }

        public mutating func start() -> [PlannedRequest] {
            [PlannedRequest(url: WebAuthnKind.fileURL(for: host), role: Role.file, agent: .custom(WebAuthnKind.userAgent),
                            maxBodyBytes: WebAuthnFile.maxBytes + 1)]
        }

        public mutating func received(_ record: FetchRecord, for request: PlannedRequest) -> [PlannedRequest] {
            guard let next = WebAuthnServing.redirectTarget(record), hops < WebAuthnKind.maxRedirects,
                  next.lowercased().hasPrefix("https://") else { return [] }
            hops += 1
            return [PlannedRequest(url: next, role: Role.redirect, agent: .custom(WebAuthnKind.userAgent),
                                   maxBodyBytes: WebAuthnFile.maxBytes + 1)]
        }
    }

    public static func judge(_ exchanges: [PlannedExchange], host: HostContext) -> KindJudgement {
        let deployment = WebAuthnServing.judge(exchanges.map(\.record), rpID: host.host)
        return KindJudgement(diagnostics: deployment.diagnostics, model: deployment)
    }
}

/// What an RP ID served at `/.well-known/webauthn`: the chain of exchanges, the file when one
/// was read, and the findings (serving then content).
public struct WebAuthnDeployment: Sendable {
    public var rpID: String
    /// The requests made, first to last (redirect hops included).
    public var chain: [FetchRecord]
    /// The file, when a 200 answer's body was read (whatever its content type).
    public var file: WebAuthnFile?
    /// Whether a client would use the file: served as a client reads it and valid.
    public var isUsable: Bool
    public var diagnostics: [Diagnostic]
}

/// The serving rules of `/.well-known/webauthn` (spec `webauthn-reference.md` §3.3): WAN101
/// not fetched, WAN102 not 200, WAN103 a hop that is not HTTPS, WAN104 redirected, WAN105
/// too many hops, WAN106 not `application/json`, WAN107 over 262,144 bytes, WAN108 over 10 s.
public enum WebAuthnServing {
    /// Chromium's and Firefox's time limit, in milliseconds.
    public static let timeLimitMs = 10_000.0

    /// The absolute URL a 3xx answer with `Location` points to, or `nil`.
    public static func redirectTarget(_ record: FetchRecord) -> String? {
        guard record.error == nil, let status = record.status, [301, 302, 303, 307, 308].contains(status),
              let location = record.header("location")?.trimmingCharacters(in: " \t"), !location.isEmpty else { return nil }
        return resolve(location, against: record.url)
    }

    /// `location` made absolute against `base` (absolute, scheme-relative or path forms).
    static func resolve(_ location: String, against base: String) -> String {
        if location.range(of: "://") != nil, let colon = location.firstIndex(of: ":"),
           location[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) { return location }
        guard let schemeEnd = base.range(of: "://") else { return location }
        let scheme = base[..<schemeEnd.lowerBound]
        if location.hasPrefix("//") { return scheme + ":" + location }
        let afterScheme = base[schemeEnd.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let origin = scheme + "://" + authority
        if location.hasPrefix("/") { return origin + location }
        let path = afterScheme.dropFirst(authority.count).prefix { $0 != "?" && $0 != "#" }
        let dir = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return origin + dir + location
    }

    /// Judges the chain of exchanges for `rpID`, first request first.
    public static func judge(_ chain: [FetchRecord], rpID: String) -> WebAuthnDeployment {
        var out: [Diagnostic] = []
        let url = WebAuthnKind.fileURL(for: rpID)
        guard let last = chain.last else {
            out.append(Diagnostic(code: .wan101, message: "\(url) was not fetched"))
            return WebAuthnDeployment(rpID: rpID, chain: chain, file: nil, isUsable: false, diagnostics: attributed(out, rpID))
        }
        var usable = true
        // Redirects: every hop must be HTTPS, at most maxRedirects.
        let hops = chain.dropLast().compactMap(redirectTarget)
        if let target = redirectTarget(last) {
            if !target.lowercased().hasPrefix("https://") {
                out.append(Diagnostic(code: .wan103, message: "\(NetworkText.escape(last.url)) redirects to \(NetworkText.escape(target)), which is not HTTPS: the spec and Firefox refuse the file, so every related origin is refused",
                                      hint: "Serve the file at \(url) itself, over HTTPS, with status 200."))
            } else {
                out.append(Diagnostic(code: .wan105, message: "\(url) still redirects after \(chain.count - 1) hops (to \(NetworkText.escape(target))): clients give up",
                                      hint: "Serve the file at \(url) itself, with status 200."))
            }
            return WebAuthnDeployment(rpID: rpID, chain: chain, file: nil, isUsable: false, diagnostics: attributed(out, rpID))
        }
        if !hops.isEmpty {
            out.append(Diagnostic(code: .wan104, message: "\(url) is redirected (\(hops.map { NetworkText.escape($0) }.joined(separator: " → "))): clients follow HTTPS redirects, but each hop costs time and a redirect to another host is easy to break",
                                  hint: "Serve the file at \(url) itself, with status 200."))
        }
        if let error = last.error {
            out.append(Diagnostic(code: .wan101, message: "\(NetworkText.escape(last.url)) could not be fetched: \(NetworkText.escape(error.message))",
                                  hint: "Make \(url) reachable over HTTPS with a certificate browsers trust."))
            return WebAuthnDeployment(rpID: rpID, chain: chain, file: nil, isUsable: false, diagnostics: attributed(out, rpID))
        }
        let status = last.status ?? 0
        guard status == 200 else {
            // No file at all (404, 410) is how most RP IDs are: only callers on other sites
            // need one, and each of those is refused with WAN404. Said, not an error.
            let noFile = status == 404 || status == 410
            out.append(Diagnostic(code: .wan102, severity: noFile ? .info : nil, message: "\(NetworkText.escape(last.url)) answered with status \(status)\(noFile ? " (no file)" : ""): clients need 200, so every caller on another site is refused"
                                    + (noFile ? "; callers on \(rpID) and its subdomains need no file" : ""),
                                  hint: "Serve the file with status 200 (or do not rely on related origins)."))
            return WebAuthnDeployment(rpID: rpID, chain: chain, file: nil, isUsable: false, diagnostics: attributed(out, rpID))
        }
        if last.mediaType != "application/json" {
            usable = false
            let served = last.header("content-type").map { "\"\(NetworkText.escape($0, limit: 80))\"" } ?? "no Content-Type"
            let firefoxOnly = last.header("content-type")?.lowercased().contains("application/json") == true
            out.append(Diagnostic(code: .wan106, message: "the file is served with \(served): Chromium needs the media type application/json"
                                    + (firefoxOnly ? " (Firefox, which only looks for the text, would accept it)" : ", and Firefox too") + "; the file is ignored",
                                  hint: "Serve it as Content-Type: application/json (parameters such as charset=utf-8 are fine)."))
        }
        if last.truncated || last.body.count > WebAuthnFile.maxBytes {
            out.append(Diagnostic(code: .wan107, message: "the file is larger than \(WebAuthnFile.maxBytes) bytes: Chromium reads no more and refuses it",
                                  hint: "List only the origins that call WebAuthn; five labels are all a client counts."))
            return WebAuthnDeployment(rpID: rpID, chain: chain, file: nil, isUsable: false, diagnostics: attributed(out, rpID))
        }
        let total = chain.compactMap(\.timeMs).reduce(0, +)
        if total > timeLimitMs {
            usable = false
            out.append(Diagnostic(code: .wan108, message: "the file took \(Int(total)) ms to arrive: Chromium and Firefox give up after 10 s",
                                  hint: "Serve it from a fast static path or a CDN."))
        }
        let file = WebAuthnFile.parse(last.body)
        out += file.diagnostics
        return WebAuthnDeployment(rpID: rpID, chain: chain, file: file, isUsable: usable && file.isValid, diagnostics: attributed(out, rpID))
    }

    static func attributed(_ d: [Diagnostic], _ rpID: String) -> [Diagnostic] {
        d.attributed(target: rpID, source: .origin, file: WebAuthnKind.fileLabel(for: rpID))
    }
}
