import AASACore

/// `match` of an `assetlinks.json` (issue 23; spec `cli.md`): each URL's Android decision with
/// dynamic rules, and Google's check question (`--relation`).
enum AndroidMatch {
    /// The check question's target, from `--site` or `--package` with `--fingerprint`.
    /// - Throws: ``UsageError`` when the question is malformed (Google's API answers
    ///   `QUERY_PARSING_ERROR` without fetching anything; here, exit status 2).
    static func targets(_ arguments: ParsedArguments) throws -> [AssetLinksAsset] {
        let site = arguments.value("--site")
        let package = arguments.value("--package")
        let prints = arguments.all("--fingerprint")
        if let site {
            guard package == nil && prints.isEmpty else {
                throw UsageError("--relation asks about one kind of target: --site, or --package with --fingerprint, not both")
            }
            do { return [.web(try AssetLinksQuery.site(site))] } catch { throw UsageError("--site \(SafeText.value(site)): \(error.message)") }
        }
        guard let package else { throw UsageError("--relation needs the target: --package NAME --fingerprint SHA256, or --site ORIGIN") }
        let name = try AndroidOptions.packageName(package)
        guard !prints.isEmpty else {
            throw UsageError("--relation with --package needs the app's certificate: --fingerprint SHA256 (Google's check question names one)")
        }
        // Google's question takes the fingerprint exactly as a statement spells it: lower case,
        // missing colons or white space are query errors (spec §2.3, 1400-check-target), not
        // spellings to correct as --fingerprint elsewhere does.
        return try prints.map { p in
            do { return try AssetLinksQuery.androidApp(packageName: name, fingerprint: p) } catch let error as AssetLinksQueryError {
                throw UsageError("--fingerprint in Google's check question: \(error.message)")
            }
        }
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext, source loaded: LoadedDocument, urls: [String],
                    authURLs: [String] = []) throws -> RunEnd {
        let out = context.output
        // Malformed questions stop before anything is reported.
        var question: (relation: String, targets: [AssetLinksAsset])?
        if let relation = arguments.value("--relation") {
            do {
                _ = try AssetLinksQuery.relation(relation, required: true)
            } catch {
                throw UsageError("--relation \(SafeText.value(relation)): \(error.message)")
            }
            question = (relation, try targets(arguments))
        } else if arguments.has("--site") {
            throw UsageError("--site is the target of Google's check question: give --relation REL too")
        }
        let package = try arguments.value("--package").map(AndroidOptions.packageName)
        let fingerprints = try arguments.all("--fingerprint").map(AndroidOptions.fingerprint)
        let list = loaded.statementList
        let statements = list?.statements ?? []

        out.domainFile(loaded)
        let sourceName = loaded.host == nil ? loaded.label : nil
        out.statements(StatementListing(subject: loaded.label, statements: list?.listing() ?? [], sourceName: sourceName))
        if let note = StatementListing.unfetchedIncludes(list, label: loaded.label) { out.note(note) }
        if let question, let list {
            out.links(question.targets.map { target in
                LinkAnswer(source: list.source, relation: question.relation, target: target, linked: list.check(relation: question.relation, target: target),
                           sourceName: sourceName)
            })
        }

        // The apps to decide for: --package, else every app the list verifies for App Links.
        let packages = package.map { [$0] } ?? AppLinksPrediction.verifiedPackages(statements)
        var decided = 0
        var opens = 0
        // A list that cannot be used verifies nothing: each URL says why, as check --routes does.
        var unusable: String?
        if let list, case .unusable(let why)? = AndroidAppCheck.list(list) { unusable = why }
        let file = loaded.host.map { AssetLinksKind.fileLabel(for: $0) } == loaded.label ? "https://\(loaded.label)" : loaded.label
        @discardableResult func handle(_ url: String) -> [MatchResult] {
            let results = packages.map { p in
                unusable.map { MatchResult.androidUnusable(url: url, packageName: p, file: file, reason: $0) }
                    ?? MatchResult.androidDecision(url: url, statements: statements, packageName: p, fingerprints: fingerprints, host: loaded.host)
            }
            decided += results.count
            opens += results.filter { $0.decision == .match }.count
            out.decisions(results, for: url)
            return results
        }
        MatchCommand.forEachURL(urls, readingStandardInput: urls.isEmpty && question == nil && authURLs.isEmpty, context: context) { handle($0) }
        // --auth-url: decided as every URL is; one the app opens is WAN702 (SignInURLs.judge).
        var signIn: [Diagnostic] = []
        for url in authURLs {
            let full = url.hasPrefix("/") ? loaded.host.map { "https://\($0)\(url)" } ?? url : url
            let results = handle(full)
            let judged = SignInURLs.judge(results, url: full, host: loaded.host)
            signIn += judged.diagnostics
            judged.notes.forEach { out.note($0) }
        }
        if packages.isEmpty && (!urls.isEmpty || question == nil) {
            out.note("The file verifies no Android app for App Links (no statement grants delegate_permission/common.handle_all_urls); give --package to decide for one.", kind: .advice)
        }
        // A --package the list does not verify: DAL627, the fact `check DOMAIN --package` states,
        // from the same judgement (every decision above is then no_match).
        var verification: [Diagnostic] = []
        if let package, !(question != nil && urls.isEmpty) {
            verification = AndroidAppCheck.verification(package: package, fingerprints: fingerprints, list: list,
                                                        host: loaded.host, label: loaded.label)
        } else if package == nil, !fingerprints.isEmpty, question == nil {
            // --fingerprint without --package: the certificate given verifies none of the
            // file's apps only when each of them fails; then each one's DAL627 says why.
            let each = packages.map {
                AndroidAppCheck.verification(package: $0, fingerprints: fingerprints, list: list, host: loaded.host, label: loaded.label)
            }
            if !each.isEmpty, each.allSatisfy({ !$0.isEmpty }) { verification = each.flatMap { $0 } }
        }
        out.findings(loaded.diagnostics + verification + signIn)
        if let question, urls.isEmpty {
            let linked = question.targets.filter { list?.check(relation: question.relation, target: $0) == true }.count
            return RunEnd(subject: "\(linked) of \(question.targets.count) linked")
        }
        return RunEnd(subject: "\(decided) decision\(decided == 1 ? "" : "s"), \(opens) open\(opens == 1 ? "s" : "") the app")
    }
}
