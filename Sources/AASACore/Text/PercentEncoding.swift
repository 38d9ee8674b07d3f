/// The project's one percent-encoder (RFC 3986 §2.1): each byte of the UTF-8 text that is not
/// kept becomes `%XX` with upper-case hex digits.
public enum PercentEncoding {
    /// `s` with every UTF-8 byte for which `keep` is false percent-encoded.
    public static func encode(_ s: String, keeping keep: (UInt8) -> Bool) -> String {
        guard s.utf8.contains(where: { !keep($0) }) else { return s }
        var out = ""
        for byte in s.utf8 {
            if keep(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + Hex.format(byte, width: 2)
            }
        }
        return out
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
