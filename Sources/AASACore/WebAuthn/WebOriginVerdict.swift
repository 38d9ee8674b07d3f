/// The RP ID's own form (check 1 of `webauthn-reference.md` §4) and each web origin's verdict
/// (check 2): same-site with the RP ID, or accepted by the related-origins procedure over the
/// RP ID's file (§3.4), with the reason `origins` in JSON gives (spec `cli.md`).
public enum PasskeyWeb {
    /// Why `rpID` cannot be an RP ID — not a lowercase ASCII host name, a port, an IP address,
    /// a public suffix — or `nil` when it can (WAN401).
    public static func rpIDProblem(_ rpID: String) -> String? {
        if rpID.isEmpty { return "it is empty" }
        if rpID.contains("://") || rpID.contains("/") { return "it is a URL; an RP ID is a host name (example.com)" }
        if PublicSuffixList.isIPAddress(rpID) { return "it is an IP address" }
        if rpID.contains(":") { return "it has a port" }
        if !rpID.unicodeScalars.allSatisfy(\.isASCII) {
            return "it is not ASCII" + (Punycode.asciiHost(rpID).map { "; its punycode form is \($0)" } ?? "")
        }
        if rpID != rpID.lowercased() { return "it is not lower case (\(rpID.lowercased()))" }
        if rpID.hasSuffix(".") { return "it ends with a dot" }
        let labels = rpID.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: { $0.isEmpty || $0.count > 63 }) || rpID.utf8.count > 253 { return "it is not a valid host name" }
        if labels.contains(where: { $0.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) }) {
            return "it has characters a host name cannot have"
        }
        if PublicSuffixList.isPublicSuffix(rpID) { return "it is a public suffix of the Public Suffix List" }
        return nil
    }

    /// A caller's verdict, as JSON `origins` gives it.
    public struct Verdict: Sendable, Hashable {
        /// Why: `same-site`, `listed`, `label-limit`, `not-listed`, `file-invalid`.
        public enum Reason: String, Sendable, Hashable, Codable {
            case sameSite = "same-site", listed, labelLimit = "label-limit", notListed = "not-listed", fileInvalid = "file-invalid"
        }
        /// The origin as given.
        public var origin: String
        public var accepted: Bool
        public var reason: Reason
        /// The procedure's run, when the file was consulted.
        public var evaluation: RelatedOrigins.Evaluation?
    }

    /// Whether `caller`'s host is the RP ID or under it (`www.example.com` for `example.com`).
    public static func isSameSite(_ caller: WebOrigin, rpID: String) -> Bool {
        guard caller.isTuple, let host = caller.host else { return false }
        return host == rpID || host.hasSuffix("." + rpID)
    }

    /// The verdict for `caller` (as given, `text`) against `rpID` and the RP ID's file (`nil`:
    /// not fetched or not usable), with the finding a refusal raises (WAN402–WAN404).
    public static func judge(caller: WebOrigin, text: String, rpID: String, file: WebAuthnFile?, fileUsable: Bool)
        -> (Verdict, Diagnostic?)
    {
        let shown = NetworkText.escape(text, limit: 120)
        // WebAuthn runs only in a secure context: https, or http on the loopback host
        // (potentially trustworthy origins); a plain-http page can never call, same site or not.
        if caller.isTuple, caller.scheme != "https",
           !(caller.scheme == "http" && ["localhost", "127.0.0.1", "[::1]", "::1"].contains(caller.host ?? "")) {
            return (Verdict(origin: text, accepted: false, reason: .notListed, evaluation: nil),
                    Diagnostic(code: .wan402, message: "\(shown) is not a secure context (\(caller.scheme)://): browsers refuse WebAuthn calls there, whatever the RP ID and its file say",
                               hint: "Serve the page over HTTPS.", target: rpID))
        }
        if isSameSite(caller, rpID: rpID) {
            return (Verdict(origin: text, accepted: true, reason: .sameSite, evaluation: nil), nil)
        }
        guard let file, fileUsable else {
            return (Verdict(origin: text, accepted: false, reason: .fileInvalid, evaluation: nil),
                    Diagnostic(code: .wan404, message: "\(shown) is on another site than \(rpID) and needs \(WebAuthnKind.fileURL(for: rpID)), which no client can use (see the file's findings): its passkey calls fail with SecurityError",
                               hint: "Fix the file's findings above, or give the origin an RP ID it is same-site with.", target: rpID, file: WebAuthnKind.fileLabel(for: rpID)))
        }
        let run = RelatedOrigins.evaluate(file.origins.map(\.text), caller: caller)
        switch run.verdict {
        case .accepted?:
            return (Verdict(origin: text, accepted: true, reason: .listed, evaluation: run), nil)
        case .labelLimit?:
            let entry = run.overBudgetMatch.map { file.origins[$0] }
            return (Verdict(origin: text, accepted: false, reason: .labelLimit, evaluation: run),
                    Diagnostic(code: .wan403, message: "\(shown) is listed\(entry.map { " at \($0.pointer)" } ?? ""), but only after the file's first \(RelatedOrigins.maxLabels) labels (\(run.labels.joined(separator: ", "))) were counted: clients stop there and refuse it",
                               hint: "Move it before the entry that brings the sixth label, or drop origins of labels that do not call WebAuthn.",
                               pointer: entry?.pointer, location: entry?.location, target: rpID, source: .origin, file: WebAuthnKind.fileLabel(for: rpID)))
        case .notListed?, nil:
            let near = file.origins.first { e in
                guard case .success(let o) = WebOrigin.parse(e.text), let h = o.host, let ch = caller.host else { return false }
                return h == ch || h == "www." + ch || ch == "www." + h
            }
            return (Verdict(origin: text, accepted: false, reason: .notListed, evaluation: run),
                    Diagnostic(code: .wan402, message: "\(shown) is on another site than \(rpID) and \(WebAuthnKind.fileURL(for: rpID)) does not list it"
                                + (near.map { " (\"\(NetworkText.escape($0.text, limit: 120))\" at \($0.pointer) is another origin: scheme, host and port must be equal)" } ?? ""),
                               hint: "Add \"\(caller.description)\" to \"origins\", within the first \(RelatedOrigins.maxLabels) labels.",
                               target: rpID, source: .origin, file: WebAuthnKind.fileLabel(for: rpID)))
        }
    }
}
