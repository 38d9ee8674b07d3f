// seeds: fuzz/seeds/assetlinks Fixtures/assetlinks/corpus
// dict: assetlinks
@testable import AASACore

/// The `assetlinks.json` statement list on any bytes, includes followed without a network
/// (issue 23): the input split at its NUL bytes is the main file, then the bodies served in turn
/// to the include URLs the resolver asks for (404 once they run out). Parse, validation, the
/// checks across statements and the include rules (budget, loop, secure-includes-insecure) all
/// run. Oracle: no crash; each URL asked once, at most the fetch budget; every finding has a
/// registered code, a place inside the file it names, a bounded message and hint with no raw
/// control character, and at most ``FindingSink/perCodeLimit`` + 1 findings per code and file;
/// every statement's place lies inside its file; the listing holds no more entries than the
/// statements' relations × fingerprints.
enum AssetLinksFuzz: FuzzTarget {
    static let name = "assetlinks"
    static let site = AssetLinksSite(scheme: "https", host: "shop.example")

    static func run(_ data: [UInt8]) {
        let parts = data.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        var next = 1
        var served: [String: [UInt8]] = [:]
        var asked: [String] = []
        let resolver = IncludeResolver(site: site, localFile: parts[0], name: "assetlinks.json")
        let resolved = IncludeResolver.resolve(resolver) { url in
            asked.append(url)
            guard next < parts.count else {
                return FetchRecord(url: url, status: 404, statusLine: "HTTP/1.1 404 Not Found",
                                   headers: [HTTPHeader("Content-Type", "text/html")], body: Array("<h1>Not Found</h1>".utf8))
            }
            defer { next += 1 }
            served[url] = parts[next]
            return FetchRecord(url: url, status: 200, statusLine: "HTTP/1.1 200 OK",
                               headers: [HTTPHeader("Content-Type", "application/json")], body: parts[next])
        }
        if Set(asked).count != asked.count { fuzzFailure("an include URL was fetched twice: \(asked)") }
        if asked.count >= AssetLinksFetchPlan.fetchBudget { fuzzFailure("\(asked.count) includes fetched, over the budget") }
        func bytes(of file: String?) -> [UInt8]? { file == nil || file == "assetlinks.json" ? parts[0] : served[file!] }
        var perCode: [String: Int] = [:]
        for d in resolved.diagnostics {
            FuzzOracle.check(d)
            if let offset = d.location?.offset, let body = bytes(of: d.file), offset < -1 || offset > body.count {
                fuzzFailure("finding \(d.code.rawValue) at offset \(offset) outside the \(body.count) bytes of \(d.file ?? "the main file")")
            }
            perCode["\(d.file ?? "") \(d.code.rawValue)", default: 0] += 1
        }
        if let (key, n) = perCode.first(where: { $0.value > FindingSink.perCodeLimit + 1 }) { fuzzFailure("\(n) findings of \(key)") }
        for s in resolved.statements {
            guard let body = bytes(of: s.place.depth == 0 ? nil : s.place.file) else {
                fuzzFailure("a statement of \(s.place.file), a file never served")
            }
            if let offset = s.place.location?.offset, offset < 0 || offset > body.count {
                fuzzFailure("a statement at offset \(offset) outside the \(body.count) bytes of \(s.place.file)")
            }
        }
        let bound = resolved.statements.reduce(0) { n, s in
            if case .androidApp(let app) = s.target { return n + s.relations.count * max(1, app.fingerprints.count) }
            return n + s.relations.count
        }
        if resolved.listing().count > bound { fuzzFailure("listing of \(resolved.listing().count) entries from \(bound) grants") }
    }
}
