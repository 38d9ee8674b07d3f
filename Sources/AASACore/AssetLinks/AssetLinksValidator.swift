/// Checks across the statements of one source (after includes): repeats (DAL313), several
/// apps claiming every URL of the host (DAL319), statements only Google's verifier sees
/// because they are two or more includes deep (DAL113). Spec `assetlinks-reference.md` §1.2,
/// §2.5, §3.1.
public enum AssetLinksCrossChecks {
    public static func run(_ statements: [AssetStatement], source: AssetLinksAsset) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func at(_ s: AssetStatement) -> (pointer: String, location: SourceLocation?, file: String?) {
            (s.place.pointer, s.place.location, s.place.depth == 0 ? nil : s.place.file)
        }
        func name(_ s: AssetStatement) -> String {
            (s.place.depth == 0 ? "" : "\(NetworkText.escape(s.place.file)) ") + (s.place.pointer.isEmpty ? "/" : s.place.pointer)
        }
        // DAL313: a relation × target granted again. One finding per repeating statement.
        var first: [ListedStatement: AssetStatement] = [:]
        var repeatsReported = 0
        for s in statements {
            let entries = ListedStatement.entries(s, source: source)
            let repeated = entries.filter { first[$0] != nil }
            for e in entries where first[e] == nil { first[e] = s }
            guard let e = repeated.first, repeatsReported < FindingSink.perCodeLimit else { continue }
            repeatsReported += 1
            let earlier = first[e]!
            let p = at(s)
            let rules = s.dynamicRules != .absent || earlier.dynamicRules != .absent
            out.append(Diagnostic(
                code: .dal313,
                message: "this statement repeats \(repeated.count == entries.count ? "what" : "part of what") \(name(earlier)) already grants (\(e.relation) to \(describe(e.target)))"
                    + (rules ? "; with dynamic rules, which of the two Android uses is not guaranteed (the prediction uses the first)" : ""),
                hint: "Keep one statement per relation and target: merge the fingerprints into one sha256_cert_fingerprints list.",
                pointer: p.pointer, location: p.location, file: p.file))
        }
        // DAL319: several packages take every URL of this host.
        let packages = AppLinksPrediction.verifiedPackages(statements)
        if packages.count > 1 {
            let shown = packages.prefix(8).joined(separator: ", ") + (packages.count > 8 ? ", …" : "")
            out.append(Diagnostic(
                code: .dal319,
                message: "\(packages.count) apps are verified for every URL of this host (\(shown)): when several are installed, the most recently installed one handles the links",
                hint: "Use dynamic rules (relation_extensions) to give each app its own paths, or accept that install order decides."))
        }
        // DAL113: statements only two or more includes deep (AOSP reads one level).
        let shallow = Set(statements.filter { $0.place.depth <= 1 }.flatMap { ListedStatement.entries($0, source: source) })
        var deepFiles: [String: (count: Int, depth: Int)] = [:]
        var order: [String] = []
        for s in statements where s.place.depth >= 2 {
            guard ListedStatement.entries(s, source: source).contains(where: { !shallow.contains($0) }) else { continue }
            if deepFiles[s.place.file] == nil { order.append(s.place.file) }
            deepFiles[s.place.file, default: (0, s.place.depth)].count += 1
        }
        for file in order {
            let (count, depth) = deepFiles[file]!
            out.append(Diagnostic(
                code: .dal113,
                message: "\(count) \(count == 1 ? "statement" : "statements") of \(NetworkText.escape(file)) (\(depth) includes deep) \(count == 1 ? "is" : "are") read by Google's verifier only: Android's reference verifier follows one level of includes, so devices without Google services do not see them",
                hint: "Include that file directly from the main file, or copy its statements there.",
                file: file))
        }
        return out
    }

    static func describe(_ asset: AssetLinksAsset) -> String {
        switch asset {
        case .web(let site): return site.origin
        case .androidApp(let p, let f): return "\(p) (\(f.prefix(8))…)"
        }
    }
}

/// What ``AssetLinksValidator`` found in one local statement list.
public struct AssetLinksValidation: Sendable {
    /// The file as read.
    public var file: StatementListFile
    /// The file as the source's whole list (no include is fetched for a local file).
    public var resolved: ResolvedStatementList
    /// Every finding, in file order, then the checks across statements.
    public var diagnostics: [Diagnostic] { resolved.diagnostics }
}

/// Validates a local `assetlinks.json` (`aasa-check validate FILE` for a statement list): the
/// statement list (``StatementListParser``) and the checks across its statements
/// (``AssetLinksCrossChecks``). Includes are listed, not fetched; to follow them, run an
/// ``IncludeResolver`` started with ``IncludeResolver/init(site:localFile:name:)``. Pure.
public enum AssetLinksValidator {
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - site: the site it is served for (the source of its statements); `https://example.com`
    ///     stands in when unknown (it only names the source in the listing).
    ///   - name: the file's name, for the statements' places.
    public static func validate(_ bytes: [UInt8], site: AssetLinksSite? = nil, name: String = "assetlinks.json") -> AssetLinksValidation {
        let site = site ?? AssetLinksSite(scheme: "https", host: "example.com")
        let file = StatementListParser.parse(bytes, url: name)
        let statements = file.statements
        let resolved = ResolvedStatementList(
            source: .web(site), mainURL: name, files: [file], statements: statements,
            diagnostics: file.diagnostics + AssetLinksCrossChecks.run(statements, source: .web(site)), records: [])
        return AssetLinksValidation(file: file, resolved: resolved)
    }
}
