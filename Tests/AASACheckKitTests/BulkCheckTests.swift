import AASACore
import AASANet
import Foundation
import Synchronization
import HarnessSupport
import Testing
@testable import AASACheckKit

/// Runs `body` on a thread of its own, not on the cooperative pool: long blocking runs would
/// starve the pool that other tests' `async` code needs (two threads on two cores).
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Many domains at once (issue 7): the bulk hosts of the harness (`KIND-N.bulk.test`).
/// Serialized, and every run off the cooperative pool, so the long runs starve no other test.
@Suite("many domains against the harness", .serialized)
struct BulkCheckTests {
    /// Each broken kind of bulk host, the findings it must produce with `--no-cdn`
    /// (Fixtures/harness/README.md), and the requests made for it: the legacy path after a
    /// redirect or a 404, the legacy path and a browser retry after a 403.
    static let brokenKinds: [(kind: String, codes: [String], fetches: Int)] = [
        ("redirect", ["AASA104", "AASA505"], 2),
        ("notfound", ["AASA105", "AASA505"], 2),
        ("html", ["AASA106", "AASA113", "AASA505"], 1),
        ("textplain", ["AASA106", "AASA505"], 1),
        ("botblock", ["AASA109", "AASA505"], 3),
        ("empty", ["AASA112", "AASA505"], 1),
        ("badjson", ["AASA201", "AASA505"], 1),
        ("toobig", ["AASA107", "AASA505"], 1),
        ("expired", ["AASA102", "AASA505"], 1),
        ("reset", ["AASA101", "AASA505"], 1),
    ]

    /// `count` hosts, every tenth broken (the kinds in turn: `notfound-10`, `html-20`, …,
    /// `reset-90`, `redirect-100`, …), the rest good; and what is expected for each.
    static func hosts(_ count: Int) -> [(host: String, codes: [String], fetches: Int)] {
        (1...count).map { i in
            if i % 10 == 0 {
                let (kind, codes, fetches) = brokenKinds[(i / 10) % brokenKinds.count]
                return ("\(kind)-\(i).bulk.test", codes, fetches)
            }
            return ("good-\(i).bulk.test", ["AASA505"], 1)
        }
    }

