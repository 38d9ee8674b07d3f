/// The project's one hex formatter: upper-case digits unless asked, zero-padded to a width.
public enum Hex {
    /// `value` in hex, at least `width` digits (`Hex.format(0x1B) == "1B"`,
    /// `Hex.format(0xE9, width: 4) == "00E9"`).
    public static func format<T: BinaryInteger>(_ value: T, width: Int = 1, uppercase: Bool = true) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `bytes` as hex pairs separated by `separator` (`"4D 5A"`).
    public static func bytes<S: Sequence>(_ bytes: S, separator: String = " ") -> String where S.Element == UInt8 {
        bytes.map { format($0, width: 2) }.joined(separator: separator)
    }
}
