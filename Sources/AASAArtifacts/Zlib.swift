import AASACore
import CZlib

/// A zlib inflate stream (Debian `zlib1g-dev`; the macOS SDK has zlib too): raw deflate data
/// for zip members (`windowBits` -15, RFC 1951) or gzip members for sitemaps (31, RFC 1952).
///
/// Memory: zlib's state and its 32 KB window (about 44 KB); the caller owns the buffers.
final class InflateStream {
    /// What one call did.
    struct Step {
        var consumed: Int
        var produced: Int
        /// The deflate stream (or the gzip member) ended.
        var ended: Bool
    }

    private let z: UnsafeMutablePointer<z_stream>
    let label: String
    /// zlib's reason for the last failure (`invalid distance too far back`).
    private(set) var zlibMessage: String?

    /// - Parameter windowBits: -15 raw deflate, 31 gzip.
    /// - Throws: ``ContainerError/io(_:)`` when zlib cannot start (no memory).
    init(windowBits: Int32, label: String) throws(ContainerError) {
        self.label = label
        z = .allocate(capacity: 1)
        z.initialize(to: z_stream())
        guard aasa_inflate_init2(z, windowBits) == Z_OK else {
            z.deinitialize(count: 1)
            z.deallocate()
            throw .io("\(label): zlib could not start inflating")
        }
    }

    deinit {
        inflateEnd(z)
        z.deinitialize(count: 1)
        z.deallocate()
    }

    /// Starts a new stream of the same kind (the next member of a gzip file).
    func reset() { inflateReset(z) }

    /// Inflates from `input[start...]` into `output[offset...]` until one of them is used up or
    /// the stream ends.
    /// - Throws: ``ContainerError/malformed(_:)`` with zlib's reason when the data is not valid
    ///   deflate data (or a gzip trailer's CRC or length is wrong).
    func inflate(_ input: [UInt8], from start: Int, into output: inout [UInt8], at offset: Int) throws(ContainerError) -> Step {
        let result = input.withUnsafeBytes { i in
            output.withUnsafeMutableBytes { o in
                run(UnsafeRawBufferPointer(rebasing: i[start...]), UnsafeMutableRawBufferPointer(rebasing: o[offset...]))
            }
        }
        return try result.get()
    }

    /// The same, into memory the caller owns.
    func inflate(_ input: [UInt8], from start: Int, into output: UnsafeMutableRawBufferPointer) throws(ContainerError) -> Step {
        let result = input.withUnsafeBytes { i in run(UnsafeRawBufferPointer(rebasing: i[start...]), output) }
        return try result.get()
    }

    private func run(_ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer) -> Result<Step, ContainerError> {
        z.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        z.pointee.avail_in = uInt(input.count)
        z.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        z.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(z, Z_NO_FLUSH)
        let step = Step(consumed: input.count - Int(z.pointee.avail_in), produced: output.count - Int(z.pointee.avail_out),
                        ended: status == Z_STREAM_END)
        z.pointee.next_in = nil
        z.pointee.next_out = nil
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return .success(step)
        case Z_MEM_ERROR:
            return .failure(.io("\(label): zlib ran out of memory"))
        default:
            let why = z.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            zlibMessage = why
            return .failure(.malformed("\(label) cannot be inflated: \(why)"))
        }
    }
}

/// CRC-32 (ISO 3309, the zip and gzip checksum) by zlib's `crc32`.
enum CRC32 {
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        return UInt32(truncatingIfNeeded: CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }

    static func update(_ crc: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }
}

/// Raw deflate by zlib, for writers of test archives (`SampleSupport`) and fuzz seeds.
public enum Deflate {
    /// `bytes` as one raw deflate stream (RFC 1951) at `level` (0–9), written 256 KB at a time.
    public static func raw(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var z = z_stream()
        guard aasa_deflate_init2(&z, level, -15) == Z_OK else { preconditionFailure("zlib could not start deflating") }
        defer { deflateEnd(&z) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        bytes.withUnsafeBytes { input in
            z.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            z.avail_in = uInt(input.count)
            while true {
                let (status, n): (Int32, Int) = chunk.withUnsafeMutableBytes { output in
                    z.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    z.avail_out = uInt(output.count)
                    let status = CZlib.deflate(&z, Z_FINISH)
                    return (status, output.count - Int(z.avail_out))
                }
                out.append(contentsOf: chunk[0..<n])
                if status == Z_STREAM_END { break }
                precondition(status == Z_OK || status == Z_BUF_ERROR, "deflate failed: \(status)")
            }
        }
        return out
    }

    /// The CRC-32 of `bytes` (zlib's `crc32`).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 { CRC32.update(0, bytes) }
}
