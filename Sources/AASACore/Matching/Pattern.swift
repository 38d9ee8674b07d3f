import Foundation

/// A one-character predicate of a pattern.
public enum CharClass: Sendable, Hashable {
    /// `?`: any one Unicode scalar.
    case any
    /// `$(alpha)`: A–Z, a–z.
    case alpha
    /// `$(upper)`: A–Z.
    case upper
    /// `$(lower)`: a–z.
    case lower
    /// `$(alnum)`: A–Z, a–z, 0–9.
    case alnum
    /// `$(digit)`: 0–9.
    case digit
    /// `$(xdigit)`: 0–9, A–F, a–f.
    case xdigit
    /// What a route placeholder's segment may hold: any scalar but `/`, `%`, `?` and `#`.
    case segment

    @inline(__always)
    public func contains(_ c: UInt32) -> Bool {
        switch self {
        case .any: return true
        case .alpha: return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        case .upper: return c >= 0x41 && c <= 0x5A
        case .lower: return c >= 0x61 && c <= 0x7A
        case .alnum: return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
        case .digit: return c >= 0x30 && c <= 0x39
        case .xdigit: return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
        case .segment: return c != 0x2F && c != 0x25 && c != 0x3F && c != 0x23
        }
    }

    /// The class as it behaves on case-folded input.
    var folded: CharClass {
        switch self {
        case .upper, .lower: return .alpha
        default: return self
        }
    }
}

/// Simple Unicode case folding, one scalar to one scalar, used on both sides of every
/// case-insensitive comparison (input, pattern literals, variable values), so `?` still
/// counts one scalar. Scalars whose lowercase mapping is longer than one scalar are kept.
public enum CaseFold {
    @inline(__always)
    public static func fold(_ c: UInt32) -> UInt32 {
        if c < 0x80 { return (c >= 0x41 && c <= 0x5A) ? c + 0x20 : c }
        guard let s = Unicode.Scalar(c) else { return c }
        let mapping = s.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first!.value : c
    }

    public static func fold(_ scalars: [UInt32]) -> [UInt32] { scalars.map(fold) }
}

/// One instruction of a compiled pattern (a Thompson NFA laid out as a program).
public enum PatternInstruction: Sendable, Hashable {
    /// Consume exactly this scalar.
    case scalar(UInt32)
    /// Consume one scalar of the class.
    case one(CharClass)
    /// Consume any number of scalars of the class, staying here; or go on without consuming.
    case loop(CharClass)
    /// Go on at every one of these places (alternatives: variable values).
    case fork([Int])
    case jump(Int)
    /// The whole input was consumed: the pattern matches.
    case accept
    /// Never matches (an undefined variable or a `$(` without `)`).
    case fail
}

/// A pattern of a rule (`/`, `#`, a `?` string or a `?` item), compiled once.
///
/// Syntax (spec `aasa-reference.md` §5): `*` any run of scalars, `?` one scalar, `\x` the
/// literal `x`, `$(name)` one value of a substitution variable (values may hold `*` and `?`)
/// or of a built-in (`alpha`, `upper`, `lower`, `alnum`, `digit`, `xdigit`, `region`, `lang`;
/// a custom variable shadows a built-in). An undefined variable or an unclosed `$(` makes the
/// pattern unable to match.
///
/// Matching is the simulation of the compiled NFA, so time is O(input length × program size)
/// for every input; programs without alternatives use a greedy two-pointer matcher with the
/// same bound and no allocation.
public final class CompiledPattern: Sendable {
    /// The pattern as written in the file.
    public let source: String
    public let program: [PatternInstruction]
    /// Whether literals were folded (the pattern matches case-insensitively).
    public let caseInsensitive: Bool
    /// The scalar count of the shortest and longest input it matches (`nil` = unbounded).
    public let minLength: Int
    public let maxLength: Int?
    /// Literal text when the pattern has no wildcard at all.
    let literal: [UInt32]?
    /// ``literal`` as bytes when it is all ASCII (the fast path).
    let literalBytes: [UInt8]?
    /// ASCII literal text followed by one `*` and nothing else (`/post/*`): a prefix test.
    let prefixBytes: [UInt8]?
    /// Whether the program has alternatives or class loops (needs the NFA simulation).
    let needsSimulation: Bool
    /// Whether the pattern is `*` and nothing else.
    public let matchesEverything: Bool
    /// The literal scalars every match starts with (up to the first wildcard or variable).
    public let literalPrefix: [UInt32]
    /// The literal scalars every match ends with (after the last wildcard or variable).
    public let literalSuffix: [UInt32]

