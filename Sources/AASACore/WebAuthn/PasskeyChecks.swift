/// What the cross-checks of one RP ID read (spec `webauthn-reference.md` §4): any subset, each
/// `nil` (or empty) when not given or not read.
public struct PasskeyInputs: Sendable {
    public var rpID: String
    /// Web origins that will call WebAuthn with the RP ID (`--web-origin`), as given.
    public var webOrigins: [String]
    /// The entitlement's Associated Domains entries (`webcredentials:example.com`, …), when an
    /// entitlement was given.
    public var associatedDomains: [String]?
    /// The app IDs (`TEAMID.bundle.id`) the entitlement or `--app-id` names.
    public var appIDs: [String]
    /// For each host whose AASA file was read (the RP ID, callback hosts): its
    /// `webcredentials.apps`, empty when the file has none; a host missing here was not read.
    public var webcredentialsApps: [String: [String]]
    /// For each host whose AASA file could not be used: why (the hosting verdict).
    public var aasaProblems: [String: String]
    /// `ASWebAuthenticationSession` HTTPS callbacks (`--callback`).
    public var callbacks: [String]
    /// The Android app (`--package`) and the certificates devices see (`--fingerprint`,
    /// upper-case colon hex).
    public var androidPackage: String?
    public var androidFingerprints: [String]
    /// The RP ID's `assetlinks.json` statements after includes, when read; `nil` otherwise.
    public var assetLinksStatements: [AssetStatement]?
    /// Why the RP ID's `assetlinks.json` could not be used, when it could not.
    public var assetLinksProblem: String?
    /// For each related origin's host whose `assetlinks.json` was read for check 11 (see
    /// ``PasskeyChecks/relatedFilesToRead(_:limit:)``): its statements after includes; a host
    /// missing here was not read.
    public var relatedAssetLinks: [String: [AssetStatement]]
    /// The RP ID's webauthn file, when one was read, and whether a client can use it.
    public var webauthn: WebAuthnFile?
    public var webauthnUsable: Bool

    public init(rpID: String, webOrigins: [String] = [], associatedDomains: [String]? = nil, appIDs: [String] = [],
                webcredentialsApps: [String: [String]] = [:], aasaProblems: [String: String] = [:], callbacks: [String] = [],
                androidPackage: String? = nil, androidFingerprints: [String] = [], assetLinksStatements: [AssetStatement]? = nil,
                assetLinksProblem: String? = nil, relatedAssetLinks: [String: [AssetStatement]] = [:], webauthn: WebAuthnFile? = nil,
                webauthnUsable: Bool = false) {
        self.rpID = rpID
        self.webOrigins = webOrigins
        self.associatedDomains = associatedDomains
        self.appIDs = appIDs
        self.webcredentialsApps = webcredentialsApps
        self.aasaProblems = aasaProblems
        self.callbacks = callbacks
        self.androidPackage = androidPackage
        self.androidFingerprints = androidFingerprints
        self.assetLinksStatements = assetLinksStatements
        self.assetLinksProblem = assetLinksProblem
        self.relatedAssetLinks = relatedAssetLinks
        self.webauthn = webauthn
        self.webauthnUsable = webauthnUsable
    }

    /// The statements of a local `assetlinks.json` text (no include fetched), for examples and
    /// tests.
    public static func statements(assetLinks text: String, host: String = "example.com") -> [AssetStatement] {
        StatementListParser.parse(Array(text.utf8), url: "https://\(host)\(AssetLinksFetchPlan.path)").statements
    }

    /// The `webcredentials.apps` of an AASA file's text (empty when it has none).
    public static func webcredentialsApps(aasa text: String) -> [String] {
        let result = Validator.validate(Array(text.utf8))
        return result.document?.webcredentials?.apps?.map(\.value) ?? []
    }

