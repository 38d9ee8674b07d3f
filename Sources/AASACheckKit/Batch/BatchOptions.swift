import AASACore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of `check` for very many domains (issue 13, spec `cli.md`): `--shard`,
/// `--resume`, `--unordered`, and the politeness limits `--rate` and `--cdn-concurrency`
/// (read by ``NetworkOptions``, which the domain engine reads).
struct BatchOptions: OptionGroup {
    var shard: Shard?
    /// `--resume FILE`: its path and what it records.
    var resume: (path: String, log: ResumeLog)?
    /// `--unordered`: records in completion order, not input order.
    var unordered = false

    static let specs: [OptionSpec] = [
        OptionSpec("--shard", value: "K/N", help: "Check only shard K of N (1 ≤ K ≤ N) of the domain list, chosen by a stable hash of each domain: the N shards are disjoint and cover the list, whatever its order."),
        OptionSpec("--resume", value: "FILE", help: "Skip the domains already recorded in FILE, the JSON Lines output of an earlier run (needs --format jsonl; append with >> FILE)."),
        OptionSpec("--unordered", help: "Write each domain as soon as it is done, not in the order given (with --format jsonl)."),
        OptionSpec("--rate", value: "N", help: "At most N requests a second overall (origin, CDN and retries; N may be a fraction, e.g. 0.5)."),
        OptionSpec("--cdn-concurrency", value: "N", help: "At most N requests to Apple's CDN at once (default 8), within --concurrency."),
    ]

    init() {}

    /// Reads the options (`--rate` and `--cdn-concurrency` are ``NetworkOptions``').
    /// - Throws: ``UsageError`` for a malformed value, a `--resume` file that cannot be read
    ///   or is not JSON Lines, `--resume` or `--unordered` without `--format jsonl`.
    init(parsing arguments: ParsedArguments, format: OutputFormat) throws {
        var o = BatchOptions()
        if let text = arguments.value("--shard") { o.shard = try Shard.parse(text) }
        let jsonl = format.rawValue == JSONLinesRenderer.name
        if let path = arguments.value("--resume") {
            guard jsonl else {
                throw UsageError("--resume reads and continues a JSON Lines report: give --format jsonl too, and append to the same file (>> \(SafeText.value(path)))")
            }
            o.resume = (path, try ResumeLog.read(path: path))
        }
        if arguments.has("--unordered") {
            guard jsonl else { throw UsageError("--unordered goes with --format jsonl (one record per domain, each complete)") }
            o.unordered = true
        }
        self = o
    }

    /// Makes standard output ready for the records of a resumed run. When it appends to the
    /// `--resume` file itself (`>> FILE`) and that file ends in a line a killed run left
    /// half-written, the half line is cut off (`ftruncate`), so the file stays JSON Lines and the
    /// new records start on a line of their own (if it cannot be cut, a newline ends it). When
    /// standard output is the file opened without appending (`> FILE`), the shell emptied it
    /// before the run: a warning says so.
    func prepareResumedOutput(console: Console, sink: OutputSink) {
        guard let (path, log) = resume else { return }
        var file = stat()
        var out = stat()
        guard stat(path, &file) == 0, fstat(1, &out) == 0, file.st_dev == out.st_dev, file.st_ino == out.st_ino else { return }
        let flags = fcntl(1, F_GETFL)
        if flags >= 0, flags & O_APPEND == 0 {
            console.err("aasa-check: warning: standard output is \(SafeText.value(path)) opened with > (not >>): the shell emptied it before aasa-check started, so every domain is checked again; append with >> to resume\n")
            return
        }
        guard log.endsMidLine, Int(file.st_size) > log.completeLength else { return }
        if ftruncate(1, off_t(log.completeLength)) != 0 { sink.write("\n") }
    }
}
