/// The bulk-matching path: decides a URL string without building intermediate strings.
///
/// URLs made only of printable ASCII (the form URLs travel in) are split, normalised and
/// matched on their UTF-8 bytes in stack buffers. Anything else — non-ASCII text, or a `%`
/// where a rule decodes percent escapes — goes through ``URLParts`` and the general path, so
/// both paths give the same decisions (the test suite compares them).
extension DocumentMatcher {
    /// The decision for a URL string (or a path, which skips the host check).
    /// - Returns: the decision and the indices of the deciding entry and rule; `nil` when the
    ///   string is neither a URL nor a path.
    public func decision(_ url: String, appID: String) -> (decision: MatchDecision, detail: Int?, component: Int?)? {
        var shared: EntryCaches?
        return decision(url, entry: entry(for: appID), appID: appID, caches: &shared)
    }

    /// ``decision(_:appID:)`` for the entry that decides for `appID`, with a ``URLDecider``'s
    /// caches (`nil`: the entry's shared ones).
    func decision(_ url: String, entry compiled: CompiledEntry?, appID: String, caches: inout EntryCaches?)
        -> (decision: MatchDecision, detail: Int?, component: Int?)? {
        guard let compiled else {
            return URLParts(url) == nil ? nil : (.noMatch, nil, nil)
        }
        var text = url
        let fast = text.withUTF8 { bytes in fastDecision(bytes, compiled, caches: &caches) }
        switch fast {
        case .decided(let d, let c):
            return (d, compiled.entry.index, c)
        case .notAURL:
            return nil
        case .useGeneralPath:
            guard let parts = URLParts(url) else { return nil }
            return decision(parts, appID: appID, caches: &caches)
        case .outside:
            return (.noMatch, nil, nil)
        }
    }

    enum FastOutcome {
        case decided(MatchDecision, Int?)
        /// Wrong scheme or host: nothing decides.
        case outside
        case notAURL
        case useGeneralPath
    }

