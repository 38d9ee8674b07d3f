import AASACore
import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit

/// `check` for very many domains (issue 13) against the harness's bulk hosts: JSON Lines,
/// `--shard`, `--resume` after a killed run, `--unordered`, `--rate`. Serialized, every run
/// off the cooperative pool.
@Suite("check for very many domains", .serialized)
struct BatchCheckTests {
    let bulk = BulkCheckTests()

    /// The records of JSON Lines output, each line parsed (a line that is not an object fails).
    static func records(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line.prefix(200))")
        }
    }

    /// What varies between two runs of the same check: times and the server's clock.
    static func stable(_ fetch: [String: Any]) -> NSDictionary {
        var f = fetch
        f["timeMs"] = nil
        if var headers = f["headers"] as? [String: Any] {
            headers["date"] = nil
            f["headers"] = headers
        }
        return f as NSDictionary
    }

    static func listFile(_ hosts: [String]) throws -> String {
        try temporaryFile(Array((hosts.joined(separator: "\n") + "\n").utf8))
    }

    @Test func jsonLinesRecordsAreTheJSONReportsPerDomainParts() async throws {
        // 60 hosts of every kind, with the CDN (its fetch and findings too), an app ID and a
        // route list, so every array has elements.
        let hosts = BulkCheckTests.hosts(60).map(\.host)
        let routes = try temporaryFile(Array("/todos/1\n/help/website/a web\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let common = hosts + ["--app-id", "Q7Z3K8M2PX.com.aasacheck.todos", "--app-id", "Q7Z3K8M2PX.com.aasacheck.other", "--routes", routes, "--concurrency", "8", "--timeout", "20"]
            + (try bulk.network())
        let lines = try await bulk.runBinary(["check", "--format", "jsonl"] + common)
        let whole = try await bulk.runBinary(["check", "--format", "json"] + common)
        #expect(lines.status == whole.status)
        #expect(lines.status == 1)
        var records = try Self.records(lines.output)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(whole.output.utf8)) as? [String: Any])
        // The last record, of no domain, holds the run's notes, as the JSON report's `notes`.
        let last = records.removeLast()
        #expect(last["domain"] is NSNull)
        #expect((last["notes"] as? [String]) == (json["notes"] as? [String]))
        #expect((last["notes"] as? [String])?.first?.hasPrefix("the address check (AASA110) was skipped") == true)
        #expect(records.map { $0["domain"] as? String } == hosts)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let fetches = try #require(json["fetches"] as? [[String: Any]])
        let verdicts = try #require(json["routes"] as? [[String: Any]])
        // Two routes for two apps on each file that parses (at least the 54 good ones).
        #expect(verdicts.count >= 2 * 2 * 54 && verdicts.count % 4 == 0)
        var seenRoutes = 0
        for record in records {
            let host = try #require(record["domain"] as? String)
            let mine = diagnostics.filter { $0["target"] as? String == host }
            #expect((record["diagnostics"] as? [[String: Any]]).map { $0 as NSArray } == mine as NSArray, "\(host)")
            let myFetches = fetches.filter { $0["target"] as? String == host }.map(Self.stable)
            #expect((record["fetches"] as? [[String: Any]])?.map(Self.stable) == myFetches, "\(host)")
            let myRoutes = try #require(record["routes"] as? [[String: Any]])
            #expect(myRoutes as NSArray == Array(verdicts[seenRoutes..<(seenRoutes + myRoutes.count)]) as NSArray)
            seenRoutes += myRoutes.count
            let failed = mine.contains { $0["severity"] as? String == "error" }
            #expect(record["verdict"] as? String == (failed ? "failed" : "ok"), "\(host)")
            #expect(record["exitCode"] as? Int == (failed ? 1 : 0), "\(host)")
        }
        #expect(seenRoutes == verdicts.count)
    }

    @Test func shardsPartitionAThousandMixedDomainsExactly() async throws {
        let hosts = BulkCheckTests.hosts(1000).map(\.host)
        let list = try Self.listFile(hosts)
        let reversed = try Self.listFile(hosts.reversed())
        defer {
            try? FileManager.default.removeItem(atPath: list)
            try? FileManager.default.removeItem(atPath: reversed)
        }
        var shards: [Set<String>] = []
        for k in 1...3 {
            let r = try await bulk.runBinary(["--domains", list, "--shard", "\(k)/3", "--format", "jsonl", "--no-cdn",
                                              "--concurrency", "32", "--timeout", "20"] + (try bulk.network()))
            #expect(r.status == 1)
            let domains = try Self.records(r.output).compactMap { $0["domain"] as? String }
            #expect(Set(domains).count == domains.count)
            // In the list's order, and exactly the hosts the hash puts in this shard.
            #expect(domains == hosts.filter { Shard.number(of: $0, count: 3) == k })
            shards.append(Set(domains))
        }
        #expect(shards.map(\.count).reduce(0, +) == 1000)
        #expect(shards[0].union(shards[1]).union(shards[2]) == Set(hosts))
        #expect(shards[0].isDisjoint(with: shards[1]) && shards[1].isDisjoint(with: shards[2]) && shards[0].isDisjoint(with: shards[2]))
        // Every shard holds about a third (the hash mixes every bit of the name).
        #expect(shards.allSatisfy { (280...390).contains($0.count) }, "\(shards.map(\.count))")
        // The list in another order: the same shard.
        let again = try await bulk.runBinary(["--domains", reversed, "--shard", "2/3", "--format", "jsonl", "--no-cdn",
                                              "--concurrency", "32", "--timeout", "20"] + (try bulk.network()))
        #expect(Set(try Self.records(again.output).compactMap { $0["domain"] as? String }) == shards[1])
    }

    /// A run killed mid-way (SIGKILL, its last line cut in half as a kill during a write
    /// leaves it), then resumed appending to the same file: the half line is cut off, and
    /// every domain is recorded once.
    @Test func resumeAfterAKilledRunChecksEachDomainOnce() async throws {
        let hosts = BulkCheckTests.hosts(300).map(\.host)
        let list = try Self.listFile(hosts)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-resume-\(UUID().uuidString).jsonl").path
        let log = out + ".log"
        defer {
            for f in [list, out, log] { try? FileManager.default.removeItem(atPath: f) }
        }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aasa-check").path
        let args = ["--domains", list, "--format", "jsonl", "--no-cdn", "--concurrency", "8", "--timeout", "20"] + (try bulk.network())
        let quoted = ([binary] + args).map { "'\($0)'" }.joined(separator: " ")
        // 300 domains at 100 requests a second take 3 s: killed once 40 are recorded.
        let first = "( exec \(quoted) --rate 100 >> '\(out)' 2>/dev/null ) & pid=$!; "
            + "for i in $(seq 1 600); do [ \"$(wc -l < '\(out)' 2>/dev/null || echo 0)\" -ge 40 ] && break; sleep 0.02; done; "
            + "kill -9 $pid; wait $pid; echo killed"
        let killed = try #require(await offPool { Harness.runShell(first, outputPath: log) })
        #expect(String(decoding: killed.output, as: UTF8.self).contains("killed"))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let recordedFirst = try Self.records(String(decoding: bytes, as: UTF8.self)).count
        #expect(recordedFirst >= 40 && recordedFirst < 300)
        // Cut the last line in half: the kill came in the middle of a write.
        if bytes.last == 0x0A {
            let lastStart = (bytes.dropLast().lastIndex(of: 0x0A) ?? -1) + 1
            bytes = bytes.prefix(lastStart + (bytes.count - lastStart) / 2)
            try bytes.write(to: URL(fileURLWithPath: out))
        }
        let second = "( exec \(quoted) --resume '\(out)' >> '\(out)' )"
        let resumed = try #require(await offPool { Harness.runShell(second, outputPath: log) })
        #expect(resumed.status == 1)
        #expect(String(decoding: resumed.output, as: UTF8.self).contains("--resume \(out): \(recordedFirst - 1) domains already checked; the last line was cut short"))
        // Every line is a record (the half one is gone); every domain recorded exactly once.
        let records = try Self.records(String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self))
        let domains = records.compactMap { $0["domain"] as? String }
        #expect(domains.count == 300)
        #expect(Set(domains) == Set(hosts))
        // A third run has nothing left to do.
        let third = try await bulk.runBinary(args + ["--resume", out])
        #expect(third.status == 0)
        #expect(third.output.isEmpty)
    }

    @Test func unorderedWritesEachDomainWhenItIsDone() async throws {
        // hang.aasa.test never answers (2 s limit): first in input order, last when done.
        let hosts = ["hang.aasa.test"] + (1...6).map { "good-\($0).bulk.test" }
        let common = hosts + ["--format", "jsonl", "--no-cdn", "--timeout", "2"] + (try bulk.network())
        let ordered = try Self.records(try await bulk.runBinary(common).output).compactMap { $0["domain"] as? String }
        let unordered = try Self.records(try await bulk.runBinary(common + ["--unordered"]).output).compactMap { $0["domain"] as? String }
        #expect(ordered == hosts)
        #expect(unordered.last == "hang.aasa.test")
        #expect(Set(unordered) == Set(hosts) && unordered.count == hosts.count)
    }

    @Test func rateSpacesTheRequestsOfARun() async throws {
        // 11 requests at 10 a second: at least a second (a lower bound: load only adds).
        let hosts = (1...11).map { "good-\($0).bulk.test" }
        let start = Date()
        let r = try await bulk.runBinary(hosts + ["--format", "jsonl", "--no-cdn", "--rate", "10"] + (try bulk.network()))
        #expect(Date().timeIntervalSince(start) >= 1.0)
        #expect(r.status == 0)
        #expect(try Self.records(r.output).filter { $0["domain"] is String }.count == 11)
    }

    @Test(arguments: [
        (["--shard", "0/4"], "K counts from 1"), (["--shard", "5/4"], "K must be from 1 to 4"),
        (["--resume", "x.jsonl"], "give --format jsonl too"), (["--unordered"], "goes with --format jsonl"),
        (["--format", "jsonl", "--resume", "/nonexistent/run.jsonl"], "no such readable file"),
        (["--rate", "0"], "--rate must be a number"), (["--rate", "fast"], "--rate must be a number"),
        (["--cdn-concurrency", "0"], "--cdn-concurrency must be a whole number"),
    ])
    func batchOptionsAreCheckedBeforeAnyRequest(extra: [String], message: String) {
        let r = run(["check", "good.aasa.test"] + extra)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func jsonLinesIsForCheckOnly() {
        let r = run(["validate", "--format", "jsonl", fixturePath("harness/good.json")])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--format must be one of text, json, sarif, junit, github, html, markdown, xcode for `aasa-check validate`"))
    }
}