    /// Where two lists first differ, as `index: a ≠ b` (short, unlike printing both lists).
    static func firstDifference(_ a: [String], _ b: [String]) -> String? {
        if let i = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "\(i): \(a[i]) ≠ \(b[i])"
        }
        return a.count == b.count ? nil : "lengths \(a.count) ≠ \(b.count)"
    }

    func network() throws -> [String] {
        let env = try Harness.env()
        return env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath]
    }

    /// Runs the built `aasa-check` executable; standard output and error go to one file.
    func runBinary(_ args: [String]) async throws -> (status: Int32, output: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aasa-check")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "build the aasa-check product first")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-bulk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Standard error (nothing, when it is not a terminal) is left out of the output.
        let command = "( exec timeout 300 " + ([binary.path] + args).map { "'\($0)'" }.joined(separator: " ") + " 2>/dev/null )"
        let result = try #require(await offPool { Harness.runShell(command, outputPath: out) })
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    @Test func thousandDomainsWithTenPercentBrokenEachReportedWithItsCode() async throws {
        let hosts = Self.hosts(1000)
        #expect(hosts.filter { $0.host.hasPrefix("good-") }.count == 900)
        let list = try temporaryFile(Array(("# 1,000 bulk hosts\n" + hosts.map(\.host).joined(separator: "\n") + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = try await runBinary(["--domains", list, "--no-cdn", "--json", "--concurrency", "16", "--timeout", "20"] + network())
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        var codes: [String: [String]] = [:]
        var order: [String] = []
        for d in diagnostics {
            let target = d["target"] as? String ?? "?"
            if codes[target] == nil { order.append(target) }
            codes[target, default: []].append(d["code"] as? String ?? "?")
        }
        // Every host, each with exactly its findings: the broken ones with the right code, the
        // good ones with nothing but the note that the CDN was skipped.
        for (host, expected, _) in hosts {
            #expect(codes[host] == expected, "\(host)")
        }
        #expect(codes.count == 1000)
        // Streamed, and still in the order of the input.
        #expect(order.count == 1000)
        #expect(Self.firstDifference(order, hosts.map(\.host)) == nil)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 90)
        #expect(summary["warnings"] as? Int == 20)
        #expect(summary["infos"] as? Int == 1000)
        #expect(summary["exitCode"] as? Int == 1)
        let fetches = try #require(json["fetches"] as? [[String: Any]])
        let requests = Dictionary(grouping: fetches, by: { $0["target"] as? String ?? "?" }).mapValues(\.count)
        for (host, _, expected) in hosts {
            #expect(requests[host] == expected, "\(host)")
        }
        #expect(fetches.count == 1040)
    }

    @Test func thousandDomainsAsTextInInputOrderWithOneSummary() async throws {
        let hosts = Self.hosts(1000)
        let list = try temporaryFile(Array(hosts.map(\.host).joined(separator: "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = try await runBinary(["--domains", list, "--no-cdn", "--concurrency", "32", "--no-color", "--timeout", "20"] + network())
        #expect(r.status == 1)
        let verdicts = r.output.split(separator: "\n").filter { $0.hasSuffix(" — ok") || $0.hasSuffix(" — failed") }
        #expect(verdicts.count == 1001)
        #expect(Self.firstDifference(verdicts.dropLast().map { String($0.prefix { $0 != ":" }) }, hosts.map(\.host)) == nil)
        #expect(verdicts.last == "1000 domains: 90 errors, 20 warnings, 1000 infos — failed")
        #expect(r.output.contains("reset-990.bulk.test could not be reached"))
        #expect(r.output.contains("expired-180.bulk.test/.well-known/apple-app-site-association: error[AASA102]"))
    }

    @Test func quietPrintsOnlyFindings() async throws {
        let args = ["check"] + Self.hosts(40).map(\.host) + ["--no-cdn", "--quiet"] + (try network())
        let r = await offPool { run(args) }
        #expect(r.status == 1)
        #expect(!r.stdout.contains(" — ok"))
        #expect(!r.stdout.contains("GET https://"))
        #expect(r.stdout.components(separatedBy: "info[AASA505]").count - 1 == 40)
        #expect(r.stdout.contains("notfound-10.bulk.test/.well-known/apple-app-site-association: error[AASA105]"))
        #expect(r.stderr.isEmpty)
    }

    /// Runs the CLI in-process as if standard error were a terminal.
    func runOnTerminal(_ args: [String]) async -> (status: Int32, stdout: String, stderr: String) {
        await offPool {
            let capture = Capture()
            let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) },
                                  stdoutIsTerminal: false, stderrIsTerminal: true)
            let status = AASACheck.main(args, console: console)
            return (status, capture.out, capture.err)
        }
    }

    @Test func progressGoesToATerminalOnStandardErrorAndIsCleared() async throws {
        let hosts = Self.hosts(60).map(\.host)
        let r = await runOnTerminal(["check"] + hosts + ["--no-cdn", "--concurrency", "4"] + (try network()))
        #expect(r.status == 1)
        let frames = r.stderr.split(separator: "\r", omittingEmptySubsequences: true)
        let progress = frames.filter { $0.hasPrefix("checking ") }
        #expect(!progress.isEmpty)
        for frame in progress {
            let text = frame.trimmingCharacters(in: .whitespaces)
            let numbers = text.dropFirst("checking ".count).dropLast().split(separator: "/").compactMap { Int($0) }
            #expect(numbers.count == 2 && numbers[1] == 60 && (1...60).contains(numbers[0]), "\(text)")
            #expect(text.hasSuffix("…"))
        }
        // Cleared at the end: the last frame is blank, and nothing but progress is on stderr.
        #expect(frames.last.map { $0.allSatisfy { $0 == " " } } == true)
        #expect(frames.allSatisfy { $0.hasPrefix("checking ") || $0.allSatisfy { $0 == " " } })
        #expect(!r.stdout.contains("checking "))
        #expect(r.stdout.contains("60 domains: 5 errors, 2 warnings, 60 infos — failed"))
    }

    @Test func noProgressWhenQuietOrNotATerminal() async throws {
        let quiet = await runOnTerminal(["check", "good-1.bulk.test", "good-2.bulk.test", "--no-cdn", "--quiet"] + (try network()))
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let args = ["check", "good-1.bulk.test", "good-2.bulk.test", "--no-cdn"] + (try network())
        let notTerminal = await offPool { run(args) }
        #expect(notTerminal.status == 0)
        #expect(notTerminal.stderr.isEmpty)
    }

    @Test func progressBesideJSONLeavesStandardOutputClean() async throws {
        let hosts = Self.hosts(20).map(\.host)
        let r = await runOnTerminal(["check"] + hosts + ["--no-cdn", "--json"] + (try network()))
        #expect(r.status == 1)
        #expect(r.stderr.contains("checking "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((json["diagnostics"] as? [[String: Any]])?.count == 23)
    }

    @Test func slowDomainKeepsItsPlaceWhileTheOthersGoOn() async throws {
        // hang.aasa.test never answers (1.5 s limit); the window of 3 lets at most three domains
        // run ahead of it, in input order on output, in completion order in between.
        let env = try Harness.env()
        var options = NetworkOptions()
        options.connectTo = env.connectTo
        options.caCertPath = env.caPath
        options.noCDN = true
        options.timeout = 1.5
        options.concurrency = 4
        let names = ["hang.aasa.test"] + (1...8).map { "good-\($0).bulk.test" } + ["notfound-9.bulk.test"]
        let targets = try names.map { try CheckTarget.parse($0) }
        // Timed on the thread that runs the stream: the await may wait for a cooperative thread.
        let (processed, emitted, aheadMax, elapsed) = await offPool { [options] in
            let start = Date()
            var processed: [Int] = [], emitted: [(Int, [String])] = [], aheadMax = 0
            DomainCheck.stream(targets, options: options, window: 3, process: { outcome in
                processed.append(names.firstIndex(of: outcome.target.host)!)
                aheadMax = max(aheadMax, processed.count - emitted.count)
                return outcome.diagnostics.map(\.code.rawValue)
            }, emit: { index, codes in emitted.append((index, codes)) })
            return (processed, emitted, aheadMax, Date().timeIntervalSince(start))
        }
        #expect(emitted.map(\.0) == Array(0..<10))
        #expect(emitted.first?.1 == ["AASA101", "AASA505"])
        #expect(emitted.last?.1 == ["AASA105", "AASA505"])
        #expect(emitted.dropFirst().dropLast().allSatisfy { $0.1 == ["AASA505"] })
        #expect(processed.sorted() == Array(0..<10))
        #expect(processed.first != 0)  // the others were judged while the hang went on
        #expect(aheadMax <= 3)
        #expect(elapsed < 60, "the hang (10 minutes) is cut by the 1.5 s timeout; loose for loaded machines")
    }

    @Test func memoryStaysBoundedByTheWindow() async throws {
        // Twelve times the window of domains go through; the judged-but-unprinted ones never
        // exceed it.
        let env = try Harness.env()
        var options = NetworkOptions()
        options.connectTo = env.connectTo
        options.caCertPath = env.caPath
        options.noCDN = true
        options.concurrency = 8
        let targets = try (1...120).map { try CheckTarget.parse("good-\($0).bulk.test") }
        let (emitted, aheadMax) = await offPool { [options] in
            var processed = 0, emitted = 0, aheadMax = 0
            DomainCheck.stream(targets, options: options, window: 10, process: { _ in
                processed += 1
                aheadMax = max(aheadMax, processed - emitted)
            }, emit: { _, _ in emitted += 1 })
            return (emitted, aheadMax)
        }
        #expect(emitted == 120)
        #expect(aheadMax <= 10)
    }

    @Test func emptyListAndOnlyBadEntries() async throws {
        var calls = 0
        DomainCheck.stream([], options: NetworkOptions(), process: { _ in calls += 1 }, emit: { _, _ in calls += 1 })
        #expect(calls == 0)
        let list = try temporaryFile(Array("not a domain\n\n# nothing else\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let args = ["check", "--domains", list, "--no-cdn"] + (try network())
        let r = await offPool { run(args) }
        #expect(r.status == 2)
        #expect(r.stderr.contains("not a domain"))
    }

    @Test func pipelineWaitsForTheAddressLookupOfAHostNotSentElsewhere() async throws {
        // No socket is opened: the transfer results are made up and fed to the pipeline, and
        // the lookup of `localhost` is answered from /etc/hosts.
        var options = NetworkOptions()
        options.noCDN = true
        options.timeout = 5
        let targets = try ["localhost", "a.invalid"].map { try CheckTarget.parse($0) }
        let pipeline = DomainPipeline(targets: targets, options: options, window: 8, inFlight: 8)
        var started: [(HTTPRequest, Int)] = []
        while case .request(let request, let tag) = pipeline.next() { started.append((request, tag)) }
        #expect(started.map(\.0.url) == ["https://localhost/.well-known/apple-app-site-association",
                                          "https://a.invalid/.well-known/apple-app-site-association"])
        // localhost: refused (a lookup follows); a.invalid: the name did not resolve (none does).
        let refused = TransportError(url: started[0].0.url, code: 7, name: "CURLE_COULDNT_CONNECT",
                                     message: "Failed to connect", kind: .refused, primaryIP: "127.0.0.1")
        let dns = TransportError(url: started[1].0.url, code: 6, name: "CURLE_COULDNT_RESOLVE_HOST",
                                 message: "Could not resolve host", kind: .dns)
        pipeline.received(FetchResult(index: started[1].1, request: started[1].0, outcome: .failure(dns)))
        pipeline.received(FetchResult(index: started[0].1, request: started[0].0, outcome: .failure(refused)))
        #expect({ if case .finished = pipeline.next() { return true } else { return false } }())
        let ready = await offPool { [pipeline] in (pipeline.takeReady(), pipeline.takeReady()) }
        let byIndex = Dictionary(uniqueKeysWithValues: [try #require(ready.0), try #require(ready.1)].map { ($0.0, $0.2) })
        #expect(byIndex[1]?.lookedUp == false)
        #expect(byIndex[1]?.addresses == nil)
        #expect(byIndex[0]?.lookedUp == true)
        #expect(byIndex[0]?.addresses?.contains("127.0.0.1") == true)
        let outcome = DomainCheck.judge(targets[0], try #require(byIndex[0]), options: options, appIDs: [])
        #expect(outcome.diagnostics.map(\.code.rawValue).contains("AASA101"))
        #expect(outcome.addresses?.contains("127.0.0.1") == true)
        pipeline.finish()
    }
}
