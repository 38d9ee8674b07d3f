import AASAArtifacts
import AASACore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The domains of a `check` run, read as they are checked: the DOMAIN arguments, then the
/// lines of `--domains FILE` (`-`: standard input; `#` starts a comment). A list of a million
/// domains is never held whole: a line is read when the domain pipeline has room for another
/// domain, and only the ``DomainKey`` of each domain handed out is kept, to check a domain
/// given twice once (about 32 bytes a domain).
///
/// On the way it leaves out the domains of other shards (`--shard K/N`, ``Shard``) and those a
/// `--resume` file records (``ResumeLog``), and keeps what could not be read as a domain, with
/// the reason, for the end of the run (exit status 2).
final class DomainList: Sendable {
    private struct State {
        var positionals: ArraySlice<String>
        /// `--domains`: the reader of the file or of standard input, until the list is done.
        var lines: (@Sendable () -> InputLine?)?
        /// The file's descriptor, closed when the list is done.
        var fd: Int32?
        /// Where each domain handed out was given: its line (> 0) or argument (-1 for the first).
        var firstGiven: [DomainKey: Int] = [:]
        /// The argument or line of the entry being read: > 0 a line, < 0 an argument.
        var place = 0
        /// The list file as findings name it (`<stdin>` for `-`), `nil` without `--domains`.
        var fileName: String?
        var arguments = 0
        var repeats: [String] = []
        var repeatsCount = 0
        var unreadable: [String] = []
        var unreadableCount = 0
        var entries = 0
        var handedOut = 0
        var duplicates = 0
        var otherShards = 0
        var resumed = 0
        /// Domains past the run's ``DomainLimit``: counted, not handed out (nor remembered).
        var overLimit = 0

        mutating func close() {
            if let fd { _ = systemClose(fd) }
            fd = nil
            lines = nil
        }
    }

    private let shard: Shard?
    private let resume: ResumeLog?
    private let limit: DomainLimit
    private let state: Mutex<State>

    /// Most reasons kept for entries that are not domains; the others are only counted.
    static let maxReasonsKept = 1000
    /// Why entries are not domains (the first ``maxReasonsKept``).
    var unreadable: [String] { state.withLock { $0.unreadable } }
    /// Entries that are not domains.
    var unreadableCount: Int { state.withLock { $0.unreadableCount } }
    /// Entries that repeat an earlier one, each saying where (`list.txt:4: Example.com repeats
    /// line 1`), the first ``maxReasonsKept``.
    var repeats: [String] { state.withLock { $0.repeats } }
    var repeatsCount: Int { state.withLock { $0.repeatsCount } }
    /// Entries given (not blank, not comments), domains or not.
    var entries: Int { state.withLock { $0.entries } }
    /// Domains handed out to be checked.
    var handedOut: Int { state.withLock { $0.handedOut } }
    /// Domains left out: given before, in another shard, recorded in the resume file.
    var duplicates: Int { state.withLock { $0.duplicates } }
    var otherShards: Int { state.withLock { $0.otherShards } }
    var resumed: Int { state.withLock { $0.resumed } }
    /// Domains past `--max-domains` (``DomainLimit``): not checked, only counted. The list is
    /// still read to its end to count them (a regular file, or standard input).
    var overLimit: Int { state.withLock { $0.overLimit } }

    /// AASA117 when domains past `--max-domains` were left out, once the list is done.
    var limitFinding: Diagnostic? {
        let (skipped, name) = state.withLock { ($0.overLimit, $0.fileName) }
        var d = limit.finding(skipped: skipped, from: name.map { "--domains " + $0 } ?? "the command line")
        if let name, name != "<stdin>" { d?.file = name }
        return d
    }

    /// - Parameters:
    ///   - file: `--domains FILE`; `-` reads standard input through `console`.
    ///   - limit: the most domains handed out; the rest are counted (``overLimit``).
    /// - Throws: ``UsageError`` when the file cannot be opened.
    init(positionals: [String], file: String?, shard: Shard?, resume: ResumeLog?, limit: DomainLimit = DomainLimit(),
         console: Console) throws {
        self.shard = shard
        self.resume = resume
        self.limit = limit
        var initial = State(positionals: positionals[...])
        initial.fileName = file.map { $0 == "-" ? "<stdin>" : $0 }
        if let file, file == "-" {
            initial.lines = console.readLine
        } else if let file {
            // A regular file: a FIFO, /dev/zero or /proc is refused before a byte is read (a
            // stream of domains comes on standard input, `--domains -`).
            let opened: LocalFile.Opened
            do {
                opened = try LocalFile.open(file)
            } catch {
                throw UsageError("--domains " + InputFile.usageError(error, kind: .domainList).message)
            }
            let fd = opened.take()
            let reader = LineReader(fd: fd)
            initial.lines = { reader.next() }
            initial.fd = fd
        }
        state = Mutex(initial)
    }

