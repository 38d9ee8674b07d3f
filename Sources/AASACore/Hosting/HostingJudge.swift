/// Everything fetched for one domain's file, as ``HostingJudge`` needs it.
public struct DomainFetches: Sendable {
    /// The host checked, lowercased.
    public var domain: String
    /// `GET https://<domain>/.well-known/apple-app-site-association` as Apple's fetcher.
    public var origin: FetchRecord
    /// `GET https://<domain>/apple-app-site-association`, made when the origin fetch failed
    /// with an HTTP status (see ``HostingJudge/shouldProbeLegacy(_:)``).
    public var legacy: FetchRecord?
    /// The origin URL again with a browser's `User-Agent`, made when Apple's fetcher was
    /// refused (see ``HostingJudge/shouldRetryAsBrowser(_:)``).
    public var browser: FetchRecord?
    /// Every address the host resolves to, `nil` when not resolved.
    public var addresses: [String]?
    /// The user sent the connection elsewhere (`--connect-to`): the addresses are their choice,
    /// so AASA110 is not raised.
    public var connectionRedirected: Bool
    /// The domain was given with `http://` (AASA103).
    public var plainHTTPRequested: Bool
    /// The domain is in an alternate mode (`?mode=developer`, `managed`): devices fetch its file
    /// directly, not through Apple's CDN, so private addresses are the user's setup (AASA110 is
    /// info, aasa-reference.md §1).
    public var alternateMode: Bool

    public init(domain: String, origin: FetchRecord, legacy: FetchRecord? = nil, browser: FetchRecord? = nil,
                addresses: [String]? = nil, connectionRedirected: Bool = false, plainHTTPRequested: Bool = false,
                alternateMode: Bool = false) {
        self.domain = domain
        self.origin = origin
        self.legacy = legacy
        self.browser = browser
        self.addresses = addresses
        self.connectionRedirected = connectionRedirected
        self.plainHTTPRequested = plainHTTPRequested
        self.alternateMode = alternateMode
    }
}

/// What ``HostingJudge`` concluded for one domain.
public struct HostingResult: Sendable {
    /// Hosting findings (1xx) and the served file's validation findings, attributed to the
    /// domain with source `origin`, in the order: hosting, then file order.
    public var diagnostics: [Diagnostic]
    /// Validation of the file that was served (the origin's; else the browser-served one for
    /// AASA109; else the legacy root file for AASA108), `nil` when no file was read.
    public var validation: ValidationResult?
    /// The bytes validated (for a signed file, the JSON inside it).
    public var servedBody: [UInt8]?
    /// The URL whose body was validated.
    public var servedURL: String?
    /// The label findings in the served file carry in `file` (nil for the `.well-known` file,
    /// whose label renderers derive from the target).
    public var fileLabel: String?

    /// Why Apple's systems do not read the file that was read (issue 21): it was served only
    /// to a browser (AASA109), only at the legacy root path that iOS 14 and later and Apple's
    /// CDN never read (AASA108), or they refuse it as a whole (``ValidationResult/rejection``).
    /// `nil` when they read it, or when no file was read.
    public var refusal: Diagnostic? {
        guard let validation else { return nil }
        return diagnostics.first { $0.code == .aasa109 || $0.code == .aasa108 } ?? validation.rejection
    }

    /// The served document as Apple's systems read it: `nil` when no file was read or they do
    /// not read it (``refusal``).
    public var readDocument: AASADocument? { refusal == nil ? validation?.document : nil }
}

/// Judges how a domain serves its `apple-app-site-association` file: AASA101–AASA106,
/// AASA108–AASA111, AASA114 here, and the body's own findings (2xx–4xx and AASA107/112/113)
/// through ``Validator``. Pure: it reads recorded exchanges, it fetches nothing.
///
/// Source: spec `aasa-reference.md` §1; codes in `diagnostics.md`.
public enum HostingJudge {
    public static let wellKnownPath = "/.well-known/apple-app-site-association"
    public static let legacyPath = "/apple-app-site-association"
    public static let appleFetcherUserAgent = "AASA-Bot/1.0.0"

    /// `https://<domain>/.well-known/apple-app-site-association`.
    public static func fileURL(for domain: String) -> String { "https://\(domain)\(wellKnownPath)" }

    /// `https://<domain>/apple-app-site-association` (read only by iOS 9.3–13).
    public static func legacyURL(for domain: String) -> String { "https://\(domain)\(legacyPath)" }

