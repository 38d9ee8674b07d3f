import Foundation

/// Xcode build settings, to expand `$(NAME)` in source entitlements as Xcode's build system
/// does when it signs (issue 12; AASA613 when none are given, AASA618 when an entry comes out
/// empty or malformed).
///
/// Sources, lowest precedence first: `.xcconfig` files in the order given (`--xcconfig`), then
/// `--build-setting NAME=VALUE`, then what signing supplies (`AppIdentifierPrefix`,
/// `TeamIdentifierPrefix`, from `--app-id` or the profile). The semantics follow swift-build
/// (`SWBMacro`: `MacroConfigFileParser`, `MacroValueAssignmentTable`,
/// `MacroEvaluationProgram`):
/// - an `.xcconfig` holds `NAME = value` lines (a trailing `;` is dropped), `//` comments (to the
///   end of the line, even inside a value), `#include "file"` and `#include? "file"` (no error
///   when missing), paths relative to the including file;
/// - `NAME[config=Debug][sdk=iphoneos*] = value` applies only where each condition matches,
///   `*` matching any run of characters; `config` is `--configuration`, `sdk` is taken as
///   `iphoneos` (the SDK of the device builds that ship), `arch` as `arm64`;
/// - a later assignment shadows an earlier one; conditions only filter, so the last matching
///   assignment is the value; `$(inherited)` is the value of the next matching assignment below
///   (empty when there is none);
/// - `$(NAME)` and `${NAME}` expand recursively (the name may itself hold references); an
///   undefined setting is the empty string; operators apply in order: `:lower`, `:upper`,
///   `:rfc1034identifier` (ASCII letters, digits and `-` kept, a leading digit and everything
///   else become `-`, on the canonically decomposed text), `:identifier` and
///   `:c99extidentifier` (to `_`), and `:default=VALUE` (VALUE, itself expanded, when the value
///   is empty; it takes the rest of the reference).
///
/// Expansion is bounded: references nest at most ``maxDepth`` deep, a setting that refers to
/// itself expands to nothing (and is named), and results stop at ``maxLength`` characters.
public struct BuildSettings: Sendable {
    public static let maxDepth = 64
    public static let maxLength = 1 << 20
    /// Most `.xcconfig` files read through `#include`, and deepest include nesting.
    public static let maxFiles = 256
    public static let maxIncludeDepth = 32

    /// One `NAME[cond=value]… = value` line.
    public struct Assignment: Sendable, Hashable {
        public var value: String
        /// (parameter, pattern) pairs: `("config", "Debug")`.
        public var conditions: [Condition]
        /// `FILE:LINE`, or `--build-setting`.
        public var origin: String

        public struct Condition: Sendable, Hashable {
            public var parameter: String
            public var pattern: String
        }
    }

    /// Assignments by setting name, lowest precedence first.
    public private(set) var assignments: [String: [Assignment]] = [:]
    /// `--configuration`.
    public var configuration: String?
    /// The values conditions on `sdk` and `arch` are judged against.
    public var sdk = "iphoneos"
    public var arch = "arm64"

    public init() {}

    /// The configuration the settings are expanded for: `--configuration`, else the
    /// `CONFIGURATION` setting as given (Xcode sets it to the configuration built).
    public var configurationName: String? {
        configuration ?? matching("CONFIGURATION").first?.value
    }

    /// Whether any setting is defined.
    public var isEmpty: Bool { assignments.isEmpty }

    /// Sets `name` to `value` above everything else (`--build-setting`).
    public mutating func set(_ name: String, _ value: String, origin: String = "--build-setting") {
        assignments[name, default: []].append(Assignment(value: value, conditions: [], origin: origin))
    }

    /// Why an `.xcconfig` file could not be read (exit status 2).
    public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// What reading one `.xcconfig` file gave (``add(xcconfig:read:)``).
    public enum FileRead: Sendable, Hashable {
        /// The file's text.
        case text(String)
        /// There is no such file.
        case missing
        /// The file is not read: a FIFO, a device, under `/proc` or `/sys` (``LocalInputRule``),
        /// or larger than an `.xcconfig` is read; the reason quotes nothing of it.
        case refused(String)
    }

    /// AASA116 for each `#include`d file not read (refused, or not an `.xcconfig`): none of its
    /// settings is used and nothing of it is quoted (issue 22).
    public private(set) var findings: [Diagnostic] = []

