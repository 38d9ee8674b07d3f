/// The `Sitemap:` lines of a robots.txt (RFC 9309 §2.2.4 leaves other records to other
/// specifications; the Sitemaps protocol, "Specifying the Sitemap location in your robots.txt
/// file", defines this one): the field name in any case, the value an absolute URL, anywhere
/// in the file, independent of the user-agent groups.
public enum RobotsTxt {
    /// Most `Sitemap:` lines taken.
    public static let maxSitemaps = 1_000

    /// The sitemap URLs named, in order, each once; text after `#` is a comment.
    public static func sitemaps(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for rawLine in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            var line = Substring(String(decoding: rawLine, as: UTF8.self))
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = String(line[..<colon]).trimmingCharacters(in: " \t\u{FEFF}")
            guard field.lowercased() == "sitemap" else { continue }
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: " \t")
            guard !value.isEmpty, seen.insert(value).inserted else { continue }
            out.append(value)
            if out.count == maxSitemaps { break }
        }
        return out
    }
}
