extension CodeExample {
    /// Runs the example through the pipeline it names and returns every finding.
    ///
    /// `nil` when this build has no pipeline for the example's kind, or for an executable when
    /// no `digest` is given (the examples test fails on that rather than skipping).
    /// - Parameter digest: the hash function an executable's signature is checked with.
    public func run(digest: SignedEntitlements.Digest? = nil) -> [Diagnostic]? {
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
        case .entitlementsWithSettings(let xml, let values):
            guard let file = try? EntitlementsFile.read(Array(xml.utf8), path: nil) else { return nil }
            var settings = BuildSettings()
            for (name, value) in values.sorted(by: { $0.key < $1.key }) { settings.set(name, value) }
            return EntitlementsLinter.lint(file, settings: settings).diagnostics
        case .executable(let example):
            guard let digest, let machO = try? MachOFile.read(MemorySource(example.bytes, name: "App")) else { return nil }
            let reading = SignedEntitlements.read(machO, file: "App", bundle: nil, digest: digest)
            guard reading.unreadable.isEmpty else { return nil }
            return reading.diagnostics + reading.subjects.filter { $0.sameAs == nil }.flatMap {
                EntitlementsLinter.lint($0.file).diagnostics
            }
        case .documentPair(let old, let new):
            return (try? DocumentDiff(old: Array(old.utf8), new: Array(new.utf8)))?.diagnostics()
        case .routes(let document, let routes):
            guard let doc = Validator.validate(Array(document.utf8), domain: "example.com").document else { return [] }
            return RouteCheck.run(document: doc, domain: "example.com", routeList: Array(routes.utf8)).diagnostics
        case .coverage(let example):
            return example.run()
        case .custom(let example):
            return example.run()
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
        return hosting.diagnostics + DeployedFile(host: domain, hosting: hosting, cdn: cdn?.record).cdnFindings(skipped: cdnSkipped)
    }
}