    func fastDecision(_ url: UnsafeBufferPointer<UInt8>, _ compiled: CompiledEntry, caches: inout EntryCaches?) -> FastOutcome {
        let n = url.count
        // Characters URLParts would percent-encode take the general path.
        var kinds: UInt8 = 0
        Self.byteKinds.withUnsafeBufferPointer { table in
            for b in url { kinds |= table[Int(b)] }
        }
        if kinds & Self.encoded != 0 { return .useGeneralPath }
        let hasPercent = kinds & Self.percent != 0
        if hasPercent && compiled.decodes { return .useGeneralPath }
        // Scheme and host: `https://` and the host as the matcher has them (the common case, in
        // one comparison), else the general reading.
        var pathStart = 0
        if let quick = quickPathStart(url) {
            pathStart = quick
        } else if let sep = Self.find(url, "://") {
            let scheme = UnsafeBufferPointer(rebasing: url[0..<sep])
            let isHTTP = Self.equalsFolded(scheme, Self.https) || Self.equalsFolded(scheme, Self.http)
            guard scheme.first.map(Self.isLetter) == true,
                  scheme.allSatisfy({ Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
            else { return .useGeneralPath }
            let i = sep + 3
            var hostEnd = i
            while hostEnd < n, url[hostEnd] != 0x2F, url[hostEnd] != 0x3F, url[hostEnd] != 0x23 { hostEnd += 1 }
            if !isHTTP { return .outside }
            if let host = hostBytes {
                var hostStart = i
                for k in i..<hostEnd where url[k] == 0x40 { hostStart = k + 1 }
                var end = hostEnd
                if hostStart < hostEnd, url[hostStart] != 0x5B {
                    for k in hostStart..<hostEnd where url[k] == 0x3A { end = k }
                }
                if !Self.equalsFolded(UnsafeBufferPointer(rebasing: url[hostStart..<end]), host) { return .outside }
            }
            pathStart = hostEnd
        } else if n > 0, url[0] == 0x2F || url[0] == 0x3F || url[0] == 0x23 {
            pathStart = 0
        } else {
            return .notAURL
        }
        if compiled.matchesAll { return .decided(.match, nil) }
        // The path's end, and whether it has a run of `/` to collapse.
        let (pathEnd, slashes) = Self.pathEnd(url, from: pathStart)
        var query = pathEnd..<pathEnd
        var fragment = n..<n
        var k = pathEnd
        if k < n, url[k] == 0x3F {
            var e = k + 1
            while e < n, url[e] != 0x23 { e += 1 }
            query = (k + 1)..<e
            k = e
        }
        if k < n, url[k] == 0x23 { fragment = (k + 1)..<n }
        let path = UnsafeBufferPointer(rebasing: url[pathStart..<pathEnd])
        // Room for the normalised path, then for the URL folded (filled only when a rule that
        // folds case needs it) and the path folded, then a byte that says whether the URL was
        // folded already (a flag in the buffer, as a captured variable would be allocated).
        let room = path.count + 2
        let capacity = room + (compiled.folds ? n + room : 0) + 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            if strategy == .automaton {
                buffer[capacity - 1] = 0
                func folded() -> UnsafeBufferPointer<UInt8> {
                    if buffer[capacity - 1] == 0 {
                        for j in 0..<n { buffer[room + j] = Self.lower(url[j]) }
                        buffer[capacity - 1] = 1
                    }
                    return UnsafeBufferPointer(rebasing: buffer[room..<(room + n)])
                }
                // Spec §5 normalisation: without a run of `/`, only its ends may change.
                let found: FastOutcome?
                if slashes {
                    let length = Self.normalize(path, into: buffer)
                    found = automatonDecision(compiled, lead: false, path: UnsafeBufferPointer(rebasing: buffer[0..<length]), trail: false,
                                              url: url, query: query, fragment: fragment, caches: &caches, folded: folded)
                } else {
                    let lead = path.first != 0x2F && path.first != 0x2A
                    let last = path.last ?? 0x2F
                    found = automatonDecision(compiled, lead: lead, path: path, trail: last != 0x2F && last != 0x2A,
                                              url: url, query: query, fragment: fragment, caches: &caches, folded: folded)
                }
                if let found { return found }
            }
            let length = Self.normalize(path, into: buffer)
            let rawPath = UnsafeBufferPointer(rebasing: buffer[0..<length])
            guard compiled.folds else {
                return ruleByRuleDecision(compiled, path: rawPath, url: url, query: query, fragment: fragment,
                                          foldedPath: rawPath, foldedURL: url)
            }
            for j in 0..<n { buffer[room + j] = Self.lower(url[j]) }
            for j in 0..<length { buffer[room + n + j] = Self.lower(buffer[j]) }
            return ruleByRuleDecision(compiled, path: rawPath, url: url, query: query, fragment: fragment,
                                      foldedPath: UnsafeBufferPointer(rebasing: buffer[(room + n)..<(room + n + length)]),
                                      foldedURL: UnsafeBufferPointer(rebasing: buffer[room..<(room + n)]))
        }
    }

    /// Where the path starts when `url` begins with `https://` and then the matcher's host (or
    /// any host when it has none) up to a `/`, `?`, `#` or the end, compared as the general
    /// reading compares them; `nil` otherwise (the general reading decides).
    @inline(__always)
    private func quickPathStart(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let prefix = httpsHost, url.count >= prefix.count, let base = url.baseAddress else { return nil }
        // Eight bytes at a time: a byte equals the prefix's when equal once the mask's case
        // bit (set for letters) is or-ed in.
        let matched = prefix.withUnsafeBytes { p in
            httpsHostCaseBits.withUnsafeBytes { m in
                let count = p.count
                var j = 0
                while true {
                    let at = min(j, count - 8)
                    let u = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    let want = p.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    let mask = m.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    if u | mask != want { return false }
                    j += 8
                    if j >= count { return true }
                }
            }
        }
        guard matched else { return nil }
        var end = prefix.count
        if hostBytes == nil {
            while end < url.count, url[end] != 0x2F, url[end] != 0x3F, url[end] != 0x23 { end += 1 }
        }
        guard end == url.count || url[end] == 0x2F || url[end] == 0x3F || url[end] == 0x23 else { return nil }
        return end
    }

    /// The end of the path that starts at `start` (the first `?` or `#`, or the end), and
    /// whether the path has two `/` in a row. Eight bytes at a time.
    @inline(__always)
    static func pathEnd(_ url: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, slashes: Bool) {
        let n = url.count
        guard let base = url.baseAddress else { return (start, false) }
        var at = start
        var slashes = false
        // Whether the byte before `at` is a `/` of the path.
        var previousSlash = false
        while at + 8 <= n {
            let w = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let stops = zeroBytes(w ^ 0x3F3F_3F3F_3F3F_3F3F) | zeroBytes(w ^ 0x2323_2323_2323_2323)
            var slash = zeroBytes(w ^ 0x2F2F_2F2F_2F2F_2F2F)
            // Only the bytes before the first stop are the path's.
            if stops != 0 { slash &= (stops & (0 &- stops)) &- 1 }
            if slash & (slash >> 8) != 0 || (previousSlash && slash & 0x80 != 0) { slashes = true }
            if stops != 0 { return (at + stops.trailingZeroBitCount / 8, slashes) }
            previousSlash = slash >> 63 != 0
            at += 8
        }
        while at < n {
            let b = url[at]
            if b == 0x3F || b == 0x23 { break }
            if b == 0x2F {
                if previousSlash { slashes = true }
                previousSlash = true
            } else {
                previousSlash = false
            }
            at += 1
        }
        return (at, slashes)
    }

    /// 0x80 in each byte of `v` that is zero, 0 in the others (exact: no borrow between bytes).
    @inline(__always)
    static func zeroBytes(_ v: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((v & low) &+ low) | v | low)
    }

