import AASACore

/// A dynamic App Links rule as the reference reads it (spec `assetlinks-reference.md` §3.1).
struct ReferenceRule: Sendable {
    var path: String?
    var fragment: String?
    var query: [(name: String, value: String)] = []
    var exclude = false
}

/// A plain reading of spec §3.2, written from its text and nothing else, for the differential
/// tests and the fuzzer: split and decode the URL as `android.net.Uri` does, then try the
/// rules in order with the pattern algorithm as the spec words it. No shared code with
/// `Sources/AASACore/AssetLinks` beyond the public types it returns.
enum ReferenceDynamicMatcher {
    /// The deciding rule's index and whether it opens the app; `nil` for no match.
    static func decide(_ rules: [ReferenceRule], url: String) -> (rule: Int?, opens: Bool) {
        let (path, query, fragment) = parts(url)
        for (i, rule) in rules.enumerated() where matches(rule, path, query, fragment) { return (i, !rule.exclude) }
        return (nil, false)
    }

    static func matches(_ rule: ReferenceRule, _ path: [UInt16], _ query: [UInt16]?, _ fragment: [UInt16]?) -> Bool {
        if rule.path == nil && rule.fragment == nil && rule.query.isEmpty { return false }
        if let p = rule.path, !glob(Array(p.utf16), path) { return false }
        if let f = rule.fragment {
            guard let fragment, glob(Array(f.utf16), fragment) else { return false }
        }
        if !rule.query.isEmpty {
            guard let query else { return false }
            // UriRelativeFilter.matchQuery: split on "&", or on ";" when that gives one part.
            var params = split(query, 0x26)
            if params.count == 1 { params = split(query, 0x3B) }
            for (name, value) in rule.query {
                let head = Array(name.utf16) + [0x3D]
                let hit = params.contains { p in p.count >= head.count && Array(p.prefix(head.count)) == head && glob(Array(value.utf16), Array(p.dropFirst(head.count))) }
                if !hit { return false }
            }
        }
        return true
    }

    /// Java's String.split for one character: trailing empty strings are removed.
    static func split(_ s: [UInt16], _ c: UInt16) -> [[UInt16]] {
        if s.isEmpty { return [[]] }
        var out: [[UInt16]] = [[]]
        for u in s {
            if u == c { out.append([]) } else { out[out.count - 1].append(u) }
        }
        while let last = out.last, last.isEmpty { out.removeLast() }
        return out
    }

    /// The pattern algorithm of §3.2 in its own words: literal code units must be equal; a run
    /// of wildcards with k `?` and a `*` skips k units, then `*` at the end takes the rest and
    /// `*` before a literal goes to that literal's first occurrence and takes it; a `?` run
    /// alone skips its units; the match ends when pattern and string end together.
    static func glob(_ p: [UInt16], _ s: [UInt16]) -> Bool {
        var i = 0, j = 0
        while i < p.count {
            if p[i] == 0x2A || p[i] == 0x3F {
                var ones = 0, star = false
                while i < p.count && (p[i] == 0x2A || p[i] == 0x3F) {
                    if p[i] == 0x2A { star = true } else { ones += 1 }
                    i += 1
                }
                if j + ones > s.count { return false }
                j += ones
                if star {
                    if i == p.count { return true }
                    let c = p[i]
                    i += 1
                    while j < s.count && s[j] != c { j += 1 }
                    if j == s.count { return false }
                    j += 1
                }
            } else {
                if j >= s.count || s[j] != p[i] { return false }
                i += 1
                j += 1
            }
        }
        return j == s.count
    }

    /// getPath(), getQuery(), getFragment() of `url`, decoded.
    static func parts(_ url: String) -> ([UInt16], [UInt16]?, [UInt16]?) {
        let u = Array(url.utf16)
        var fragment: [UInt16]?
        var rest = u
        if let h = u.firstIndex(of: 0x23) {
            fragment = decode(Array(u[(h + 1)...]))
            rest = Array(u[..<h])
        }
        var query: [UInt16]?
        if let q = rest.firstIndex(of: 0x3F) {
            query = decode(Array(rest[(q + 1)...]))
            rest = Array(rest[..<q])
        }
        // "scheme://authority" before the path.
        if let colon = rest.firstIndex(of: 0x3A), colon > 0, !rest[..<colon].contains(0x2F) {
            rest = Array(rest[(colon + 1)...])
            if rest.count >= 2 && rest[0] == 0x2F && rest[1] == 0x2F {
                var k = 2
                while k < rest.count && rest[k] != 0x2F && rest[k] != 0x5C { k += 1 }
                rest = Array(rest[k...])
            }
        }
        return (decode(rest), query, fragment)
    }

