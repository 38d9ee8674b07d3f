import AASACore
import CZlib
import Synchronization

/// The members of a zip archive (`.ipa`, `.apk`, `.aab`) as a ``FileTree``: never extracted to
/// disk, never a whole member in memory.
///
/// The pure parts are Core's: ``ZipDirectory`` reads the end records and the central directory
/// (the offsets the APK Signing Block needs are its ``ZipDirectory/layout``), ``ZipPathIndex``
/// lists the directories in time linear in the paths' bytes. This type adds the reading of
/// member bytes, with zlib (Debian `zlib1g-dev`, the macOS SDK's libz):
/// - a **stored** member is a window of the archive, read in place at any offset (nothing is
///   decompressed; reading an executable's code signature near its end costs that read);
/// - a **deflated** member is inflated as a forward stream (raw deflate), never past its
///   declared size and never from past its compressed bytes, keeping the last 64 to 128 KB
///   inflated so nearby re-reads cost nothing; a read before that starts the stream again;
/// - the CRC-32 the central directory declares is checked whenever a member is read to its end
///   in order (always for a deflated member read to its end).
///
/// Bounds on hostile archives: those of ``ZipDirectory/Limits`` (members, central directory,
/// path length and depth; `../x` and `/x` refused), a member declaring more than
/// ``maxMemberBytes`` uncompressed bytes is refused before any of it is inflated, and all
/// the reads of one archive's members may inflate at most ``maxInflatedBytes`` bytes in all
/// (restarts included). Deflate data cannot be entered in the middle, so reading a code
/// signature after 1 GiB of zeros means inflating that GiB (about 1 s on one core): one
/// bundle's executable costs at most ``maxMemberBytes`` of inflation, the whole archive at
/// most ``maxInflatedBytes`` (a few seconds), and a read past that budget fails with a
/// ``ContainerError/tooLarge(_:)`` that says so, for that bundle.
public struct ZipTree: FileTree {
    /// Most members listed.
    public static let maxMembers = ZipDirectory.Limits.standard.maxMembers
    /// Largest uncompressed member read: reading near the end of a deflated one means
    /// inflating all of it before, so larger ones are refused, clearly.
    public static let maxMemberBytes = 1 << 30
    /// Most bytes the reads of one archive's members may inflate in all (restarts included).
    public static let maxInflatedBytes = 2 << 30

    public let name: String
    /// The archive's path ("" for an archive given as a ``ByteSource``).
    public let path: String
    /// The central directory and the archive's layout.
    public let directory: ZipDirectory
    /// The archive's bytes.
    public let source: any ByteSource
    let index: ZipPathIndex
    let budget: InflationBudget

    /// Lists the members of the archive at `path`.
    /// - Parameter name: how messages name it (the path as given).
    /// - Throws: ``ContainerError`` when it is not a readable zip archive or a member's path leaves it.
    public init(path: String, name: String? = nil, limits: ZipDirectory.Limits = .standard) throws(ContainerError) {
        let label = name ?? path
        try self.init(source: try FileSource(path: path, name: label), name: label, path: path, limits: limits,
                      inflationBudget: ZipTree.maxInflatedBytes)
    }

    /// Lists the members of the archive in `source`.
    /// - Parameter inflationBudget: most bytes its members' reads may inflate in all.
    /// - Throws: ``ContainerError`` when it is not a readable zip archive or a member's path leaves it.
    public init(source: any ByteSource, name: String? = nil, limits: ZipDirectory.Limits = .standard,
                inflationBudget: Int = ZipTree.maxInflatedBytes) throws(ContainerError) {
        try self.init(source: source, name: name ?? source.name, path: "", limits: limits, inflationBudget: inflationBudget)
    }

    private init(source: any ByteSource, name label: String, path: String, limits: ZipDirectory.Limits,
                 inflationBudget: Int) throws(ContainerError) {
        self.name = label
        self.path = path
        self.source = source
        let directory: ZipDirectory
        do {
            directory = try ZipDirectory(reading: source, name: label, limits: limits)
        } catch .truncated(let why) {
            throw .malformed("\(label) is not a readable zip archive: \(why)")
        }
        self.directory = directory
        index = ZipPathIndex(directory)
        budget = InflationBudget(inflationBudget, archive: label)
    }

    public func contents(of directory: String) throws(ContainerError) -> [TreeItem]? {
        index.contents(of: directory)
    }