    /// Compiles `source`.
    /// - Parameters:
    ///   - variables: custom substitution variables, name → values (already without values
    ///     that contain `$(`).
    ///   - caseSensitive: `false` folds literals and values (input must be folded with
    ///     ``CaseFold`` before matching).
    ///   - normalizePath: apply the path normalisation of §5 (collapse `/` runs, leading and
    ///     trailing `/`) — for the `/` key only.
    public convenience init(_ source: String, variables: [String: [String]] = [:], caseSensitive: Bool = true, normalizePath: Bool = false) {
        let text = normalizePath ? PathNormalizer.normalize(source) : source
        var builder = ProgramBuilder(caseInsensitive: !caseSensitive)
        builder.emit(Array(text.unicodeScalars).map(\.value), variables: variables, allowVariables: true)
        builder.program.append(.accept)
        self.init(source: source, program: builder.program, caseInsensitive: !caseSensitive)
    }

    /// A pattern from a program laid out by ``ProgramBuilder`` (ending with `.accept`).
    init(source: String, program: [PatternInstruction], caseInsensitive: Bool) {
        self.source = source
        self.program = program
        self.caseInsensitive = caseInsensitive
        needsSimulation = program.contains {
            switch $0 {
            case .fork: return true
            case .loop(let k): return k != .any
            default: return false
            }
        }
        let lengths = Self.lengths(program)
        minLength = lengths.min
        maxLength = lengths.max
        if program.allSatisfy({ if case .scalar = $0 { return true }; if case .accept = $0 { return true }; return false }) {
            literal = program.compactMap { if case .scalar(let c) = $0 { return c } else { return nil } }
        } else {
            literal = nil
        }
        literalBytes = literal.flatMap { l in l.allSatisfy { $0 < 0x80 } ? l.map { UInt8($0) } : nil }
        var prefix: [UInt8]? = nil
        if program.count >= 2, program[program.count - 2] == .loop(.any) {
            var bytes: [UInt8] = []
            for inst in program.dropLast(2) {
                guard case .scalar(let c) = inst, c < 0x80 else { bytes = []; break }
                bytes.append(UInt8(c))
            }
            if bytes.count == program.count - 2 && !bytes.isEmpty { prefix = bytes }
        }
        prefixBytes = prefix
        matchesEverything = program == [.loop(.any), .accept]
        var head: [UInt32] = []
        for inst in program {
            guard case .scalar(let c) = inst else { break }
            head.append(c)
        }
        literalPrefix = head
        var tail: [UInt32] = []
        for inst in program.dropLast().reversed() {
            guard case .scalar(let c) = inst else { break }
            tail.append(c)
        }
        literalSuffix = tail.reversed()
    }

    /// Whether the pattern matches all of `input` (scalars; fold them first when the pattern is
    /// case-insensitive).
    public func matches(_ input: [UInt32]) -> Bool {
        if matchesEverything { return true }
        if let literal { return input == literal }
        if input.count < minLength { return false }
        if let maxLength, input.count > maxLength { return false }
        return needsSimulation ? simulate(input) : greedy(input)
    }

    /// Whether the pattern matches `text` (folded here when the pattern is case-insensitive).
    public func matches(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        return matches(caseInsensitive ? CaseFold.fold(scalars) : scalars)
    }

    // MARK: Greedy matcher (programs of scalars, one-classes and `loop(.any)` only)

    /// The two-pointer wildcard matcher: on a mismatch, resume just after the last `*` with
    /// one more character given to it. O(input × program) in the worst case, no allocation.
    /// Generic so it runs on scalars and, in the bulk path, on ASCII bytes.
    func greedy<C: RandomAccessCollection>(_ input: C) -> Bool where C.Index == Int, C.Element: FixedWidthInteger {
        var p = 0, i = input.startIndex
        var starP = -1, starI = input.startIndex
        let n = input.endIndex
        while i < n {
            let c = UInt32(truncatingIfNeeded: input[i])
            switch program[p] {
            case .scalar(let s) where s == c:
                p += 1; i += 1; continue
            case .one(let k) where k.contains(c):
                p += 1; i += 1; continue
            case .loop:
                starP = p; starI = i; p += 1; continue
            default:
                break
            }
            guard starP >= 0 else { return false }
            starI += 1
            i = starI
            p = starP + 1
        }
        while case .loop = program[p] { p += 1 }
        return program[p] == .accept
    }

