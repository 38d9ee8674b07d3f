/// One of Android's `PatternMatcher`s: how an intent filter's `path`, `pathPrefix`,
/// `pathSuffix`, `pathPattern`, `pathAdvancedPattern` (and the `ssp*`, `query*`, `fragment*`
/// forms) are compared with a URL's part, with the semantics of AOSP
/// `core/java/android/os/PatternMatcher.java` @01a7983f, quirks included (spec
/// `assetlinks-reference.md` §4.2, §6.4).
///
/// Strings are compared as UTF-16 code units (Java `char`s), case-sensitively:
/// - ``Kind/literal``: the whole string equals the pattern;
/// - ``Kind/prefix``: the string starts with the pattern (a string prefix: `/shop` matches
///   `/shopping`);
/// - ``Kind/suffix``: the string ends with the pattern (API 31+);
/// - ``Kind/simpleGlob`` (`pathPattern`): `.` any one character, `x*` zero or more `x`, `.*`
///   skips to the **first** occurrence of the next pattern character and consumes it (no
///   backtracking: `/.*/foo` does not match `/a/b/foo`), a trailing `.*` matches the rest,
///   `\` escapes the next character. Quirks kept: an escaped `\.` not followed by `*` still
///   matches any character; the character after `.*` is always literal (`.*.` needs a real
///   `.`); `/a*` does not match `/` (a pattern left over when the string ends fails, unless
///   it is exactly a trailing `.*`); an empty pattern matches only the empty string;
/// - ``Kind/advancedGlob`` (`pathAdvancedPattern`, API 31+): tokens `.`, `[…]` sets with
///   ranges and `^` negation, literals (`\` escapes), each with an optional `*`, `+`, `{n}`,
///   `{n,}` or `{n,m}`; every token is matched **greedily without backtracking** (`/a.*b`
///   never matches), and the pattern matches when both pattern and string are used up. The
///   pattern is parsed when the matcher is made; Android throws on a malformed one
///   (``parseError``), which fails the whole package's parsing. Parsing quirks kept: `}`
///   outside a range is dropped (`/a}b` is `/ab`), inside a set every character but `]` is
///   literal (`[.*{]`), a reversed set range (`[z-a]`) is accepted and matches nothing,
///   range bounds are read by Java's `Integer.parseInt` (`{+2}`, `{-1}` — which matches
///   nothing — and other scripts' digits are accepted), and the parsed form holds at most
///   2,048 slots (the parse stops with "too large" when more than 2,045 are used and pattern
///   is left).
///
/// Matching is linear in the length of the pattern plus the string, for every kind.
public struct AndroidPatternMatcher: Sendable, Hashable {
    /// `PatternMatcher`'s pattern types, with their platform values.
    public enum Kind: Int, Sendable, Hashable, CaseIterable {
        case literal = 0
        case prefix = 1
        case simpleGlob = 2
        case advancedGlob = 3
        case suffix = 4

        /// The `<data>` attribute that makes a path matcher of this kind.
        public var pathAttribute: String {
            switch self {
            case .literal: return "path"
            case .prefix: return "pathPrefix"
            case .simpleGlob: return "pathPattern"
            case .advancedGlob: return "pathAdvancedPattern"
            case .suffix: return "pathSuffix"
            }
        }
    }

    /// The pattern as given.
    public let pattern: String
    public let kind: Kind
    /// The pattern's UTF-16 code units.
    let units: [UInt16]
    /// The parsed advanced pattern (empty for other kinds or when parsing failed).
    let tokens: [AdvancedToken]
    /// Why Android refuses this advanced pattern, or `nil`.
    public let parseError: AdvancedPatternError?

    /// A matcher for `pattern` of `kind`; an advanced pattern is parsed now (see ``parseError``).
    public init(_ pattern: String, kind: Kind) {
        self.pattern = pattern
        self.kind = kind
        units = Array(pattern.utf16)
        if kind == .advancedGlob {
            switch AdvancedPatternParser.parse(units) {
            case .success(let parsed):
                tokens = parsed
                parseError = nil
            case .failure(let error):
                tokens = []
                parseError = error
            }
        } else {
            tokens = []
            parseError = nil
        }
    }

    /// Whether `string` matches (as `PatternMatcher.match`). An advanced pattern that does not
    /// parse matches nothing (Android never gets to match with it).
    public func matches(_ string: String) -> Bool { matches(utf16: Array(string.utf16)) }

