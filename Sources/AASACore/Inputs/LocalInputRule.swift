/// What a local input may be (issue 22): the one rule every reader of local files asks before
/// it reads a byte. Pure: the caller gives what `stat(2)` and `realpath(3)` said
/// (AASAArtifacts' `LocalFile` does, and opens the file without blocking).
///
/// - A path names a regular file (or a directory, where a directory is what is read: an
///   `.app`, an `.xcarchive`). Standard input is `-`, never a path.
/// - Refused, whatever is asked: FIFOs (named pipes: opening one blocks until a writer comes,
///   reading one may never end), character and block devices (`/dev/zero` never ends,
///   `/dev/urandom` is noise), sockets, and anything under `/proc` or `/sys` (files the kernel
///   makes up as they are read: `/proc/self/environ` is the process's environment, with the
///   secrets of a CI job), as given or once symbolic links are followed.
/// - A file named by another file (a configuration's route list or entitlements, an
///   `.xcconfig`'s `#include`, a bundle's `embedded.mobileprovision`) that is refused, or is not
///   what it should be, is one finding, ``LocalInputRule/finding(path:namedBy:reason:source:)``
///   (AASA116), that quotes nothing of it (a local sitemap an index names: AASA708, likewise);
///   a direct input (a command-line argument) refused is a usage error (exit status 2).
public enum LocalInputRule {
    /// The kind of file `stat(2)` reports (`st_mode & S_IFMT`).
    public enum FileType: Sendable, Hashable {
        case regular, directory, fifo, characterDevice, blockDevice, socket, other

        /// The file type in words, for messages.
        public var words: String {
            switch self {
            case .regular: return "a regular file"
            case .directory: return "a directory"
            case .fifo: return "a FIFO (named pipe)"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            case .other: return "not a regular file"
            }
        }
    }

    /// The trees whose files the kernel makes up as they are read.
    public static let kernelTrees = ["/proc", "/sys"]

    /// Whether `path` (absolute) is `/proc`, `/sys` or inside one of them.
    public static func isKernelPath(_ path: String) -> Bool {
        kernelTrees.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Why a local input is refused, or `nil` when it may be read.
    /// - Parameters:
    ///   - path: the path as given (made absolute by the caller when it was relative, or as
    ///     given: only an absolute one is compared with `/proc` and `/sys`).
    ///   - resolved: the path with every symbolic link followed (`realpath(3)`), when known.
    ///   - type: what `stat(2)` (following links) reports.
    ///   - directoryAllowed: whether a directory is what the reader reads (a bundle).
    /// - Returns: the reason, in words that quote nothing of the file: `is under /proc, …`.
    public static func refusal(path: String, resolved: String?, type: FileType, directoryAllowed: Bool = false) -> String? {
        for candidate in [path, resolved].compactMap({ $0 }) where isKernelPath(candidate) {
            let tree = kernelTrees.first { candidate == $0 || candidate.hasPrefix($0 + "/") }!
            let via = candidate == path ? "" : " (where its symbolic links lead)"
            return "is under \(tree)\(via), whose files the kernel makes up as they are read (the environment, "
                + "memory, settings): not read"
        }
        switch type {
        case .regular:
            return nil
        case .directory:
            return directoryAllowed ? nil : "is a directory"
        case .fifo:
            return "is a FIFO (named pipe), which can block or never end: not read"
        case .characterDevice, .blockDevice:
            return "is \(type.words), not a regular file (a device can never end): not read"
        case .socket, .other:
            return "is \(type.words), not a regular file: not read"
        }
    }

    /// AASA116: a local file that another input names was not read, or was not what it should
    /// be; nothing of it is quoted.
    /// - Parameters:
    ///   - path: the file as the naming input names it.
    ///   - namedBy: the naming input and where (`aasa-check.json`, `Release.xcconfig:3`,
    ///     `App.app`).
    ///   - reason: why, in words that quote nothing of the file (``refusal(path:resolved:type:directoryAllowed:)``,
    ///     or e.g. `is not a route list`).
    ///   - source: the kind of input the finding is about (`routes`, `entitlements`, `sitemap`).
    public static func finding(path: String, namedBy: String, reason: String, source: DiagnosticSource) -> Diagnostic {
        Diagnostic(
            code: .aasa116,
            message: "\(SafeText.escape(path, limit: 300)), named by \(SafeText.escape(namedBy, limit: 300)), \(reason); nothing of it is used or shown",
            hint: "Name a regular file of the right kind (a path relative to the naming file, or absolute), "
                + "not a device, a FIFO or a file under /proc or /sys.",
            target: namedBy, source: source, file: path)
    }
}