    // MARK: NFA simulation

    func simulate(_ input: [UInt32]) -> Bool {
        var current = startSet()
        for c in input {
            current = step(current, c)
            if current.isEmpty { return false }
        }
        return isAccepting(current)
    }

    /// The epsilon closure of the start: the consuming and accepting places reachable first.
    public func startSet() -> [Int] {
        var set = StateSet(capacity: program.count)
        add(0, to: &set)
        return set.members
    }

    /// The places reached from `states` by consuming `c`.
    public func step(_ states: [Int], _ c: UInt32) -> [Int] {
        var next = StateSet(capacity: program.count)
        for pc in states {
            switch program[pc] {
            case .scalar(let s) where s == c: add(pc + 1, to: &next)
            case .one(let k) where k.contains(c): add(pc + 1, to: &next)
            case .loop(let k) where k.contains(c): add(pc, to: &next)
            default: break
            }
        }
        return next.members
    }

    public func isAccepting(_ states: [Int]) -> Bool {
        states.contains { program[$0] == .accept }
    }

    /// Adds `pc` and every place reachable from it without consuming (forks, jumps, the way
    /// on past a loop), with an explicit stack: no recursion however long an epsilon chain is.
    private func add(_ pc: Int, to set: inout StateSet) {
        var pending = [pc]
        while let next = pending.popLast() {
            guard set.insert(next) else { continue }
            switch program[next] {
            case .fork(let targets):
                pending.append(contentsOf: targets.reversed())
            case .jump(let t):
                pending.append(t)
            case .loop:
                pending.append(next + 1)
            default:
                break
            }
        }
    }

    /// Scalars that appear as literals in the program (for the analysis alphabet).
    public var literalScalars: Set<UInt32> {
        Set(program.compactMap { if case .scalar(let c) = $0 { return c } else { return nil } })
    }

    /// Shortest and longest input the program accepts. Every jump and fork goes forward (a
    /// loop stays on its own place), so one pass from the end computes both, with no recursion
    /// however long the pattern.
    private static func lengths(_ program: [PatternInstruction]) -> (min: Int, max: Int?) {
        let never = Int.max / 2
        var minAt = [Int](repeating: never, count: program.count + 1)
        var maxAt = [Int?](repeating: 0, count: program.count + 1)
        for pc in stride(from: program.count - 1, through: 0, by: -1) {
            switch program[pc] {
            case .scalar, .one:
                minAt[pc] = minAt[pc + 1] >= never ? never : minAt[pc + 1] + 1
                maxAt[pc] = maxAt[pc + 1].map { $0 + 1 }
            case .loop:
                minAt[pc] = minAt[pc + 1]
                maxAt[pc] = nil
            case .fork(let targets):
                minAt[pc] = targets.map { minAt[$0] }.min() ?? never
                maxAt[pc] = targets.contains { maxAt[$0] == nil } ? nil : (targets.compactMap { maxAt[$0] }.max() ?? 0)
            case .jump(let t):
                minAt[pc] = minAt[t]
                maxAt[pc] = maxAt[t]
            case .accept:
                minAt[pc] = 0
                maxAt[pc] = 0
            case .fail:
                minAt[pc] = never
                maxAt[pc] = 0
            }
        }
        return (minAt[0], maxAt[0])
    }

}

/// A set of program places with O(1) insertion, keeping insertion order.
struct StateSet {
    private var seen: [Bool]
    private(set) var members: [Int] = []

    init(capacity: Int) {
        seen = [Bool](repeating: false, count: capacity)
    }

    mutating func insert(_ pc: Int) -> Bool {
        if seen[pc] { return false }
        seen[pc] = true
        members.append(pc)
        return true
    }
}