    /// Whether the legacy root path is worth probing: the `.well-known` URL answered, but not 200.
    public static func shouldProbeLegacy(_ origin: FetchRecord) -> Bool {
        origin.error == nil && origin.status != nil && origin.status != 200
    }

    /// Whether Apple's fetcher looks refused, so a retry as a browser can tell bot blocking
    /// (AASA109) from a plain failure: a 4xx other than 404/410, a 5xx, or a reset connection.
    public static func shouldRetryAsBrowser(_ origin: FetchRecord) -> Bool {
        if let error = origin.error { return error.kind == .reset }
        guard let status = origin.status else { return false }
        return (400..<600).contains(status) && status != 404 && status != 410
    }

    /// Judges the exchanges of one domain.
    public static func judge(_ fetches: DomainFetches) -> HostingResult {
        let domain = fetches.domain
        var found: [Diagnostic] = []
        func add(_ code: DiagnosticCode, _ message: String, hint: String? = nil) {
            found.append(Diagnostic(code: code, message: message, hint: hint, target: domain, source: .origin))
        }
        let origin = fetches.origin
        let url = NetworkText.escape(origin.url)

        if fetches.plainHTTPRequested {
            add(.aasa103, "\(domain) was given with http://; Apple's systems fetch only \(fileURL(for: domain))",
                hint: "Serve the file over HTTPS with a certificate that public roots trust; plain HTTP is never read.")
        }
        if let addresses = fetches.addresses, !addresses.isEmpty, !fetches.connectionRedirected {
            let reasons = addresses.map { ($0, IPAddressClass.reservedReason($0)) }
            if reasons.allSatisfy({ $0.1 != nil }) {
                let list = reasons.map { "\(NetworkText.escape($0.0)) (\($0.1!))" }.joined(separator: ", ")
                if fetches.alternateMode {
                    // Devices fetch a developer- or managed-mode domain themselves: a VPN-only or
                    // private staging host is a valid setup, as long as devices can reach it.
                    found.append(Diagnostic(
                        code: .aasa110, severity: .info,
                        message: "every address of \(domain) is private or reserved: \(list); in developer or managed mode devices fetch the file directly, so they must be able to reach one of these addresses",
                        hint: "Fine for a staging or VPN-only host tested in developer or managed mode; without a mode, through Apple's CDN, the host needs public addresses.",
                        target: domain, source: .origin))
                } else {
                    add(.aasa110, "every address of \(domain) is private or reserved: \(list); Apple's fetcher refuses such hosts",
                        hint: "Publish the domain on public addresses; an internal-only host cannot be used for universal links (Apple's CDN reports SWCERR00202). For internal testing, use the entry with ?mode=developer or ?mode=managed.")
                }
            }
        }

        if let error = origin.error {
            let curl = curlWords(error)
            if error.kind.isTLS {
                add(.aasa102, "TLS failed for \(url): \(error.kind.phrase) (\(curl))",
                    hint: tlsHint(error.kind))
            } else if error.kind == .badURL && origin.url.lowercased().hasPrefix("http:") {
                add(.aasa103, "\(url) is plain HTTP and was not fetched (\(curl))",
                    hint: "Apple's systems fetch the file only over HTTPS.")
            } else {
                add(.aasa101, "\(domain) could not be reached: \(error.kind.phrase) (\(curl))",
                    hint: reachHint(error.kind))
            }
            return HostingResult(diagnostics: found)
        }

        let status = origin.status ?? 0
        let statusLine = NetworkText.escape(origin.statusLine ?? "HTTP \(status)")
        var served: FetchRecord?
        var fileLabel: String?
        if (300..<400).contains(status) {
            let location = origin.header("location").map { NetworkText.escape($0) } ?? "(no Location header)"
            add(.aasa104, "\(url) answered \(statusLine) → \(location); Apple's systems never follow redirects",
                hint: "Serve the file with status 200 at this exact URL on this host; redirect other paths if you like, but not this one (and not http→https or apex→www).")
        } else if status != 200 {
            if let browser = fetches.browser, browser.isOK {
                add(.aasa109, "\(url) refuses Apple's fetcher (User-Agent \(NetworkText.escape(origin.userAgent)) got \(statusLine)) but serves a browser (\(NetworkText.escape(browser.statusLine ?? "200")))",
                    hint: "Allow the user agent AASA-Bot and Apple's CDN in the bot protection, firewall or geo-blocking rules for this path (TN3155).")
                served = browser
            } else {
                add(.aasa105, "\(url) answered \(statusLine), not 200",
                    hint: status == 404 || status == 410
                        ? "Deploy the file at /.well-known/apple-app-site-association (no file extension)."
                        : "The file URL must answer 200 to every client, Apple's fetcher included.")
            }
        } else {
            served = origin
        }

        if served == nil, let legacy = fetches.legacy, legacy.isOK, !legacy.body.isEmpty,
           !Validator.looksLikeHTML(legacy.body[...].drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) })) {
            add(.aasa108, "the file was found only at the legacy root path \(NetworkText.escape(legacy.url)); iOS 14 and later, and Apple's CDN, read only \(HostingJudge.wellKnownPath)",
                hint: "Move (or copy) the file to /.well-known/apple-app-site-association.")
            served = legacy
            fileLabel = "\(domain)\(legacyPath)"
        }

        guard let served else { return HostingResult(diagnostics: found) }
        var result = HostingResult(diagnostics: found, servedURL: served.url, fileLabel: fileLabel)
        let signed = SignedFile.isSigned(served.body)
        let type = served.mediaType
        if type != "application/json" && !(signed && type == "application/pkcs7-mime") {
            let shown = served.header("content-type").map { NetworkText.escape($0) } ?? "missing"
            result.diagnostics.append(Diagnostic(
                code: .aasa106, message: "Content-Type of \(NetworkText.escape(served.url)) is \(shown), not application/json",
                hint: "Serve the file as application/json (add a type for the extensionless file name in the server configuration).",
                target: domain, source: .origin, file: fileLabel))
        }
        if let encoding = served.contentEncoding {
            let decoded = served.truncated ? "more than \(Validator.sizeLimit) bytes" : "\(served.body.count) bytes"
            let wire = served.wireBytes.map { served.truncated ? "reading stopped after \($0) bytes on the wire, " : "\($0) bytes on the wire, " } ?? ""
            result.diagnostics.append(Diagnostic(
                code: .aasa114, message: "the body was sent with Content-Encoding \(NetworkText.escape(encoding)): \(wire)\(decoded) decoded; the decoded size is what counts against \(Validator.sizeLimit) bytes",
                target: domain, source: .origin, file: fileLabel))
        }
        if served.truncated {
            result.diagnostics.append(Diagnostic(
                code: .aasa107, message: "the decoded body is larger than \(Validator.sizeLimit) bytes (reading stopped after \(served.body.count) bytes); Apple's systems read at most \(Validator.sizeLimit)",
                hint: "Shorten it: merge rules with wildcards and substitution variables, drop comments and white space.",
                target: domain, source: .origin, file: fileLabel))
            return result
        }
        var body = served.body
        if signed {
            let inner = SignedFile.content(served.body)
            result.diagnostics.append(Diagnostic(
                code: .aasa111, message: inner == nil
                    ? "the file is a legacy signed (PKCS#7) file and the JSON inside could not be read"
                    : "the file is a legacy signed (PKCS#7) file; the JSON inside it (\(inner!.count) bytes) is checked, with positions in that JSON",
                hint: "Signing is no longer needed: serve the plain JSON file.",
                target: domain, source: .origin, file: fileLabel))
            guard let inner else { return result }
            body = inner
        }
        let validation = Validator.validate(body, domain: domain)
        result.validation = validation
        result.servedBody = body
        result.diagnostics += validation.diagnostics.attributed(target: domain, source: .origin, file: fileLabel)
        return result
    }

    static func curlWords(_ error: FetchError) -> String {
        var words = NetworkText.escape(error.message)
        if let name = error.name { words = "\(name): " + words } else if let code = error.code { words = "curl error \(code): " + words }
        return words
    }

    static func tlsHint(_ kind: FetchErrorKind) -> String {
        switch kind {
        case .tlsExpired: return "Renew the certificate (and automate renewal)."
        case .tlsHostname: return "Use a certificate whose subject alternative names include this exact host."
        case .tlsUntrusted: return "Serve the full chain (leaf and intermediates) from a certificate authority that Apple's devices trust; self-signed certificates do not work."
        default: return "Check the server's TLS configuration (protocol versions, ciphers, SNI) with a public TLS checker."
        }
    }

    static func reachHint(_ kind: FetchErrorKind) -> String {
        switch kind {
        case .dns: return "Check the domain's DNS records (A/AAAA) and the spelling of the domain."
        case .timeout: return "Make the server answer quickly to every client; Apple's CDN gives up on slow hosts (SWCERR00301 Timeout)."
        case .refused, .unreachable: return "Make the host accept HTTPS connections on port 443 from the internet."
        default: return "Make the file URL answer 200 over HTTPS to every client."
        }
    }
}