    /// Reads an `.xcconfig` file and those it includes.
    /// - Parameters:
    ///   - path: the file's path, for includes and messages.
    ///   - load: reads a file by path (`nil`: no such file).
    /// - Throws: ``ConfigError`` for a missing file or include (not `#include?`), a line that is
    ///   not an assignment, an include cycle, or beyond the limits.
    public mutating func add(xcconfig path: String, load: (String) -> String?) throws(ConfigError) {
        try add(xcconfig: path, read: { load($0).map(FileRead.text) ?? .missing })
    }

    /// Reads an `.xcconfig` file and those it includes.
    ///
    /// The file given is the user's: a line of it that is not a setting is an error that quotes
    /// it. An included file is named by another file (which a change under review can edit): one
    /// that is refused, or that is not an `.xcconfig` (a line that is not a setting, an
    /// `#include` or a comment; a control character), is not used at all and is one finding in
    /// ``findings`` (AASA116) that quotes nothing of it, so `#include "/proc/self/environ"` or
    /// a credentials file never becomes settings that `$(NAME)` prints.
    /// - Parameters:
    ///   - path: the file's path, for includes and messages.
    ///   - read: reads a file by path.
    /// - Throws: ``ConfigError`` for a missing or refused file given, a missing include (not
    ///   `#include?`), a line of the file given that is not an assignment, an include cycle, or
    ///   beyond the limits.
    public mutating func add(xcconfig path: String, read: (String) -> FileRead) throws(ConfigError) {
        var files = 0
        try add(path, read: read, stack: [], files: &files, optional: false, from: nil)
    }

    /// One line of an `.xcconfig`, as read.
    enum Line {
        case blank
        case include(target: String, optional: Bool)
        case assignment(name: String, conditions: [Assignment.Condition], value: String)
        /// Not a setting: why (quoting nothing) and what to quote when quoting is allowed.
        case malformed(why: String, quoted: String)
    }

