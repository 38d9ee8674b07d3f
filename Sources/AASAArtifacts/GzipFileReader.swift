import AASACore

/// A file read as a forward stream of its bytes, gunzipped by zlib when it starts with gzip's
/// magic `1f 8b` (RFC 1952): what sitemap files are (sitemaps.org names gzip as the one
/// compression), read a chunk at a time so a file is never held whole.
///
/// A gzip file may hold several members one after another (RFC 1952 §2.2); they are read in
/// turn. Bytes after the last member that do not start another are ignored, as `gzip -d` does.
/// Memory: 64 KB of compressed input and zlib's 44 KB; the caller bounds how much it reads
/// (a sitemap stops at 50 MB, so a gzip bomb costs the time of inflating 50 MB).
public final class GzipFileReader {
    /// Whether the file is gzip-compressed (else its bytes are handed out as they are).
    public let isGzip: Bool
    /// The file's size on disk.
    public var size: Int { file.size }
    /// Why the last ``read(into:)`` returned -1.
    public private(set) var failure: String?

    private let file: FileSource
    private let stream: InflateStream?
    private var position = 0
    private var input: [UInt8] = []
    private var inputUsed = 0
    private var memberEnded = false
    private var done = false

    /// Opens the regular file at `path`.
    /// - Throws: ``ContainerError/io(_:)`` when it cannot be opened.
    public init(path: String, name: String? = nil) throws(ContainerError) {
        file = try FileSource(path: path, name: name)
        let magic = try file.head(2)
        isGzip = magic == [0x1F, 0x8B]
        stream = isGzip ? try InflateStream(windowBits: 31, label: file.name) : nil
    }

    /// Fills `buffer` with the next bytes: how many (0 at the end), or -1 on a failure, which
    /// ``failure`` says.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard !done, failure == nil, buffer.count > 0 else { return failure == nil ? 0 : -1 }
        do throws(ContainerError) {
            guard let stream else {
                let n = min(buffer.count, file.size - position)
                guard n > 0 else { return 0 }
                let bytes = try file.read(position..<(position + n))
                position += n
                bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
                return n
            }
            while true {
                if memberEnded {
                    // Another member follows only if it starts with the magic; else the rest is ignored.
                    try fill(atLeast: 2)
                    guard input.count - inputUsed >= 2, input[inputUsed] == 0x1F, input[inputUsed + 1] == 0x8B else {
                        done = true
                        return 0
                    }
                    stream.reset()
                    memberEnded = false
                }
                try fill(atLeast: 1)
                guard inputUsed < input.count else {
                    failure = "the gzip data is cut short: the file ends inside its gzip stream"
                    return -1
                }
                let step = try stream.inflate(input, from: inputUsed, into: buffer)
                inputUsed += step.consumed
                if step.ended { memberEnded = true }
                if step.produced > 0 { return step.produced }
            }
        } catch {
            failure = describe(error)
            return -1
        }
    }

    /// Reads on until at least `count` unread bytes are at hand, or the file has no more.
    private func fill(atLeast count: Int) throws(ContainerError) {
        while input.count - inputUsed < count, position < file.size {
            let n = min(64 << 10, file.size - position)
            let more = try file.read(position..<(position + n))
            input = inputUsed == input.count ? more : Array(input[inputUsed...]) + more
            inputUsed = 0
            position += n
        }
    }

    func describe(_ error: ContainerError) -> String {
        if case .malformed = error, let why = stream?.zlibMessage { return "the gzip data is corrupt: " + why }
        return error.description
    }
}
