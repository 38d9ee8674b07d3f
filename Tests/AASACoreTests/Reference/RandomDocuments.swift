import AASACore

/// Where random choices come from: a seeded generator in the tests, the fuzzer's bytes in the
/// fuzz targets (so libFuzzer's mutations steer the documents).
protocol ChoiceSource {
    /// A number in `0..<n` (`n > 0`).
    mutating func next(_ n: Int) -> Int
}

/// SplitMix64: deterministic, so a failing seed reproduces.
struct SeededChoices: ChoiceSource {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// The fuzzer's input read as choices, one byte each; zeros once it is used up.
struct ByteChoices: ChoiceSource {
    let bytes: [UInt8]
    var at = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    mutating func next(_ n: Int) -> Int {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return Int(bytes[at]) % n
    }
}

/// Small documents and URLs over a narrow alphabet, so rules and URLs collide often: every
/// pattern feature of spec §5 (`*`, `?`, `\`, custom and built-in variables, `?` strings and
/// objects, `#`, `exclude`, `caseSensitive`, `percentEncoded`, defaults at both levels, legacy
/// `paths` with `NOT `).
enum RandomDocuments {
    static let app = "ABCDE12345.com.example.app"
    static let host = "example.com"

    static func pick<S: ChoiceSource>(_ items: [String], _ s: inout S) -> String { items[s.next(items.count)] }

    static func pattern<S: ChoiceSource>(_ s: inout S, path: Bool) -> String {
        let atoms = ["a", "b", "A", "/", "*", "*", "?", "?*", "\\*", "%2F", "é", "-", "$(v)", "$(w)", "$(alpha)", "$(digit)",
                     "$(region)", "$(", "$(nope)"]
        var out = path && s.next(3) > 0 ? "/" : ""
        for _ in 0..<s.next(6) { out += pick(atoms, &s) }
        return out
    }

    static func quoted(_ s: String) -> String {
        var out = ""
        JSONText.quote(s, into: &out)
        return out
    }

    static func keys<S: ChoiceSource>(_ s: inout S, rule: Bool) -> [String] {
        var keys: [String] = []
        if s.next(4) > 0 || !rule { if s.next(2) == 0 || rule { keys.append("\"/\": \(quoted(pattern(&s, path: true)))") } }
        switch s.next(5) {
        case 0: keys.append("\"?\": \(quoted(pattern(&s, path: false)))")
        case 1:
            let items = (0..<(1 + s.next(2))).map { _ in "\(quoted(pick(["q", "r", "Q"], &s))): \(quoted(pattern(&s, path: false)))" }
            keys.append("\"?\": {\(items.joined(separator: ", "))}")
        default: break
        }
        if s.next(4) == 0 { keys.append("\"#\": \(quoted(pattern(&s, path: false)))") }
        if s.next(4) == 0 { keys.append("\"exclude\": \(s.next(2) == 0)") }
        if s.next(4) == 0 { keys.append("\"caseSensitive\": \(s.next(2) == 0)") }
        if s.next(4) == 0 { keys.append("\"percentEncoded\": \(s.next(2) == 0)") }
        return keys
    }

    /// A document of one or two entries listing ``app`` (the first decides), as JSON text.
    static func document<S: ChoiceSource>(_ s: inout S, maxRules: Int = 6) -> String {
        var entries: [String] = []
        for _ in 0..<(1 + s.next(2)) {
            var fields = ["\"appIDs\": [\(quoted(s.next(6) == 0 ? "abcde12345.com.example.app" : app))]"]
            switch s.next(6) {
            case 0:
                break  // neither components nor paths: matches everything
            case 1:
                let list = (0..<s.next(maxRules + 1)).map { _ in quoted((s.next(3) == 0 ? pick(["NOT ", "not "], &s) : "") + pattern(&s, path: true)) }
                fields.append("\"paths\": [\(list.joined(separator: ", "))]")
            default:
                let rules = (0..<s.next(maxRules + 1)).map { _ in "{\(keys(&s, rule: true).joined(separator: ", "))}" }
                fields.append("\"components\": [\(rules.joined(separator: ", "))]")
            }
            if s.next(4) == 0 { fields.append("\"defaults\": {\(keys(&s, rule: false).joined(separator: ", "))}") }
            entries.append("{\(fields.joined(separator: ", "))}")
        }
        var applinks = ["\"details\": [\(entries.joined(separator: ", "))]"]
        if s.next(3) == 0 {
            let values = (0..<s.next(4)).map { _ in quoted(pattern(&s, path: false)) }
            applinks.append("\"substitutionVariables\": {\"v\": [\(values.joined(separator: ", "))], \"w\": \(quoted(pick(["b", "*", "", "?a"], &s)))}")
        }
        if s.next(4) == 0 { applinks.append("\"defaults\": {\(keys(&s, rule: false).joined(separator: ", "))}") }
        return "{\"applinks\": {\(applinks.joined(separator: ", "))}}"
    }

    /// The document model of generated JSON, without the validator's checks (the matcher and
    /// route targets fuzz matching, not the analysis; the `document` target fuzzes that).
    static func decode(_ json: String) -> AASADocument? {
        let parsed = StrictJSONParser().parse(json)
        guard let root = parsed.root else { return nil }
        var decoder = DocumentDecoder(sourceMap: parsed.sourceMap)
        return decoder.decode(root)
    }

    /// A URL (or path) over the same alphabet.
    static func url<S: ChoiceSource>(_ s: inout S) -> String {
        let atoms = ["a", "b", "A", "/", "/", "//", "%2F", "%2f", "%41", "é", "-", "GB", "7", "x", "*"]
        var path = ""
        for _ in 0..<s.next(7) { path += pick(atoms, &s) }
        var url = pick(["https://example.com", "https://EXAMPLE.com", "http://example.com:8080", "https://other.example", "ftp://example.com", ""], &s)
        url += url.isEmpty || s.next(4) > 0 ? "/" + path : path
        if s.next(2) == 0 {
            let items = (0..<s.next(3)).map { _ in pick(["q=a", "q=", "q", "r=b%41", "Q=A", "q=é", "q=a&q=b", ""], &s) }
            url += "?" + items.joined(separator: "&")
        }
        if s.next(3) == 0 { url += "#" + pick(["", "a", "x", "A", "%41", "b/"], &s) }
        return url
    }
}
