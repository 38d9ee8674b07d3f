import AASACore
import Foundation
import SplitMix
import Testing
@testable import AASACheckKit

/// The pure parts of checking very many domains (issue 13): the stable hash, `--shard`
/// selection, reading a `--resume` file, and the token bucket behind `--rate`.
@Suite("batch parts: shards, resume, rate")
struct BatchPartsTests {
    // MARK: the domain pipeline's queues

    /// First in, first out across the compaction of a queue that never runs dry: 10,000 items
    /// go through it with at most 3 waiting, in order, and what is kept stays small.
    @Test func aQueueThatNeverRunsDryKeepsOrderAndStaysShort() {
        var queue = FIFO<Int>()
        var taken: [Int] = []
        var mostKept = 0
        queue.append(0)
        queue.append(1)
        for i in 2..<10_000 {
            queue.append(i)
            if let first = queue.pop() { taken.append(first) }
            mostKept = max(mostKept, queue.storageCount)
        }
        while let rest = queue.pop() { taken.append(rest) }
        #expect(taken == Array(0..<10_000))
        #expect(queue.isEmpty && queue.count == 0)
        #expect(mostKept <= 2_050, "the taken front is dropped once it is more than half the storage (kept \(mostKept))")
        #expect(queue.pop() == nil)
    }

    // MARK: stable hash

    /// Published test vectors: FNV-1a 64 of "", "a" and "foobar" (draft-eastlake-fnv), and
    /// the first output of SplitMix64 seeded with 0 (the finaliser of 0 + the golden gamma).
    @Test func hashPartsMatchTheirPublishedVectors() {
        #expect(StableHash.fnv1a("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar".utf8) == 0x8594_4171_f739_67e8)
        #expect(StableHash.mix(0x9e37_79b9_7f4a_7c15) == 0xe220_a839_7b1d_cdaf)
    }

    /// The shard of a domain is part of the interface (a crawl split over machines running
    /// different versions must still partition): these values were computed independently
    /// (Python, from the definitions in `Shard`'s documentation) and must never change.
    @Test(arguments: [
        ("example.com", 0x4d07_e1c6_cc59_7ab7 as UInt64, [2, 4, 8, 56]),
        ("www.example.com", 0x0ba2_7c93_fb15_17b5, [2, 2, 6, 846]),
        ("good-1.bulk.test", 0x0020_485c_2982_df81, [2, 2, 2, 850]),
        ("apple.com", 0xfd80_4ffb_2396_62e3, [2, 4, 4, 652]),
    ])
    func shardOfADomainNeverChanges(host: String, hash: UInt64, shards: [Int]) {
        #expect(StableHash.of(host) == hash)
        #expect([2, 4, 16, 1000].map { Shard.number(of: host, count: $0) } == shards)
    }

    // MARK: --shard

    @Test(arguments: [
        ("1/1", 1, 1), ("1/4", 1, 4), ("4/4", 4, 4), ("17/1000", 17, 1000), ("1000000/1000000", 1_000_000, 1_000_000),
    ])
    func shardReads(text: String, k: Int, n: Int) throws {
        #expect(try Shard.parse(text) == Shard(index: k, count: n))
    }

