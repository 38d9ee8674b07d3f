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
    /// A provisioning profile ends before its CMS structure does.
    case truncatedProfile(String)
    /// A file that starts as a CMS envelope but does not hold a signed property list.
    case malformedProfile(String)

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
            return "truncated provisioning profile: \(why)"
        case .malformedProfile(let why):
            return "malformed provisioning profile: \(why)"
        }
    }
}
