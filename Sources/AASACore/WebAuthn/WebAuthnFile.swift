/// A `/.well-known/webauthn` file read strictly (spec `webauthn-reference.md` §3.2–§3.4): the
/// JSON (strict RFC 8259 with positions; findings WAN201–WAN205), its shape (an object whose
/// `origins` is a non-empty array of strings: WAN301–WAN305, any of which voids the file as
/// Chromium and Firefox void it) and each entry as the label procedure will read it
/// (WAN306–WAN312).
public struct WebAuthnFile: Sendable {
    /// One string of `origins`, where it is.
    public struct Entry: Sendable, Hashable {
        public var text: String
        /// `/origins/3`.
        public var pointer: String
        public var location: SourceLocation?
    }

    /// The entries, in file order, when the file is usable (``isValid``); empty otherwise.
    public var origins: [Entry]
    /// Whether a client reads the file at all: it parsed as an object with `origins` a
    /// non-empty array of strings. An empty `origins` parses in browsers and matches nothing;
    /// it is counted invalid here (the spec asks for one or more).
    public var isValid: Bool
    /// Every finding, in file order, then the ones about the whole list (WAN311, WAN312).
    public var diagnostics: [Diagnostic]
    /// The labels the procedure counts, in order (all of them, not only the first five).
    public var labels: [String]

    /// Largest body Chromium reads (`1 << 18`); the fetch reads one byte more.
    public static let maxBytes = 262_144

