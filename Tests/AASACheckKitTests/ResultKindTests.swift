import Foundation
import Testing
@testable import AASACheckKit
import AASACore

/// Issue 21, "one truth per fact": every command in every format it takes, over inputs that
/// make every kind of result the command has, and each result the JSON report lists either
/// appears in the format's output or is counted in what the format says it leaves out
/// (``LeftOut``). Which kinds a format may leave out is this table; a format that starts
/// dropping another kind, or drops one without saying so, fails.
@Suite("every result in every format")
struct ResultKindTests {
    /// The kinds each format may leave out (and then must count); every other kind it shows.
    static let mayLeaveOut: [String: Set<LeftOut.Kind>] = [
        "text": [.rules, .page, .fetch],
        "json": [.rules, .page],
        "jsonl": [.coverage, .rules, .page, .statement, .link],
        "sarif": [.fetch, .decision, .route, .rules, .entitlements, .apk, .change, .page, .documentation, .statement, .link],
        "junit": [.fetch, .decision, .rules, .change, .page, .documentation, .statement, .link],
        "github": [.fetch, .decision, .route, .rules, .entitlements, .apk, .change, .suppressed, .page, .documentation, .statement, .link],
        "xcode": [.fetch, .decision, .route, .rules, .entitlements, .apk, .coverage, .change, .suppressed, .page, .documentation, .statement, .link],
        "html": [.page, .statement, .link],
        "markdown": [.fetch, .rules, .page, .statement, .link],
    ]

    /// Formats that list findings only: a file checked without findings adds nothing to them
    /// (text counts it in the summary line).
    static let findingStreams: Set<String> = ["text", "jsonl", "sarif", "github", "xcode"]

    /// A result of the run as the JSON report lists it: its kind and the text that shows it.
    struct Expected: CustomStringConvertible {
        var kind: LeftOut.Kind
        var token: String
        var description: String { "\(kind) \(token)" }
    }

    /// The text that names a result in any format: its first characters, up to a character
    /// some format escapes or lays out otherwise.
    static func token(_ s: String, length: Int = 36) -> String {
        var runs: [String] = [""]
        for c in s.prefix(120) {
            if "\"`\\\n\t%:<>&'[]*_|~#@".contains(c) { runs.append("") } else { runs[runs.count - 1].append(c) }
        }
        let longest = runs.map { $0.trimmingCharacters(in: .whitespaces) }.max { $0.count < $1.count } ?? ""
        return String(longest.prefix(length))
    }

    /// The path of a URL, as every format shows it (`/todos/1` of `https://soar.example/todos/1`).
    static func path(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
    }

    /// The results of a run, read from its JSON report.
    static func expected(_ json: [String: Any]) -> [Expected] {
        func list(_ key: String) -> [[String: Any]] { json[key] as? [[String: Any]] ?? [] }
        var out: [Expected] = []
        for d in list("diagnostics") { out.append(Expected(kind: .finding, token: token(d["message"] as? String ?? ""))) }
        for f in list("fetches") { out.append(Expected(kind: .fetch, token: String((f["url"] as? String ?? "").dropFirst("https://".count)))) }
        for m in list("matches") { out.append(Expected(kind: .decision, token: path(m["url"] as? String ?? ""))) }
        for r in list("routes") { out.append(Expected(kind: .route, token: r["route"] as? String ?? "")) }
        for e in list("entitlements") {
            let source = e["source"] as? [String: Any] ?? [:]
            out.append(Expected(kind: .entitlements, token: source["file"] as? String ?? ""))
        }
        for a in list("apks") { out.append(Expected(kind: .apk, token: a["file"] as? String ?? "")) }
        var apps: [String] = []
        for row in list("coverage") where !apps.contains(row["appID"] as? String ?? "") { apps.append(row["appID"] as? String ?? "") }
        out += apps.map { Expected(kind: .coverage, token: $0) }
        for c in list("changes") {
            let token = c["kind"] as? String == "appID" ? c["appID"] as? String ?? "" : c["example"] as? String ?? ""
            out.append(Expected(kind: .change, token: token))
        }
        for c in list("routeChanges") { out.append(Expected(kind: .change, token: c["route"] as? String ?? "")) }
        for i in list("ignored") { out.append(Expected(kind: .suppressed, token: token(i["message"] as? String ?? ""))) }
        for f in list("folded") { out.append(Expected(kind: .folded, token: String(f["count"] as? Int ?? 0))) }
        for n in json["notes"] as? [String] ?? [] { out.append(Expected(kind: .note, token: token(n))) }
        for s in list("subjects") { out.append(Expected(kind: .subject, token: s["name"] as? String ?? "")) }
        for u in json["unreadable"] as? [String] ?? [] { out.append(Expected(kind: .unreadable, token: token(u))) }
        for o in list("origins") { out.append(Expected(kind: .origin, token: String((o["origin"] as? String ?? "").dropFirst("https://".count)))) }
        return out
    }

