// The matching benchmark of one document: the automaton (a URLDecider, as bulk callers use
// it), the rule-by-rule matcher (the baseline), and a straightforward regular-expression
// matcher (glob → NSRegularExpression per rule, URLComponents for parsing) on a sample.
import AASACore
import Foundation
import SplitMix

enum MatchBench {
    struct Figures {
        var label: String
        var rules = 0
        var appID = ""
        var urls = 0
        /// CPU time of the deciding thread (``MatchBench/measure(_:)``), and wall time.
        var automaton: Duration = .zero
        var automatonWall: Duration = .zero
        var single: Duration = .zero
        var warm: Duration = .zero
        var ruleByRule: Duration = .zero
        var ruleByRuleWall: Duration = .zero
        var regexSample = 0
        var regex: Duration = .zero
        var regexAgree = 0
        var agree = 0
        var opens = 0
        var statistics = AutomatonStatistics()
    }

    /// Paths built from the rules' own literal prefixes plus random tails, queries, fragments.
    static func urls(for entry: CompiledEntry, count: Int) -> [String] {
        var rng = SplitMix64(seed: 0xA5A5_2026)
        let prefixes: [String] = entry.rules.compactMap { $0.keys.path }.map { p in
            String(p.prefix { $0 != "*" && $0 != "?" && $0 != "$" })
        } + ["/", "/about/", "/blog/", "/static/js/", "/"]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_")
        func word(_ n: Int) -> String { String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }) }
        let queries = ["id", "ref", "q", "variant", "page"]
        var urls: [String] = []
        urls.reserveCapacity(count)
        for _ in 0..<count {
            var s = "https://\(host)" + prefixes[Int(rng.next() % UInt64(prefixes.count))]
            if !s.hasSuffix("/") { s += "/" }
            s += word(1 + Int(rng.next() % 12))
            if rng.next() % 3 == 0 { s += "/" + word(Int(rng.next() % 8)) }
            if rng.next() % 4 == 0 {
                s += "?\(queries[Int(rng.next() % 5)])=\(word(4))&\(queries[Int(rng.next() % 5)])=\(word(3))"
            }
            if rng.next() % 10 == 0 { s += rng.next() % 2 == 0 ? "#no_universal_links" : "#top" }
            urls.append(s)
        }
        return urls
    }

    static func run(label: String, bytes: [UInt8], urlCount: Int) -> Figures {
        var figures = Figures(label: label)
        let validation = Validator.validate(bytes, domain: host)
        guard let compiled = validation.compiled else { fail("\(label) does not decode") }
        let automaton = DocumentMatcher(compiled: compiled, host: host)
        let ruleByRule = DocumentMatcher(compiled: compiled, host: host, strategy: .ruleByRule)
        guard let appID = automaton.appIDs.first, let entry = automaton.entry(for: appID) else {
            fail("no applinks app in \(label)")
        }
        figures.rules = entry.rules.count
        figures.appID = appID
        let urls = urls(for: entry, count: urlCount)
        figures.urls = urls.count

        // The automaton through the bulk API (a fresh decider: its cache starts empty).
        var fast = [MatchDecision](repeating: .noMatch, count: urls.count)
        let decider = URLDecider(matcher: automaton, appIDs: [appID])
        (figures.automaton, figures.automatonWall) = measure {
            for i in urls.indices {
                fast[i] = decider.decide(urls[i], app: 0)?.decision ?? .noMatch
            }
        }
        figures.statistics = decider.statistics
        // Again with the states built: the cost of running the automaton alone.
        figures.warm = measure {
            for i in urls.indices where decider.decide(urls[i], app: 0)?.decision != fast[i] { fail("the warm pass decided otherwise") }
        }.cpu
        // The same through the single-URL call (shared caches behind a lock).
        var opens = 0
        figures.single = measure {
            for u in urls where automaton.decision(u, appID: appID)?.decision == .match { opens += 1 }
        }.cpu
        figures.opens = opens
        // The baseline: every rule in order.
        var agree = 0
        var slow = [MatchDecision](repeating: .noMatch, count: urls.count)
        (figures.ruleByRule, figures.ruleByRuleWall) = measure {
            for i in urls.indices {
                slow[i] = ruleByRule.decision(urls[i], appID: appID)?.decision ?? .noMatch
            }
        }
        for i in urls.indices where fast[i] == slow[i] { agree += 1 }
        figures.agree = agree

        // Regular expressions, on a sample sized so the run stays short.
        let regexRules = entry.rules.map(RegexRule.init)
        figures.regexSample = min(urls.count, max(1_000, 1_600_000 / max(1, entry.rules.count)))
        var regexAgree = 0
        figures.regex = measure {
            for (i, u) in urls.prefix(figures.regexSample).enumerated() where RegexRule.decide(regexRules, u) == slow[i] {
                regexAgree += 1
            }
        }.cpu
        figures.regexAgree = regexAgree
        return figures
    }

    /// Runs `body` and returns the CPU time the calling thread spent in it (what the work
    /// costs, whatever else runs on the shared machine) and the wall time.
    static func measure(_ body: () -> Void) -> (cpu: Duration, wall: Duration) {
        func threadCPU() -> Duration {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
        }
        let clock = ContinuousClock()
        let (cpu0, wall0) = (threadCPU(), clock.now)
        body()
        return (threadCPU() - cpu0, clock.now - wall0)
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    static func print(_ columns: [Figures]) {
        let width = 16
        func cell(_ s: String) -> String { String(repeating: " ", count: max(1, width - s.count)) + s }
        func row(_ label: String, _ values: [String]) {
            Swift.print(label.padding(toLength: 40, withPad: " ", startingAt: 0) + values.map(cell).joined())
        }
        func rate(_ n: Int, _ d: Duration) -> Double { Double(n) / max(seconds(d), 1e-9) }
        row("", columns.flatMap { [$0.label, ""] })
        row("rules (for the first app)", columns.flatMap { [String($0.rules), ""] })
        row("", columns.flatMap { _ in ["automaton", "rule by rule"] })
        row("URLs decided", columns.flatMap { [String($0.urls), String($0.urls)] })
        row("CPU seconds (the deciding thread)", columns.flatMap {
            [String(format: "%.3f", seconds($0.automaton)), String(format: "%.3f", seconds($0.ruleByRule))]
        })
        row("wall seconds", columns.flatMap {
            [String(format: "%.3f", seconds($0.automatonWall)), String(format: "%.3f", seconds($0.ruleByRuleWall))]
        })
        row("URLs per CPU second (one core)", columns.flatMap {
            [String(format: "%.0f", rate($0.urls, $0.automaton)), String(format: "%.0f", rate($0.urls, $0.ruleByRule))]
        })
        row("speed-up over rule by rule", columns.flatMap {
            [String(format: "%.1f×", rate($0.urls, $0.automaton) / rate($0.urls, $0.ruleByRule)), ""]
        })
        row("URLs/CPU s, states already built", columns.flatMap { [String(format: "%.0f", rate($0.urls, $0.warm)), ""] })
        row("URLs/CPU s, one URL a call (shared cache)", columns.flatMap { [String(format: "%.0f", rate($0.urls, $0.single)), ""] })
        row("regex baseline URLs/CPU s (sample)", columns.flatMap {
            ["", String(format: "%.0f (%d)", rate($0.regexSample, $0.regex), $0.regexSample)]
        })
        row("automaton states built / cache KiB", columns.flatMap {
            ["\($0.statistics.states) / \($0.statistics.bytes / 1024)", ""]
        })
        row("cache flushes / paths given up", columns.flatMap { ["\($0.statistics.flushes) / \($0.statistics.gaveUp)", ""] })
        for c in columns {
            Swift.print("\(c.label): automaton and rule by rule agree on \(c.agree) of \(c.urls) URLs; the regex baseline on "
                        + "\(c.regexAgree) of \(c.regexSample); \(c.opens) open the app (\(c.appID))")
        }
        let evil = CompiledPattern("*a*a*a*a*a*a*a*a*b")
        let longPath = Array(String(repeating: "a", count: 10_000).unicodeScalars.map(\.value))
        var evilResult = false
        let runs = 100
        let evilTime = measure { for _ in 0..<runs { evilResult = evil.matches(longPath) || evilResult } }.cpu
        Swift.print(String(format: "*a*a*a*a*a*a*a*a*b against 10,000 a: %.4f ms", seconds(evilTime) * 1000 / Double(runs)))
        if evilResult { Swift.print("unexpected: the pathological pattern matched") }
    }
}

