/// One statement as Google's `statements.list` returns it: one source, one relation, one
/// target asset (a statement with two relations and two fingerprints lists four) — the
/// `statements` JSON of cli.md.
public struct ListedStatement: Sendable, Hashable {
    public var source: AssetLinksAsset
    public var relation: String
    public var target: AssetLinksAsset

    public init(source: AssetLinksAsset, relation: String, target: AssetLinksAsset) {
        self.source = source
        self.relation = relation
        self.target = target
    }

    /// The listed statements of one statement, relation by relation, target asset by asset.
    public static func entries(_ statement: AssetStatement, source: AssetLinksAsset) -> [ListedStatement] {
        let assets = statement.target.assets
        return statement.relations.flatMap { r in assets.map { ListedStatement(source: source, relation: r, target: $0) } }
    }
}

/// Why a query (`--relation`, `--site`, `--package`, `--fingerprint`) is malformed, in Google's
/// words (the compatibility suite's 1000 groups). Google answers such a query without fetching
/// anything (`QUERY_PARSING_ERROR`); the CLI exits with status 2.
public struct AssetLinksQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The parts of a check or list question, validated as Google's API validates them (spec
/// `assetlinks-reference.md` §1.1, §2.2–§2.4; 1100–1400 groups): the relation's grammar, a
/// site's shape, a package name without surrounding white space, a fingerprint exactly in
/// upper-case colon form.
public enum AssetLinksQuery {
    /// An asset of a question as given: a site, an app, an empty asset, or none at all.
    public enum Asset: Sendable, Hashable {
        case web(site: String?)
        case androidApp(packageName: String?, fingerprint: String?)
        /// An asset with neither kind filled in.
        case unspecified
    }

    /// The source or target asset of a question; `role` is "source" or "target" (messages).
    public static func asset(_ asset: Asset?, role: String) throws(AssetLinksQueryError) -> AssetLinksAsset {
        switch asset {
        case nil: throw AssetLinksQueryError(message: "Request must contain a \(role) asset query")
        case .unspecified?: throw AssetLinksQueryError(message: "Must specify one of the asset types (web or android_app) for the \(role)")
        case .web(let site)?: return .web(try self.site(site))
        case .androidApp(let p, let f)?: return try androidApp(packageName: p, fingerprint: f)
        }
    }

    /// A relation of a check (required) or a list (optional: `nil` or empty lists every relation).
    public static func relation(_ text: String?, required: Bool) throws(AssetLinksQueryError) -> String? {
        guard let text, !text.isEmpty else {
            if required { throw AssetLinksQueryError(message: "Request must contain a relation string") }
            return nil
        }
        if let defect = AssetLinksRelation.defect(text) { throw AssetLinksQueryError(message: defect) }
        return text
    }

    /// A web asset of a query.
    public static func site(_ text: String?) throws(AssetLinksQueryError) -> AssetLinksSite {
        guard let text, !text.isEmpty else { throw AssetLinksQueryError(message: "No site field in the web asset") }
        switch AssetLinksSite.parse(text) {
        case .success(let site): return site
        case .failure(let defect): throw AssetLinksQueryError(message: "Invalid site: \(defect)")
        }
    }

    /// An Android app asset of a query (one certificate).
    public static func androidApp(packageName: String?, fingerprint: String?) throws(AssetLinksQueryError) -> AssetLinksAsset {
        guard let packageName, !packageName.isEmpty, AndroidPackageName.isAcceptedByGoogle(packageName) else {
            throw AssetLinksQueryError(message: "Invalid package_name field \"\(SafeText.escape(packageName ?? "", limit: 100))\": it is empty or holds white space")
        }
        guard let fingerprint, CertificateFingerprint.isValid(fingerprint) else {
            let defect = fingerprint.flatMap(CertificateFingerprint.defect)
            throw AssetLinksQueryError(message: "Invalid sha256_fingerprint field \"\(SafeText.escape(fingerprint ?? "", limit: 120))\": "
                + (defect?.reason ?? "it is missing") + (defect?.corrected.map { " (write \($0))" } ?? ""))
        }
        return .androidApp(packageName: packageName, fingerprint: fingerprint)
    }
}