    public func open(_ member: String) throws(ContainerError) -> any ByteSource {
        guard let entry = directory.entry(member) else { throw .unsupported("\(name) has no member \(member)") }
        let label = name + ":" + member
        guard entry.uncompressedSize <= ZipTree.maxMemberBytes else {
            throw .tooLarge("\(label) is \(entry.uncompressedSize) bytes uncompressed; members of an archive are read up to "
                + "\(ZipTree.maxMemberBytes) bytes (reading one means decompressing it)")
        }
        guard !entry.isEncrypted else { throw .unsupported("\(label) is encrypted; encrypted members are not read") }
        switch entry.method {
        case .stored:
            return StoredMemberSource(window: try directory.storedSource(of: entry, in: source), crc: entry.crc32)
        case .deflated:
            let data = try directory.dataRange(of: entry, in: source)
            return DeflatedMemberSource(archive: source, data: data, size: entry.uncompressedSize, crc: entry.crc32,
                                        name: label, budget: budget)
        case .other(let method):
            throw .unsupported("\(label) is compressed with method \(method); only stored and deflated members are read")
        }
    }
}

/// The bytes one archive's reads may still inflate, shared by its members' sources.
final class InflationBudget: Sendable {
    let total: Int
    let archive: String
    private let left: Mutex<Int>

    init(_ total: Int, archive: String) {
        self.total = total
        self.archive = archive
        left = Mutex(total)
    }

    /// Takes `count` bytes of the budget.
    /// - Throws: ``ContainerError/tooLarge(_:)`` naming `member` once the budget is spent.
    func spend(_ count: Int, for member: String) throws(ContainerError) {
        let ok = left.withLock { (left: inout Int) -> Bool in
            guard left >= count else { return false }
            left -= count
            return true
        }
        guard ok else {
            throw .tooLarge("\(member): reading it would inflate more than the \(total) bytes the members of \(archive) may "
                + "inflate in all (deflate data is read from its start, so a read near the end of a large member costs "
                + "all of it); the rest of the archive is not read")
        }
    }
}

/// A stored member: its bytes read in place, and its CRC-32 checked once reads in increasing
/// order have covered it from its first byte to its last.
final class StoredMemberSource: ByteSource {
    let window: ByteWindow
    let crc: UInt32
    /// How far reads have covered the member from its start, and the CRC-32 of those bytes.
    private let checked = Mutex<(end: Int, crc: UInt32)>((0, 0))

    init(window: ByteWindow, crc: UInt32) {
        self.window = window
        self.crc = crc
    }

    var name: String { window.name }
    var size: Int { window.size }

    func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8] {
        let bytes = try window.read(range)
        try checked.withLock { (state: inout (end: Int, crc: UInt32)) throws(ContainerError) in
            guard range.lowerBound <= state.end, range.upperBound > state.end else { return }
            state.crc = CRC32.update(state.crc, bytes[(state.end - range.lowerBound)...])
            state.end = range.upperBound
            if state.end == size, state.crc != crc {
                throw .malformed("\(name): its bytes' CRC-32 is \(Hex.format(state.crc, uppercase: false)), "
                    + "the central directory says \(Hex.format(crc, uppercase: false)); the archive is corrupt")
            }
        }
        return bytes
    }
}

/// A deflated member, inflated as a forward stream with restart (``ZipTree``).
///
/// Reads in increasing offset order inflate the member once; the last 64 to 128 KB inflated are
/// kept, so a read that goes back a little (a header read again, whole) costs nothing; a read
/// before them starts again from the member's start. Every byte inflated is taken from the
/// archive's budget. Memory: 64 KB of compressed input, at most 128 KB kept, zlib's 44 KB,
/// and the bytes asked for.
final class DeflatedMemberSource: ByteSource {
    static let chunk = 64 << 10
    static let kept = 128 << 10

    let name: String
    let size: Int
    let archive: any ByteSource
    let data: Range<Int>
    let crc: UInt32
    let budget: InflationBudget

    /// One pass through the member.
    final class Pass {
        let stream: InflateStream
        /// Compressed bytes read from the archive, and the unread part of the last read.
        var inPosition = 0
        var input: [UInt8] = []
        var inputUsed = 0
        /// Bytes inflated so far, and their CRC-32.
        var outPosition = 0
        var crc: UInt32 = 0
        /// The last bytes inflated: `[keptStart, outPosition)`.
        var kept: [UInt8] = []
        var keptStart = 0
        var checkedEnd = false

        init(name: String) throws(ContainerError) { stream = try InflateStream(windowBits: -15, label: name) }
    }

