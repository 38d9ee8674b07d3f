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
    /// The near-linear plan for programs without alternatives or class loops; `nil` means
    /// the NFA simulation decides, or the pattern is an ASCII literal (``literalBytes``).
    let segments: SegmentMatcher?
    /// Whether the program has alternatives or class loops (needs the NFA simulation).
    var needsSimulation: Bool { segments == nil && literalBytes == nil }
    /// For each place, the consuming and accepting places reached from it without consuming
    /// (sorted), laid out flat: `closureData[closureStart[pc]..<closureStart[pc + 1]]`.
    private let closureStart: [Int32]
    private let closureData: [Int32]
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
        let scalars = Array(text.unicodeScalars).map(\.value)
        // One instruction a scalar at most, unless variables expand: room for them and `accept`
        // from the start, so the program holds no spare capacity (large files hold many).
        builder.program.reserveCapacity(scalars.count + 1)
        builder.emit(scalars, variables: variables, allowVariables: true)
        builder.program.append(.accept)
        self.init(source: source, program: builder.program, caseInsensitive: !caseSensitive)
    }

    /// A pattern from a program laid out by ``ProgramBuilder`` (ending with `.accept`).
    init(source: String, program: [PatternInstruction], caseInsensitive: Bool) {
        self.source = source
        self.program = program
        self.caseInsensitive = caseInsensitive
        (closureStart, closureData) = Self.closures(program)
        let lengths = Self.lengths(program)
        minLength = lengths.min
        maxLength = lengths.max
        if program.allSatisfy({ if case .scalar = $0 { return true }; if case .accept = $0 { return true }; return false }) {
            literal = program.compactMap { if case .scalar(let c) = $0 { return c } else { return nil } }
        } else {
            literal = nil
        }
        literalBytes = literal.flatMap { l in l.allSatisfy { $0 < 0x80 } ? l.map { UInt8($0) } : nil }
        // An ASCII literal is matched by comparison on every path (``matches(_:)``,
        // ``matches(ascii:)``), so it needs no plan: large files are mostly such rules.
        segments = literalBytes == nil ? SegmentMatcher(program) : nil
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
        if let literal {
            // The whole text both begins and ends every match: one shared array.
            literalPrefix = literal
            literalSuffix = literal
        } else {
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
    }

    /// Whether the pattern matches all of `input` (scalars; fold them first when the pattern is
    /// case-insensitive).
    public func matches(_ input: [UInt32]) -> Bool {
        if matchesEverything { return true }
        if let literal { return input == literal }
        if input.count < minLength { return false }
        if let maxLength, input.count > maxLength { return false }
        if let segments { return segments.matches(input) }
        return simulate(input)
    }

    /// Whether the pattern matches `text` (folded here when the pattern is case-insensitive).
    public func matches(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        return matches(caseInsensitive ? CaseFold.fold(scalars) : scalars)
    }

    // MARK: NFA simulation

    /// The NFA simulation: O(input × live places), no allocation proportional to the
    /// program per step.
    ///
    /// A `*` that every way to `accept` passes (no alternative jumps past it) accepts, once
    /// live, every rest the places before it accept, so those are dropped: `*a*a…*a$(v)` keeps
    /// a few live places, not one per `*`, and stays linear in the input (issue 17, kind 2).
    func simulate<C: Collection>(_ input: C) -> Bool where C.Element: FixedWidthInteger {
        var current = startSet()
        var passed: [Bool]?
        for c in input {
            current = step(current, UInt32(truncatingIfNeeded: c))
            if current.isEmpty { return false }
            if current.count > 4 {
                if passed == nil { passed = Self.passedOnEveryWay(program) }
                if let i = current.lastIndex(where: { program[$0] == .loop(.any) && passed![$0] }), i > 0 {
                    current.removeFirst(i)
                }
            }
        }
        return isAccepting(current)
    }

    /// For each place, whether every way from the start to `accept` passes it: no fork or jump
    /// before it goes past it (every fork and jump goes forward).
    static func passedOnEveryWay(_ program: [PatternInstruction]) -> [Bool] {
        var out = [Bool](repeating: false, count: program.count)
        var reach = 0
        for (pc, inst) in program.enumerated() {
            out[pc] = reach <= pc
            switch inst {
            case .fork(let targets): reach = max(reach, targets.max() ?? pc)
            case .jump(let t): reach = max(reach, t)
            default: break
            }
        }
        return out
    }

    /// Whether every closure is laid out (else they are walked at each step; see ``closures(_:)``).
    private var precomputed: Bool { !closureStart.isEmpty }

    /// The closure of `pc`, appended to `out` (walked when not laid out).
    @inline(__always)
    private func appendClosure(_ pc: Int, to out: inout [Int], seen: inout Set<Int>) {
        if precomputed {
            for t in closureData[Int(closureStart[pc])..<Int(closureStart[pc + 1])] { out.append(Int(t)) }
            return
        }
        var pending = [pc]
        while let at = pending.popLast() {
            guard seen.insert(at).inserted else { continue }
            switch program[at] {
            case .scalar, .one, .accept: out.append(at)
            case .loop: out.append(at); pending.append(at + 1)
            case .fork(let targets): pending.append(contentsOf: targets.reversed())
            case .jump(let t): pending.append(t)
            case .fail: break
            }
        }
    }

    /// The consuming places (and `accept`) reached from `pc` without consuming: the places
    /// ``step(_:_:)`` goes on from.
    func closure(of pc: Int) -> ArraySlice<Int32> {
        if precomputed { return closureData[Int(closureStart[pc])..<Int(closureStart[pc + 1])] }
        var out: [Int] = []
        var seen = Set<Int>()
        appendClosure(pc, to: &out, seen: &seen)
        return ArraySlice(out.map { Int32($0) })
    }

    /// The places a match may be at before reading anything: the consuming places (and
    /// `accept`) reached from the start without consuming, sorted.
    public func startSet() -> [Int] {
        var out: [Int] = []
        var seen = Set<Int>()
        appendClosure(0, to: &out, seen: &seen)
        return Self.sortedUnique(out)
    }

    /// The places reached from `states` (a ``startSet()`` or an earlier step) by consuming `c`,
    /// sorted and without repeats. Cost: proportional to the places reached.
    public func step(_ states: [Int], _ c: UInt32) -> [Int] {
        var next: [Int] = []
        var seen = Set<Int>()
        for pc in states {
            let target: Int
            switch program[pc] {
            case .scalar(let s) where s == c: target = pc + 1
            case .one(let k) where k.contains(c): target = pc + 1
            case .loop(let k) where k.contains(c): target = pc
            default: continue
            }
            appendClosure(target, to: &next, seen: &seen)
        }
        return Self.sortedUnique(next)
    }

    /// `list` in ascending order, each element once.
    static func sortedUnique(_ list: [Int]) -> [Int] {
        var list = list
        var sorted = true
        for i in list.indices.dropFirst() where list[i] <= list[i - 1] {
            sorted = false
            break
        }
        if sorted { return list }
        list.sort()
        var w = 0
        for r in list.indices where w == 0 || list[r] != list[w - 1] {
            list[w] = list[r]
            w += 1
        }
        list.removeLast(list.count - w)
        return list
    }

    /// The number of places ``step(_:_:)`` may visit for `states`: the work measure of searches.
    public func stepCost(_ states: [Int]) -> Int {
        guard precomputed else { return 1 + 4 * states.count }
        var cost = 1
        for pc in states {
            switch program[pc] {
            case .scalar, .one: cost += Int(closureStart[pc + 2] - closureStart[pc + 1])
            case .loop: cost += Int(closureStart[pc + 1] - closureStart[pc])
            default: break
            }
        }
        return cost
    }

    public func isAccepting(_ states: [Int]) -> Bool {
        states.last.map { program[$0] == .accept } ?? false
    }

    /// Closures of every place, computed from the end: every jump and fork goes forward and a
    /// loop goes on to the next place, so each closure is built from later ones, with no
    /// recursion however long the pattern. Chains of loops joined by empty alternatives
    /// (`*$(e)*$(e)…` with an empty value) make closures overlap quadratically: past a size
    /// linear in the program, none are laid out and ``step(_:_:)`` walks them instead.
    private static func closures(_ program: [PatternInstruction]) -> ([Int32], [Int32]) {
        // Without loops, alternatives or `fail`, each place is its own closure: every such
        // program shares one table (``identityClosures``), where place `pc` starts at `pc`.
        if program.count + 2 <= identityClosures.count,
           program.allSatisfy({ switch $0 { case .scalar, .one, .accept: return true; default: return false } }) {
            return (identityClosures, identityClosures)
        }
        var lists = [[Int32]](repeating: [], count: program.count + 1)
        var total = 0
        let cap = 8 * program.count + 4096
        for pc in stride(from: program.count - 1, through: 0, by: -1) {
            if total > cap { return ([], []) }
            switch program[pc] {
            case .scalar, .one, .accept:
                lists[pc] = [Int32(pc)]
            case .loop:
                lists[pc] = [Int32(pc)] + lists[pc + 1]
            case .fork(let targets):
                var merged = Set<Int32>()
                for t in targets { merged.formUnion(lists[t]) }
                lists[pc] = merged.sorted()
            case .jump(let t):
                lists[pc] = lists[t]
            case .fail:
                lists[pc] = []
            }
            total += lists[pc].count
        }
        var start: [Int32] = [0]
        var data: [Int32] = []
        for l in lists {
            data += l
            start.append(Int32(data.count))
        }
        return (start, data)
    }

    /// 0, 1, 2, …: the closure table of every program whose places are their own closures
    /// (shared, so such patterns hold no table of their own).
    private static let identityClosures: [Int32] = (0..<4096).map { Int32($0) }

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

    /// The values as one trie of alternatives (issue 17, kind 3): values that share a
    /// beginning share its instructions, so a thousand values starting with `*` hold one loop,
    /// and the places alive while matching are those of the values still possible, not of
    /// every value. Each value's end jumps past the trie. Laid out without recursion.
    mutating func alternatives(_ values: [[UInt32]], patterns: Bool) {
        var trie = AlternativeTrie()
        for v in values {
            var b = ProgramBuilder(caseInsensitive: caseInsensitive)
            if patterns {
                b.emit(v, variables: [:], allowVariables: false)
            } else {
                for c in v { b.literal(c) }
            }
            trie.insert(b.program)
        }
        guard !values.isEmpty else {
            program.append(.fail)
            return
        }
        var jumps: [Int] = []
        // Work items: a node to lay out, and the fork slot that must point at it.
        var pending: [(instruction: PatternInstruction?, node: Int, fork: Int, slot: Int)] = [(nil, 0, -1, -1)]
        while let item = pending.popLast() {
            if item.fork >= 0, case .fork(var targets) = program[item.fork] {
                targets[item.slot] = program.count
                program[item.fork] = .fork(targets)
            }
            if let first = item.instruction { program.append(first) }
            var node = item.node
            // Straight runs need no fork.
            while true {
                let n = trie.nodes[node]
                if n.children.count == 1 && !n.terminal {
                    program.append(n.children[0].instruction)
                    node = n.children[0].node
                    continue
                }
                if n.children.isEmpty {
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    break
                }
                let forkAt = program.count
                let branches = n.children.count + (n.terminal ? 1 : 0)
                program.append(.fork([Int](repeating: -1, count: branches)))
                var slot = 0
                if n.terminal {
                    program[forkAt] = .fork([program.count] + [Int](repeating: -1, count: branches - 1))
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    slot = 1
                }
                // Children are laid out in order: push them reversed.
                var children: [(instruction: PatternInstruction?, node: Int, fork: Int, slot: Int)] = []
                for child in n.children {
                    children.append((child.instruction, child.node, forkAt, slot))
                    slot += 1
                }
                // Each child's own instruction is laid out first when it is popped.
                pending += children.reversed()
                break
            }
        }
        let end = program.count
        for j in jumps { program[j] = .jump(end) }
    }
}

/// Alternatives (variable values) as a trie of instruction sequences. A node's children each
/// start with their instruction: ``ProgramBuilder/alternatives(_:patterns:)`` lays that
/// instruction out, then the child node.
struct AlternativeTrie {
    struct Node {
        var children: [(instruction: PatternInstruction, node: Int)] = []
        var index: [PatternInstruction: Int] = [:]
        var terminal = false
    }

    /// Node 0 is the root (before any instruction). A child node stands after its instruction.
    var nodes: [Node] = [Node()]

    mutating func insert(_ sequence: [PatternInstruction]) {
        var at = 0
        for inst in sequence {
            if let next = nodes[at].index[inst] {
                at = next
            } else {
                nodes.append(Node())
                let child = nodes.count - 1
                nodes[at].index[inst] = child
                nodes[at].children.append((inst, child))
                at = child
            }
        }
        nodes[at].terminal = true
    }
}
