// The output oracle the fuzz targets share (scripts/fuzz.sh builds it with them).
import AASACore

enum FuzzOracle {
    /// Fails the run unless `d` has a registered code and a message and hint that are bounded
    /// (4 × ``SafeText/messageLimit`` bytes) and, as the text format prints them
    /// (``SafeText/message(_:limit:)``: the other formats escape by their own rules), hold no
    /// raw control, format or separator character and are cut to ``SafeText/messageLimit``
    /// scalars: text from the input reaches a terminal or a CI log only escaped.
    static func check(_ d: Diagnostic) {
        if d.code.doc == nil { fuzzFailure("unregistered code \(d.code.rawValue)") }
        for (what, text) in [("message", d.message), ("hint", d.hint ?? "")] {
            if text.utf8.count > 4 * SafeText.messageLimit {
                fuzzFailure("\(d.code.rawValue) \(what) of \(text.utf8.count) bytes")
            }
            let printed = SafeText.message(text)
            if let c = printed.unicodeScalars.first(where: SafeText.isUnsafe) {
                fuzzFailure("\(d.code.rawValue) \(what) printed with the raw character U+\(String(c.value, radix: 16)): \(SafeText.escape(printed))")
            }
            if printed.unicodeScalars.count > SafeText.messageLimit {
                fuzzFailure("\(d.code.rawValue) \(what) printed in \(printed.unicodeScalars.count) characters")
            }
        }
    }
}