    /// Uri.decode (UriCodec, AOSP): `%XX` bytes decoded as UTF-8 (U+FFFD for bad sequences);
    /// `%` at the end: U+FFFD and stop; `%` and a non-hex character: U+FFFD, the character
    /// consumed, the value read so far kept as a byte.
    static func decode(_ s: [UInt16]) -> [UInt16] {
        var out: [UInt16] = []
        var bytes: [UInt8] = []
        func flush() {
            if !bytes.isEmpty { out += Array(String(decoding: bytes, as: UTF8.self).utf16) }
            bytes = []
        }
        func hex(_ c: UInt16) -> UInt8? {
            switch c {
            case 0x30...0x39: return UInt8(c - 0x30)
            case 0x41...0x46: return UInt8(c - 0x41 + 10)
            case 0x61...0x66: return UInt8(c - 0x61 + 10)
            default: return nil
            }
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            i += 1
            if c != 0x25 {
                flush()
                out.append(c)
                continue
            }
            var value: UInt8 = 0
            var digits = 0
            while digits < 2 {
                if i >= s.count {
                    flush()
                    out.append(0xFFFD)
                    return out
                }
                let d = s[i]
                i += 1
                guard let v = hex(d) else {
                    flush()
                    out.append(0xFFFD)
                    break
                }
                value = value &* 16 &+ v
                digits += 1
            }
            bytes.append(value)
        }
        flush()
        return out
    }
}

/// Small random rule lists and URLs over a narrow alphabet, so rules and URLs meet often.
enum RandomRules {
    static let patternAtoms = ["a", "b", "/", "*", "*", "?", "?*", ".", "=", "é", "😀", "%", "&", ";"]
    static let urlAtoms = ["a", "b", "/", "?", "#", "&", ";", "=", "%2F", "%26", "%3D", "%zz", "%", "+", ".", "é", "%C3%A9", "%F0%9F%98%80", "%E9"]

    static func pattern<S: ChoiceSource>(_ s: inout S, path: Bool) -> String {
        var out = path && s.next(3) > 0 ? "/" : ""
        for _ in 0..<(1 + s.next(4)) { out += patternAtoms[s.next(patternAtoms.count)] }
        return out
    }

    static func rules<S: ChoiceSource>(_ s: inout S, max: Int) -> [ReferenceRule] {
        (0..<(1 + s.next(max))).map { _ in
            var r = ReferenceRule()
            let keys = 1 + s.next(7)
            if keys & 1 != 0 { r.path = pattern(&s, path: true) }
            if keys & 2 != 0 { r.fragment = pattern(&s, path: false) }
            if keys & 4 != 0 {
                let names = ["a", "b", "c"]
                for k in 0..<(1 + s.next(2)) { r.query.append((names[k], pattern(&s, path: false))) }
            }
            r.exclude = s.next(3) == 0
            return r
        }
    }

    /// The rules as the statement list of one app.
    static func json(_ rules: [ReferenceRule]) -> String {
        func q(_ s: String) -> String {
            var out = ""
            JSONText.quote(s, into: &out)
            return out
        }
        let items = rules.map { r -> String in
            var keys: [String] = []
            if let p = r.path { keys.append("\"/\": \(q(p))") }
            if let f = r.fragment { keys.append("\"#\": \(q(f))") }
            if !r.query.isEmpty { keys.append("\"?\": {" + r.query.map { "\(q($0.name)): \(q($0.value))" }.joined(separator: ", ") + "}") }
            if r.exclude { keys.append("\"exclude\": true") }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        return #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.shopwave.app", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["#
            + items.joined(separator: ", ") + "]}}}]"
    }

    static func url<S: ChoiceSource>(_ s: inout S) -> String {
        var out = s.next(4) == 0 ? "https://shop.example" : "https://shop.example/"
        for _ in 0..<s.next(8) { out += urlAtoms[s.next(urlAtoms.count)] }
        return out
    }
}