/// What Google's Digital Asset Links API would answer, as the compatibility suite grades it
/// (`compatibility_test_suite.proto`: `QueryOutcome`, `linked`, the statements, `debugString`,
/// `errorCode`; spec `assetlinks-reference.md` §1.1).
public struct GoogleAnswer: Sendable, Hashable {
    /// The suite's `QueryOutcome`.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Nothing went wrong that could have changed the answer.
        case success = "SUCCESS"
        /// The question itself is malformed; nothing was fetched.
        case queryParsingError = "QUERY_PARSING_ERROR"
        /// Fetching or reading the data failed, fully or partly (the answer may still be `linked`).
        case fetchError = "FETCH_ERROR"
    }

    public var outcome: Outcome
    /// `check`: whether the statement is made.
    public var linked: Bool
    /// `list`: the statements, after includes.
    public var statements: [ListedStatement]
    /// The `errorCode`s, each once, in the order found.
    public var errorCodes: [DALErrorCode]
    /// Human text for the failures (Google's is not for machine parsing; this one names the
    /// same things in similar words: "Could not parse statement list", "No statements were
    /// found", "Fetch budget exhausted", …).
    public var debugString: String

    /// The answer to a question that did not parse.
    public static func queryError(_ error: AssetLinksQueryError) -> GoogleAnswer {
        GoogleAnswer(outcome: .queryParsingError, linked: false, statements: [], errorCodes: [], debugString: error.message)
    }
}

extension ResolvedStatementList {
    /// Every statement, one per relation × target asset, in document order after includes, each
    /// once (`statements.list`); `relation` keeps only that relation.
    public func listing(relation: String? = nil) -> [ListedStatement] {
        var seen = Set<ListedStatement>()
        var out: [ListedStatement] = []
        for statement in statements {
            for entry in ListedStatement.entries(statement, source: source)
            where (relation == nil || entry.relation == relation) && seen.insert(entry).inserted {
                out.append(entry)
            }
        }
        return out
    }

    /// Google's check question (§2.7): some surviving statement of the source's list (own or
    /// included) has exactly `relation` and a target equal to `target` — a site by normalised
    /// scheme, host and port, an app by package and one common fingerprint.
    public func check(relation: String, target: AssetLinksAsset) -> Bool {
        statements.contains { s in
            guard s.relations.contains(relation) else { return false }
            switch (s.target, target) {
            case (.web(let a), .web(let b)): return a == b
            case (.androidApp(let app), .androidApp(let p, let f)): return app.matches(packageName: p, fingerprints: [f])
            default: return false
            }
        }
    }

    /// `assetlinks.check` as Google would answer it.
    public func googleCheck(relation: String, target: AssetLinksAsset) -> GoogleAnswer {
        var answer = googleBase()
        answer.linked = check(relation: relation, target: target)
        return answer
    }

    /// `statements.list` as Google would answer it.
    public func googleList(relation: String?) -> GoogleAnswer {
        var answer = googleBase()
        answer.statements = listing(relation: relation)
        return answer
    }

    private func googleBase() -> GoogleAnswer {
        var codes: [DALErrorCode] = []
        var lines: [String] = []
        for d in diagnostics where d.severity == .error {
            guard let raw = d.dalErrorCode, let code = DALErrorCode(rawValue: raw) else { continue }
            if !codes.contains(code) { codes.append(code) }
            let file = d.file ?? mainURL
            switch code {
            case .malformedContent:
                let syntax = d.code.number.hasPrefix("2") && d.code != .dal206
                lines.append("Could not parse statement list \(file): " + (syntax ? "not valid JSON: " : "") + d.message)
            default:
                lines.append(d.message)
            }
        }
        // A list that was read and holds nothing is a fetch error (`comptest2002`); a source with
        // no list at all (an app the API knows nothing of) is an empty answer (4001, 4201).
        let nothing = !files.isEmpty && listing().isEmpty
        if nothing { lines.append("No statements were found") }
        let ok = codes.isEmpty && !nothing
        return GoogleAnswer(outcome: ok ? .success : .fetchError, linked: false, statements: [], errorCodes: codes,
                            debugString: lines.joined(separator: "\n"))
    }
}