    @Test(arguments: [
        ("", "must be K/N"), ("4", "must be K/N"), ("1/", "must be K/N"), ("/4", "must be K/N"), ("a/b", "must be K/N"),
        ("1/2/3", "must be K/N"), ("1.5/4", "must be K/N"), ("1/0", "N must be a whole number from 1 to 1000000"),
        ("1/1000001", "N must be"), ("5/4", "K must be from 1 to 4"), ("-1/4", "K must be from 1 to 4"),
        ("0/4", "K counts from 1: with a 0-based index such as JOB_COMPLETION_INDEX, give $((INDEX + 1))/4"),
        ("\u{0661}/4", "must be K/N"),
    ])
    func shardRefusesWhatIsNotKOfN(text: String, message: String) {
        #expect(throws: UsageError.self) { try Shard.parse(text) }
        do {
            _ = try Shard.parse(text)
        } catch let error as UsageError {
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// 1,000 domains as lists are written: good and broken hosts, subdomains, other TLDs,
    /// ports, IP addresses, and the same domain spelt several ways.
    static func mixedDomains() -> [String] {
        var list: [String] = []
        let kinds = ["good", "redirect", "notfound", "html", "botblock", "empty", "badjson", "toobig", "expired", "reset"]
        for i in 1...600 { list.append("\(kinds[i % kinds.count])-\(i).bulk.test") }
        for i in 1...150 { list.append("app\(i).example\(i % 7).co.uk") }
        for i in 1...100 { list.append("shop-\(i).xn--bcher-kva.example") }
        for i in 1...50 { list.append("10.0.\(i / 256).\(i % 256)") }
        for i in 1...50 { list.append("api.service\(i).example.com:8443") }
        for i in 1...50 { list.append("s\(i).example.org") }
        #expect(Set(list).count == 1000)
        return list
    }

    @Test func shardsAreDisjointCoverTheListAndIgnoreItsOrder() throws {
        let targets = try Self.mixedDomains().map(CheckTarget.parse)
        for n in [1, 2, 3, 7, 16] {
            let shards = (1...n).map { Shard(index: $0, count: n) }
            var owner: [String: Int] = [:]
            for t in targets {
                let holding = shards.filter { $0.contains(t) }
                #expect(holding.count == 1, "\(t.host) is in \(holding.count) of \(n) shards")
                owner[t.host] = holding.first?.index
            }
            #expect(owner.count == targets.count)
            // Another order of the list, and each shard is the same set.
            var generator = SplitMix64(seed: UInt64(n))
            let shuffled = targets.shuffled(using: &generator)
            for shard in shards {
                let before = Set(targets.filter(shard.contains).map(\.host))
                let after = Set(shuffled.filter(shard.contains).map(\.host))
                #expect(before == after)
                // Balanced: every shard within 25% of an even share (the hash mixes every bit).
                let share = Double(targets.count) / Double(n)
                #expect(abs(Double(before.count) - share) <= 0.25 * share + 3, "shard \(shard) of \(n): \(before.count)")
            }
        }
    }

    @Test func everySpellingOfADomainFallsInOneShard() throws {
        let spellings = ["example.com", "Example.COM", "https://example.com/", "http://example.com", "*.example.com",
                         "example.com.", "applinks:example.com?mode=developer", "https://EXAMPLE.com/.well-known/"]
        for n in [2, 5, 16, 1000] {
            let numbers = Set(try spellings.map { Shard.number(of: try CheckTarget.parse($0).host, count: n) })
            #expect(numbers.count == 1, "\(n): \(numbers)")
        }
    }

    // MARK: --resume

    static func record(_ domain: String, verdict: String = "ok") -> String {
        let escaped = String(decoding: try! JSONSerialization.data(withJSONObject: [domain], options: [.fragmentsAllowed]), as: UTF8.self)
        return "{\"domain\":\(escaped.dropFirst().dropLast()),\"fetches\":[],\"diagnostics\":[],\"verdict\":\"\(verdict)\",\"exitCode\":0}\n"
    }

    static func read(_ text: String, chunk: Int? = nil) -> ResumeLog {
        var log = ResumeLog()
        let bytes = Array(text.utf8)
        if let chunk {
            var i = 0
            while i < bytes.count {
                log.feed(bytes[i..<min(bytes.count, i + chunk)])
                i += chunk
            }
        } else {
            log.feed(bytes)
        }
        log.finish()
        return log
    }

    @Test func resumeReadsRecordsAndMatchesAnySpelling() throws {
        let text = Self.record("a.example") + Self.record("https://B.example/") + Self.record("c.example?mode=developer")
            + "\n" + Self.record("a.example")
        let log = Self.read(text)
        #expect(log.records == 4)
        #expect(log.done.count == 3)
        #expect(log.brokenLines == 0)
        #expect(!log.endsMidLine)
        for (domain, recorded) in [("a.example", true), ("A.EXAMPLE.", true), ("b.example", true), ("*.b.example", true),
                                   ("c.example?mode=developer", true), ("c.example", false), ("http://a.example", false),
                                   ("d.example", false)] {
            #expect(log.contains(try CheckTarget.parse(domain)) == recorded, "\(domain)")
        }
    }

    /// A killed run leaves half a line at the end: it is not a record, whichever byte it was
    /// cut at, and however the file is read in chunks.
    @Test func resumeLeavesOutTheHalfWrittenLastLineOfAKilledRun() {
        let whole = Self.record("a.example") + Self.record("b.example") + Self.record("c.example")
        let lastStart = whole.utf8.count - Self.record("c.example").utf8.count
        for cut in lastStart..<whole.utf8.count {
            let text = String(decoding: Array(whole.utf8)[..<cut], as: UTF8.self)
            for chunk in [nil, 1, 7, 64] {
                let log = Self.read(text, chunk: chunk)
                #expect(log.records == 2, "cut at \(cut)")
                #expect(log.done == Self.read(Self.record("a.example") + Self.record("b.example")).done)
                #expect(log.endsMidLine == (cut > lastStart))
                #expect(log.completeLength == lastStart)
                #expect(log.brokenLines == 0)
            }
        }
    }

    /// Two files joined without a newline after a killed run's half line: the damaged line
    /// counts as neither domain, so both are checked again.
    @Test func resumeChecksAgainTheDomainsOfADamagedLine() throws {
        let half = String(Self.record("a.example").prefix(25))
        let text = Self.record("z.example") + half + Self.record("b.example") + Self.record("c.example")
        let log = Self.read(text, chunk: 5)
        #expect(log.records == 2)
        #expect(log.brokenLines == 1)
        #expect(log.firstBrokenLine == 2)
        #expect(!log.contains(try CheckTarget.parse("a.example")))
        #expect(!log.contains(try CheckTarget.parse("b.example")))
        #expect(log.contains(try CheckTarget.parse("c.example")))
        #expect(log.summary(path: "run.jsonl") == "--resume run.jsonl: 2 domains already checked; 1 line is not a record (first: line 2), checked again")
    }

    @Test(arguments: [
        ("[1,2]\n", false), ("{\"domain\": 3}\n", false), ("{\"domains\": \"a.example\"}\n", false),
        ("{\"domain\": \"a.example\"\n", false), ("\"a.example\"\n", false), ("a.example\n", false),
        ("{\"domain\": \"a.example\"}\n", true), ("  {\"verdict\": \"ok\", \"domain\": \"a.example\"}\r\n", true),
    ])
    func resumeRecordIsAnObjectWithADomainString(line: String, isRecord: Bool) {
        let log = Self.read(line)
        #expect(log.records == (isRecord ? 1 : 0))
        #expect(log.brokenLines == (isRecord ? 0 : 1))
    }

    @Test func resumeRefusesAFileThatIsNotAJSONLinesReport() throws {
        let domains = try temporaryFile(Array("a.example\nb.example\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: domains) }
        #expect(throws: UsageError.self) { try ResumeLog.read(path: domains) }
        #expect(throws: UsageError.self) { try ResumeLog.read(path: "/nonexistent/run.jsonl") }
        #expect(throws: UsageError.self) { try ResumeLog.read(path: FileManager.default.temporaryDirectory.path) }
        // An empty file, or one whose only line a killed run left half-written, is a start.
        let empty = try temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try ResumeLog.read(path: empty).done.isEmpty)
        let half = try temporaryFile(Array("{\"domain\":\"a.exa".utf8))
        defer { try? FileManager.default.removeItem(atPath: half) }
        let log = try ResumeLog.read(path: half)
        #expect(log.done.isEmpty && log.endsMidLine)
    }

    @Test func resumeReadsALargeFileInChunks() throws {
        var text = ""
        for i in 0..<5000 { text += Self.record("host-\(i).example") }
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try ResumeLog.read(path: path)
        #expect(log.records == 5000)
        #expect(log.done.count == 5000)
        #expect(log.contains(try CheckTarget.parse("host-4999.example")))
        #expect(!log.contains(try CheckTarget.parse("host-5000.example")))
    }

    @Test func resumeCountsAnOverlongLineAsBroken() {
        var log = ResumeLog(maxLine: 4096)
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        log.feed(Array("{\"domain\":\"a.example\",\"pad\":\"".utf8))
        for _ in 0...5 { log.feed(filler) }
        log.feed(Array("\"}\n".utf8))
        log.feed(Array(Self.record("b.example").utf8))
        log.finish()
        #expect(log.records == 1)
        #expect(log.brokenLines == 1)
    }

    // MARK: --rate

    @Test func bucketOfOneSpacesRequests() {
        var bucket = TokenBucket(rate: 10)
        #expect(bucket.take(now: 100) == 0)
        #expect(abs(bucket.take(now: 100) - 0.1) < 1e-9)
        #expect(abs(bucket.take(now: 100.04) - 0.06) < 1e-9)
        #expect(bucket.take(now: 100.1) == 0)
        // A quiet spell does not save up more than one.
        #expect(bucket.take(now: 200) == 0)
        #expect(bucket.take(now: 200) > 0)
    }

    @Test func bucketLetsItsCapacityGoAtOnce() {
        var bucket = TokenBucket(rate: 2, capacity: 3)
        #expect((0..<3).map { _ in bucket.take(now: 0) } == [0, 0, 0])
        #expect(abs(bucket.take(now: 0) - 0.5) < 1e-9)
        #expect(bucket.take(now: 0.5) == 0)
    }

    @Test func bucketTreatsAClockGoingBackAsStandingStill() {
        var bucket = TokenBucket(rate: 1)
        #expect(bucket.take(now: 50) == 0)
        #expect(abs(bucket.take(now: 40) - 1) < 1e-9)
        #expect(bucket.take(now: 51) == 0)
    }

    /// A caller that waits what the bucket says: 201 requests at 50 a second take 4 s, and no
    /// window of one second holds more than 50 (plus the one on its closing edge).
    @Test(arguments: [0.5, 3, 50, 1000])
    func bucketKeepsTheRateOverAnySecond(rate: Double) {
        var bucket = TokenBucket(rate: rate)
        var now = 1000.0
        var starts: [Double] = []
        while starts.count < 201 {
            let wait = bucket.take(now: now)
            if wait == 0 { starts.append(now) } else { now += wait }
        }
        #expect(abs((starts.last! - starts.first!) - 200 / rate) < 1e-6)
        var lo = 0
        for hi in starts.indices {
            while starts[hi] - starts[lo] >= 1 - 1e-9 { lo += 1 }
            #expect(Double(hi - lo + 1) <= max(1, rate))
        }
    }
}
