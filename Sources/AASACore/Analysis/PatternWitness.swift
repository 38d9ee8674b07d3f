/// Cheap reasoning over patterns, used before any automaton search (``PatternSearch``):
/// concrete members of a pattern's language, which refute an inclusion in one linear match,
/// and a symbolic member, which proves one.
///
/// The symbolic member reads the inner pattern as a sequence of symbols — a literal scalar, "one
/// scalar of a class" (`?`, `$(digit)`…) and "any run of a class" (`*`, a route placeholder's
/// tail) — and runs the outer pattern over it, where a literal of the outer pattern only takes
/// the same literal, a class only a literal or a class inside it, and a block of `*` and `?`
/// (`?*`, `*?*`: at least `m` scalars) takes any symbols, of which the runs count for nothing
/// towards `m`. When the outer pattern accepts the symbols, it accepts every string the inner
/// pattern does, whatever scalars fill the wildcards: each run sits inside a block, which takes
/// a run of any length, and the fixed symbols keep their places. That proves in one pass what a
/// search proves for the common shapes (`/shop/*` over `/shop/sale/*`, `/p/?*` over `/p/x/*`,
/// `*.pdf` over `/docs/*.pdf`, `/a/*/b` over `/a/x/b`).
enum PatternWitness {
    // MARK: Concrete members

    /// A shortest string `pattern` accepts (runs empty, one-scalar wildcards a letter), as the
    /// pattern reads it (folded when it folds); `nil` when it accepts none. Linear in the program.
    static func shortest(_ pattern: CompiledPattern) -> [UInt32]? {
        walk(pattern, fresh: [])
    }

    /// A string `pattern` accepts in which every wildcard takes a scalar outside `avoiding`
    /// where its class allows (a run takes exactly one): a member that another pattern whose
    /// literals are `avoiding` can only match by its own wildcards. `nil` when none.
    static func fresh(_ pattern: CompiledPattern, avoiding: Set<UInt32>) -> [UInt32]? {
        walk(pattern, fresh: avoiding, runs: true)
    }

    /// Follows the shortest way to `accept` (every jump and fork goes forward), writing a scalar
    /// for each consuming step.
    private static func walk(_ pattern: CompiledPattern, fresh avoiding: Set<UInt32>, runs: Bool = false) -> [UInt32]? {
        let program = pattern.program
        let never = Int.max / 2
        // Shortest remaining length from each place.
        var rest = [Int](repeating: never, count: program.count + 1)
        for pc in stride(from: program.count - 1, through: 0, by: -1) {
            switch program[pc] {
            case .scalar, .one: rest[pc] = rest[pc + 1] >= never ? never : rest[pc + 1] + 1
            case .loop: rest[pc] = rest[pc + 1] >= never || !runs ? rest[pc + 1] : rest[pc + 1] + 1
            case .fork(let targets): rest[pc] = targets.map { rest[$0] }.min() ?? never
            case .jump(let t): rest[pc] = rest[t]
            case .accept: rest[pc] = 0
            case .fail: rest[pc] = never
            }
        }
        guard !program.isEmpty, rest[0] < never else { return nil }
        var out: [UInt32] = []
        var pc = 0
        while pc < program.count {
            switch program[pc] {
            case .scalar(let c):
                out.append(c)
                pc += 1
            case .one(let k):
                out.append(member(of: k, avoiding: avoiding, folded: pattern.caseInsensitive))
                pc += 1
            case .loop(let k):
                if runs { out.append(member(of: k, avoiding: avoiding, folded: pattern.caseInsensitive)) }
                pc += 1
            case .fork(let targets):
                pc = targets.min { rest[$0] < rest[$1] }!
            case .jump(let t):
                pc = t
            case .accept:
                return out
            case .fail:
                return nil
            }
        }
        return out
    }

    /// Scalars tried for a wildcard, readable ones first; the last is outside ASCII.
    private static let candidates: [UInt32] = Array("zqxjkvwyubmpfghcdlnrtsoiea0123456789ZQXJKVWYUBMPFGHCDLNRTSOIEA-_~".unicodeScalars.map(\.value)) + [0x4E00]

    /// A member of `k` outside `avoiding` when one is (else its first member), folded when the
    /// pattern folds.
    static func member(of k: CharClass, avoiding: Set<UInt32>, folded: Bool) -> UInt32 {
        var first: UInt32?
        for c in candidates where k.contains(c) && (!folded || CaseFold.fold(c) == c) {
            if first == nil { first = c }
            if !avoiding.contains(c) { return c }
        }
        return first ?? 0x61
    }

    /// The scalars a pattern's literals can stand for, with their case variants: what a fresh
    /// member must avoid to be taken only by the pattern's wildcards.
    static func literalsWithVariants(_ pattern: CompiledPattern) -> Set<UInt32> {
        var out = Set<UInt32>()
        for c in pattern.literalScalars {
            out.insert(c)
            if c < 0x80 {
                if (0x41...0x5A).contains(c) { out.insert(c + 0x20) } else if (0x61...0x7A).contains(c) { out.insert(c - 0x20) }
                continue
            }
            guard let s = Unicode.Scalar(c) else { continue }
            for variant in [s.properties.lowercaseMapping, s.properties.uppercaseMapping] where variant.unicodeScalars.count == 1 {
                out.insert(variant.unicodeScalars.first!.value)
            }
        }
        return out
    }

    // MARK: Symbolic inclusion

    /// One symbol of the inner pattern.
    private enum Symbol {
        case scalar(UInt32)
        case one(CharClass)
        case run(CharClass)
    }