    var displayText: String {
        var lines = ["# RP ID \(rpID)"]
        lines += webOrigins.map { "# --web-origin \($0)" }
        if let associatedDomains { lines.append("# entitlement: " + (associatedDomains.isEmpty ? "no associated domains" : associatedDomains.joined(separator: ", "))) }
        lines += appIDs.map { "# app ID \($0)" }
        lines += webcredentialsApps.sorted { $0.key < $1.key }.map { "# https://\($0.key)/.well-known/apple-app-site-association: {\"webcredentials\": {\"apps\": [\($0.value.map { "\"\($0)\"" }.joined(separator: ", "))]}}" }
        lines += callbacks.map { "# --callback \($0)" }
        if let androidPackage { lines.append("# --package \(androidPackage)") }
        lines += androidFingerprints.map { "# --fingerprint \($0)" }
        if let s = assetLinksStatements {
            lines.append("# assetlinks.json: " + s.map { st in
                "\(st.relations.map { $0.replacingOccurrences(of: "delegate_permission/common.", with: "") }.joined(separator: "+")) → \(AssetLinksCrossChecks.describe(st.target.assets.first ?? .web(AssetLinksSite(scheme: "https", host: rpID))))"
            }.joined(separator: "; "))
        }
        if let webauthn { lines.append("# webauthn origins: " + webauthn.origins.map(\.text).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}

/// What the cross-checks concluded.
public struct PasskeyReport: Sendable {
    /// Every finding (WAN401–WAN404, WAN601–WAN610), attributed to the RP ID or the host.
    public var diagnostics: [Diagnostic]
    /// One verdict per `--web-origin`, in the order given.
    public var origins: [PasskeyWeb.Verdict]
    /// The origins the relying party server must accept: `https://RP_ID` for Apple apps, one
    /// `android:apk-key-hash:…` per Android certificate.
    public var serverOrigins: [String]
}

/// The cross-checks of one RP ID (spec `webauthn-reference.md` §4, checks 1, 2, 4–9 and 11), pure over
/// what was read. The serving and content of the webauthn file (check 3, 10) are its own
/// findings (``WebAuthnServing``, ``WebAuthnFile``).
public enum PasskeyChecks {
    public static func run(_ inputs: PasskeyInputs) -> PasskeyReport {
        let rp = inputs.rpID
        var out: [Diagnostic] = []
        // 1. The RP ID.
        if let problem = PasskeyWeb.rpIDProblem(rp) {
            out.append(Diagnostic(code: .wan401, message: "\"\(NetworkText.escape(rp, limit: 80))\" cannot be an RP ID: \(problem); every passkey request for it fails",
                                  hint: "Use the registrable domain (or a host under it) the credentials belong to, lower case, as punycode.", target: rp))
            return PasskeyReport(diagnostics: out, origins: [], serverOrigins: [])
        }
        // 2. Web origins.
        var verdicts: [PasskeyWeb.Verdict] = []
        for text in inputs.webOrigins {
            guard case .success(let caller) = WebOrigin.parse(text), caller.isTuple else { continue }
            let (verdict, finding) = PasskeyWeb.judge(caller: caller, text: text, rpID: rp, file: inputs.webauthn, fileUsable: inputs.webauthnUsable)
            verdicts.append(verdict)
            if let finding { out.append(finding) }
        }
        // 4. The entitlement's webcredentials entry for the RP ID.
        let entries = (inputs.associatedDomains ?? []).enumerated().map { AssociatedDomainEntry.parse($0.element, index: $0.offset) }
        let credentials = entries.filter { $0.service == .webcredentials && $0.isWellFormed }
        if inputs.associatedDomains != nil {
            out += entitlementFindings(rp, credentials: credentials, entries: entries)
        }
        // 5. The RP ID's AASA lists the app in webcredentials.apps.
        for appID in inputs.appIDs {
            if let finding = aasaFinding(host: rp, appID: appID, inputs: inputs, code: .wan603, purpose: "passkeys for \(rp) fail") { out.append(finding) }
        }
        // 6. HTTPS callbacks.
        out += callbackFindings(inputs, entries: entries, credentials: credentials)
        // 7, 8. Android.
        if let package = inputs.androidPackage {
            out += androidFindings(rp, package: package, fingerprints: inputs.androidFingerprints, inputs: inputs)
        }
        // 11. An association made on a related origin instead of the RP ID.
        out += relatedOriginFindings(inputs, credentials: credentials)
        // 9. The origins the server sees.
        var server: [String] = []
        if !inputs.appIDs.isEmpty || !credentials.isEmpty { server.append("https://\(rp)") }
        server += inputs.androidFingerprints.compactMap(apkKeyHashOrigin)
        if !server.isEmpty {
            out.append(Diagnostic(code: .wan609, message: "the relying party server must accept these origins in clientDataJSON: " + server.joined(separator: ", "),
                                  hint: "Apple apps send https://\(rp); an Android app sends android:apk-key-hash: and the base64url SHA-256 of its signing certificate (43 characters).",
                                  target: rp))
        }
        return PasskeyReport(diagnostics: out, origins: verdicts, serverOrigins: server)
    }

    /// Check 4 alone (`--rp-id` of `check` and `entitlements`): the entitlement's entries
    /// (`associatedDomains`) against the RP ID the app signs in on — WAN601 without
    /// `webcredentials:RP_ID` (error), WAN602 when only a wildcard or parent/child entry may
    /// cover it (warning); none when the exact entry is there.
    public static func rpIDFindings(rpID: String, associatedDomains: [String]) -> [Diagnostic] {
        rpIDFindings(rpID: rpID, entries: associatedDomains.enumerated().map { AssociatedDomainEntry.parse($0.element, index: $0.offset) })
    }

    /// ``rpIDFindings(rpID:associatedDomains:)`` over entries as an entitlement was read (their
    /// places kept).
    public static func rpIDFindings(rpID: String, entries: [AssociatedDomainEntry]) -> [Diagnostic] {
        entitlementFindings(rpID, credentials: entries.filter { $0.service == .webcredentials && $0.isWellFormed }, entries: entries)
    }

    /// Check 6 alone (`--callback` of `passkeys`, `check` and `entitlements`): each HTTPS
    /// callback's host needs `webcredentials:HOST` in the entitlement (WAN604, when
    /// ``PasskeyInputs/associatedDomains`` is given) and the app in that host's
    /// `webcredentials.apps` (WAN605, for each of ``PasskeyInputs/appIDs``, read from
    /// ``PasskeyInputs/webcredentialsApps``).
    public static func callbackFindings(_ inputs: PasskeyInputs) -> [Diagnostic] {
        callbackFindings(inputs, entries: (inputs.associatedDomains ?? []).enumerated().map { AssociatedDomainEntry.parse($0.element, index: $0.offset) })
    }

    /// ``callbackFindings(_:)`` over entries as an entitlement was read (`inputs`'
    /// ``PasskeyInputs/associatedDomains`` only says whether an entitlement was given).
    public static func callbackFindings(_ inputs: PasskeyInputs, entries: [AssociatedDomainEntry]) -> [Diagnostic] {
        callbackFindings(inputs, entries: entries, credentials: entries.filter { $0.service == .webcredentials && $0.isWellFormed })
    }

    static func callbackFindings(_ inputs: PasskeyInputs, entries: [AssociatedDomainEntry], credentials: [AssociatedDomainEntry]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for callback in inputs.callbacks {
            guard case .success(let o) = WebOrigin.parse(callback), o.scheme == "https", let host = o.host else { continue }
            if inputs.associatedDomains != nil, !credentials.contains(where: { !$0.isWildcard && $0.host == host }) {
                let applinks = entries.contains { $0.service == .applinks && !$0.isWildcard && $0.host == host }
                out.append(Diagnostic(code: .wan604, message: "the HTTPS callback \(NetworkText.escape(callback, limit: 120)) needs webcredentials:\(host) in the entitlement"
                                        + (applinks ? "; applinks:\(host) is there, but ASWebAuthenticationSession asks for the webcredentials service" : "")
                                        + ": the session fails with \"Using HTTPS callbacks requires Associated Domains using the webcredentials service type for \(host)\"",
                                      hint: "Add webcredentials:\(host) to com.apple.developer.associated-domains.", target: host, source: .entitlements))
            }
            for appID in inputs.appIDs {
                if let finding = aasaFinding(host: host, appID: appID, inputs: inputs, code: .wan605, purpose: "the HTTPS callback \(NetworkText.escape(callback, limit: 120)) fails") {
                    out.append(finding)
                }
            }
        }
        return out
    }

    /// Check 7 (and 8 with ``PasskeyInputs/androidFingerprints``) alone (`apk --rp-id`): the
    /// RP ID's statements grant ``PasskeyInputs/androidPackage`` both relations (WAN606,
    /// WAN607); each fingerprint given must be linked (WAN608). Empty without a package.
    public static func androidFindings(_ inputs: PasskeyInputs) -> [Diagnostic] {
        guard let package = inputs.androidPackage else { return [] }
        return androidFindings(inputs.rpID, package: package, fingerprints: inputs.androidFingerprints, inputs: inputs)
    }

    /// `android:apk-key-hash:` + base64url without padding of the 32 bytes of `fingerprint`
    /// (`AA:BB:…` hex, colons optional), 43 characters after the prefix; `nil` when it is not 32
    /// bytes of hex.
    public static func apkKeyHashOrigin(_ fingerprint: String) -> String? {
        let hex = fingerprint.filter { $0 != ":" }
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            guard let b = UInt8(hex[i..<j], radix: 16) else { return nil }
            bytes.append(b)
            i = j
        }
        return "android:apk-key-hash:" + base64url(bytes)
    }

    /// Base64url (RFC 4648 §5) without padding.
    static func base64url(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((v >> (18 - 6 * UInt32(k))) & 63)]) }
            i += 3
        }
        return out
    }

    /// The hosts of the RP ID's related origins (spec `webauthn-reference.md` §4, check 11):
    /// each `--web-origin` and each entry of the webauthn file that is a web origin on another
    /// site than the RP ID, each once, `--web-origin`s first, then in file order.
    public static func relatedHosts(_ inputs: PasskeyInputs) -> [String] {
        var out: [String] = []
        for text in inputs.webOrigins + (inputs.webauthn?.origins.map(\.text) ?? []) {
            guard case .success(let o) = WebOrigin.parse(text), o.isTuple, let host = o.host, !o.hostIsIP,
                  !PasskeyWeb.isSameSite(o, rpID: inputs.rpID), !out.contains(host) else { continue }
            out.append(host)
        }
        return out
    }

    /// The related hosts whose files check 11 reads, at most `limit` for each platform, and
    /// only where the RP ID's own association is missing: their AASA files when an app of
    /// ``PasskeyInputs/appIDs`` is not in the RP ID's `webcredentials.apps` (hosts already in
    /// ``PasskeyInputs/webcredentialsApps`` left out), their `assetlinks.json` when the RP ID's
    /// statements do not grant ``PasskeyInputs/androidPackage`` both relations. Nothing for
    /// an RP ID that cannot be one.
    public static func relatedFilesToRead(_ inputs: PasskeyInputs, limit: Int = 5) -> (aasa: [String], assetLinks: [String]) {
        guard PasskeyWeb.rpIDProblem(inputs.rpID) == nil else { return ([], []) }
        let hosts = relatedHosts(inputs)
        let apple = appleFileMissing(inputs).isEmpty ? [] : hosts.filter { inputs.webcredentialsApps[$0] == nil }
        let android = androidRelationsMissing(inputs) ? hosts : []
        return (Array(apple.prefix(limit)), Array(android.prefix(limit)))
    }

    /// The app IDs the RP ID's AASA file does not list in `webcredentials.apps` (all of them
    /// when it was not read).
    static func appleFileMissing(_ inputs: PasskeyInputs) -> [String] {
        let apps = inputs.webcredentialsApps[inputs.rpID] ?? []
        return inputs.appIDs.filter { !apps.contains($0) }
    }

    /// Whether a package is given and the RP ID's statements (unread counts as none) do not
    /// grant it both relations.
    static func androidRelationsMissing(_ inputs: PasskeyInputs) -> Bool {
        guard let package = inputs.androidPackage else { return false }
        let granted = relations(inputs.assetLinksStatements ?? [], package: package)
        return !granted.contains(AssetLinksRelation.getLoginCreds) || !granted.contains(AssetLinksRelation.handleAllURLs)
    }

    /// The relations `statements` grant `package` (any certificate).
    static func relations(_ statements: [AssetStatement], package: String) -> Set<String> {
        var out = Set<String>()
        for s in statements {
            if case .androidApp(let app) = s.target, app.packageName == package { out.formUnion(s.relations) }
        }
        return out
    }

    /// Check 11: WAN610 (info) for each association made on a related origin's host where the
    /// RP ID's own is missing — a `webcredentials:HOST` entry without `webcredentials:RP_ID`, a
    /// related host's AASA file listing an app the RP ID's does not, a related host's
    /// `assetlinks.json` granting the package a relation the RP ID's does not grant both of.
    static func relatedOriginFindings(_ inputs: PasskeyInputs, credentials: [AssociatedDomainEntry]) -> [Diagnostic] {
        let rp = inputs.rpID
        let hosts = relatedHosts(inputs)
        guard !hosts.isEmpty else { return [] }
        var out: [Diagnostic] = []
        let doesNotCount = "an app signs in with the RP ID's own association; a related origin needs none for web passkeys and its own does not count for \(rp)"
        if inputs.associatedDomains != nil, !credentials.contains(where: { !$0.isWildcard && $0.host == rp }) {
            for h in hosts {
                guard let entry = credentials.first(where: { !$0.isWildcard && $0.host == h }) else { continue }
                out.append(Diagnostic(code: .wan610, message: "the entitlement has \(entry.raw) for the related origin \(h), not webcredentials:\(rp): \(doesNotCount)",
                                      hint: "Add webcredentials:\(rp) to com.apple.developer.associated-domains in the app's entitlements; \(entry.raw) matters only for passkeys whose RP ID is \(h).",
                                      location: entry.location, target: rp, source: .entitlements))
            }
        }
        let aasa = AppleSiteAssociation.wellKnownPath
        for appID in appleFileMissing(inputs) {
            for h in hosts where inputs.webcredentialsApps[h]?.contains(appID) == true {
                out.append(Diagnostic(code: .wan610, message: "https://\(h)\(aasa) lists \(appID) in webcredentials.apps, but passkeys for the RP ID \(rp) read https://\(rp)\(aasa), which does not: \(doesNotCount)",
                                      hint: "Add \"\(appID)\" to webcredentials.apps in https://\(rp)\(aasa); the related origin's file needs no change.",
                                      target: rp, source: .origin))
            }
        }
        if let package = inputs.androidPackage, androidRelationsMissing(inputs) {
            for h in hosts {
                let granted = relations(inputs.relatedAssetLinks[h] ?? [], package: package)
                    .intersection([AssetLinksRelation.getLoginCreds, AssetLinksRelation.handleAllURLs]).sorted()
                guard !granted.isEmpty else { continue }
                out.append(Diagnostic(code: .wan610, message: "https://\(h)\(AssetLinksFetchPlan.path) grants \(package) \(granted.joined(separator: " and ")), but Credential Manager validates the RP ID \(rp) with https://\(rp)\(AssetLinksFetchPlan.path) only: \(doesNotCount)",
                                      hint: "Put the statement for \(package) (both relations, the certificate devices see) in https://\(rp)\(AssetLinksFetchPlan.path); the related origin's file needs no change.",
                                      target: rp, source: .origin, file: AssetLinksKind.fileLabel(for: rp)))
            }
        }
        return out
    }

    static func entitlementFindings(_ rp: String, credentials: [AssociatedDomainEntry], entries: [AssociatedDomainEntry]) -> [Diagnostic] {
        if credentials.contains(where: { !$0.isWildcard && $0.host == rp }) { return [] }
        let near = credentials.first { e in
            e.isWildcard ? (rp == e.host || rp.hasSuffix("." + e.host)) : (e.host.hasSuffix("." + rp) || rp.hasSuffix("." + e.host))
        }
        if let near {
            return [Diagnostic(code: .wan602, message: "the entitlement has \(near.raw), not webcredentials:\(rp): whether it covers passkeys for the RP ID \(rp) is unconfirmed",
                               hint: "Add webcredentials:\(rp) to com.apple.developer.associated-domains.", location: near.location, source: .entitlements)]
        }
        let applinks = entries.contains { $0.service == .applinks && $0.host == rp }
        return [Diagnostic(code: .wan601, message: "the entitlement has no webcredentials:\(rp)"
                             + (applinks ? " (applinks:\(rp) is for universal links only)" : "")
                             + ": passkey requests for the RP ID \(rp) fail (\"Application with identifier … is not associated with domain \(rp)\", ASAuthorizationError 1004)",
                           hint: "Add webcredentials:\(rp) to com.apple.developer.associated-domains.", source: .entitlements)]
    }

    static func aasaFinding(host: String, appID: String, inputs: PasskeyInputs, code: DiagnosticCode, purpose: String) -> Diagnostic? {
        let file = "https://\(host)\(AppleSiteAssociation.wellKnownPath)"
        guard let apps = inputs.webcredentialsApps[host] else {
            let why = inputs.aasaProblems[host].map { ": \($0)" } ?? " (it was not read)"
            return Diagnostic(code: code, message: "\(file) cannot be used\(why), so \(purpose) for \(appID)",
                              hint: "Serve the AASA file with {\"webcredentials\": {\"apps\": [\"\(appID)\"]}}.", target: host, source: .origin)
        }
        if apps.contains(appID) { return nil }
        let caseDiffers = apps.first { $0.lowercased() == appID.lowercased() }
        return Diagnostic(code: code, message: "\(file) does not list \(appID) in webcredentials.apps"
                            + (caseDiffers.map { " (it lists \"\(NetworkText.escape($0, limit: 120))\": app IDs compare case-sensitively)" } ?? (apps.isEmpty ? " (the file has none)" : ""))
                            + ", so \(purpose)",
                          hint: "Add \"\(appID)\" to webcredentials.apps, team ID and bundle ID exactly as signed.", target: host, source: .origin)
    }

    static func androidFindings(_ rp: String, package: String, fingerprints: [String], inputs: PasskeyInputs) -> [Diagnostic] {
        let file = "https://\(rp)\(AssetLinksFetchPlan.path)"
        guard let statements = inputs.assetLinksStatements else {
            let why = inputs.assetLinksProblem.map { ": \($0)" } ?? " (it was not read)"
            return [Diagnostic(code: .wan606, message: "\(file) cannot be used\(why): Credential Manager cannot validate the RP ID for \(package)",
                               hint: "Serve assetlinks.json with a statement granting delegate_permission/common.get_login_creds and delegate_permission/common.handle_all_urls to \(package).",
                               target: rp, source: .origin, file: AssetLinksKind.fileLabel(for: rp))]
        }
        let granted = Self.relations(statements, package: package)
        var linked: [String] = []
        for s in statements {
            guard case .androidApp(let app) = s.target, app.packageName == package else { continue }
            linked += app.fingerprints.filter { !linked.contains($0) }
        }
        var out: [Diagnostic] = []
        if !granted.contains(AssetLinksRelation.getLoginCreds) {
            out.append(Diagnostic(code: .wan606, message: "\(file) grants \(package) no delegate_permission/common.get_login_creds: Credential Manager refuses passkeys for \(rp) (\"The incoming request cannot be validated\")",
                                  hint: "Add \"delegate_permission/common.get_login_creds\" to the relation list of \(package)'s statement.", target: rp, source: .origin, file: AssetLinksKind.fileLabel(for: rp)))
        }
        if !granted.contains(AssetLinksRelation.handleAllURLs) {
            out.append(Diagnostic(code: .wan607, message: "\(file) grants \(package) no delegate_permission/common.handle_all_urls: passkey requests are observed to fail with \"[50152] RP ID cannot be validated\" although the Digital Asset Links API answers linked for get_login_creds",
                                  hint: "Grant both relations to \(package): \"delegate_permission/common.handle_all_urls\" and \"delegate_permission/common.get_login_creds\".", target: rp, source: .origin, file: AssetLinksKind.fileLabel(for: rp)))
        }
        for f in fingerprints where !linked.contains(f) {
            out.append(Diagnostic(code: .wan608, message: "\(file) does not link \(package) signed with \(f)"
                                    + (linked.isEmpty ? "" : " (it lists \(linked.map { String($0.prefix(11)) + "…" }.joined(separator: ", ")))")
                                    + ": devices that see this certificate cannot use passkeys for \(rp)",
                                  hint: "Add the fingerprint of the certificate devices see (for Play builds the Play app signing key, not the upload key) to sha256_cert_fingerprints.",
                                  target: rp, source: .origin, file: AssetLinksKind.fileLabel(for: rp)))
        }
        return out
    }
}
