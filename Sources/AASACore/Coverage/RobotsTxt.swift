/// A robots.txt read as records (RFC 9309 §2.2): `field: value` lines, text after `#` a
/// comment, the field name in any case. `Sitemap:` lines (the Sitemaps protocol, "Specifying
/// the Sitemap location in your robots.txt file") stand anywhere in the file, independent of
/// the user-agent groups; the groups and their `Allow`/`Disallow` rules are in
/// `RobotsTxtGroups.swift`.
public enum RobotsTxt {
    /// Most `Sitemap:` lines taken.
    public static let maxSitemaps = 1_000
    /// Bytes of a robots.txt whose groups are read (RFC 9309 §2.5: a parsing limit of at least 500 KiB).
    public static let maxBytes = 512 * 1024

    /// One `field: value` line: the field lower-cased, the value trimmed, the 1-based line number.
    public struct Record: Sendable, Hashable {
        public var field: String
        public var value: String
        public var line: Int
    }

    /// The records of the first `limit` bytes, in order; lines without a colon are skipped.
    public static func records(_ bytes: [UInt8], limit: Int = Int.max) -> [Record] {
        var out: [Record] = []
        var lineNumber = 0
        var previousWasCR = false
        var start = 0
        let body = bytes.prefix(limit)
        func take(_ end: Int) {
            lineNumber += 1
            var line = Substring(String(decoding: body[start..<end], as: UTF8.self))
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { return }
            let field = String(line[..<colon]).trimmingCharacters(in: " \t\u{FEFF}").lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: " \t")
            out.append(Record(field: field, value: value, line: lineNumber))
        }
        for (i, b) in body.enumerated() where b == 0x0A || b == 0x0D {
            // CR LF is one line break.
            if b == 0x0A && previousWasCR && start == i { start = i + 1; previousWasCR = false; continue }
            take(i)
            start = i + 1
            previousWasCR = b == 0x0D
        }
        if start < body.count { take(body.count) }
        return out
    }

    /// The sitemap URLs named, in order, each once.
    public static func sitemaps(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for record in records(bytes) where record.field == "sitemap" {
            guard !record.value.isEmpty, seen.insert(record.value).inserted else { continue }
            out.append(record.value)
            if out.count == maxSitemaps { break }
        }
        return out
    }
}