    /// One item of the outer pattern.
    private enum Item {
        case scalar(UInt32)
        case one(CharClass)
        /// A run of `*` and `?` holding at least one `*`: at least `min` scalars.
        case block(min: Int)
    }

    /// Most symbols × items one proof may compare; past it, nothing is proven (the caller
    /// searches within its budget).
    static let proofLimit = 4_000_000

    /// Whether every string `inner` accepts is proven accepted by `outer` (see the type's
    /// description). `false` means not proven, not refuted. Linear in the patterns for the
    /// common shapes; bounded by ``proofLimit``.
    static func provesInclusion(_ outer: CompiledPattern, _ inner: CompiledPattern) -> Bool {
        guard let items = items(outer), let symbols = symbols(inner, for: outer),
              items.count * max(1, symbols.count) <= proofLimit else { return false }
        // States: an item index and, in a block, the scalars it has taken (capped at its min).
        var base: [Int] = []
        var total = 0
        for item in items {
            base.append(total)
            if case .block(let m) = item { total += m + 1 } else { total += 1 }
        }
        let end = total
        base.append(end)
        var itemOf = [Int](repeating: items.count, count: end + 1)
        for (i, _) in items.enumerated() {
            for s in base[i]..<base[i + 1] { itemOf[s] = i }
        }
        var mark = [Int](repeating: -1, count: end + 1)
        var generation = 0
        func close(_ states: inout [Int]) {
            var k = 0
            while k < states.count {
                let s = states[k]
                k += 1
                let i = itemOf[s]
                guard i < items.count, case .block(let m) = items[i], s - base[i] >= m else { continue }
                let next = base[i + 1]
                if mark[next] != generation {
                    mark[next] = generation
                    states.append(next)
                }
            }
        }
        var current = [0]
        mark[0] = 0
        close(&current)
        let folds = outer.caseInsensitive
        for symbol in symbols {
            generation += 1
            var next: [Int] = []
            func add(_ s: Int) {
                if mark[s] != generation {
                    mark[s] = generation
                    next.append(s)
                }
            }
            for s in current {
                let i = itemOf[s]
                guard i < items.count else { continue }
                switch (items[i], symbol) {
                case (.scalar(let d), .scalar(let c)):
                    if (folds ? CaseFold.fold(c) : c) == d { add(base[i + 1]) }
                case (.one(let k), .scalar(let c)):
                    if k.contains(folds ? CaseFold.fold(c) : c) { add(base[i + 1]) }
                case (.one(let k), .one(let inner)):
                    if contains(k, inner) { add(base[i + 1]) }
                case (.block, .run):
                    add(s)
                case (.block(let m), _):
                    add(min(s + 1, base[i] + m))
                default:
                    break
                }
            }
            close(&next)
            if next.isEmpty { return false }
            current = next
        }
        return current.contains(end)
    }

    /// The outer pattern as items; `nil` for shapes the proof does not read (alternatives,
    /// loops of a class other than any, `fail`).
    private static func items(_ pattern: CompiledPattern) -> [Item]? {
        var out: [Item] = []
        let program = pattern.program
        var pc = 0
        while pc < program.count {
            switch program[pc] {
            case .scalar(let c):
                out.append(.scalar(c))
                pc += 1
            case .one(.any), .loop(.any):
                // A maximal run of `?` and `*`.
                var ones = 0, stars = 0
                while pc < program.count {
                    if case .one(.any) = program[pc] { ones += 1 } else if case .loop(.any) = program[pc] { stars += 1 } else { break }
                    pc += 1
                }
                if stars == 0 {
                    out += [Item](repeating: .one(.any), count: ones)
                } else {
                    out.append(.block(min: ones))
                }
            case .one(let k):
                out.append(.one(k))
                pc += 1
            case .accept:
                return pc == program.count - 1 ? out : nil
            default:
                return nil
            }
        }
        return nil
    }

    /// The inner pattern as symbols, as `outer` reads them; `nil` for alternatives and `fail`.
    private static func symbols(_ pattern: CompiledPattern, for outer: CompiledPattern) -> [Symbol]? {
        var out: [Symbol] = []
        // A case-insensitive literal stands for each of its case variants: unless the outer
        // pattern folds too, only a wildcard takes it.
        let ambiguous = pattern.caseInsensitive && !outer.caseInsensitive
        for inst in pattern.program {
            switch inst {
            case .scalar(let c):
                if ambiguous && CaseFold.fold(c) == c, let s = Unicode.Scalar(c),
                   s.properties.uppercaseMapping.unicodeScalars.count != 1 || s.properties.uppercaseMapping.unicodeScalars.first!.value != c {
                    out.append(.one(.any))
                } else {
                    out.append(.scalar(c))
                }
            case .one(let k): out.append(.one(ambiguous ? .any : k))
            case .loop(let k): out.append(.run(k))
            case .accept: return out
            default: return nil
            }
        }
        return nil
    }

    /// Whether every scalar of `inner` is in `outer` (as the patterns' classes read them).
    static func contains(_ outer: CharClass, _ inner: CharClass) -> Bool {
        if outer == inner || outer == .any { return true }
        switch (outer, inner) {
        case (.alpha, .upper), (.alpha, .lower), (.alnum, .upper), (.alnum, .lower), (.alnum, .alpha),
             (.alnum, .digit), (.xdigit, .digit):
            return true
        case (.segment, .alpha), (.segment, .upper), (.segment, .lower), (.segment, .alnum),
             (.segment, .digit), (.segment, .xdigit):
            return true
        default:
            return false
        }
    }
}
