extension CodeDoc {
    /// A `/` pattern that can never match the URLs it names.
    static let aasa319 = CodeDoc(
        code: .aasa319, severity: .warning,
        title: "A `/` pattern can never match a URL path: holds `#`, `?name=`, a scheme or the domain, or (with `percentEncoded` true) characters an encoded path never holds",
        why: "The `/` pattern is matched against the URL's path alone: the fragment (`#…`), the query (`?…`), the scheme and the host are never part of it, and with `percentEncoded` true (the default) the path is read as written in the URL, where spaces and non-ASCII characters are always percent-encoded. A rule written with any of them never opens the app for the URLs it names, and nothing says so.",
        fix: "Put the query in \"?\" ({\"/\": \"/search\", \"?\": {\"q\": \"*\"}}), the fragment in \"#\", drop the scheme and host, and percent-encode the rest (/caf%C3%A9), or set \"percentEncoded\": false.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/search?q=*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/search", "?": {"q": "*"}}]}]}}"#),
        check: { ctx in DeadPathPattern.findings(ctx) })
}

extension DiagnosticCode {
    /// AASA319: see ``CodeDoc/aasa319``.
    public static let aasa319 = DiagnosticCode(rawValue: "AASA319")
}

/// Finds `/` patterns that cannot match the URLs they were written for (AASA319), and
/// rewrites them.
///
/// What the matcher sees (spec `aasa-reference.md` §5, ``URLParts``): the path ends at the first
/// `?` or `#`, so a path never holds either; with `percentEncoded` true it is compared as
/// written, and characters a URL cannot carry raw (controls, space, `"`, `<`, `>`, `` ` ``,
/// non-ASCII) are always percent-encoded in it. A pattern is reported when it holds such a
/// character on every way to a match (decided on the compiled program, so a `?` wildcard or a
/// variable value that avoids it keeps the pattern alive), and also, whatever the encoding,
/// when it reads as a query (`?name=` with `?` a wildcard: components only, AASA403 covers
/// legacy `paths`), starts with a scheme (`https://…`), or starts with the domain it is
/// served for: such a pattern matches only paths nobody writes.
enum DeadPathPattern {
    /// Why a pattern cannot match, and the rule rewritten.
    struct Finding {
        var reasons: [String]
        /// The pattern split into what belongs in `/`, `?` and `#`.
        var path: String
        var query: QueryPattern?
        var fragment: String?
    }

    static func findings(_ ctx: CheckContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var reportedDefaults = Set<String>()
        for entry in ctx.matcher.entries {
            for compiled in entry.rules {
                guard let pattern = compiled.keys.path, let program = compiled.path else { continue }
                let legacy = compiled.rule.isLegacyPath
                guard let finding = analyse(pattern, program: program, percentEncoded: compiled.percentEncoded,
                                            legacy: legacy, domain: ctx.domain) else { continue }
                let list = legacy ? "paths" : "components"
                let name = "details[\(entry.entry.index)].\(list)[\(compiled.rule.index)]"
                if compiled.rule.keys.path != nil {
                    out.append(ctx.diagnostic(.aasa319, at: compiled.rule.ref,
                                              "the path pattern \(quoted(pattern)) of \(name) can never match the URLs it names: \(finding.reasons.joined(separator: "; "))",
                                              hint: hint(finding, rule: compiled.rule.keys, legacy: legacy)))
                    continue
                }
                // Inherited from defaults: reported once, where the `/` is written.
                let fromEntry = entry.entry.defaults.path != nil
                let pointer = fromEntry ? "/applinks/details/\(entry.entry.index)/defaults/~1" : "/applinks/defaults/~1"
                guard reportedDefaults.insert(pointer).inserted else { continue }
                let node = fromEntry ? entry.entry.node["defaults"]?["/"] : ctx.document.root["applinks"]?["defaults"]?["/"]
                let ref = SourceRef(pointer: pointer, location: ctx.sourceMap.location(of: node?.offset ?? entry.entry.ref.location.offset))
                let level = fromEntry ? "details[\(entry.entry.index)].defaults" : "applinks.defaults"
                out.append(ctx.diagnostic(.aasa319, at: ref,
                                          "the path pattern \(quoted(pattern)) of \(level), inherited by \(name) and the rules that set no \"/\", can never match the URLs it names: \(finding.reasons.joined(separator: "; "))",
                                          hint: hint(finding, rule: RuleKeys(path: pattern), legacy: false)))
            }
        }
        return out
    }

