// Benchmarks of aasa-check's matcher (scripts/bench-match.sh).
//
//   aasa-bench [DOCUMENT...] [--urls N]   decide N generated URLs (default 1,000,000) against
//                                         each document — by default firefly.social's 16-rule
//                                         file and the generated 1,600-rule file — with the
//                                         automaton and, in the same run, rule by rule (the
//                                         baseline) and a regular-expression matcher on a
//                                         sample; prints the documents side by side.
//   aasa-bench DOCUMENT URL-COUNT         the same for one document (the older form).
//   aasa-bench generate [--rules N]       write the realistic file of N rules (default 1,600).
//   aasa-bench judge [--domains N]        CPU per domain to judge N recorded domains with their
//                                         CDN copy, now and as before (scripts/bench-judge.sh).
import AASACore
import Foundation

let firefly = "Fixtures/corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association"
let host = "bench.example"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("aasa-bench: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> Int? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else { fail("\(name) needs a positive number") }
    arguments.removeSubrange(i...(i + 1))
    return n
}

if arguments.first == "generate" {
    arguments.removeFirst()
    let rules = option("--rules") ?? 1_600
    guard arguments.isEmpty else { fail("usage: aasa-bench generate [--rules N]") }
    print(RealisticDocument.json(rules: rules), terminator: "")
    exit(0)
}

if arguments.first == "judge" {
    arguments.removeFirst()
    let domains = option("--domains") ?? 1_000
    guard arguments.isEmpty else { fail("usage: aasa-bench judge [--domains N]") }
    JudgeBench.run(domains: domains)
    exit(0)
}

var urlCount = option("--urls") ?? 1_000_000
if arguments.count == 2, let n = Int(arguments[1]) {
    urlCount = n
    arguments.removeLast()
}
var documents: [(label: String, bytes: [UInt8])] = []
if arguments.isEmpty {
    guard let data = FileManager.default.contents(atPath: firefly) else { fail("cannot read \(firefly)") }
    documents.append(("firefly.social", Array(data)))
    documents.append(("generated", Array(RealisticDocument.json(rules: 1_600).utf8)))
} else {
    for path in arguments {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        documents.append(((path as NSString).lastPathComponent, Array(data)))
    }
}

var columns: [MatchBench.Figures] = []
for (label, bytes) in documents {
    columns.append(MatchBench.run(label: label, bytes: bytes, urlCount: urlCount))
}
MatchBench.print(columns)
