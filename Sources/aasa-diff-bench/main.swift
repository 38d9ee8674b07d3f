// Diff benchmark (issue 11): times `DocumentDiff` on real-world files against edited copies, on
// two generated 1,000-rule files that differ in two places, and on an adversarial pair that
// must stop at the work limits. Prints each figure beside its target. One core: run it under
// `taskset -c 0` (scripts/bench-diff.sh does). Usage: aasa-diff-bench [CORPUS-DIR]
import AASACore
import Foundation


/// CPU time of this thread, in seconds: the machine may be shared, so wall time would count
/// other processes' turns.
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The best of `runs` CPU timings of `body`, in seconds, and its last result.
func time<T>(runs: Int = 3, _ body: () throws -> T) rethrows -> (Double, T) {
    var best = Double.infinity
    var last: T?
    for _ in 0..<runs {
        let start = cpuSeconds()
        last = try body()
        best = min(best, cpuSeconds() - start)
    }
    return (best, last!)
}

func row(_ name: String, _ value: String, _ target: String, _ note: String = "") {
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0)
          + value.padding(toLength: 12, withPad: " ", startingAt: 0)
          + target.padding(toLength: 12, withPad: " ", startingAt: 0) + note)
}

/// A file edited the way releases edit them: an exclude added before the first rule of the
/// first entry and its last rule removed.
func edited(_ text: String) -> String? {
    guard var object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
          var links = object["applinks"] as? [String: Any],
          var details = links["details"] as? [[String: Any]], !details.isEmpty else { return nil }
    var first = details[0]
    if var components = first["components"] as? [Any] {
        components.insert(["/": "/account/delete/*", "exclude": true], at: 0)
        if components.count > 2 { components.removeLast() }
        first["components"] = components
    } else if var paths = first["paths"] as? [Any] {
        paths.insert("NOT /account/delete/*", at: 0)
        if paths.count > 2 { paths.removeLast() }
        first["paths"] = paths
    } else {
        first["components"] = [["/": "/account/delete/*", "exclude": true], ["/": "*"]]
    }
    details[0] = first
    links["details"] = details
    object["applinks"] = links
    return (try? JSONSerialization.data(withJSONObject: object)).map { String(decoding: $0, as: UTF8.self) }
}

/// A realistic large file: sections of four rules (an exclude, literal segments with `*`, a
/// query object, `*` inside the path with `?*`), `count` rules in all.
func generated(_ count: Int, lose: Int? = nil, gain: Bool = false, reversed: Bool = false) -> String {
    var rules: [String] = []
    let sections = Array(0..<(count / 4))
    for k in reversed ? sections.reversed() : sections {
        rules.append(#"{"/":"/sec\#(k)/private/*","exclude":true}"#)
        if k != lose { rules.append(#"{"/":"/sec\#(k)/items/*"}"#) } else { rules.append(#"{"/":"/sec\#(k)/items/new"}"#) }
        rules.append(#"{"/":"/sec\#(k)/search","?":{"q":"?*","page":"*"}}"#)
        rules.append(#"{"/":"/sec\#(k)/*/detail/?*"}"#)
    }
    if gain { rules.append(#"{"/":"/campaign/*"}"#) }
    return #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[\#(rules.joined(separator: ","))]}]}}"#
}

// `aasa-diff-bench --pair OLD NEW`: time one pair (for profiling), or `--edited FILE`.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--pair" || arguments.first == "--edited", arguments.count >= 2 {
    let a = try String(contentsOfFile: arguments[1], encoding: .utf8)
    let b = arguments.first == "--pair" ? try String(contentsOfFile: arguments[2], encoding: .utf8) : edited(a)!
    let (t, diff) = try time { try DocumentDiff(old: Array(a.utf8), new: Array(b.utf8)) }
    print(String(format: "%.4f s", t), "\(diff.changes.count) changes, complete: \(diff.isComplete)")
    exit(0)
}
let corpus = arguments.first ?? "Fixtures/corpus/aasa"

print("aasa-diff-bench: DocumentDiff, CPU time of one thread, best of 3 runs")
row("case", "time", "target", "result")

// Real-world files, each against an edited copy.
let files = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
var worst = (0.0, "")
var total = 0.0
var compared = 0
var equivalentSelf = 0
for name in files {
    guard let text = try? String(contentsOfFile: corpus + "/" + name, encoding: .utf8), let other = edited(text) else { continue }
    guard let (t, diff) = try? time({ try DocumentDiff(old: Array(text.utf8), new: Array(other.utf8)) }) else { continue }
    if (try? DocumentDiff(old: Array(text.utf8), new: Array(text.utf8)))?.isEquivalent == true { equivalentSelf += 1 }
    _ = diff
    compared += 1
    total += t
    if t > worst.0 { worst = (t, name) }
}
row("real-world file vs edited copy: slowest of \(compared)", String(format: "%.4f s", worst.0), "< 0.25 s", String(worst.1.prefix(40)))
row("real-world file vs edited copy: mean", String(format: "%.4f s", total / Double(max(compared, 1))), "", "\(equivalentSelf)/\(compared) files equivalent to themselves")

// The two largest real-world files against each other.
let bySize = files.compactMap { n -> (Int, String)? in
    (try? FileManager.default.attributesOfItem(atPath: corpus + "/" + n)[.size] as? Int).map { ($0, n) }
}.sorted { $0.0 > $1.0 }
if bySize.count >= 2, let a = FileManager.default.contents(atPath: corpus + "/" + bySize[0].1),
   let b = FileManager.default.contents(atPath: corpus + "/" + bySize[1].1) {
    let (t, diff) = try time { try DocumentDiff(old: Array(a), new: Array(b)) }
    row("two largest real-world files against each other", String(format: "%.4f s", t), "< 0.25 s", "\(diff.changes.count) changes")
}

// 1,000 rules, one region lost and one gained.
let big = generated(1000), bigChanged = generated(1000, lose: 120, gain: true)
let (tBig, bigDiff) = try time { try DocumentDiff(old: Array(big.utf8), new: Array(bigChanged.utf8)) }
row("1,000-rule files differing in two places", String(format: "%.3f s", tBig), "< 2 s",
    "\(bigDiff.changes.count) changes, complete: \(bigDiff.isComplete)")
let (tSame, sameDiff) = try time { try DocumentDiff(old: Array(big.utf8), new: Array(generated(1000, reversed: true).utf8)) }
row("1,000-rule file against its sections reordered", String(format: "%.3f s", tSame), "< 2 s", "equivalent: \(sameDiff.isEquivalent)")
let large = generated(1600), largeChanged = generated(1600, lose: 300, gain: true)
let (tLarge, largeDiff) = try time { try DocumentDiff(old: Array(large.utf8), new: Array(largeChanged.utf8)) }
row("1,600-rule files (\(large.utf8.count / 1024) KB) differing in two places", String(format: "%.3f s", tLarge), "", "\(largeDiff.changes.count) changes, complete: \(largeDiff.isComplete)")

// Adversarial: must stop at the work limits, saying so.
let hard = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x/*b*"},{"/":"/x/*a?????????????????????","exclude":true}]}]}}"#
let hardSwapped = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x/*a?????????????????????","exclude":true},{"/":"/x/*b*"}]}]}}"#
let (tHard, hardDiff) = try time(runs: 1) { try DocumentDiff(old: Array(hard.utf8), new: Array(hardSwapped.utf8)) }
row("adversarial pair (stops at the work limits)", String(format: "%.3f s", tHard), "< 2 s", "complete: \(hardDiff.isComplete)")