/// One rule as regular expressions.
struct RegexRule {
    let path: NSRegularExpression?
    let query: [(String, NSRegularExpression)]
    let wholeQuery: NSRegularExpression?
    let fragment: NSRegularExpression?
    let exclude: Bool

    init(_ rule: CompiledRule) {
        func regex(_ glob: String) -> NSRegularExpression {
            var r = "^"
            for c in glob {
                switch c {
                case "*": r += ".*"
                case "?": r += "."
                default: r += NSRegularExpression.escapedPattern(for: String(c))
                }
            }
            return try! NSRegularExpression(pattern: r + "$", options: rule.caseSensitive ? [] : [.caseInsensitive])
        }
        var items: [(String, NSRegularExpression)] = []
        var whole: NSRegularExpression?
        switch rule.keys.query {
        case .items(let list)?: items = list.map { ($0.name, regex($0.pattern)) }
        case .string(let s)?: whole = regex(s)
        case nil: break
        }
        path = rule.keys.path.map { regex(PathNormalizer.normalize($0)) }
        query = items
        wholeQuery = whole
        fragment = rule.keys.fragment.map(regex)
        exclude = rule.exclude
    }

    static func matches(_ r: NSRegularExpression, _ s: String) -> Bool {
        r.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }

    static func decide(_ rules: [RegexRule], _ url: String) -> MatchDecision {
        guard let c = URLComponents(string: url) else { return .noMatch }
        let path = PathNormalizer.normalize(c.percentEncodedPath)
        let items = c.percentEncodedQueryItems ?? []
        for r in rules {
            if let p = r.path, !matches(p, path) { continue }
            if let f = r.fragment, !matches(f, c.percentEncodedFragment ?? "") { continue }
            if let w = r.wholeQuery, !matches(w, c.percentEncodedQuery ?? "") { continue }
            if !r.query.allSatisfy({ name, re in
                let values = items.filter { $0.name == name }.map { $0.value ?? "" }
                return values.isEmpty ? matches(re, "") : values.allSatisfy { matches(re, $0) }
            }) { continue }
            return r.exclude ? .exclude : .match
        }
        return .noMatch
    }
}