    deinit { state.withLock { $0.close() } }

    /// The next domain to check, or `nil` when the list is done.
    func next() -> CheckTarget? {
        state.withLock { s in
            while let entry = Self.nextEntry(&s) {
                s.entries += 1
                let target: CheckTarget
                do {
                    target = try CheckTarget.parse(entry)
                } catch let error as UsageError {
                    s.unreadableCount += 1
                    if s.unreadable.count < Self.maxReasonsKept { s.unreadable.append(Self.where_(s) + error.message) }
                    continue
                } catch {
                    continue
                }
                if let shard, !shard.contains(target) {
                    s.otherShards += 1
                    continue
                }
                let key = DomainKey(target)
                if let resume, resume.done.contains(key) {
                    s.resumed += 1
                    continue
                }
                // Past the limit: counted, not checked (a repeat of a domain checked is still a repeat).
                if s.handedOut >= limit.max, s.firstGiven[key] == nil {
                    s.overLimit += 1
                    continue
                }
                // The same domain given twice is checked once, and the repeat is noted.
                if let first = s.firstGiven[key] {
                    s.duplicates += 1
                    s.repeatsCount += 1
                    if s.repeats.count < Self.maxReasonsKept {
                        let at = s.place > 0 ? Self.where_(s) : "argument \(-s.place): "
                        s.repeats.append(at + "\(SafeText.value(entry)) repeats \(Self.name(first))")
                    }
                    continue
                }
                s.firstGiven[key] = s.place
                s.handedOut += 1
                return target
            }
            s.close()
            return nil
        }
    }

    /// The next entry, trimmed, comments and blank lines skipped.
    private static func nextEntry(_ s: inout State) -> String? {
        if let first = s.positionals.popFirst() {
            s.arguments += 1
            s.place = -s.arguments
            return first
        }
        while let line = s.lines?() {
            s.place = line.number
            guard !line.tooLong else {
                s.entries += 1
                s.unreadableCount += 1
                if s.unreadable.count < maxReasonsKept {
                    s.unreadable.append(where_(s) + "the line is longer than \(LineReader.maxLine) bytes; not a domain")
                }
                continue
            }
            if let text = entry(line.text) { return text }
        }
        s.lines = nil
        return nil
    }

    /// `FILE:LINE: ` for an entry of the list file, nothing for an argument (the message names it).
    private static func where_(_ s: State) -> String {
        s.place > 0 ? "\(SafeText.value(s.fileName ?? "--domains")):\(s.place): " : ""
    }

    /// `line 4`, or `argument 2`.
    private static func name(_ place: Int) -> String { place > 0 ? "line \(place)" : "argument \(-place)" }

    /// The entry of a line of a domain list: what comes before `#`, trimmed; `nil` when blank.
    static func entry(_ line: String) -> String? {
        let text = String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingWhitespace
        return text.isEmpty ? nil : text
    }

    /// How many domains a list would hand out, counted ahead for the progress line: the
    /// entries of a regular file (read once more) and the arguments, without those of other
    /// shards or recorded in `resume`; domains given twice are counted twice. `nil` when the
    /// list comes from standard input.
    static func estimate(positionals: [String], file: String?, shard: Shard?, resume: ResumeLog?) -> Int? {
        guard file != "-" else { return nil }
        var count = 0
        func add(_ entry: String) {
            guard let t = try? CheckTarget.parse(entry) else { return }
            if let shard, !shard.contains(t) { return }
            if let resume, resume.contains(t) { return }
            count += 1
        }
        positionals.forEach(add)
        if let file {
            guard let opened = try? LocalFile.open(file) else { return nil }
            withExtendedLifetime(opened) {
                let reader = LineReader(fd: opened.descriptor)
                while let line = reader.next() {
                    if let text = entry(line.text) { add(text) }
                }
            }
        }
        return count
    }
}

/// close(2), named apart from the list's own methods.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
