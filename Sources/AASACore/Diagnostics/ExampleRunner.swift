extension CodeExample {
    /// Runs the example through the pipeline it names and returns every finding.
    ///
    /// `nil` when this build has no pipeline for the example's kind (the examples test fails
    /// on that rather than skipping).
    public func run() -> [Diagnostic]? {
        switch self {
        case .document(let text, let domain):
            return Validator.validate(Array(text.utf8), domain: domain).diagnostics
        case .bytes(let bytes):
            return Validator.validate(bytes).diagnostics
        case .response(let exchange):
            return HostingExample(origin: exchange).run()
        case .hosting(let example):
            return example.run()
        case .entitlements(let xml, let appID):
            return try? EntitlementsLinter.runExample(xml, appID: appID)
        case .crossCheck(let xml, let appID, let files):
            return try? EntitlementsLinter.runCrossCheckExample(xml, appID: appID, files: files)
        case .documentPair(let old, let new):
            return (try? DocumentDiff(old: Array(old.utf8), new: Array(new.utf8)))?.diagnostics()
        case .routes(let document, let routes):
            guard let doc = Validator.validate(Array(document.utf8), domain: "example.com").document else { return [] }
            return RouteCheck.run(document: doc, domain: "example.com", routeList: Array(routes.utf8)).diagnostics
        }
    }
}

extension HostingExample {
    /// Judges the exchanges as the domain check does: hosting, the served file, then the CDN.
    func run() -> [Diagnostic] {
        let fetches = DomainFetches(domain: domain, origin: origin.record, legacy: legacy?.record,
                                    browser: browser?.record, addresses: addresses)
        let hosting = HostingJudge.judge(fetches)
        guard cdn != nil || cdnSkipped != nil else { return hosting.diagnostics }
        return hosting.diagnostics + CDNJudge.judge(domain: domain, cdn: cdn?.record, skipped: cdnSkipped, origin: hosting)
    }
}
