import AASACore
import Foundation

/// A plain reference implementation of spec `aasa-reference.md` §5, written from the spec and
/// sharing no matching code with the compiled automaton: patterns are read token by token and
/// matched by the set of input positions each token can reach. Slow (cubic at worst) and
/// obviously right; the tests and the `matcher` fuzz target compare the real matcher with it.
/// Only public API is used, so the fuzz harness compiles this file as it is.
enum ReferenceMatcher {
    /// The decision and the indices of the deciding entry and rule, as ``DocumentMatcher`` gives them.
    static func decide(_ document: AASADocument, host: String?, url: String, appID: String)
        -> (decision: MatchDecision, detail: Int?, component: Int?)? {
        guard let parts = URLParts(url) else { return nil }
        if let scheme = parts.scheme, scheme != "http" && scheme != "https" { return (.noMatch, nil, nil) }
        if let host, let urlHost = parts.host, urlHost != host.lowercased() { return (.noMatch, nil, nil) }
        guard let links = document.applinks else { return (.noMatch, nil, nil) }
        func canonical(_ id: String) -> String {
            guard let dot = id.firstIndex(of: ".") else { return id.uppercased() }
            return id[..<dot].uppercased() + id[dot...]
        }
        guard let entry = links.details.first(where: { $0.appIDs.contains { canonical($0.value) == canonical(appID) } }) else {
            return (.noMatch, nil, nil)
        }
        if case .matchAll = entry.rules { return (.match, entry.index, nil) }
        let variables = links.substitutionVariables
        for rule in entry.rules.rules {
            let keys = rule.keys.inheriting(from: entry.defaults.inheriting(from: links.defaults))
            if ruleMatches(keys, parts, variables) {
                return ((keys.exclude ?? false) ? .exclude : .match, entry.index, rule.index)
            }
        }
        return (.noMatch, entry.index, nil)
    }

    static func ruleMatches(_ keys: RuleKeys, _ url: URLParts, _ variables: [String: [String]]) -> Bool {
        let fold = !(keys.caseSensitive ?? true)
        let decode = !(keys.percentEncoded ?? true)
        func view(_ s: String) -> String { decode ? (s.removingPercentEncoding ?? s) : s }
        if let p = keys.path, !matches(normalize(p), normalize(view(url.path)), variables, fold) { return false }
        switch keys.query {
        case .string(let q)?:
            if !matches(q, view(url.query ?? ""), variables, fold) { return false }
        case .items(let items)?:
            let actual = (url.query ?? "").split(separator: "&").map { item -> (String, String) in
                let text = String(item)
                guard let eq = text.firstIndex(of: "=") else { return (view(text), "") }
                return (view(String(text[..<eq])), view(String(text[text.index(after: eq)...])))
            }
            for item in items {
                let values = actual.filter { $0.0 == item.name }.map(\.1)
                if values.isEmpty {
                    if !matches(item.pattern, "", variables, fold) { return false }
                } else if !values.allSatisfy({ matches(item.pattern, $0, variables, fold) }) {
                    return false
                }
            }
        case nil:
            break
        }
        if let f = keys.fragment, !matches(f, view(url.fragment ?? ""), variables, fold) { return false }
        return true
    }

    /// §5 path normalisation, written again from the spec.
    static func normalize(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars where !(c == "/" && out.unicodeScalars.last == "/") { out.unicodeScalars.append(c) }
        if out.isEmpty { return "/" }
        if !out.hasPrefix("/") && !out.hasPrefix("*") { out = "/" + out }
        if !out.hasSuffix("/") && !out.hasSuffix("*") { out += "/" }
        return out
    }

    enum Token {
        case literal(UInt32)
        case one
        case star
        case set([[Token]])
        case never
    }

    static func tokens(_ pattern: String, _ variables: [String: [String]]?, _ fold: Bool) -> [Token] {
        let s = pattern.unicodeScalars.map(\.value)
        func lit(_ c: UInt32) -> Token { .literal(fold ? CaseFold.fold(c) : c) }
        var out: [Token] = []
        var i = 0
        while i < s.count {
            switch s[i] {
            case 0x2A: out.append(.star); i += 1
            case 0x3F: out.append(.one); i += 1
            case 0x5C where i + 1 < s.count: out.append(lit(s[i + 1])); i += 2
            case 0x24 where variables != nil && i + 1 < s.count && s[i + 1] == 0x28:
                guard let close = s[(i + 2)...].firstIndex(of: 0x29) else { return [.never] }
                let name = String(String.UnicodeScalarView(s[(i + 2)..<close].compactMap(Unicode.Scalar.init)))
                i = close + 1
                if let values = variables![name] {
                    out.append(.set(values.map { tokens($0, nil, fold) }))
                    continue
                }
                let classes: [String: String] = [
                    "alpha": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "lower": "abcdefghijklmnopqrstuvwxyz", "alnum": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                    "digit": "0123456789", "xdigit": "0123456789ABCDEFabcdef",
                ]
                if let members = classes[name] {
                    out.append(.set(Set(members.unicodeScalars.map { lit($0.value) }.map { t -> UInt32 in
                        if case .literal(let c) = t { return c } else { return 0 }
                    }).map { [.literal($0)] }))
                } else if name == "region" {
                    out.append(.set(BuiltinVariables.regions.map { $0.unicodeScalars.map { lit($0.value) } }))
                } else if name == "lang" {
                    out.append(.set(BuiltinVariables.languages.map { $0.unicodeScalars.map { lit($0.value) } }))
                } else {
                    return [.never]
                }
            default: out.append(lit(s[i])); i += 1
            }
        }
        return out
    }

    /// Whether `pattern` matches all of `text`.
    static func matches(_ pattern: String, _ text: String, _ variables: [String: [String]], _ fold: Bool) -> Bool {
        let input = text.unicodeScalars.map { fold ? CaseFold.fold($0.value) : $0.value }
        return reach(tokens(pattern, variables, fold), from: [0], input).contains(input.count)
    }

    /// The input positions reachable after reading `tokens` from any of `start`.
    static func reach(_ tokens: [Token], from start: Set<Int>, _ input: [UInt32]) -> Set<Int> {
        var at = start
        for t in tokens {
            var next = Set<Int>()
            switch t {
            case .literal(let c): for p in at where p < input.count && input[p] == c { next.insert(p + 1) }
            case .one: for p in at where p < input.count { next.insert(p + 1) }
            case .star: if let m = at.min() { next = Set(m...input.count) }
            case .set(let alternatives): for a in alternatives { next.formUnion(reach(a, from: at, input)) }
            case .never: return []
            }
            at = next
            if at.isEmpty { return [] }
        }
        return at
    }
}