    /// Why `pattern` cannot match, or `nil` when it can.
    /// - Parameters:
    ///   - program: the pattern compiled as the rule uses it.
    ///   - legacy: a legacy `paths` string (its `?name=` is AASA403's).
    ///   - domain: the host the file is served for, when known.
    static func analyse(_ pattern: String, program: CompiledPattern, percentEncoded: Bool, legacy: Bool, domain: String?) -> Finding? {
        var reasons: [String] = []
        var rest = Substring(pattern)
        // A scheme and host, or the host alone as the first segment.
        // (A byte search first: most patterns hold no `://`, and Foundation's search is slow.)
        if rest.containsUTF8("://"), let sep = rest.range(of: "://"), isScheme(rest[..<sep.lowerBound]) {
            let afterScheme = rest[sep.upperBound...]
            let hostEnd = afterScheme.firstIndex(where: { "/?#".contains($0) }) ?? afterScheme.endIndex
            reasons.append("it starts with the scheme and host \(quoted(String(rest[..<hostEnd]))), but the path is what follows the host")
            rest = afterScheme[hostEnd...]
        } else if let domain {
            let trimmed = rest.drop(while: { $0 == "/" })
            let segmentEnd = trimmed.firstIndex(where: { "/?#".contains($0) }) ?? trimmed.endIndex
            if trimmed[..<segmentEnd].lowercased() == domain.lowercased() {
                reasons.append("its first segment is the domain \(domain) itself, but the path is what follows the host")
                rest = trimmed[segmentEnd...]
            }
        }
        // Characters the matcher never sees in this path, on every way to a match (a decoded
        // path, percentEncoded false, can hold any: `%23` is `#`).
        let impossible = neverInEncodedPath
        let dead = percentEncoded && reachesAccept(program, allowing: { _ in true })
            && !reachesAccept(program, allowing: { !impossible($0) })
        var fragment: String?
        var query: QueryPattern?
        if dead, let hash = rest.firstIndex(of: "#") {
            reasons.append("it holds \"#\", but the fragment is never part of the path; match it with \"#\"")
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
            if rest.last == "\\" { rest = rest.dropLast() }
        }
        if let found = queryStart(rest, escapedIsDead: dead) {
            let q = found.start
            // A legacy path's `?name=` is AASA403's; it is still split in the rewrite.
            if !legacy || found.escaped {
                let wildcard = found.escaped ? "" : " and ? there matches one character"
                reasons.append("\(quoted(String(rest[q...]))) reads as a query, but the query is never part of the path\(wildcard); match it with \"?\"")
            }
            var text = rest[rest.index(after: q)...]
            if text.first == "?" { text = text.dropFirst() }
            query = text.isEmpty ? nil : queryPattern(String(text))
            rest = rest[..<q]
        }
        var path = String(rest)
        if dead {
            let left = Set(path.unicodeScalars.filter { impossible($0.value) && $0 != "#" && $0 != "?" })
            if !left.isEmpty {
                let shown = left.sorted { $0.value < $1.value }.map { $0 == " " ? "a space" : "\"\($0.escaped(asASCII: false))\"" }
                reasons.append("it holds \(shown.joined(separator: ", ")), which a URL path always carries percent-encoded (percentEncoded is true)")
            } else if reasons.isEmpty {
                reasons.append("every value of its substitution variables holds a character a URL path always carries percent-encoded")
            }
        }
        guard !reasons.isEmpty else { return nil }
        if percentEncoded {
            // Written as the URL carries them: the matcher's own encoding (``URLParts``).
            path = URLParts.encodeUnsafe(path)
            fragment = fragment.map(URLParts.encodeUnsafe)
            query = query.map { q in
                switch q {
                case .string(let s): return .string(URLParts.encodeUnsafe(s))
                case .items(let items): return .items(items.map { QueryItemPattern(name: $0.name, pattern: URLParts.encodeUnsafe($0.pattern)) })
                }
            }
        }
        if path.isEmpty { path = "/" }
        return Finding(reasons: reasons, path: path, query: query, fragment: fragment)
    }

