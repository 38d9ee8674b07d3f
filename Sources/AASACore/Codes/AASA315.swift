extension CodeDoc {
    /// Substitution variable problems.
    static let aasa315 = CodeDoc(
        code: .aasa315, severity: .error,
        title: "Substitution variable problem: undefined name, `$(` without `)`, a value that refers to another variable, a name with `$`, `(` or `)`",
        why: "A pattern that uses an undefined variable, or has `$(` without `)`, can never match; a value that refers to another variable is dropped by the system.",
        fix: "Define every variable in applinks.substitutionVariables (or use a built-in: alpha, upper, lower, alnum, digit, xdigit, region, lang), close every $( with ), and list plain values only.",
        failing: .document(#"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/menu/$(foods)/"}]}]}}"#),
        passing: .document(#"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/menu/$(food)/"}]}]}}"#),
        check: { ctx in
            guard let links = ctx.document.applinks else { return [] }
            var out: [Diagnostic] = []
            let defined = Set(links.substitutionVariables.keys)
            // Names and values of the variables themselves.
            if let members = ctx.document.root["applinks"]?["substitutionVariables"]?.objectMembers {
                for m in members {
                    let p = JSONPointer.appending("/applinks/substitutionVariables", m.key)
                    if m.key.contains(where: { "$()".contains($0) }) {
                        out.append(Diagnostic(code: .aasa315, message: "the variable name \"\(m.key)\" contains $, ( or ); it cannot be referred to",
                                              pointer: p, location: ctx.sourceMap.location(of: m.keyOffset)))
                    }
                    let values = m.value.arrayValue ?? [m.value]
                    for (i, v) in values.enumerated() {
                        guard let s = v.stringValue, s.contains("$(") else { continue }
                        out.append(Diagnostic(code: .aasa315,
                                              message: "the value \"\(s)\" of \"\(m.key)\" refers to another variable; the system drops such values",
                                              hint: "List the values themselves.",
                                              pointer: m.value.arrayValue == nil ? p : JSONPointer.appending(p, i),
                                              location: ctx.sourceMap.location(of: v.offset)))
                    }
                }
            }
            // References in every pattern.
            func scan(_ pattern: String, _ what: String, _ ref: SourceRef) {
                for reference in VariableReferences.find(in: pattern) {
                    switch reference {
                    case .unclosed:
                        out.append(ctx.diagnostic(.aasa315, at: ref, "\(what) \"\(pattern)\" has $( without ); the pattern can never match",
                                                  hint: "Close the variable: $(name)."))
                    case .name(let name) where !defined.contains(name) && !BuiltinVariables.names.contains(name):
                        let suggestion = KeySuggestion.nearest(to: name, in: Array(defined) + BuiltinVariables.names.sorted())
                        out.append(ctx.diagnostic(.aasa315, at: ref, "\(what) \"\(pattern)\" uses the undefined variable $(\(name)); the pattern can never match",
                                                  hint: suggestion.map { "Did you mean $(\($0))?" } ?? "Define it in applinks.substitutionVariables."))
                    default:
                        break
                    }
                }
            }
            func scanKeys(_ keys: RuleKeys, _ ref: SourceRef) {
                if let p = keys.path { scan(p, "the path pattern", ref) }
                if let f = keys.fragment { scan(f, "the fragment pattern", ref) }
                switch keys.query {
                case .string(let q)?: scan(q, "the query pattern", ref)
                case .items(let items)?: for item in items { scan(item.pattern, "the pattern of ?\(item.name)", ref) }
                case nil: break
                }
            }
            scanKeys(links.defaults, SourceRef(pointer: "/applinks/defaults", location: links.ref.location))
            for entry in links.details {
                scanKeys(entry.defaults, entry.ref)
                for rule in entry.rules.rules { scanKeys(rule.keys, rule.ref) }
            }
            return out
        })
}

/// `$(…)` references in a pattern, honouring `\` escapes.
enum VariableReferences {
    enum Reference: Equatable {
        case name(String)
        case unclosed
    }

    static func find(in pattern: String) -> [Reference] {
        var out: [Reference] = []
        let s = Array(pattern.unicodeScalars)
        var i = 0
        while i < s.count {
            if s[i] == "\\" {
                i += 2
                continue
            }
            if s[i] == "$", i + 1 < s.count, s[i + 1] == "(" {
                guard let close = s[(i + 2)...].firstIndex(of: ")") else {
                    out.append(.unclosed)
                    return out
                }
                out.append(.name(String(String.UnicodeScalarView(s[(i + 2)..<close]))))
                i = close + 1
                continue
            }
            i += 1
        }
        return out
    }
}

extension DiagnosticCode {
    /// AASA315: see ``CodeDoc/aasa315``.
    public static let aasa315 = DiagnosticCode(rawValue: "AASA315")
}
