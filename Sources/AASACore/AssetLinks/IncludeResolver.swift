/// A source's statement list after includes: every file read, the statements used in document
/// order, and every finding (spec `assetlinks-reference.md` §2.5–§2.7).
public struct ResolvedStatementList: Sendable {
    /// The asset whose statements these are (a site, or an app for its `asset_statements`).
    public var source: AssetLinksAsset
    /// The main file's URL (or label).
    public var mainURL: String
    /// Every file read, the main file first, then includes in fetch order.
    public var files: [StatementListFile]
    /// The statements used, in document order: an include's statements stand where the
    /// include does. Each carries its file, pointer, line and column and include depth.
    public var statements: [AssetStatement]
    /// Every finding: how each file was served, its contents, the includes, and the checks
    /// across statements (DAL113, DAL313, DAL319). Include files' findings carry the file's URL
    /// in ``Diagnostic/file``.
    public var diagnostics: [Diagnostic]
    /// The exchanges, in the order made.
    public var records: [FetchRecord]

    public init(source: AssetLinksAsset, mainURL: String, files: [StatementListFile], statements: [AssetStatement],
                diagnostics: [Diagnostic], records: [FetchRecord]) {
        self.source = source
        self.mainURL = mainURL
        self.files = files
        self.statements = statements
        self.diagnostics = diagnostics
        self.records = records
    }
}

/// Include processing as a pure state machine (spec `assetlinks-reference.md` §2.5): it is
/// given the main file's exchange, says which include URLs to fetch, is fed their exchanges,
/// and continues until nothing is left; it fetches nothing itself.
///
/// Rules: the budget is ``AssetLinksFetchPlan/fetchBudget`` fetches per source, the main file
/// included; each URL is fetched once, and a URL met again is a loop or a repeat (DAL112,
/// `ERROR_CODE_FETCH_BUDGET_EXHAUSTED`, `comptest5005`), as is an include past the budget;
/// under a secure file — the main file served over HTTPS, an app's `asset_statements`, or an
/// HTTPS include — every include must be HTTPS, transitively (DAL111,
/// `ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE`, `5006`, `5007`, `5009`; `http`→`http` is fine,
/// `5008`); each include is judged as the main file is (status, redirect, type, size, TLS) and
/// read on its own: one that is not valid JSON is void, entirely, and the others still count
/// (`5002`, `5003`). Includes are fetched level by level (a wave is ``pending``), in file order,
/// so the answer does not depend on the order the network returns them. AOSP's verifier
/// follows one level only (`MAX_INCLUDE_LEVEL = 1`): statements found deeper are DAL113.
public struct IncludeResolver: Sendable {
    /// The asset whose list is resolved.
    public let source: AssetLinksAsset
    /// The include URLs to fetch now (normalised: scheme and host lower case, no default
    /// port, no fragment), each asked once; feed each one's exchange to ``feed(_:)``.
    public private(set) var pending: [String] = []

    private struct Node: Sendable {
        var url: String
        var label: String?
        var depth: Int
        var parent: Int?
        /// This file or a file above it is secure (its includes must be https).
        var chainSecure: Bool
        var file: StatementListFile?
        var served: [Diagnostic] = []
        /// For each include of the file, in file order: the node it was fetched into.
        var children: [Int?] = []
        var expanded = false
    }

    private var nodes: [Node] = []
    private var seen: Set<String> = []
    private var fetches = 0
    private let sourceSecure: Bool
    private var records: [FetchRecord] = []
    private var waiting: [String: Int] = [:]

    /// Starts with the main file of `site` as fetched.
    public init(site: AssetLinksSite, main: FetchRecord) {
        source = .web(site)
        sourceSecure = site.isSecure
        let url = site.statementListURL
        seen.insert(url)
        fetches = 1
        records.append(main)
        var node = Node(url: url, label: nil, depth: 0, parent: nil, chainSecure: site.isSecure)
        let verdict = AssetLinksServing.judge(main)
        node.served = verdict.diagnostics
        node.file = verdict.body.map { StatementListParser.parse($0, url: url, depth: 0) }
        nodes.append(node)
        advance()
    }

    /// Starts with an app's `asset_statements` (a secure source: its includes must be HTTPS).
    /// - Parameter label: how findings name the statements' place (e.g. "Shop.apk asset_statements").
    public init(androidApp packageName: String, fingerprint: String, statements: [UInt8], label: String) {
        source = .androidApp(packageName: packageName, fingerprint: fingerprint)
        sourceSecure = true
        var node = Node(url: label, label: nil, depth: 0, parent: nil, chainSecure: true)
        node.file = StatementListParser.parse(statements, url: label, depth: 0)
        nodes.append(node)
        advance()
    }

    /// Starts with a local file served for `site` (`validate FILE --domain`), its includes to be
    /// fetched as the site's would be.
    public init(site: AssetLinksSite, localFile bytes: [UInt8], name: String) {
        source = .web(site)
        sourceSecure = site.isSecure
        seen.insert(site.statementListURL)
        fetches = 1
        var node = Node(url: name, label: nil, depth: 0, parent: nil, chainSecure: site.isSecure)
        node.file = StatementListParser.parse(bytes, url: name, depth: 0)
        nodes.append(node)
        advance()
    }

    /// Whether every include is resolved.
    public var isFinished: Bool { pending.isEmpty }