    /// `output` as a reader sees it: character references, backslash escapes (Markdown,
    /// JSON) and the zero-width joiners Markdown puts in links undone.
    static func readable(_ output: String) -> String {
        var s = output.replacingOccurrences(of: "\u{200D}", with: "")
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&#64;", "@"),
                                       ("&#35;", "#"), ("&amp;", "&")] {
            s = s.replacingOccurrences(of: reference, with: character)
        }
        var out = ""
        var escaped = false
        for c in s {
            if !escaped && c == "\\" {
                escaped = true
                continue
            }
            escaped = false
            out.append(c)
        }
        return out
    }

    /// What the output says it leaves out: the JSON formats' `leftOut` object, else the
    /// sentence (``LeftOut/sentence(format:)``) read back.
    static func declared(_ output: String, format: String) -> [LeftOut.Kind: Int] {
        var counts: [LeftOut.Kind: Int] = [:]
        if format == "json" || format == "jsonl" {
            let lines = format == "json" ? [output] : output.split(separator: "\n").map(String.init)
            for line in lines {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let leftOut = object["leftOut"] as? [String: Int] else { continue }
                for (key, n) in leftOut { if let kind = LeftOut.Kind(rawValue: key) { counts[kind, default: 0] += n } }
            }
            return counts
        }
        guard let start = output.range(of: "--format \(format) leaves out ") else { return counts }
        let sentence = output[start.upperBound...].prefix { $0 != "\n" && $0 != "<" && $0 != "\"" }
        // Longest nouns first: "finding the configuration ignores" before "finding".
        let nouns = LeftOut.Kind.allCases.flatMap { [($0, $0.noun.one), ($0, $0.noun.many)] }.sorted { $0.1.count > $1.1.count }
        let words = sentence.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var i = 0
        while i < words.count {
            if let n = Int(words[i]) {
                let rest = words[(i + 1)...].joined(separator: " ")
                if let (kind, noun) = nouns.first(where: { rest.hasPrefix($0.1) }) {
                    counts[kind, default: 0] += n
                    i += 1 + noun.split(separator: " ").count
                    continue
                }
            }
            i += 1
        }
        return counts
    }

    /// Checks one format's output of a run against the run's JSON report.
    static func verify(format: String, output: String, stderr: String, truth: [Expected], command: String,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let shown = readable(format == "text" ? output + stderr : output)
        let declared = declared(output, format: format)
        let allowed = mayLeaveOut[format] ?? []
        for (kind, n) in declared {
            #expect(allowed.contains(kind), "\(command) --format \(format) leaves out \(n) \(kind), which it must show",
                    sourceLocation: sourceLocation)
        }
        var missing: [LeftOut.Kind: [String]] = [:]
        for e in truth {
            if e.kind == .subject && findingStreams.contains(format) { continue }
            if format == "text" && e.kind == .suppressed {
                // Counted in the summary line.
                #expect(shown.contains("ignored by the configuration"), "text counts ignored findings", sourceLocation: sourceLocation)
                continue
            }
            if format == "text" && e.kind == .route && command == "check" {
                // Counted in the domain's routes line; those not as expected have their findings.
                #expect(shown.contains("as the route list expects"), "text counts a domain's route verdicts", sourceLocation: sourceLocation)
                continue
            }
            if !shown.contains(e.token) { missing[e.kind, default: []].append(e.token) }
        }
        for (kind, tokens) in missing {
            #expect(tokens.count <= declared[kind] ?? 0,
                    "\(command) --format \(format): \(tokens.count) \(kind) neither shown nor declared left out (\(declared[kind] ?? 0) declared): \(tokens.prefix(3))",
                    sourceLocation: sourceLocation)
        }
    }

    /// Runs `args` in JSON (the truth) and in every format the command takes, and checks each.
    static func everyFormat(_ args: [String], command: String, stdin: [UInt8]? = nil, runner: ([String]) -> Run = { run($0) },
                            expecting kinds: Set<LeftOut.Kind>, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let json = runner(args + ["--format", "json"])
        let report = try json.json()
        let truth = expected(report)
        // The scenario makes what it is meant to make.
        #expect(kinds.isSubset(of: Set(truth.map(\.kind))), "\(command): \(Set(truth.map(\.kind))) lacks some of \(kinds)",
                sourceLocation: sourceLocation)
        let formats = AASACheck.commands.first { $0.name == command }!.formats.map(\.rawValue).filter { $0 != "json" }
        #expect(formats.count >= 7, sourceLocation: sourceLocation)
        for format in formats {
            let r = runner(args + ["--format", format])
            #expect(r.status == json.status, "\(command) --format \(format) exits as json does", sourceLocation: sourceLocation)
            verify(format: format, output: r.stdout, stderr: r.stderr, truth: truth, command: command, sourceLocation: sourceLocation)
        }
    }

    static let invalid = GoldenTests.invalid
    static let warnOnly = GoldenTests.warnOnly

    @Test func validate() throws {
        // A file Apple rejects, one with a warning the configuration ignores, one with 1,500
        // dead rules (100 listed, 1,400 counted), a clean one, one that is missing.
        let rules = (0..<1500).map { #"{"/": "/dead/\#($0)/*"}"# }.joined(separator: ", ")
        let dead = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}, \#(rules)]}]}}"#.utf8),
                                     name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: dead) }
        try Self.everyFormat(["validate", Self.invalid, Self.warnOnly, dead, GoldenTests.clean, "/nonexistent/aasa-missing.json",
                              "--config", Golden.input("ignore-401.json")],
                             command: "validate", expecting: [.finding, .suppressed, .folded, .subject, .unreadable])
    }

    @Test func match() throws {
        try Self.everyFormat(["match", GoldenTests.soar, "--domain", "soar.example", "/todos/1", "/auth-callback", "/redeem-code",
                              "soar.example/not-a-url"],
                             command: "match", expecting: [.decision, .subject, .unreadable])
    }

    @Test func routes() throws {
        try Self.everyFormat(["routes", GoldenTests.soar, "--routes", GoldenTests.soarRoutes, "--domain", "soar.example"],
                             command: "routes", expecting: [.route, .finding, .subject])
    }

    @Test func diff() throws {
        try Self.everyFormat(["diff", Golden.input("diff-old.json"), Golden.input("diff-new.json"), "--routes", Golden.input("diff.routes")],
                             command: "diff", expecting: [.change, .finding, .subject])
    }

    @Test func entitlements() throws {
        try Self.everyFormat(["entitlements", GoldenTests.samples + "/SoarStarterSwift-Wildcard.entitlements",
                              "--app-id", "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
                              "--domain-file", "soarstarter.com=\(Golden.input("soarstarter-other.json"))"],
                             command: "entitlements", expecting: [.entitlements, .finding, .note, .subject])
    }

    /// `apk`: a source manifest with findings, a rotated v3.1 APK (AOSP apksig's), a missing file.
    @Test func apk() throws {
        try Self.everyFormat(["apk", GoldenTests.shopManifest, GoldenTests.rotatedAPK, "/nonexistent/aasa-missing.apk"],
                             command: "apk", expecting: [.apk, .finding, .subject, .unreadable])
    }

    @Test func coverage() throws {
        try Self.everyFormat(["coverage", shopFile, "--domain", "shop.example", "--sitemap", shopLocalIndex],
                             command: "coverage", expecting: [.coverage, .finding, .subject])
    }

    @Test func explain() throws {
        let json = run(["explain", "AASA203", "AASA401", "--format", "json"])
        let docs = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(docs.count == 2)
        for format in ExplainCommand.formats.map(\.rawValue) {
            let r = run(["explain", "AASA203", "AASA401", "--format", format])
            for doc in docs {
                #expect(Self.readable(r.stdout).contains(Self.token(doc["title"] as? String ?? "")), "\(format)")
            }
        }
    }

    /// `check` of domains with routes, an entitlement and a configuration: domain records
    /// (requests, findings, ignored findings, route verdicts), notes, the entitlement read.
    @Test func check() async throws {
        let config = try temporaryFile(Array(#"{"ignore": [{"code": "AASA505", "reason": "the CDN is checked elsewhere"}]}"#.utf8),
                                       name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let network = try harnessNetwork()
        let args = ["check", "good.aasa.test", "notfound.aasa.test", "good.aasa.test", "--no-cdn",
                    "--routes", Golden.input("good-host.routes"), "--entitlements", Golden.input("good-host.entitlements"),
                    "--app-id", "Q7Z3K8M2PX.com.aasacheck.other", "--config", config] + network
        try await offPool {
            Result {
                try Self.everyFormat(args, command: "check", expecting: [.finding, .fetch, .route, .suppressed, .note, .entitlements])
            }
        }.get()
    }

    /// `passkeys` of an RP ID: its web origins' verdicts (JSON `origins`: accepted, refused at
    /// the label limit, same site) beside the requests and findings, in every format (issue 24).
    @Test func passkeys() async throws {
        let network = try harnessNetwork()
        let args = ["passkeys", "passkeys.aasa.test", "--web-origin", "https://aasacheck-shop.co.uk", "--web-origin", "https://late.com",
                    "--web-origin", "https://www.passkeys.aasa.test", "--app-id", "Q7Z3K8M2PX.com.aasacheck.shop", "--no-cdn"] + network
        try await offPool {
            Result {
                try Self.everyFormat(args, command: "passkeys", expecting: [.origin, .finding, .fetch, .note])
            }
        }.get()
    }

    /// `match` of a domain: the requests made outside a domain record.
    @Test func matchADomain() async throws {
        let network = try harnessNetwork()
        try await offPool {
            Result {
                try Self.everyFormat(["match", "good.aasa.test", "/todos/1"] + network, command: "match",
                                     expecting: [.fetch, .decision])
            }
        }.get()
    }
}