    /// The decision by the entry's automaton: the rules the path leads to, checked for `?` and
    /// `#` in order; `nil` when the automaton gives up (or another thread holds the shared
    /// caches). A path reaches the fast path only when it reads the same in both views: it has
    /// no `%`, or no rule decodes.
    /// - Parameters:
    ///   - lead, path, trail: the normalised path: `path`, after a `/` when `lead` and before
    ///     one when `trail`.
    ///   - folded: the URL folded, for the rules that fold case.
    private func automatonDecision(_ compiled: CompiledEntry, lead: Bool, path: UnsafeBufferPointer<UInt8>, trail: Bool,
                                   url: UnsafeBufferPointer<UInt8>, query: Range<Int>, fragment: Range<Int>,
                                   caches: inout EntryCaches?, folded: () -> UnsafeBufferPointer<UInt8>) -> FastOutcome? {
        let rules = compiled.rules
        func search(_ owned: inout EntryCaches) -> EntryAutomaton.Found {
            compiled.automaton.search(&owned, lead: lead, path, trail: trail) { i in
                let rule = rules[i]
                if rule.decidesOnPath { return true }
                return Self.conditionsHold(rule, url: url, foldedURL: rule.caseSensitive ? url : folded(),
                                           query: query, fragment: fragment)
            }
        }
        let found = caches != nil ? search(&caches!) : compiled.automaton.withSharedCaches(search)
        switch found {
        case .rule(let i)?: return .decided(rules[i].exclude ? .exclude : .match, rules[i].rule.index)
        case .none?: return .decided(.noMatch, nil)
        case .gaveUp?, nil: return nil
        }
    }

    /// Every rule in order (``MatchStrategy/ruleByRule``); `foldedPath` and `foldedURL` are
    /// the path and URL folded when some rule folds case.
    private func ruleByRuleDecision(_ compiled: CompiledEntry, path: UnsafeBufferPointer<UInt8>, url: UnsafeBufferPointer<UInt8>,
                                    query: Range<Int>, fragment: Range<Int>,
                                    foldedPath: UnsafeBufferPointer<UInt8>, foldedURL: UnsafeBufferPointer<UInt8>) -> FastOutcome {
        for rule in compiled.rules {
            let p = rule.caseSensitive ? path : foldedPath
            if let pattern = rule.path, !pattern.matches(ascii: p) { continue }
            if !Self.conditionsHold(rule, url: url, foldedURL: rule.caseSensitive ? url : foldedURL, query: query, fragment: fragment) {
                continue
            }
            return .decided(rule.exclude ? .exclude : .match, rule.rule.index)
        }
        return .decided(.noMatch, nil)
    }