    private let pass = Mutex<Pass?>(nil)

    init(archive: any ByteSource, data: Range<Int>, size: Int, crc: UInt32, name: String, budget: InflationBudget) {
        self.archive = archive
        self.data = data
        self.size = size
        self.crc = crc
        self.name = name
        self.budget = budget
    }

    func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= size else {
            throw .truncated("bytes \(range.lowerBound) to \(range.upperBound) are past the end of \(name) (\(size) bytes)")
        }
        if range.isEmpty { return [] }
        return try pass.withLock { (slot: inout Pass?) throws(ContainerError) -> [UInt8] in
            if slot == nil || slot!.keptStart > range.lowerBound {
                slot = nil
                slot = try Pass(name: name)
            }
            let p = slot!
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            if range.lowerBound < p.outPosition {
                let from = range.lowerBound - p.keptStart
                out.append(contentsOf: p.kept[from..<(min(range.upperBound, p.outPosition) - p.keptStart)])
            }
            while p.outPosition < range.upperBound {
                do throws(ContainerError) {
                    try inflateChunk(p)
                } catch {
                    slot = nil
                    throw error
                }
                // What of the new bytes lies in the range (the chunk is whole in `kept`).
                let newStart = range.lowerBound + out.count
                if newStart < p.outPosition {
                    out.append(contentsOf: p.kept[(newStart - p.keptStart)..<(min(range.upperBound, p.outPosition) - p.keptStart)])
                }
            }
            if p.outPosition == size, !p.checkedEnd {
                do throws(ContainerError) {
                    try checkEnd(p)
                } catch {
                    slot = nil
                    throw error
                }
            }
            return out
        }
    }

    /// Inflates the next chunk (at most 64 KB) onto ``Pass/kept``.
    private func inflateChunk(_ p: Pass) throws(ContainerError) {
        let want = min(Self.chunk, size - p.outPosition)
        try budget.spend(want, for: name)
        var buffer = [UInt8](repeating: 0, count: want)
        var produced = 0
        while produced < want {
            try refill(p)
            let step = try p.stream.inflate(p.input, from: p.inputUsed, into: &buffer, at: produced)
            p.inputUsed += step.consumed
            produced += step.produced
            if step.ended, produced < want {
                throw .truncated("\(name): its deflate stream ends after \(p.outPosition + produced) of its declared \(size) bytes")
            }
            if step.consumed == 0, step.produced == 0, p.inputUsed == p.input.count, p.inPosition == data.count {
                throw .truncated("\(name): its \(data.count) compressed bytes end after \(p.outPosition + produced) of its declared \(size) bytes")
            }
        }
        p.crc = CRC32.update(p.crc, buffer)
        p.outPosition += want
        p.kept.append(contentsOf: buffer)
        if p.kept.count > Self.kept {
            let drop = p.kept.count - Self.kept / 2
            p.kept.removeFirst(drop)
            p.keptStart += drop
        }
    }

    /// Reads the next compressed bytes when the last read is used up.
    private func refill(_ p: Pass) throws(ContainerError) {
        guard p.inputUsed == p.input.count, p.inPosition < data.count else { return }
        let n = min(Self.chunk, data.count - p.inPosition)
        p.input = try archive.read((data.lowerBound + p.inPosition)..<(data.lowerBound + p.inPosition + n))
        p.inputUsed = 0
        p.inPosition += n
    }

    /// At the declared size: the deflate stream must end there (no byte more), and the bytes'
    /// CRC-32 must be the declared one.
    private func checkEnd(_ p: Pass) throws(ContainerError) {
        var probe: [UInt8] = [0]
        while true {
            try refill(p)
            let step = try p.stream.inflate(p.input, from: p.inputUsed, into: &probe, at: 0)
            p.inputUsed += step.consumed
            if step.produced > 0 {
                throw .malformed("\(name) inflates to more than its declared \(size) bytes; the archive lies about its size")
            }
            if step.ended { break }
            if step.consumed == 0, p.inputUsed == p.input.count, p.inPosition == data.count {
                throw .truncated("\(name): its \(data.count) compressed bytes end before its deflate stream does")
            }
        }
        guard p.crc == crc else {
            throw .malformed("\(name): its bytes' CRC-32 is \(Hex.format(p.crc, uppercase: false)), "
                + "the central directory says \(Hex.format(crc, uppercase: false)); the archive is corrupt")
        }
        p.checkedEnd = true
    }
}
