import AASACore
import Foundation
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
final class DomainList {
    private var positionals: ArraySlice<String>
    private var lines: (() -> String?)?
    private let closeFile: () -> Void
    private let shard: Shard?
    private let resume: ResumeLog?
    private var seen = Set<DomainKey>()

    /// Most reasons kept for entries that are not domains; the others are only counted.
    static let maxReasonsKept = 1000
    /// Why entries are not domains (the first ``maxReasonsKept``).
    private(set) var unreadable: [String] = []
    /// Entries that are not domains.
    private(set) var unreadableCount = 0
    /// Entries given (not blank, not comments), domains or not.
    private(set) var entries = 0
    /// Domains handed out to be checked.
    private(set) var handedOut = 0
    /// Domains left out: given before, in another shard, recorded in the resume file.
    private(set) var duplicates = 0
    private(set) var otherShards = 0
    private(set) var resumed = 0

    /// - Parameters:
    ///   - file: `--domains FILE`; `-` reads standard input through `console`.
    /// - Throws: ``UsageError`` when the file cannot be opened.
    init(positionals: [String], file: String?, shard: Shard?, resume: ResumeLog?, console: Console) throws {
        self.positionals = positionals[...]
        self.shard = shard
        self.resume = resume
        if let file, file == "-" {
            lines = console.readLine
            closeFile = {}
        } else if let file {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw UsageError("--domains \(SafeText.value(file)): no such file")
            }
            if isDirectory.boolValue {
                throw UsageError("--domains \(SafeText.value(file)): is a directory; \(InputFile.Kind.domainList.directoryHint(SafeText.value(file)))")
            }
            let fd = open(file, O_RDONLY)
            guard fd >= 0 else { throw UsageError("--domains \(SafeText.value(file)): cannot be read (permission denied?)") }
            let reader = LineReader(fd: fd)
            lines = { reader.next() }
            var closed = false
            closeFile = {
                if !closed { close(fd) }
                closed = true
            }
        } else {
            closeFile = {}
        }
    }

    deinit { closeFile() }

    /// The next domain to check, or `nil` when the list is done.
    func next() -> CheckTarget? {
        while let entry = nextEntry() {
            entries += 1
            let target: CheckTarget
            do {
                target = try CheckTarget.parse(entry)
            } catch let error as UsageError {
                unreadableCount += 1
                if unreadable.count < Self.maxReasonsKept { unreadable.append(error.message) }
                continue
            } catch {
                continue
            }
            if let shard, !shard.contains(target) {
                otherShards += 1
                continue
            }
            let key = DomainKey(target)
            if let resume, resume.done.contains(key) {
                resumed += 1
                continue
            }
            // The same domain given twice is checked once.
            guard seen.insert(key).inserted else {
                duplicates += 1
                continue
            }
            handedOut += 1
            return target
        }
        closeFile()
        return nil
    }

    /// The next entry, trimmed, comments and blank lines skipped.
    private func nextEntry() -> String? {
        if let first = positionals.popFirst() { return first }
        while let line = lines?() {
            if let text = Self.entry(line) { return text }
        }
        lines = nil
        return nil
    }

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
            let fd = open(file, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            let reader = LineReader(fd: fd)
            while let line = reader.next() {
                if let text = entry(line) { add(text) }
            }
        }
        return count
    }
}