    /// Reads one line (without its line break).
    static func parse(line rawLine: Substring) -> Line {
        var line = rawLine
        if line.hasSuffix("\r") { line = line.dropLast() }
        if line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            return .malformed(why: "holds a control character", quoted: "")
        }
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix("#include") {
            var rest = trimmed.dropFirst("#include".count)
            let isOptional = rest.hasPrefix("?")
            if isOptional { rest = rest.dropFirst() }
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else {
                return .malformed(why: "#include needs a quoted path: #include \"other.xcconfig\"", quoted: "")
            }
            return .include(target: String(rest[rest.index(after: rest.startIndex)..<close]), optional: isOptional)
        }
        // A comment runs to the end of the line, even inside a value (as Xcode reads it).
        if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
        let content = line.trimmingCharacters(in: .whitespaces)
        if content.isEmpty { return .blank }
        // The `=` of the assignment, not one inside a `[condition=value]`.
        var depth = 0
        let eqIndex = content.firstIndex { c in
            if c == "[" { depth += 1 } else if c == "]" { depth -= 1 }
            return c == "=" && depth == 0
        }
        guard let eq = eqIndex else {
            return .malformed(why: "not a setting (NAME = value)", quoted: content)
        }
        var left = content[..<eq].trimmingCharacters(in: .whitespaces)[...]
        var value = content[content.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        var conditions: [Assignment.Condition] = []
        while left.hasSuffix("]"), let open = left.lastIndex(of: "[") {
            let inside = left[left.index(after: open)..<left.index(before: left.endIndex)]
            guard let ceq = inside.firstIndex(of: "=") else {
                return .malformed(why: "a condition is written [name=value]", quoted: String(left))
            }
            conditions.insert(.init(parameter: String(inside[..<ceq]).trimmingCharacters(in: .whitespaces),
                                    pattern: String(inside[inside.index(after: ceq)...]).trimmingCharacters(in: .whitespaces)), at: 0)
            left = left[..<open]
        }
        let name = String(left).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            return .malformed(why: "is not a setting name", quoted: name)
        }
        return .assignment(name: name, conditions: conditions, value: value)
    }

    /// The lines of an `.xcconfig` text.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    private mutating func add(
        _ path: String, read: (String) -> FileRead, stack: [String], files: inout Int, optional: Bool, from: String?
    ) throws(ConfigError) {
        guard stack.count < Self.maxIncludeDepth else {
            throw ConfigError(message: "\(from ?? path): includes nest deeper than \(Self.maxIncludeDepth) files")
        }
        guard !stack.contains(path) else {
            throw ConfigError(message: "\(from ?? path): #include of \(path) is a cycle (\((stack + [path]).joined(separator: " → ")))")
        }
        files += 1
        guard files <= Self.maxFiles else {
            throw ConfigError(message: "\(from ?? path): more than \(Self.maxFiles) .xcconfig files included")
        }
        let text: String
        switch read(path) {
        case .missing:
            if optional { return }
            throw ConfigError(message: from.map { "\($0): #include \"\(path)\": no such file" } ?? "\(path): no such file")
        case .refused(let why):
            guard let from else { throw ConfigError(message: "\(SafeText.escape(path, limit: 300)): \(why)") }
            findings.append(LocalInputRule.finding(path: path, namedBy: from, reason: why, source: .entitlements))
            return
        case .text(let t):
            text = t
        }
        let lines = Self.lines(text)
        // An included file is used only when every line of it is an .xcconfig's.
        if let from {
            for (offset, line) in lines.enumerated() {
                if case .malformed(let why, _) = Self.parse(line: line) {
                    findings.append(LocalInputRule.finding(
                        path: path, namedBy: from,
                        reason: "is not an .xcconfig (line \(offset + 1) "
                            + (why.hasPrefix("holds") ? why : "is not a setting, an #include or a comment") + ")",
                        source: .entitlements))
                    return
                }
            }
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
        for (offset, line) in lines.enumerated() {
            let place = "\(path):\(offset + 1)"
            switch Self.parse(line: line) {
            case .blank:
                continue
            case .include(let target, let isOptional):
                let resolved = target.hasPrefix("/") || directory.isEmpty ? target : directory + "/" + target
                try add(resolved, read: read, stack: stack + [path], files: &files, optional: isOptional, from: place)
            case .assignment(let name, let conditions, let value):
                assignments[name, default: []].append(Assignment(value: value, conditions: conditions, origin: place))
            case .malformed(let why, let quoted):
                if why == "is not a setting name" {
                    throw ConfigError(message: "\(place): `\(SafeText.escape(quoted, limit: 80))` is not a setting name")
                }
                throw ConfigError(message: "\(place): \(why)" + (quoted.isEmpty ? "" : ": \(SafeText.escape(quoted, limit: 80))"))
            }
        }
    }

    /// The result of expanding a text.
    public struct Expansion: Sendable, Hashable {
        /// The text with every reference expanded.
        public var value: String
        /// The settings referred to, in order of first use.
        public var used: [String]
        /// Those that are not defined (they expanded to nothing).
        public var undefined: [String]
        /// Settings that refer to themselves (expanded to nothing).
        public var cycles: [String]
        /// Whether a limit stopped the expansion.
        public var cut: Bool
    }

    /// Expands the references in `text`.
    public func expand(_ text: String) -> Expansion {
        var state = State()
        let value = evaluate(Array(text.unicodeScalars)[...], depth: 0, state: &state, inheritedFrom: nil)
        return Expansion(value: String(String.UnicodeScalarView(value.prefix(Self.maxLength))), used: state.used,
                         undefined: state.undefined, cycles: state.cycles, cut: state.cut || value.count > Self.maxLength)
    }

    private struct State {
        var used: [String] = []
        var undefined: [String] = []
        var cycles: [String] = []
        var cut = false
        /// Setting (and level) being expanded, for cycles.
        var active: Set<String> = []
        /// Values already expanded, by setting and level: a value does not depend on where it
        /// is referred from, so each is expanded once (no exponential blow-up of
        /// `A = $(B)$(B)`, `B = $(C)$(C)`, …).
        var cache: [String: [Unicode.Scalar]] = [:]

        mutating func note(_ name: String, into list: WritableKeyPath<State, [String]>) {
            if !self[keyPath: list].contains(name) { self[keyPath: list].append(name) }
        }
    }

    /// The assignment levels of `name` that match the conditions, highest first (empty when
    /// the setting is not defined for this configuration).
    public func matching(_ name: String) -> [Assignment] {
        (assignments[name] ?? []).reversed().filter { a in
            a.conditions.allSatisfy { c in
                switch c.parameter {
                case "config": return configuration.map { Self.glob(c.pattern, $0) } ?? false
                case "sdk": return Self.glob(c.pattern, sdk)
                case "arch": return Self.glob(c.pattern, arch)
                default: return false
                }
            }
        }
    }

    /// Expands `text`; `inheritedFrom` is (setting, level) whose lower levels `$(inherited)` reads.
    private func evaluate(
        _ text: ArraySlice<Unicode.Scalar>, depth: Int, state: inout State, inheritedFrom: (String, Int)?
    ) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var i = text.startIndex
        while i < text.endIndex {
            if out.count > Self.maxLength {
                state.cut = true
                return out
            }
            let c = text[i]
            guard c == "$", i + 1 < text.endIndex, text[i + 1] == "(" || text[i + 1] == "{",
                  let close = Self.matchingClose(text, from: i + 1)
            else {
                out.append(c)
                i += 1
                continue
            }
            let inner = text[(i + 2)..<close]
            i = close + 1
            guard depth < Self.maxDepth else {
                state.cut = true
                continue
            }
            out += reference(inner, depth: depth + 1, state: &state, inheritedFrom: inheritedFrom)
        }
        return out
    }

    /// The index of the `)` or `}` closing the reference opened at `open`, nesting counted.
    static func matchingClose(_ text: ArraySlice<Unicode.Scalar>, from open: Int) -> Int? {
        let opener = text[open], closer: Unicode.Scalar = opener == "(" ? ")" : "}"
        var level = 0
        var j = open
        while j < text.endIndex {
            if text[j] == opener { level += 1 } else if text[j] == closer {
                level -= 1
                if level == 0 { return j }
            }
            j += 1
        }
        return nil
    }

    /// One reference's contents: `NAME`, `NAME:lower:default=x`, `PREFIX_$(VARIANT)`.
    private func reference(
        _ inner: ArraySlice<Unicode.Scalar>, depth: Int, state: inout State, inheritedFrom: (String, Int)?
    ) -> [Unicode.Scalar] {
        // Split at top-level colons; `default=` takes the rest.
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var start = inner.startIndex, j = inner.startIndex, level = 0
        while j < inner.endIndex {
            let c = inner[j]
            if c == "(" || c == "{" { level += 1 } else if c == ")" || c == "}" { level -= 1 }
            if c == ":", level == 0 {
                parts.append(inner[start..<j])
                start = j + 1
                if inner[start...].starts(with: Array("default=".unicodeScalars)) { break }
            }
            j += 1
        }
        parts.append(inner[start..<inner.endIndex])
        let name = String(String.UnicodeScalarView(evaluate(parts[0], depth: depth, state: &state, inheritedFrom: inheritedFrom)))
        var value: [Unicode.Scalar]
        if name == "inherited" {
            value = inheritedFrom.map { lookup($0.0, below: $0.1, depth: depth, state: &state) } ?? []
        } else {
            state.note(name, into: \.used)
            value = lookup(name, below: nil, depth: depth, state: &state)
        }
        for op in parts.dropFirst() {
            let text = String(String.UnicodeScalarView(op))
            if text.hasPrefix("default=") {
                if value.isEmpty {
                    value = evaluate(op.dropFirst("default=".count), depth: depth, state: &state, inheritedFrom: inheritedFrom)
                }
                continue
            }
            let s = String(String.UnicodeScalarView(value))
            switch text {
            case "lower": value = Array(s.lowercased().unicodeScalars)
            case "upper": value = Array(s.uppercased().unicodeScalars)
            case "rfc1034identifier": value = Array(Self.identifier(s, keepDash: true).unicodeScalars)
            case "identifier", "c99extidentifier": value = Array(Self.identifier(s, keepDash: false).unicodeScalars)
            default: break
            }
        }
        return value
    }

    /// The value of `name` from its highest matching assignment, or from the one below `level`.
    private func lookup(_ name: String, below level: Int?, depth: Int, state: inout State) -> [Unicode.Scalar] {
        let levels = matching(name)
        let index = level.map { $0 + 1 } ?? 0
        guard index < levels.count else {
            if level == nil { state.note(name, into: \.undefined) }
            return []
        }
        let key = "\(name)#\(index)"
        if let done = state.cache[key] { return done }
        guard state.active.insert(key).inserted else {
            state.note(name, into: \.cycles)
            return []
        }
        defer { state.active.remove(key) }
        let value = evaluate(Array(levels[index].value.unicodeScalars)[...], depth: depth, state: &state, inheritedFrom: (name, index))
        state.cache[key] = value
        return value
    }

    /// swift-build's `asLegalRfc1034Identifier` / `asLegalCIdentifier`: on the canonically
    /// decomposed text, ASCII letters kept, digits kept but not first, `-` (RFC 1034) or `_`
    /// (C) kept, everything else replaced by that character.
    static func identifier(_ s: String, keepDash: Bool) -> String {
        let decomposed = s.decomposedStringWithCanonicalMapping
        var out = ""
        for (i, ch) in decomposed.enumerated() {
            switch ch {
            case "A"..."Z", "a"..."z": out.append(ch)
            case "-" where keepDash, "_" where !keepDash: out.append(ch)
            case "0"..."9" where i != 0: out.append(ch)
            default: out.append(keepDash ? "-" : "_")
            }
        }
        return out
    }

    /// Shell-style matching with `*` (any run) and `?` (one character).
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