    /// Parses `bytes` (the body as served or a local file).
    public static func parse(_ bytes: [UInt8]) -> WebAuthnFile {
        let parsed = StrictJSONParser().parse(bytes)
        var out = parsed.diagnostics.rebased(to: WebAuthnKind.codePrefix)
        let map = parsed.sourceMap
        func loc(_ offset: Int) -> SourceLocation { map.location(of: offset) }
        let syntaxBroken = out.contains { $0.severity == .error }
        guard let root = parsed.root else { return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: []) }
        guard let members = root.objectMembers else {
            out.append(Diagnostic(code: .wan301, message: "the top level is \(article(root.typeName)), not an object: every client refuses the file",
                                  hint: #"Serve {"origins": ["https://…", …]}."#, pointer: "", location: loc(root.offset)))
            return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: [])
        }
        guard let originsNode = root["origins"] else {
            let keys = members.map(\.key)
            let near = keys.first { k in ["related_origins", "relatedorigins", "relatedOrigins", "origin", "Origins", "allowed_origins"].contains(k) }
                ?? keys.first { EditDistance.between($0.lowercased(), "origins") <= 2 }
            let at = near.flatMap { n in members.first { $0.key == n } }
            out.append(Diagnostic(
                code: .wan302,
                message: "the file has no \"origins\" member" + (near.map { ": \"\(NetworkText.escape($0, limit: 60))\" is not read by any client" } ?? "")
                    + "; every caller on another site is refused",
                hint: near.map { "Rename \"\(NetworkText.escape($0, limit: 60))\" to \"origins\"." } ?? #"Add "origins": ["https://…"] listing the web origins that use this RP ID."#,
                pointer: at.map { JSONPointer.appending("", $0.key) } ?? "", location: loc(at?.keyOffset ?? root.offset)))
            return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: [])
        }
        guard let elements = originsNode.arrayValue else {
            out.append(Diagnostic(code: .wan303, message: "\"origins\" is \(article(originsNode.typeName)), not an array: every client refuses the file",
                                  hint: #"Make it an array of strings: "origins": ["https://…"]."#, pointer: "/origins", location: loc(originsNode.offset)))
            return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: [])
        }
        var entries: [Entry] = []
        var voided = false
        for (i, e) in elements.enumerated() {
            let pointer = JSONPointer.appending("/origins", i)
            guard let s = e.stringValue else {
                if !voided {
                    out.append(Diagnostic(code: .wan304, message: "origins[\(i)] is \(article(e.typeName)): one element that is not a string voids the whole file in Chromium and Firefox",
                                          hint: "Write every origin as a string, \"https://host\".", pointer: pointer, location: loc(e.offset)))
                }
                voided = true
                continue
            }
            entries.append(Entry(text: s, pointer: pointer, location: loc(e.offset)))
        }
        if voided { return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: []) }
        if elements.isEmpty {
            out.append(Diagnostic(code: .wan305, message: "\"origins\" is empty: clients read the file and accept no caller",
                                  hint: "List the web origins on other sites that call WebAuthn with this RP ID, or remove the file.",
                                  pointer: "/origins", location: loc(originsNode.offset)))
            return WebAuthnFile(origins: [], isValid: false, diagnostics: out, labels: [])
        }
        out += entryFindings(entries)
        return WebAuthnFile(origins: entries, isValid: !syntaxBroken, diagnostics: out,
                            labels: RelatedOrigins.evaluate(entries.map(\.text), caller: nil, maxLabels: .max).labels)
    }

    /// WAN306–WAN312 for the entries of a readable file.
    static func entryFindings(_ entries: [Entry]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let run = RelatedOrigins.evaluate(entries.map(\.text), caller: nil, maxLabels: .max)
        var privateWarned = Set<String>()
        for step in run.steps {
            let e = entries[step.index]
            let quoted = "\"" + NetworkText.escape(e.text, limit: 120) + "\""
            func add(_ code: DiagnosticCode, _ message: String, _ hint: String) {
                out.append(Diagnostic(code: code, message: message, hint: hint, pointer: e.pointer, location: e.location))
            }
            if let app = appIdentifier(e.text) {
                add(.wan307, "\(quoted) is \(app): apps are not matched through this file, clients skip the entry",
                    "Remove it; apps use Associated Domains (webcredentials) and Digital Asset Links (get_login_creds) for the RP ID, and the server allows their origins.")
                continue
            }
            switch step.outcome {
            case .notURL(let f):
                let looksLikeHost = f == .noScheme && !e.text.contains(" ") && e.text.contains(".")
                add(.wan306, "\(quoted) is not an origin: \(f.reason); every client skips it",
                    looksLikeHost ? "Write \"https://\(NetworkText.escape(e.text, limit: 120))\"." : "Write the origin as https://host (and :port when not 443).")
            case .opaque(let firefox):
                add(.wan308, "\(quoted) has an opaque origin (scheme \(NetworkText.escape(step.origin?.scheme ?? "", limit: 40))): it never matches a caller"
                    + (firefox.map { "; Chromium and the spec skip it at no cost, Firefox still counts its label \"\($0)\"" } ?? ""),
                    "Remove it, or write the https:// origin meant.")
            case .noRegistrableDomain:
                add(.wan309, "\(quoted) has no registrable domain (\(step.origin?.hostIsIP == true ? "an IP address" : "a public suffix")): every client skips it",
                    "Remove it; a related origin is a host under a registrable domain.")
            case .counted(let label, _), .overBudget(let label), .matched(let label):
                if let o = step.origin, let host = o.host {
                    if host.contains("*") {
                        add(.wan310, "\(quoted) is a wildcard: no caller's origin is ever \"\(NetworkText.escape(host, limit: 80))\", yet it uses the label \"\(label)\" of the five",
                            "List each origin in full (https://shop.example.com); wildcards are not supported.")
                    } else if o.scheme != "https" && !(o.scheme == "http" && (host == "localhost" || host.hasSuffix(".localhost"))) {
                        add(.wan310, "\(quoted) is not https: WebAuthn callers are secure origins, so it never matches, yet it uses the label \"\(label)\" of the five",
                            "Write \"https://\(NetworkText.escape(host, limit: 80))\(o.port.map { ":\($0)" } ?? "")\".")
                    }
                    if PublicSuffixList.dependsOnPrivateSection(host), privateWarned.insert(label).inserted {
                        add(.wan312, "the label \"\(label)\" of \(quoted) depends on a rule of the Public Suffix List's private section (\(PublicSuffixList.registrableDomain(of: host) ?? host)); browsers with another copy of the list may count another label",
                            "Prefer origins whose registrable domain the list's ICANN section decides, or check the browsers you support. This build uses the \(PublicSuffixList.snapshot.description).")
                    }
                }
            }
        }
        if run.labels.count > RelatedOrigins.maxLabels {
            let extra = run.labels.dropFirst(RelatedOrigins.maxLabels)
            let first = run.steps.first { if case .counted(let l, true) = $0.outcome { return l == extra.first } else { return false } }
            let e = first.map { entries[$0.index] }
            out.append(Diagnostic(
                code: .wan311,
                message: "the file uses \(run.labels.count) registrable labels (\(run.labels.joined(separator: ", "))); clients count at most \(RelatedOrigins.maxLabels): origins whose label is after \"\(run.labels[RelatedOrigins.maxLabels - 1])\" (\(extra.joined(separator: ", "))) can never be accepted",
                hint: "Keep the origins that must work within the first five labels (order decides), or move sign-in to fewer sites.",
                pointer: e?.pointer ?? "/origins", location: e?.location))
        }
        return out
    }

    /// `an android:apk-key-hash: origin` / `an app ID`, when an entry names an app.
    static func appIdentifier(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.hasPrefix("android:apk-key-hash:") { return "an Android app's origin" }
        // TEAMID.bundle.id: ten upper-case alphanumerics, a dot, then a bundle identifier.
        let parts = text.split(separator: ".", maxSplits: 1)
        if parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
           !text.contains(":"), !text.contains("/") { return "an Apple app ID" }
        return nil
    }

    static func article(_ type: String) -> String {
        (type.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + type
    }
}
