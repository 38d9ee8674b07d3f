import AASAArtifacts
import AASACore
import Foundation

/// What makes two domain inputs the same check: the host, the `?mode=` and `http://`
/// (``CheckTarget/host``, ``CheckTarget/mode``, ``CheckTarget/plainHTTP``), as a 128-bit
/// fingerprint (two ``StableHash`` passes with different FNV offset bases), so that a set of a
/// million of them takes about 32 MB rather than the strings' hundred.
public struct DomainKey: Hashable, Sendable {
    let a: UInt64
    let b: UInt64

    /// The text the fingerprint is taken of: `host?mode` plus `http` for a plain-HTTP target.
    static func identity(_ target: CheckTarget) -> String {
        target.host + "?" + (target.mode ?? "") + (target.plainHTTP ? "http" : "")
    }

    public init(_ target: CheckTarget) {
        self.init(identity: Self.identity(target))
    }

    init(identity: String) {
        a = StableHash.mix(StableHash.fnv1a(identity.utf8))
        b = StableHash.mix(StableHash.fnv1a(identity.utf8, basis: 0x6c62_272e_07bb_0142))
    }
}

/// The domains a JSON Lines report (`--format jsonl`) already records, for `--resume FILE`:
/// a long crawl stopped (killed, rebooted) goes on where it was, each domain checked once.
///
/// A record is a line holding a JSON object with a string member `domain` (the domain as it
/// was given); it is matched to the domains of the new run by ``DomainKey``, so any spelling
/// of the same domain counts. The file is read as a stream with bounded memory: a line is
/// parsed and forgotten, and only the keys are kept.
///
/// A killed run may have written half a line at the end: a last line without its newline is
/// not a record (its domain is checked again). A complete line that is not a record (a
/// damaged copy, two files joined without a newline) is counted in ``brokenLines`` and its
/// domain checked again too: checking a domain twice is harmless, skipping one unrecorded is
/// not.
public struct ResumeLog: Sendable {
    /// Keys of the recorded domains.
    public private(set) var done = Set<DomainKey>()
    /// Lines that were records (a domain recorded twice counts twice).
    public private(set) var records = 0
    /// Complete lines (ended by a newline) that are not records, blank lines aside.
    public private(set) var brokenLines = 0
    /// 1-based number of the first of ``brokenLines``.
    public private(set) var firstBrokenLine: Int?
    /// Whether the input ended with a line that has no newline: the half-written record of a
    /// killed run (or a whole one, when only its newline was lost). It is not counted.
    public private(set) var endsMidLine = false
    /// Bytes up to and including the last newline: where a half-written last line starts.
    public private(set) var completeLength = 0

    /// Longest line read as a record by default, in bytes.
    public static let defaultMaxLine = 64 * 1_048_576
    /// Longest line read as a record, in bytes; a longer one counts as broken.
    public let maxLine: Int

    private var line: [UInt8] = []
    private var lineTooLong = false
    private var lineNumber = 0
    private var finished = false
    private var bytesFed = 0

    public init(maxLine: Int = ResumeLog.defaultMaxLine) {
        self.maxLine = maxLine
    }

    /// Whether `target` is recorded.
    public func contains(_ target: CheckTarget) -> Bool { done.contains(DomainKey(target)) }

    /// Reads more of the file: any split of the bytes into chunks gives the same result.
    public mutating func feed<Bytes: Collection>(_ chunk: Bytes) where Bytes.Element == UInt8 {
        precondition(!finished, "feed after finish")
        var rest = chunk[...]
        var consumed = 0
        while let newline = rest.firstIndex(of: 0x0A) {
            let line = rest[..<newline]
            append(line)
            endLine()
            consumed += line.count + 1
            completeLength = bytesFed + consumed
            rest = rest[rest.index(after: newline)...]
        }
        append(rest)
        bytesFed += consumed + rest.count
    }

    /// Ends the input: a last line without a newline is left out.
    public mutating func finish() {
        guard !finished else { return }
        finished = true
        endsMidLine = !line.isEmpty || lineTooLong
        line = []
    }

    private mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard !lineTooLong, !bytes.isEmpty else { return }
        if line.count + bytes.count > maxLine {
            lineTooLong = true
            line = []
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private mutating func endLine() {
        lineNumber += 1
        defer {
            line.removeAll(keepingCapacity: line.count <= 65_536)
            lineTooLong = false
        }
        if !lineTooLong, line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        if !lineTooLong, let domain = Self.recordDomain(line) {
            records += 1
            done.insert(Self.key(domain))
        } else {
            brokenLines += 1
            if firstBrokenLine == nil { firstBrokenLine = lineNumber }
        }
    }

    /// The `domain` of a line that is a JSON object with a string `domain`, else `nil`.
    static func recordDomain(_ line: [UInt8]) -> String? {
        // The writer puts `domain` first; any object with one is accepted. The whole line is
        // parsed: a record cut and joined to another must not count as either.
        guard line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
              let domain = object["domain"] as? String
        else { return nil }
        return domain
    }

    /// The key of a recorded domain: as ``CheckTarget/parse(_:)`` reads it, or the text itself
    /// when it does not read as a domain (then no target of a run has that key).
    static func key(_ domain: String) -> DomainKey {
        if let target = try? CheckTarget.parse(domain) { return DomainKey(target) }
        return DomainKey(identity: "\u{0}" + domain)
    }

    /// Reads the JSON Lines file at `path` (1 MiB at a time).
    /// - Throws: ``UsageError`` when it cannot be opened or read, or when it has lines and not
    ///   one of them is a record (not a report of `--format jsonl`).
    public static func read(path: String) throws -> ResumeLog {
        // A regular file, read to the size it had when opened (records appended meanwhile are
        // this run's own): a FIFO, /dev/zero or /proc is refused before a byte is read.
        let opened: LocalFile.Opened
        do {
            opened = try LocalFile.open(path)
        } catch where error.cause == .missing || error.cause == .directory {
            throw UsageError("--resume \(SafeText.value(path)): no such readable file (give the JSON Lines output of an earlier --format jsonl run)")
        } catch {
            throw UsageError("--resume \(SafeText.value(path)): \(error.reason); give the JSON Lines output of an earlier --format jsonl run, a regular file")
        }
        var log = ResumeLog()
        var left = opened.size
        do {
            while left > 0 {
                let chunk = try opened.read(upTo: min(left, 1_048_576), path: path)
                if chunk.isEmpty { break }
                left -= chunk.count
                log.feed(chunk)
            }
        } catch {
            throw UsageError("--resume \(SafeText.value(path)): cannot be read (\(error.reason))")
        }
        log.finish()
        if log.records == 0, log.brokenLines > 0 {
            throw UsageError("--resume \(SafeText.value(path)): line \(log.firstBrokenLine ?? 1) is not a JSON Lines record of aasa-check (an object with a \"domain\" string); give the output of an earlier --format jsonl run")
        }
        return log
    }

    /// One line for standard error about what was read, e.g. `--resume run.jsonl: 1,200
    /// domains already checked; 1 damaged line (line 37) left out, its domain is checked again`.
    public func summary(path: String) -> String {
        var s = "--resume \(SafeText.value(path)): \(done.count) domain\(done.count == 1 ? "" : "s") already checked"
        if brokenLines > 0 {
            s += "; \(brokenLines) line\(brokenLines == 1 ? " is" : "s are") not a record (first: line \(firstBrokenLine ?? 0)), checked again"
        }
        if endsMidLine { s += "; the last line was cut short (a killed run), its domain is checked again" }
        return s
    }
}
