import AASACore

extension PasskeyWeb.Verdict {
    /// `accepted` or `refused`, as every format writes the verdict.
    public var word: String { accepted ? "accepted" : "refused" }

    /// Why, in the one wording every format uses (plain text: each format escapes it): for
    /// the RP ID `host`, the reason and, for a listed origin, the labels counted.
    public func reasonText(host: String) -> String {
        switch reason {
        case .sameSite: return "same site as \(host): no file needed"
        case .listed:
            // The labels counted before the origin's entry was reached (none: it came first).
            let before = evaluation?.labels ?? []
            return "listed in the webauthn file within the five labels" + (before.isEmpty ? "" : " (labels counted before it: \(before.joined(separator: ", ")))")
        case .labelLimit: return "listed after the fifth label"
        case .notListed: return "not listed in the webauthn file"
        case .fileInvalid: return "needs the webauthn file, which no client can use"
        }
    }

    /// `ORIGIN accepted — REASON`, one line for the formats that list results as lines
    /// (SARIF notifications, GitHub notices, Xcode notes, JUnit output).
    public func line(host: String) -> String { "\(origin)  \(word) — \(reasonText(host: host))" }
}
