// seeds: fuzz/seeds/resume
// dict: json
@testable import AASACheckKit
@testable import AASACore

/// `--resume FILE` (``ResumeLog``) on any bytes (issue 22: files named by other files). Oracle:
/// any split of the bytes into chunks reads the same (the first byte's value picks the chunk
/// size); records and broken lines never exceed the lines; the recorded domains are exactly
/// those a record line names; and the line for standard error is bounded and quotes nothing of
/// the file (a damaged line is named by its number, never shown).
enum ResumeFuzz: FuzzTarget {
    static let name = "resume"

    static func run(_ data: [UInt8]) {
        var whole = ResumeLog(maxLine: 4_096)
        whole.feed(data)
        whole.finish()
        var chunked = ResumeLog(maxLine: 4_096)
        let size = max(1, Int(data.first ?? 1) % 17)
        var i = 0
        while i < data.count {
            chunked.feed(data[i..<min(data.count, i + size)])
            i += size
        }
        chunked.finish()
        if whole.done != chunked.done || whole.records != chunked.records || whole.brokenLines != chunked.brokenLines
            || whole.firstBrokenLine != chunked.firstBrokenLine || whole.endsMidLine != chunked.endsMidLine
            || whole.completeLength != chunked.completeLength {
            fuzzFailure("chunks of \(size) read differently from the whole")
        }
        let newlines = data.filter { $0 == 0x0A }.count
        if whole.records + whole.brokenLines > newlines { fuzzFailure("\(whole.records) records and \(whole.brokenLines) broken lines in \(newlines) lines") }
        if whole.completeLength != (data.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) { fuzzFailure("completeLength \(whole.completeLength)") }
        // The keys are those of the complete lines that are records.
        var expected = Set<DomainKey>()
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() where line.count <= 4_096 {
            if let domain = ResumeLog.recordDomain(Array(line)) { expected.insert(ResumeLog.key(domain)) }
        }
        if expected != whole.done { fuzzFailure("\(whole.done.count) domains recorded, \(expected.count) named by record lines") }
        let summary = whole.summary(path: "run.jsonl")
        if summary.utf8.count > 400 { fuzzFailure("summary of \(summary.utf8.count) bytes") }
        if summary.unicodeScalars.contains(where: SafeText.isUnsafe) { fuzzFailure("unescaped character in the summary") }
    }
}
