import AASACore

/// `--max-domains N` (issue 22): the most domains one run of `check` or `entitlements` fetches
/// (``DomainLimit``, default 1,000); the domains past it are counted in one AASA117.
struct FanOutOptions: OptionGroup {
    var limit = DomainLimit()

    static let specs: [OptionSpec] = [
        OptionSpec("--max-domains", value: "N", help: "Fetch at most N domains in this run (default \(DomainLimit.defaultMax)); the rest are counted in one finding (AASA117), not fetched."),
    ]

    init() {}

    /// - Throws: ``UsageError`` for a value that is not a whole number from 1 to ``DomainLimit/largestMax``.
    init(parsing arguments: ParsedArguments, format: OutputFormat) throws {
        guard let text = arguments.value("--max-domains") else { return }
        guard let n = Int(text), n >= 1, n <= DomainLimit.largestMax else {
            throw UsageError("--max-domains takes a whole number from 1 to \(DomainLimit.largestMax); got \(SafeText.value(text))")
        }
        limit = DomainLimit(max: n)
    }
}