    /// Whether the UTF-16 code units `s` match.
    public func matches(utf16 s: [UInt16]) -> Bool {
        switch kind {
        case .literal: return s == units
        case .prefix: return s.starts(with: units)
        case .suffix: return s.count >= units.count && s[(s.count - units.count)...].elementsEqual(units)
        case .simpleGlob: return Self.matchSimpleGlob(units, s)
        case .advancedGlob: return parseError == nil && Self.matchAdvanced(tokens, s)
        }
    }

    public static func == (a: AndroidPatternMatcher, b: AndroidPatternMatcher) -> Bool {
        a.kind == b.kind && a.units == b.units
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(units)
    }

    // MARK: - Simple glob

    private static let star = UInt16(asciiUnit: "*"), dot = UInt16(asciiUnit: "."), backslash = UInt16(asciiUnit: "\\")

    /// `matchGlobPattern`: one left-to-right pass, no backtracking. `0` stands for "past the
    /// end of the pattern" where Android reads `charAt` beyond it, as Android does.
    static func matchSimpleGlob(_ p: [UInt16], _ s: [UInt16]) -> Bool {
        let np = p.count, ns = s.count
        guard np > 0 else { return ns == 0 }
        var ip = 0, im = 0
        func at(_ i: Int) -> UInt16 { i < np ? p[i] : 0 }
        var next = p[0]
        while ip < np && im < ns {
            var c = next
            ip += 1
            next = at(ip)
            let escaped = c == backslash
            if escaped {
                c = next
                ip += 1
                next = at(ip)
            }
            if next == star {
                if !escaped && c == dot {
                    // `.*` at the very end matches whatever is left.
                    if ip >= np - 1 { return true }
                    ip += 1
                    next = p[ip]
                    if next == backslash {
                        ip += 1
                        next = at(ip)
                    }
                    // Skip to the first occurrence of the character after `.*`.
                    while im < ns && s[im] != next { im += 1 }
                    if im == ns { return false }
                    ip += 1
                    next = at(ip)
                    im += 1
                } else {
                    // `x*`: consume the run of `x`.
                    while im < ns && s[im] == c { im += 1 }
                    ip += 1
                    next = at(ip)
                }
            } else {
                if c != dot && s[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= ns { return true }
        // The string ran out with exactly `.*` left in the pattern.
        return ip == np - 2 && p[ip] == dot && p[ip + 1] == star
    }

    // MARK: - Advanced glob

    /// One parsed token of an advanced pattern with its repetition bounds (Java `int`s:
    /// `Int32.max` for no upper bound; a bound read from `{…}` may be negative).
    struct AdvancedToken: Sendable, Hashable {
        enum Match: Sendable, Hashable {
            case literal(UInt16)
            case any
            /// Inclusive code-unit ranges, as pairs; `inverted` for `[^…]`.
            case set([ClosedRangePair], inverted: Bool)
        }
        var match: Match
        var min: Int32
        var max: Int32

        func accepts(_ c: UInt16) -> Bool {
            switch match {
            case .literal(let l): return c == l
            case .any: return true
            case .set(let ranges, let inverted):
                let inside = ranges.contains { c >= $0.low && c <= $0.high }
                return inside != inverted
            }
        }
    }

    /// A set's range as Android stores it: two code units, low then high (never reordered).
    struct ClosedRangePair: Sendable, Hashable {
        var low: UInt16
        var high: UInt16
    }

    /// `matchAdvancedPattern`: each token takes as many characters as it can, up to its
    /// maximum; fewer than its minimum fails the match.
    static func matchAdvanced(_ tokens: [AdvancedToken], _ s: [UInt16]) -> Bool {
        var im = 0
        for token in tokens {
            if token.min > token.max { return false }
            var taken: Int32 = 0
            while taken < token.max, im + Int(taken) < s.count, token.accepts(s[im + Int(taken)]) { taken += 1 }
            if taken < token.min { return false }
            im += Int(taken)
        }
        return im >= s.count
    }
}

/// Why Android's `PatternMatcher` refuses an advanced pattern (`IllegalArgumentException` from
/// `parseAndVerifyAdvancedPattern`, or the `StringIndexOutOfBoundsException` a `[` at the
/// end raises): the package then fails to parse, so the app cannot be installed.
public struct AdvancedPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// More than 2,045 parsed slots with pattern left (Android's "Pattern is too large!").
        case tooLarge
        /// A `[` (or `[^`) that is the last character.
        case setAtEnd
        /// `[]` or `[^]` ("You must define characters in a set.").
        case emptySet
        /// `*`, `+` or `{` at the start or after another modifier ("Modifier must follow a token.").
        case modifierWithoutToken
        /// A `\` that is the last character ("Escape found at end of pattern!").
        case escapeAtEnd
        /// A `{` without a `}` after it ("Range not ended with '}'").
        case rangeNotEnded
        /// `{n,m}` with n greater than m ("Range quantifier minimum is greater than maximum").
        case rangeMinAboveMax
        /// A bound `Integer.parseInt` does not read ("Range number format incorrect").
        case rangeNumberFormat
        /// A set still open at the end ("Set was not terminated!").
        case setNotTerminated
    }

    public var reason: Reason
    /// 0-based UTF-16 offset into the pattern where Android stopped.
    public var offset: Int

    public var description: String {
        switch reason {
        case .tooLarge: return "the pattern is too large (Android's parsed form holds at most 2,048 slots)"
        case .setAtEnd: return "a set `[` opens at the very end of the pattern"
        case .emptySet: return "a set `[]` holds no character"
        case .modifierWithoutToken: return "a modifier (`*`, `+`, `{…}`) follows no token"
        case .escapeAtEnd: return "the pattern ends in an escape `\\`"
        case .rangeNotEnded: return "a range `{` is not closed by `}`"
        case .rangeMinAboveMax: return "a range `{n,m}` has n greater than m"
        case .rangeNumberFormat: return "a range `{…}` holds something other than numbers (`{n}`, `{n,}`, `{n,m}`)"
        case .setNotTerminated: return "a set `[` is not closed by `]`"
        }
    }
}

/// `parseAndVerifyAdvancedPattern`, step for step: Android's state machine over the pattern
/// (in a set or not, in a range or not, after the low end of a set range or not), counting the
/// slots of its parsed form exactly so the size limit falls where Android's does, then giving
/// the tokens the matcher walks.
enum AdvancedPatternParser {
    /// Android's scratch buffer: 2,048 slots, refused once more than 2,045 are used.
    static let maximumSlots = 2048