/// Spec §5 path normalisation: collapse runs of `/`; start with `/` unless the path starts with
/// `*`; end with `/` unless it ends with `*`; the empty path is `/`.
public enum PathNormalizer {
    public static func normalize(_ path: String) -> String {
        var out = String.UnicodeScalarView()
        var lastSlash = false
        for s in path.unicodeScalars {
            if s == "/" {
                if lastSlash { continue }
                lastSlash = true
            } else {
                lastSlash = false
            }
            out.append(s)
        }
        var result = String(out)
        if result.isEmpty { return "/" }
        if !result.hasPrefix("*") && !result.hasPrefix("/") { result = "/" + result }
        if !result.hasSuffix("*") && !result.hasSuffix("/") { result += "/" }
        return result
    }
}

/// The built-in substitution variables (spec §5), with ISO tables from Foundation.
public enum BuiltinVariables {
    static let classes: [String: CharClass] = [
        "alpha": .alpha, "upper": .upper, "lower": .lower,
        "alnum": .alnum, "digit": .digit, "xdigit": .xdigit,
    ]

    /// ISO 3166-1 alpha-2 region codes (`GB`, not `UK`), from `Locale.Region.isoRegions`.
    public static let regions: [String] = Locale.Region.isoRegions.map(\.identifier)
        .filter { $0.count == 2 && $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } }.sorted()

    /// ISO 639 language codes, from `Locale.LanguageCode.isoLanguageCodes`.
    public static let languages: [String] = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).sorted()

    /// Names of every built-in variable.
    public static let names: Set<String> = Set(classes.keys).union(["region", "lang"])
}

/// Lays out a pattern's program.
struct ProgramBuilder {
    let caseInsensitive: Bool
    var program: [PatternInstruction] = []

    mutating func emit(_ scalars: [UInt32], variables: [String: [String]], allowVariables: Bool) {
        var i = 0
        let n = scalars.count
        while i < n {
            let c = scalars[i]
            switch c {
            case 0x2A: // *
                if case .loop(.any)? = program.last {} else { program.append(.loop(.any)) }
                i += 1
            case 0x3F: // ?
                program.append(.one(.any))
                i += 1
            case 0x5C: // \
                if i + 1 < n {
                    literal(scalars[i + 1])
                    i += 2
                } else {
                    literal(c)
                    i += 1
                }
            case 0x24 where allowVariables && i + 1 < n && scalars[i + 1] == 0x28: // $(
                guard let close = scalars[(i + 2)...].firstIndex(of: 0x29) else {
                    program.append(.fail)
                    return
                }
                let name = String(String.UnicodeScalarView(scalars[(i + 2)..<close].compactMap(Unicode.Scalar.init)))
                variable(name, variables: variables)
                i = close + 1
            default:
                literal(c)
                i += 1
            }
        }
    }

    mutating func literal(_ c: UInt32) {
        program.append(.scalar(caseInsensitive ? CaseFold.fold(c) : c))
    }

    mutating func variable(_ name: String, variables: [String: [String]]) {
        if let values = variables[name] {
            alternatives(values.map { Array($0.unicodeScalars).map(\.value) }, patterns: true)
        } else if let k = BuiltinVariables.classes[name] {
            program.append(.one(caseInsensitive ? k.folded : k))
        } else if name == "region" {
            alternatives(BuiltinVariables.regions.map { Array($0.unicodeScalars).map(\.value) }, patterns: false)
        } else if name == "lang" {
            alternatives(BuiltinVariables.languages.map { Array($0.unicodeScalars).map(\.value) }, patterns: false)
        } else {
            program.append(.fail)
        }
    }

    /// `fork` to one branch per value, each ending with a jump past the last branch.
    mutating func alternatives(_ values: [[UInt32]], patterns: Bool) {
        guard !values.isEmpty else {
            program.append(.fail)
            return
        }
        let forkAt = program.count
        program.append(.fork([]))
        var starts: [Int] = []
        var jumps: [Int] = []
        for v in values {
            starts.append(program.count)
            if patterns {
                emit(v, variables: [:], allowVariables: false)
            } else {
                for c in v { literal(c) }
            }
            jumps.append(program.count)
            program.append(.jump(-1))
        }
        let end = program.count
        program[forkAt] = .fork(starts)
        for j in jumps { program[j] = .jump(end) }
    }
}
