// Matching benchmark: aasa-check's matcher against a straightforward regular-expression
// matcher (glob → NSRegularExpression per rule, URLComponents for parsing), on one core, in
// the same run. Usage: aasa-bench [DOCUMENT] [URL-COUNT]. See scripts/bench-match.sh.
import AASACore
import Foundation

let args = CommandLine.arguments
let documentPath = args.count > 1 ? args[1] : "Fixtures/corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association"
let urlCount = args.count > 2 ? Int(args[2])! : 1_000_000
let host = "bench.example"

guard let data = FileManager.default.contents(atPath: documentPath) else {
    FileHandle.standardError.write(Data("aasa-bench: cannot read \(documentPath)\n".utf8))
    exit(2)
}
let validation = Validator.validate(Array(data), domain: host)
guard let document = validation.document else {
    FileHandle.standardError.write(Data("aasa-bench: \(documentPath) does not decode\n".utf8))
    exit(2)
}
let matcher = DocumentMatcher(document: document, host: host)
guard let appID = matcher.appIDs.first, let entry = matcher.entry(for: appID) else {
    FileHandle.standardError.write(Data("aasa-bench: no applinks app in \(documentPath)\n".utf8))
    exit(2)
}

// MARK: URLs: paths built from the rules' own prefixes plus random tails, queries, fragments.

var rng = SplitMix64(seed: 0xA5A5_2026)
let prefixes: [String] = entry.rules.compactMap { $0.keys.path }.map { p in
    String(p.prefix { $0 != "*" && $0 != "?" && $0 != "$" })
} + ["/", "/about/", "/blog/", "/static/js/", "/"]
let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_")
func word(_ n: Int, _ rng: inout SplitMix64) -> String { String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }) }
var urls: [String] = []
urls.reserveCapacity(urlCount)
for _ in 0..<urlCount {
    var s = "https://\(host)" + prefixes[Int(rng.next() % UInt64(prefixes.count))]
    if !s.hasSuffix("/") { s += "/" }
    s += word(1 + Int(rng.next() % 12), &rng)
    if rng.next() % 3 == 0 { s += "/" + word(Int(rng.next() % 8), &rng) }
    if rng.next() % 4 == 0 { s += "?id=\(word(4, &rng))&ref=\(word(3, &rng))" }
    if rng.next() % 10 == 0 { s += rng.next() % 2 == 0 ? "#no_universal_links" : "#top" }
    urls.append(s)
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

// MARK: aasa-check

let clock = ContinuousClock()
var opens = 0
let ours = clock.measure {
    for u in urls {
        if matcher.decision(u, appID: appID)?.decision == .match { opens += 1 }
    }
}

// MARK: Regular-expression baseline

struct RegexRule {
    let path: NSRegularExpression?
    let query: [(String, NSRegularExpression)]
    let wholeQuery: NSRegularExpression?
    let fragment: NSRegularExpression?
    let exclude: Bool
}

func regex(_ glob: String, caseSensitive: Bool) -> NSRegularExpression {
    var r = "^"
    for c in glob {
        switch c {
        case "*": r += ".*"
        case "?": r += "."
        default: r += NSRegularExpression.escapedPattern(for: String(c))
        }
    }
    return try! NSRegularExpression(pattern: r + "$", options: caseSensitive ? [] : [.caseInsensitive])
}

let regexRules: [RegexRule] = entry.rules.map { rule in
    var items: [(String, NSRegularExpression)] = []
    var whole: NSRegularExpression?
    switch rule.keys.query {
    case .items(let list)?: items = list.map { ($0.name, regex($0.pattern, caseSensitive: rule.caseSensitive)) }
    case .string(let s)?: whole = regex(s, caseSensitive: rule.caseSensitive)
    case nil: break
    }
    return RegexRule(path: rule.keys.path.map { regex(PathNormalizer.normalize($0), caseSensitive: rule.caseSensitive) },
                     query: items, wholeQuery: whole,
                     fragment: rule.keys.fragment.map { regex($0, caseSensitive: rule.caseSensitive) },
                     exclude: rule.exclude)
}

func matches(_ r: NSRegularExpression, _ s: String) -> Bool {
    r.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
}

let regexSample = min(urls.count, 100_000)
var regexOpens = 0
var agree = 0
let theirs = clock.measure {
    for u in urls.prefix(regexSample) {
        guard let c = URLComponents(string: u) else { continue }
        let path = PathNormalizer.normalize(c.percentEncodedPath)
        let items = c.percentEncodedQueryItems ?? []
        var decision = MatchDecision.noMatch
        for r in regexRules {
            if let p = r.path, !matches(p, path) { continue }
            if let f = r.fragment, !matches(f, c.percentEncodedFragment ?? "") { continue }
            if let w = r.wholeQuery, !matches(w, c.percentEncodedQuery ?? "") { continue }
            if !r.query.allSatisfy({ name, re in
                let values = items.filter { $0.name == name }.map { $0.value ?? "" }
                return values.isEmpty ? matches(re, "") : values.allSatisfy { matches(re, $0) }
            }) { continue }
            decision = r.exclude ? .exclude : .match
            break
        }
        if decision == .match { regexOpens += 1 }
        if decision == matcher.decision(URLParts(u)!, appID: appID).decision { agree += 1 }
    }
}

// MARK: Pathological pattern

let evil = CompiledPattern("*a*a*a*a*a*a*a*a*b")
let longPath = Array(String(repeating: "a", count: 10_000).unicodeScalars.map(\.value))
var evilResult = false
let evilRuns = 100
let evilTime = clock.measure { for _ in 0..<evilRuns { evilResult = evil.matches(longPath) || evilResult } }
let evilRegex = try! NSRegularExpression(pattern: "^.*a.*a.*a.*a.*a.*a.*a.*a.*b$")
let longString = String(repeating: "a", count: 10_000)
let evilRegexTime = clock.measure { _ = matches(evilRegex, longString) }

let ourRate = Double(urls.count) / seconds(ours)
let theirRate = Double(regexSample) / seconds(theirs)
let rules = entry.rules.count
print("document: \(documentPath) (\(rules) rules for \(appID))")
func row(_ label: String, _ a: String, _ b: String) {
    print(label.padding(toLength: 38, withPad: " ", startingAt: 0)
          + String(repeating: " ", count: max(0, 14 - a.count)) + a
          + String(repeating: " ", count: max(0, 16 - b.count)) + b)
}
row("", "aasa-check", "regex baseline")
row("URLs decided", String(urls.count), String(regexSample))
row("seconds", String(format: "%.3f", seconds(ours)), String(format: "%.3f", seconds(theirs)))
row("URLs per second (one core)", String(format: "%.0f", ourRate), String(format: "%.0f", theirRate))
row("speed-up", String(format: "%.1f×", ourRate / theirRate), "")
row("*a*a*a*a*a*a*a*a*b vs 10,000 a (ms)", String(format: "%.4f", seconds(evilTime) * 1000 / Double(evilRuns)),
    String(format: "%.1f", seconds(evilRegexTime) * 1000))
print("decisions that agree with the baseline: \(agree) of \(regexSample); URLs opening the app: \(opens) of \(urls.count)")
if evilResult { print("unexpected: the pathological pattern matched") }

/// A small deterministic generator, so every run decides the same URLs.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
