import AASAArtifacts
import AASACore
import Foundation

/// Reads local inputs with a size cap, so no input can exhaust memory.
public enum InputFile {
    /// What kind of file is being read: it says what to give instead of a directory.
    public enum Kind: Sendable {
        /// An apple-app-site-association file.
        case domainFile
        /// A route list (`--routes`).
        case routeList
        /// The CI configuration (`--config`).
        case configuration
        /// Entitlements, an `.xcent` or a provisioning profile.
        case entitlements
        /// A list of domains, one a line (`--domains`).
        case domainList
        /// Any other file.
        case file

        /// What to do when `path` is a directory.
        func directoryHint(_ path: String) -> String {
            switch self {
            case .domainFile: return "give the file itself (e.g. \(path)/.well-known/apple-app-site-association)"
            case .routeList: return "give the route list file (one route a line, or JSON)"
            case .configuration: return "give the configuration file itself (e.g. \(path)/aasa-check.json)"
            case .entitlements: return "give the .entitlements, .xcent or .mobileprovision file"
            case .domainList: return "give the file of domains, one a line"
            case .file: return "give a file"
            }
        }
    }

    /// The bytes read and what is known of the input's size.
    public struct Contents: Sendable {
        /// At most `limit + 1` bytes: the whole input, or its first part when ``stoppedAtLimit``.
        public var bytes: [UInt8]
        /// The whole input's size in bytes when ``sizeKnown``; otherwise the bytes read, a
        /// lower bound.
        public var totalSize: Int
        /// The most bytes the reader wanted (it reads one more to tell a larger input).
        public var limit: Int
        /// Whether the input is larger than ``limit``, so that ``bytes`` is only its first part.
        public var stoppedAtLimit: Bool { bytes.count > limit || totalSize > limit }
        /// Whether ``totalSize`` is the input's real size. `false` when reading stopped at the
        /// limit of standard input, whose size cannot be asked (a pipe); paths name regular files.
        public var sizeKnown: Bool

        /// `"N bytes"`, or `"more than LIMIT bytes"` when the real size is unknown.
        public var sizeDescription: String {
            sizeKnown ? "\(totalSize) bytes" : "more than \(limit) bytes"
        }

        /// `"WHAT is N bytes, over the limit of LIMIT bytes"`, or `"WHAT is more than the limit
        /// of LIMIT bytes"` when the real size is unknown: the reason an input is refused.
        public func tooLarge(_ what: String) -> String {
            sizeKnown ? "\(what) is \(totalSize) bytes, over the limit of \(limit) bytes"
                : "\(what) is more than the limit of \(limit) bytes"
        }

        /// The bytes validated as a domain file (``Validator/validate(_:domain:totalSize:)``)
        /// with the size as known: when the real size is unknown, AASA107 says "more than
        /// LIMIT bytes" rather than naming the bytes read as the file's size.
        public func validated(domain: String?) -> ValidationResult {
            var result = Validator.validate(bytes, domain: domain, totalSize: totalSize)
            if !sizeKnown {
                result.diagnostics = result.diagnostics.map { d in
                    guard d.code == .aasa107 else { return d }
                    var d = d
                    d.message = "the file is \(sizeDescription); Apple's systems read at most \(Validator.sizeLimit) bytes"
                    return d
                }
            }
            return result
        }
    }

    /// Reads `path` (or standard input for `-`), at most `limit + 1` bytes. A path must name a
    /// regular file: a FIFO, a device, a socket or anything under `/proc` or `/sys` is refused
    /// before a byte is read (``LocalFile``, ``LocalInputRule``); streams come on standard input.
    /// - Parameter kind: what the file is, for the hint when `path` is a directory.
    /// - Throws: ``UsageError`` naming the path and the reason (missing, a directory, refused,
    ///   unreadable), with what to do.
    public static func read(_ path: String, limit: Int, kind: Kind = .file, console: Console) throws -> Contents {
        if path == "-" {
            guard let bytes = console.readStandardInput(limit) else {
                throw UsageError("cannot read standard input")
            }
            return Contents(bytes: bytes, totalSize: bytes.count, limit: limit, sizeKnown: bytes.count <= limit)
        }
        let opened: LocalFile.Opened
        do {
            opened = try LocalFile.open(path)
        } catch {
            throw usageError(error, kind: kind)
        }
        do {
            let bytes = try opened.read(upTo: limit + 1, path: path)
            // A regular file says how large it is (checked when it was opened).
            return Contents(bytes: bytes, totalSize: max(opened.size, bytes.count), limit: limit, sizeKnown: true)
        } catch {
            throw UsageError("\(SafeText.value(path)): \(error.reason)")
        }
    }

    /// The usage error for a local input that is not read, with what to do.
    static func usageError(_ refusal: LocalFile.Refusal, kind: Kind) -> UsageError {
        let path = SafeText.value(refusal.path)
        switch refusal.cause {
        case .missing: return UsageError("\(path): no such file")
        case .directory: return UsageError("\(path): is a directory; \(kind.directoryHint(path))")
        case .refused where kind != .file && (refusal.type == .fifo || refusal.type == .characterDevice):
            return UsageError("\(path): \(refusal.reason); a stream is read from standard input (-), up to its limit")
        case .refused, .failed: return UsageError("\(path): \(refusal.reason)")
        }
    }
}