    /// Scalars a path as written in a URL never holds (``URLParts`` splits at `?` and `#` and
    /// percent-encodes the rest of these).
    static func neverInEncodedPath(_ c: UInt32) -> Bool {
        c <= 0x20 || c >= 0x7F || c == 0x23 || c == 0x3F || c == 0x22 || c == 0x3C || c == 0x3E || c == 0x60
    }

    /// Whether the program can reach `accept` reading only scalars `allowing` accepts
    /// (character classes always hold some allowed ASCII character).
    static func reachesAccept(_ pattern: CompiledPattern, allowing: (UInt32) -> Bool) -> Bool {
        let program = pattern.program
        var seen = [Bool](repeating: false, count: program.count)
        var pending = [0]
        while let pc = pending.popLast() {
            guard pc < program.count, !seen[pc] else { continue }
            seen[pc] = true
            switch program[pc] {
            case .accept: return true
            case .fail: continue
            case .scalar(let c): if allowing(c) { pending.append(pc + 1) }
            case .one, .loop: pending.append(pc + 1)
            case .fork(let targets): pending += targets
            case .jump(let t): pending.append(t)
            }
        }
        return false
    }

    /// Where a query written into the path starts: an unescaped `?` followed by a name and `=`
    /// (`escaped` false), or an escaped `\?` when the pattern is dead anyway (`escaped` true).
    static func queryStart(_ s: Substring, escapedIsDead: Bool) -> (start: Substring.Index, escaped: Bool)? {
        var i = s.startIndex
        var insideVariable = false
        while i < s.endIndex {
            let c = s[i]
            if insideVariable {
                if c == ")" { insideVariable = false }
            } else if c == "$", s[s.index(after: i)...].hasPrefix("(") {
                insideVariable = true
            } else if c == "\\" {
                let next = s.index(after: i)
                if next < s.endIndex, s[next] == "?", escapedIsDead { return (i, true) }
                i = next < s.endIndex ? s.index(after: next) : next
                continue
            } else if c == "?" {
                let name = s[s.index(after: i)...].prefix(while: { !"/?*#=&$\\".contains($0) })
                if !name.isEmpty, s[name.endIndex...].first == "=" { return (i, false) }
            }
            i = s.index(after: i)
        }
        return nil
    }

    /// `a=1&b=*` as query items when every part is `name=value` with a plain name, else the
    /// string form.
    static func queryPattern(_ text: String) -> QueryPattern {
        var items: [QueryItemPattern] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let eq = part.firstIndex(of: "="), !part[..<eq].isEmpty,
                  !part[..<eq].contains(where: { "*?$\\".contains($0) }) else { return .string(text) }
            items.append(QueryItemPattern(name: String(part[..<eq]), pattern: String(part[part.index(after: eq)...])))
        }
        return items.isEmpty ? .string(text) : .items(items)
    }

    static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.first, first.isASCII, first.isLetter else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    static func quoted(_ s: String) -> String {
        var out = ""
        JSONText.quote(s, into: &out)
        return out
    }

    /// The hint: the rule rewritten (a legacy path that needs `#` or `?` becomes a component).
    static func hint(_ f: Finding, rule: RuleKeys, legacy: Bool) -> String {
        if f.path == rule.path && f.query == nil && f.fragment == nil {
            // Nothing to rewrite in the pattern itself: the variables' values are at fault.
            return "Percent-encode the values of its substitution variables as URLs carry them (é → %C3%A9, a space → %20), or set \"percentEncoded\": false."
        }
        if legacy && f.query == nil && f.fragment == nil {
            return "Write it as \(quoted((rule.exclude == true ? "NOT " : "") + f.path))."
        }
        var keys = rule
        keys.path = f.path
        if keys.query == nil { keys.query = f.query }
        if keys.fragment == nil { keys.fragment = f.fragment }
        if legacy { keys.caseSensitive = nil }  // `NOT ` forces it; components default to it
        let rewritten = keys.componentText
        return legacy
            ? "Legacy paths match the path only; write it as a component: \(rewritten)."
            : "Write it as \(rewritten)."
    }
}
