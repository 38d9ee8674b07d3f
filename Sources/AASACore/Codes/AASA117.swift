extension CodeDoc {
    /// More domains than `--max-domains` allows were named; the rest were not fetched
    /// (``DomainLimit``).
    static let aasa117 = CodeDoc(
        code: .aasa117, severity: .warning,
        title: "More domains than --max-domains allows: the rest were not fetched",
        why: "A domain list or an entitlement can name any number of domains, and each domain is a few requests (the origin's file, Apple's CDN copy, retries). A file that a pull request can change must not make a CI run send 100,000 requests, so a run fetches at most --max-domains domains (1,000 unless given) and counts the others in this one finding: they were not checked, and the run's verdict says nothing about them.",
        fix: "Give --max-domains N with the number of domains you mean to check (a crawl: the length of its list), split a long list with --shard K/N, or trim the entitlement (Apple advises 20–30 associated domains, AASA609).",
        failing: .custom(DomainLimitExample(domains: 1_001, max: DomainLimit.defaultMax)),
        passing: .custom(DomainLimitExample(domains: 1_000, max: DomainLimit.defaultMax)))
}

extension DiagnosticCode {
    /// AASA117: see ``CodeDoc/aasa117``.
    public static let aasa117 = DiagnosticCode(rawValue: "AASA117")
}

/// The example of AASA117: a domain list of `domains` lines judged with `--max-domains max`.
struct DomainLimitExample: KindExample {
    var domains: Int
    var max: Int

    var displayText: String {
        "# domains.txt: \(domains) lines\nd1.soarstarter.com\nd2.soarstarter.com\n…\nd\(domains).soarstarter.com\n"
            + "# aasa-check --domains domains.txt --max-domains \(max)"
    }

    func run() -> [Diagnostic]? {
        let limit = DomainLimit(max: max)
        let (_, skipped) = limit.split((1...domains).map { "d\($0).soarstarter.com" })
        return [limit.finding(skipped: skipped, from: "--domains domains.txt")].compactMap { $0 }
    }
}