    /// Feeds the exchange of a ``pending`` URL (matched by ``FetchRecord/url``); others are ignored.
    public mutating func feed(_ record: FetchRecord) {
        let key = waiting[record.url] != nil ? record.url : IncludeResolver.normalized(record.url)
        guard let key, let index = waiting.removeValue(forKey: key) else { return }
        pending.removeAll { $0 == key }
        records.append(record)
        let label = nodes[index].url
        let verdict = AssetLinksServing.judge(record, fileLabel: label)
        nodes[index].served = verdict.diagnostics
        nodes[index].file = verdict.body.map { StatementListParser.parse($0, url: label, depth: nodes[index].depth, fileLabel: label) }
        if pending.isEmpty { advance() }
    }

    /// Resolves every include with `fetch` answering each URL (a table in tests, or a
    /// synchronous fetcher), and returns the result.
    public static func resolve(_ resolver: IncludeResolver, fetch: (String) -> FetchRecord) -> ResolvedStatementList {
        var r = resolver
        while !r.pending.isEmpty {
            for url in r.pending { r.feed(fetch(url)) }
        }
        return r.result()
    }

    /// `url` normalised as include URLs are (`nil` when it is not an http(s) URL).
    static func normalized(_ url: String) -> String? {
        guard case .success(let p) = ParsedHTTPURL.parse(url) else { return nil }
        var rest = p.rest
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        return p.site.origin + (rest.isEmpty ? "/" : rest)
    }

    /// Opens the includes of every file read but not expanded yet, in node order: the next wave.
    private mutating func advance() {
        for index in nodes.indices where !nodes[index].expanded && nodes[index].file != nil {
            nodes[index].expanded = true
            let node = nodes[index]
            for include in node.file!.includes {
                nodes[index].children.append(open(include, from: index, node))
            }
        }
    }

    private mutating func open(_ include: IncludeStatement, from parent: Int, _ node: Node) -> Int? {
        let url = include.normalizedURL
        func refuse(_ code: DiagnosticCode, _ message: String, hint: String, _ google: DALErrorCode) {
            nodes[parent].served.append(Diagnostic(
                code: code, message: message, hint: hint, pointer: include.place.pointer, location: include.place.location,
                file: node.label, dalErrorCode: google.rawValue))
        }
        let shown = NetworkText.escape(include.url)
        if node.chainSecure && !include.isSecure {
            let message = node.depth == 0 && sourceSecure
                ? "Insecure URL in fetch stack of secure asset: \(shown) is http, included by a list served securely; it is not fetched"
                : "Insecure include file included by secure include file: \(shown) is http, below an https include; it is not fetched"
            refuse(.dal111, message, hint: "Serve the included file over https and write its https URL.", .secureAssetIncludesInsecure)
            return nil
        }
        if seen.contains(url) {
            var ancestors: [String] = []
            var i: Int? = parent
            while let k = i { ancestors.append(nodes[k].url); i = nodes[k].parent }
            let loop = ancestors.contains(url) || ancestors.contains(where: { IncludeResolver.normalized($0) == url })
            let message = loop
                ? "include loop: \(shown) is already being read above this file; it is not fetched again (Google reports \"Fetch budget exhausted\")"
                : "\(shown) is included a second time; each URL is fetched once (Google spends its fetch budget on repeats: \"Fetch budget exhausted\")"
            refuse(.dal112, message, hint: loop ? "Remove the include that points back up the chain." : "Include each file once.", .fetchBudgetExhausted)
            return nil
        }
        guard fetches < AssetLinksFetchPlan.fetchBudget else {
            refuse(.dal112, "Fetch budget exhausted: \(shown) is not fetched; at most \(AssetLinksFetchPlan.fetchBudget) files are read per source, the main file included (Google's budget is unpublished)",
                   hint: "Flatten the includes: fewer files, fewer levels.", .fetchBudgetExhausted)
            return nil
        }
        seen.insert(url)
        fetches += 1
        nodes.append(Node(url: url, label: url, depth: node.depth + 1, parent: parent,
                          chainSecure: node.chainSecure || include.isSecure))
        waiting[url] = nodes.count - 1
        pending.append(url)
        return nodes.count - 1
    }

    /// The list as resolved so far (complete once ``isFinished``).
    public func result() -> ResolvedStatementList {
        var statements: [AssetStatement] = []
        var visited = Set<Int>()
        func walk(_ index: Int) {
            guard visited.insert(index).inserted, let file = nodes[index].file else { return }
            var k = 0
            for element in file.elements {
                switch element {
                case .statement(let s): statements.append(s)
                case .include:
                    if k < nodes[index].children.count, let child = nodes[index].children[k] { walk(child) }
                    k += 1
                }
            }
        }
        walk(0)
        var diagnostics: [Diagnostic] = []
        for node in nodes {
            let fileFindings = node.file?.diagnostics ?? []
            // Serving findings first, then the file's, include refusals in file order among them.
            let (fetchFindings, includeFindings) = (node.served.filter { $0.pointer == nil }, node.served.filter { $0.pointer != nil })
            diagnostics += fetchFindings + Validator.ordered(fileFindings + includeFindings)
        }
        diagnostics += AssetLinksCrossChecks.run(statements, source: source)
        return ResolvedStatementList(source: source, mainURL: nodes[0].url, files: nodes.compactMap(\.file),
                                     statements: statements, diagnostics: diagnostics, records: records)
    }
}
