import AASACore

/// `--callback URL` and `--rp-id HOST` of `check` and `entitlements` (issue 24; spec
/// `webauthn-reference.md` §4 rows 4 and 6), judged by the passkeys cross-checks' own
/// functions (``PasskeyChecks/callbackFindings(_:entries:)``, ``PasskeyChecks/rpIDFindings(rpID:entries:)``):
///
/// - the entitlement side needs no file: each callback host needs `webcredentials:HOST`
///   (WAN604), the RP ID `webcredentials:RP_ID` (WAN601, WAN602 for wildcard or parent cover);
/// - the file side: a callback host's AASA file must list the app in `webcredentials.apps`
///   (WAN605), judged only where that file was read and the entitlement has no
///   `webcredentials:HOST` entry — with the entry, the entitlement's own cross-check already
///   reports a file that does not list the app (AASA607), and the same fact is not reported twice.
///   The RP ID's file is covered the same way (AASA607 with `webcredentials:RP_ID`; WAN601 without).
struct CredentialFlow: Sendable {
    /// `--callback` values, each an HTTPS URL with a host name.
    var callbacks: [String] = []
    /// `--rp-id`, lowercased.
    var rpID: String?

    static let callbackSpec = OptionSpec("--callback", value: "URL", repeatable: true,
        help: "An ASWebAuthenticationSession HTTPS callback (https://auth.example.com/cb): its host needs webcredentials in the entitlement and in its AASA file (WAN604, WAN605; applinks is not enough); repeatable.")
    static let rpIDSpec = OptionSpec("--rp-id", value: "HOST",
        help: "The RP ID the app signs in on with passkeys or saved passwords (example.com): the entitlement needs webcredentials:HOST, not applinks only (WAN601, WAN602).")

    /// Reads `--callback` and `--rp-id`.
    /// - Throws: ``UsageError`` for a callback that is not an HTTPS URL with a host name, and an
    ///   RP ID that cannot be one (a public suffix, an IP address, upper case, a port).
    init(parsing arguments: ParsedArguments) throws {
        callbacks = try Self.callbacks(arguments)
        if let id = arguments.value("--rp-id") {
            if let problem = PasskeyWeb.rpIDProblem(id) {
                throw UsageError("--rp-id \(SafeText.value(id)): cannot be an RP ID: \(problem)")
            }
            rpID = id
        }
    }

    /// `--callback` values, checked: the one reading for `passkeys`, `check` and `entitlements`.
    /// - Throws: ``UsageError`` for one that is not an HTTPS URL with a host name.
    static func callbacks(_ arguments: ParsedArguments) throws -> [String] {
        try arguments.all("--callback").map { text in
            guard case .success(let o) = WebOrigin.parse(text), o.scheme == "https", o.host != nil, !o.hostIsIP else {
                throw UsageError("--callback \(SafeText.value(text)): not an HTTPS URL with a host name (https://auth.example.com/callback)")
            }
            return text
        }
    }

    /// The callback hosts, each once, in the order given.
    var callbackHosts: [String] {
        var out: [String] = []
        for c in callbacks {
            if case .success(let o) = WebOrigin.parse(c), let h = o.host, !out.contains(h) { out.append(h) }
        }
        return out
    }

    var isEmpty: Bool { callbacks.isEmpty && rpID == nil }

    /// The entitlement side, for each linted set of the main app (not a repeated slice):
    /// WAN604 per callback host without `webcredentials:HOST`, WAN601/WAN602 for the RP ID.
    func entitlementFindings(_ flow: EntitlementsFlow) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for item in flow.checked where item.isMainApp && !item.report.isRepeat {
            let entries = item.report.entries
            var found = PasskeyChecks.callbackFindings(PasskeyInputs(rpID: rpID ?? "", associatedDomains: entries.map(\.raw), callbacks: callbacks),
                                                       entries: entries)
            if let rpID { found += PasskeyChecks.rpIDFindings(rpID: rpID, entries: entries) }
            out += found.map { d in
                var d = d
                d.file = d.file ?? item.report.file.path
                d.source = .entitlements
                return d
            }
        }
        return out
    }

    /// The file side for `host`, whose AASA file devices read is `document`: WAN605 for each
    /// callback on `host` and each app of `appIDs`, unless `entries` (the entitlement, when
    /// given) has `webcredentials:HOST` — then AASA607 says it.
    func fileFindings(host: String, document: AASADocument, appIDs: [String], entries: [AssociatedDomainEntry]?) -> [Diagnostic] {
        let mine = callbacks.filter { c in
            if case .success(let o) = WebOrigin.parse(c) { return o.host == host }
            return false
        }
        let apps = document.webcredentials?.apps?.map(\.value) ?? []
        var out: [Diagnostic] = []
        // Without an entitlement (--app-id only), the RP ID's file is the only evidence: WAN603.
        if entries == nil, let rpID, rpID == host {
            out += PasskeyChecks.run(PasskeyInputs(rpID: host, appIDs: appIDs, webcredentialsApps: [host: apps])).diagnostics
        }
        guard !mine.isEmpty else { return out }
        if let entries, entries.contains(where: { $0.service == .webcredentials && !$0.isWildcard && $0.host == host }) { return out }
        return out + PasskeyChecks.callbackFindings(PasskeyInputs(rpID: host, appIDs: appIDs, webcredentialsApps: [host: apps], callbacks: mine))
    }

    /// The hosts whose files this flow reads: the callback hosts, and the RP ID without an
    /// entitlement.
    func fileHosts(entitlement: Bool) -> [String] {
        callbackHosts + (entitlement ? [] : rpID.map { [$0] } ?? []).filter { !callbackHosts.contains($0) }
    }

    /// The notice for callback hosts (and the RP ID, when only the file could judge it) that no
    /// domain of the run decided.
    func unjudgedNotice(judged: Set<String>, entitlement: Bool) -> String? {
        let missing = fileHosts(entitlement: entitlement).filter { !judged.contains($0) }
        guard !missing.isEmpty else { return nil }
        let names = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
        return "the file of \(names) was not checked, so whether it lists the app in webcredentials.apps is not judged: give \(missing.count == 1 ? "that host" : "those hosts") as a domain too"
    }
}