    /// Whether the rule's `?` and `#` hold; `foldedURL` is the URL as the rule reads it.
    @inline(__always)
    static func conditionsHold(_ rule: CompiledRule, url: UnsafeBufferPointer<UInt8>, foldedURL u: UnsafeBufferPointer<UInt8>,
                               query: Range<Int>, fragment: Range<Int>) -> Bool {
        if let pattern = rule.fragment, !pattern.matches(ascii: UnsafeBufferPointer(rebasing: u[fragment])) { return false }
        switch rule.query {
        case .whole(let pattern)?:
            return pattern.matches(ascii: UnsafeBufferPointer(rebasing: u[query]))
        case .items(let items)?:
            // Names are compared exactly as written, so they come from the unfolded URL.
            return itemsMatch(items, names: url, values: u, query: query)
        case nil:
            return true
        }
    }

    static func itemsMatch(_ items: [(name: String, pattern: CompiledPattern)], names: UnsafeBufferPointer<UInt8>,
                           values: UnsafeBufferPointer<UInt8>, query: Range<Int>) -> Bool {
        for (name, pattern) in items {
            var seen = false
            var ok = true
            name.utf8.withContiguousStorageIfAvailable { nameBytes in
                var start = query.lowerBound
                while start <= query.upperBound && ok {
                    var end = start
                    while end < query.upperBound, names[end] != 0x26 { end += 1 }
                    if end > start {
                        var eq = start
                        while eq < end, names[eq] != 0x3D { eq += 1 }
                        if eq - start == nameBytes.count && memcmpEqual(names, start, nameBytes) {
                            seen = true
                            let valueStart = eq < end ? eq + 1 : end
                            if !pattern.matches(ascii: UnsafeBufferPointer(rebasing: values[valueStart..<end])) { ok = false }
                        }
                    }
                    start = end + 1
                }
            }
            if !ok { return false }
            if !seen && !pattern.matches([]) { return false }
        }
        return true
    }

    @inline(__always)
    static func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ at: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for j in 0..<b.count where a[at + j] != b[j] { return false }
        return true
    }

    /// Spec §5 path normalisation on bytes; returns the length written.
    static func normalize(_ path: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var len = 0
        if path.first != 0x2F && path.first != 0x2A {
            out[0] = 0x2F
            len = 1
        }
        for b in path {
            if b == 0x2F, len > 0, out[len - 1] == 0x2F { continue }
            out[len] = b
            len += 1
        }
        if len == 0 || (out[len - 1] != 0x2F && out[len - 1] != 0x2A) {
            out[len] = 0x2F
            len += 1
        }
        return len
    }

    /// ``byteKinds`` flags: a byte URLParts would percent-encode, and `%`.
    static let encoded: UInt8 = 1
    static let percent: UInt8 = 2
    static let byteKinds: [UInt8] = (0..<256).map { b in
        if b < 0x21 || b > 0x7E || b == 0x22 || b == 0x3C || b == 0x3E || b == 0x60 { return encoded }
        return b == 0x25 ? percent : 0
    }

    static let https: [UInt8] = Array("https".utf8)
    static let http: [UInt8] = Array("http".utf8)

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b + 0x20 : b }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    static func equalsFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        for j in 0..<b.count where lower(a[j]) != lower(b[j]) { return false }
        return true
    }

    static func find(_ s: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Int? {
        let m = needle.utf8CodeUnitCount
        guard s.count >= m else { return nil }
        let p = needle.utf8Start
        var i = 0
        while i + m <= s.count {
            // Stop at the first character that cannot be in a scheme.
            let b = s[i]
            if b == 0x2F || b == 0x3F || b == 0x23 { return nil }
            var j = 0
            while j < m && s[i + j] == p[j] { j += 1 }
            if j == m { return i }
            i += 1
        }
        return nil
    }
}

extension CompiledPattern {
    /// Matches ASCII input bytes (folded already when the pattern is case-insensitive).
    @inline(__always)
    func matches(ascii input: UnsafeBufferPointer<UInt8>) -> Bool {
        if matchesEverything { return true }
        if let prefixBytes {
            guard input.count >= prefixBytes.count else { return false }
            for j in 0..<prefixBytes.count where input[j] != prefixBytes[j] { return false }
            return true
        }
        if let literalBytes {
            guard input.count == literalBytes.count else { return false }
            for j in 0..<input.count where input[j] != literalBytes[j] { return false }
            return true
        }
        if input.count < minLength { return false }
        if let maxLength, input.count > maxLength { return false }
        if let segments { return segments.matches(input) }
        return simulate(input)
    }
}
