// seeds: Fixtures/corpus/aasa
// dict: patterns
@testable import AASACheckKit
@testable import AASACore

/// `DocumentDiff` on two documents generated from the input (RandomDocuments; OLD from the
/// first half of the bytes, NEW from the second, so mutations edit one side): it ends within
/// its work limits, every example it reports reproduces (none dropped as unreproduced), and
/// every generated URL the two files decide differently falls in a reported change by its two
/// deciding rules, unless the comparison says it is incomplete; and the result, as `diff`
/// prints it in one of its formats, passes the output oracle (FuzzRender).
enum DiffFuzz: FuzzTarget {
    static let name = "diff"

    /// Small enough that a comparison ends well inside libFuzzer's `-timeout` under ASan.
    static let limits = DiffLimits(work: 4_000_000, statesPerCondition: 2_000)

    static func run(_ data: [UInt8]) {
        let half = data.count / 2
        var first = ByteChoices(Array(data.prefix(half)))
        var second = ByteChoices(Array(data.dropFirst(half)))
        let oldJSON = RandomDocuments.document(&first, maxRules: 4)
        let newJSON = RandomDocuments.document(&second, maxRules: 4)
        guard let old = RandomDocuments.decode(oldJSON), let new = RandomDocuments.decode(newJSON) else { return }
        let diff = DocumentDiff(old: old, new: new, limits: limits)
        let app = RandomDocuments.app
        if diff.incomplete.contains(where: { $0.reason == .unreproduced }) {
            fuzzFailure("an example did not reproduce\nOLD \(oldJSON)\nNEW \(newJSON)")
        }
        let oldMatcher = DocumentMatcher(document: old, host: RandomDocuments.host)
        let newMatcher = DocumentMatcher(document: new, host: RandomDocuments.host)
        func place(_ l: RuleLocation?) -> [Int] { l.map { [$0.detail, $0.component ?? -1] } ?? [-1, -1] }
        for c in diff.changes where c.kind == .decision {
            guard let example = c.example, let a = oldMatcher.decide(example, appID: c.appID),
                  let b = newMatcher.decide(example, appID: c.appID) else {
                fuzzFailure("example \(c.example ?? "nil") is not a URL\nOLD \(oldJSON)\nNEW \(newJSON)")
            }
            if ChangeState.decision(a.decision) != c.from || ChangeState.decision(b.decision) != c.to {
                fuzzFailure("\(example): reported \(c.from.name) → \(c.to.name), decided \(a.decision.rawValue) → \(b.decision.rawValue)\nOLD \(oldJSON)\nNEW \(newJSON)")
            }
        }
        // As `diff` prints it, in one format per input (FuzzRender): the changes a device sees.
        let changes = diff.changes.filter { $0.kind == .appID || $0.isLoss || $0.isGain }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in data { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        FuzzRender.check(FuzzRender.format(for: hash, command: "diff"), command: "diff",
                         limit: FuzzRender.limit(input: oldJSON.utf8.count + newJSON.utf8.count)) { out, _ in
            out.source("old.json", Array(oldJSON.utf8))
            out.source("new.json", Array(newJSON.utf8))
            out.subject("new.json", kind: .domainFile)
            out.diff(DiffReport(old: "old.json", new: "new.json", changes: changes, incomplete: diff.incomplete,
                                routes: [], routesJudged: false, refusals: []))
            out.findings(DocumentDiff.diagnostics(changes: changes, incomplete: diff.incomplete))
        }
        // Completeness, for the app when both sides list it and the comparison ran to the end.
        guard oldMatcher.entry(for: app) != nil, newMatcher.entry(for: app) != nil,
              !diff.incomplete.contains(where: { AppIdentity.canonical($0.appID) == AppIdentity.canonical(app) }) else { return }
        let reported = Set(diff.changes.filter { $0.kind == .decision }.map { place($0.old) + place($0.new) })
        var urls = ByteChoices(Array(data.reversed()))
        for _ in 0..<8 {
            let url = RandomDocuments.url(&urls)
            guard let a = oldMatcher.decide(url, appID: app), let b = newMatcher.decide(url, appID: app),
                  a.decision != b.decision else { continue }
            let pair = (a.decision == .noMatch ? [-1, -1] : [a.detail ?? -1, a.component ?? -1])
                + (b.decision == .noMatch ? [-1, -1] : [b.detail ?? -1, b.component ?? -1])
            if !reported.contains(pair) {
                fuzzFailure("\(url): \(a.decision.rawValue) → \(b.decision.rawValue) by \(pair) not reported\nOLD \(oldJSON)\nNEW \(newJSON)\nreported \(reported)")
            }
        }
    }
}