    /// One slot of the parsed form (a character, or one of Android's negative markers).
    private enum Slot: Equatable {
        case char(UInt16)
        case any
        case setStart(inverted: Bool)
        case setStop
        case rangeStart, rangeStop
        case bound(Int32)
        case zeroOrMore, oneOrMore

        var isModifier: Bool {
            switch self {
            case .zeroOrMore, .oneOrMore, .rangeStart, .rangeStop: return true
            default: return false
            }
        }
    }

    static func parse(_ p: [UInt16]) -> Result<[AndroidPatternMatcher.AdvancedToken], AdvancedPatternError> {
        var slots: [Slot] = []
        slots.reserveCapacity(min(p.count * 2, maximumSlots))
        let lp = p.count
        var ip = 0
        var inSet = false, inRange = false, inCharClass = false
        func fail(_ reason: AdvancedPatternError.Reason, _ at: Int) -> Result<[AndroidPatternMatcher.AdvancedToken], AdvancedPatternError> {
            .failure(AdvancedPatternError(reason: reason, offset: at))
        }
        while ip < lp {
            if slots.count > maximumSlots - 3 { return fail(.tooLarge, ip) }
            var c = p[ip]
            var add = false
            switch c {
            case UInt16(asciiUnit: "["):
                if inSet {
                    add = true
                } else {
                    guard ip + 1 < lp else { return fail(.setAtEnd, ip) }
                    if p[ip + 1] == UInt16(asciiUnit: "^") {
                        slots.append(.setStart(inverted: true))
                        ip += 1
                    } else {
                        slots.append(.setStart(inverted: false))
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case UInt16(asciiUnit: "]"):
                if !inSet {
                    add = true
                } else {
                    if case .setStart = slots.last { return fail(.emptySet, ip) }
                    slots.append(.setStop)
                    inSet = false
                    inCharClass = false
                }
            case UInt16(asciiUnit: "{"):
                if !inSet {
                    if slots.isEmpty || slots.last!.isModifier { return fail(.modifierWithoutToken, ip) }
                    slots.append(.rangeStart)
                    ip += 1
                    inRange = true
                }
            case UInt16(asciiUnit: "}"):
                if inRange {
                    slots.append(.rangeStop)
                    inRange = false
                }
            case UInt16(asciiUnit: "*"), UInt16(asciiUnit: "+"):
                if !inSet {
                    if slots.isEmpty || slots.last!.isModifier { return fail(.modifierWithoutToken, ip) }
                    slots.append(c == UInt16(asciiUnit: "*") ? .zeroOrMore : .oneOrMore)
                }
            case UInt16(asciiUnit: "."):
                if !inSet { slots.append(.any) }
            case UInt16(asciiUnit: "\\"):
                guard ip + 1 < lp else { return fail(.escapeAtEnd, ip) }
                ip += 1
                c = p[ip]
                add = true
            default:
                add = true
            }
            if inSet {
                if inCharClass {
                    slots.append(.char(c))
                    inCharClass = false
                } else if ip + 2 < lp && p[ip + 1] == UInt16(asciiUnit: "-") && p[ip + 2] != UInt16(asciiUnit: "]") {
                    // The low end of a range; the high end comes with the next step.
                    inCharClass = true
                    slots.append(.char(c))
                    ip += 1
                } else {
                    slots.append(.char(c))
                    slots.append(.char(c))
                }
            } else if inRange {
                guard let close = p[ip...].firstIndex(of: UInt16(asciiUnit: "}")) else { return fail(.rangeNotEnded, ip) }
                let body = p[ip..<close]
                let low: Int32, high: Int32
                if let comma = body.firstIndex(of: UInt16(asciiUnit: ",")) {
                    guard let l = AndroidURI.javaParseInt(body[..<comma]) else { return fail(.rangeNumberFormat, ip) }
                    low = l
                    if comma == close - 1 {
                        high = Int32.max
                    } else {
                        guard let h = AndroidURI.javaParseInt(body[(comma + 1)...]) else { return fail(.rangeNumberFormat, ip) }
                        high = h
                    }
                } else {
                    guard let n = AndroidURI.javaParseInt(body) else { return fail(.rangeNumberFormat, ip) }
                    low = n
                    high = n
                }
                if low > high { return fail(.rangeMinAboveMax, ip) }
                slots.append(.bound(low))
                slots.append(.bound(high))
                ip = close
                continue
            } else if add {
                slots.append(.char(c))
            }
            ip += 1
        }
        if inSet { return fail(.setNotTerminated, lp) }
        return .success(tokens(from: slots))
    }

    /// The tokens the matcher walks, read from the slots as `matchAdvancedPattern` reads them.
    private static func tokens(from slots: [Slot]) -> [AndroidPatternMatcher.AdvancedToken] {
        var tokens: [AndroidPatternMatcher.AdvancedToken] = []
        var i = 0
        while i < slots.count {
            let match: AndroidPatternMatcher.AdvancedToken.Match
            switch slots[i] {
            case .any:
                match = .any
                i += 1
            case .setStart(let inverted):
                var ranges: [AndroidPatternMatcher.ClosedRangePair] = []
                i += 1
                var members: [UInt16] = []
                while i < slots.count, slots[i] != .setStop {
                    if case .char(let c) = slots[i] { members.append(c) }
                    i += 1
                }
                i += 1
                var k = 0
                while k + 1 < members.count {
                    ranges.append(.init(low: members[k], high: members[k + 1]))
                    k += 2
                }
                match = .set(ranges, inverted: inverted)
            case .char(let c):
                match = .literal(c)
                i += 1
            default:
                // A marker where a token belongs cannot come out of the parser; read it as
                // Android would read its negative value: a character no string holds.
                i += 1
                continue
            }
            var low: Int32 = 1, high: Int32 = 1
            if i < slots.count {
                switch slots[i] {
                case .zeroOrMore: low = 0; high = Int32.max; i += 1
                case .oneOrMore: low = 1; high = Int32.max; i += 1
                case .rangeStart:
                    if i + 2 < slots.count, case .bound(let l) = slots[i + 1], case .bound(let h) = slots[i + 2] {
                        low = l
                        high = h
                    }
                    i += 4
                default: break
                }
            }
            tokens.append(.init(match: match, min: low, max: high))
        }
        return tokens
    }
}
