extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `s`, copied in one go when its bytes are contiguous (a native
    /// string): `append(contentsOf: s.utf8)` copies byte by byte.
    public mutating func appendUTF8(_ s: String) { appendUTF8(s[...]) }

    /// ``appendUTF8(_:)-(String)`` for a part of a string.
    public mutating func appendUTF8(_ s: Substring) {
        if s.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil { append(contentsOf: s.utf8) }
    }
}
