// seeds: fuzz/seeds/webauthn
// dict: webauthn
@testable import AASACore

/// The webauthn file (`/.well-known/webauthn`) on any bytes, then the origin list: the file's
/// parse, the label budget and each caller's verdict (issue 24). Oracle: no crash; every
/// finding has a registered code, a place inside the input and a bounded message; the labels
/// counted are at most five, distinct; a verdict is accepted exactly when its reason is
/// same-site or listed, and a refusal comes with its finding.
enum WebAuthnFuzz: FuzzTarget {
    static let name = "webauthn"

    static func run(_ data: [UInt8]) {
        let file = WebAuthnFile.parse(data)
        for d in file.diagnostics {
            if CodeDoc.all.first(where: { $0.code == d.code }) == nil { fuzzFailure("unregistered code \(d.code.rawValue)") }
            if let offset = d.location?.offset, offset < 0 || offset > data.count {
                fuzzFailure("finding \(d.code.rawValue) at offset \(offset) outside \(data.count) bytes")
            }
            if d.message.utf8.count > 4 * SafeText.messageLimit { fuzzFailure("finding \(d.code.rawValue) message of \(d.message.utf8.count) bytes") }
        }
        // Callers: fixed ones, and the first entries of the file itself (a listed caller).
        var callers = ["https://example.com", "https://www.example.com", "https://example.co.uk", "https://foo.com", "http://example.de"]
        callers += file.origins.prefix(8).map(\.text)
        for text in callers {
            guard case .success(let caller) = WebOrigin.parse(text), caller.isTuple else { continue }
            let (verdict, finding) = PasskeyWeb.judge(caller: caller, text: text, rpID: "example.com", file: file, fileUsable: file.isValid)
            let shouldAccept = verdict.reason == .sameSite || verdict.reason == .listed
            if verdict.accepted != shouldAccept { fuzzFailure("\(text): accepted \(verdict.accepted) with reason \(verdict.reason.rawValue)") }
            if verdict.accepted && finding != nil { fuzzFailure("\(text): accepted with finding \(finding!.code.rawValue)") }
            if !verdict.accepted && finding == nil { fuzzFailure("\(text): refused (\(verdict.reason.rawValue)) without a finding") }
            if let labels = verdict.evaluation?.labels {
                if labels.count > 5 || Set(labels).count != labels.count { fuzzFailure("labels \(labels)") }
            }
        }
    }
}
