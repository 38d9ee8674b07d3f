/// Why an entitlements file or provisioning profile could not be read at all.
///
/// Thrown by ``EntitlementsFile/read(_:path:)``. These are not findings about the content:
/// the command line reports them as a usage error (exit status 2, spec `cli.md`), one line
/// each, naming the file.
public enum EntitlementsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no bytes.
    case empty
    /// The file is larger than the reader accepts (`bytes` read, `limit` in bytes).
    case tooLarge(bytes: Int, limit: Int)
    /// The bytes are neither an XML property list, a binary property list nor a CMS-signed
    /// provisioning profile; the payload says what they look like.
    case notAPropertyList(String)
    /// The bytes look like a property list but Foundation's parser rejects them; the payload
    /// is the parser's reason (with its line number for XML).
    case malformedPropertyList(String)
    /// The property list parsed but its top level is not a dictionary (payload: its type).
    case notADictionary(String)
    /// A provisioning profile ends before its CMS structure does (a partial download or copy);
    /// the payload says where, in terms of the file's bytes.
    case truncatedProfile(String)
    /// A file that starts as a CMS envelope but does not hold a signed property list.
    case malformedProfile(String)
    /// A binary property list (`bplist00`) whose structure is broken: a damaged trailer, an
    /// offset or reference outside the file, a cycle of references, an object of an unknown
    /// type. The payload says what and where (object number, byte offset). Found by
    /// ``BinaryPlistGuard`` before Foundation reads the file.
    case malformedBinaryPropertyList(String)
    /// A binary property list beyond what is read: its shared references expand to too many
    /// objects, or it nests too deep (``BinaryPlistGuard``). Refused so that a few hundred bytes
    /// cannot take unbounded memory and time.
    case binaryPropertyListTooLarge(BinaryPropertyListLimit)

    /// The limit a binary property list went beyond.
    public enum BinaryPropertyListLimit: Sendable, Hashable {
        /// More than this many objects once every reference is expanded.
        case objects(Int)
        /// More than this many bytes of strings and data once every reference is expanded.
        case bytes(Int)
        /// Arrays and dictionaries nested deeper than this many levels.
        case depth(Int)
    }

    public var description: String {
        switch self {
        case .empty:
            return "the file is empty"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes; entitlements and profiles are read up to \(limit) bytes"
        case .notAPropertyList(let what):
            return "not a property list or provisioning profile: \(what)"
        case .malformedPropertyList(let why):
            return "malformed property list: \(why)"
        case .notADictionary(let type):
            return "the property list's top level is \(type), not a dictionary of entitlements"
        case .truncatedProfile(let why):
            return "the provisioning profile is cut short: \(why); download it again"
        case .malformedProfile(let why):
            return "malformed provisioning profile: \(why)"
        case .malformedBinaryPropertyList(let why):
            return "malformed binary property list: \(why)"
        case .binaryPropertyListTooLarge(.objects(let limit)):
            return "the binary property list expands to more than \(grouped(limit)) objects (shared references): "
                + "it is not read, as expanding it would take unbounded memory and time"
        case .binaryPropertyListTooLarge(.bytes(let limit)):
            return "the binary property list's shared strings and data expand to more than \(grouped(limit)) bytes "
                + "once every reference is read: it is not read, as expanding it would take unbounded memory and time"
        case .binaryPropertyListTooLarge(.depth(let limit)):
            return "the binary property list nests arrays and dictionaries deeper than \(limit) levels: it is not read"
        }
    }
}

/// `100000` as `100,000`.
private func grouped(_ n: Int) -> String {
    var digits = String(n.magnitude)
    var out = ""
    while digits.count > 3 {
        out = "," + digits.suffix(3) + out
        digits.removeLast(3)
    }
    return (n < 0 ? "-" : "") + digits + out
}
