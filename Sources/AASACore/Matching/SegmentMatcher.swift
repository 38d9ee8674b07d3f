/// Near-linear matching of a pattern without alternatives whose only loops are `*`
/// (`prefix*mid?dle*suffix`): the text between stars is a run of fixed-width atoms (a scalar,
/// or one scalar of a class), so the pattern matches when the first run matches at the start,
/// the last at the end, and every middle run occurs, in order, in between. Taking each middle
/// run at its leftmost occurrence is optimal, because later runs then have the most room.
///
/// Middle runs are found with Knuth–Morris–Pratt when they are literal (O(input + run)), with
/// bit-parallel shift-and when they hold classes and are at most 4,096 long (O(input × ⌈run /
/// 64⌉)), and longer ones by their longest literal piece (KMP) checked in place, so a long
/// literal pattern, a long URL, or both stay linear where a backtracking or two-pointer matcher
/// is quadratic (issue 17, kind 2).
struct SegmentMatcher: Sendable {
    /// One run of fixed-width atoms between stars.
    struct Run: Sendable {
        let atoms: [PatternInstruction]
        /// KMP failure function when every atom is a scalar.
        let failure: [Int32]?
        /// Shift-and masks when some atom is a class and the run is at most
        /// ``ShiftAnd/maxAtoms`` long: bit `i` of word `i / 64` is set where atom `i` accepts
        /// the scalar.
        let shiftAnd: ShiftAnd?
        /// For a longer run with classes: its longest literal piece (found with KMP), the
        /// piece's offset in the run, and the piece's failure function; each occurrence is
        /// then checked in place.
        let anchor: (offset: Int, atoms: [PatternInstruction], failure: [Int32])?

        init(_ atoms: [PatternInstruction], middle: Bool) {
            self.atoms = atoms
            let literal = atoms.allSatisfy { if case .scalar = $0 { return true }; return false }
            failure = middle && literal ? Run.failureFunction(atoms) : nil
            shiftAnd = middle && !literal && atoms.count <= ShiftAnd.maxAtoms ? ShiftAnd(atoms) : nil
            if middle && !literal && atoms.count > ShiftAnd.maxAtoms {
                var best = (start: 0, length: 0)
                var start = 0
                for (i, atom) in atoms.enumerated() {
                    if case .scalar = atom {
                        if i + 1 - start > best.length { best = (start, i + 1 - start) }
                    } else {
                        start = i + 1
                    }
                }
                let piece = Array(atoms[best.start..<(best.start + best.length)])
                anchor = best.length == 0 ? nil : (best.start, piece, Run.failureFunction(piece))
            } else {
                anchor = nil
            }
        }

        static func failureFunction(_ atoms: [PatternInstruction]) -> [Int32] {
            var f = [Int32](repeating: 0, count: atoms.count)
            var k = 0
            for i in 1..<max(1, atoms.count) {
                while k > 0 && atoms[i] != atoms[k] { k = Int(f[k - 1]) }
                if atoms[i] == atoms[k] { k += 1 }
                f[i] = Int32(k)
            }
            return f
        }

        @inline(__always)
        static func accepts(_ atom: PatternInstruction, _ c: UInt32) -> Bool {
            switch atom {
            case .scalar(let s): return s == c
            case .one(let k): return k.contains(c)
            default: return false
            }
        }

        /// Knuth–Morris–Pratt: the first occurrence of the literal `atoms` in `from..<end`.
        static func kmp<C: RandomAccessCollection>(_ atoms: [PatternInstruction], _ failure: [Int32], in input: C, from: Int, end: Int) -> Int?
        where C.Index == Int, C.Element: FixedWidthInteger {
            let m = atoms.count
            var k = 0
            var i = from
            while i < end {
                let c = UInt32(truncatingIfNeeded: input[i])
                while k > 0 && !accepts(atoms[k], c) { k = Int(failure[k - 1]) }
                if accepts(atoms[k], c) { k += 1 }
                if k == m { return i - m + 1 }
                i += 1
            }
            return nil
        }

        /// Whether the run matches `input` at `at` (the caller checked the room).
        @inline(__always)
        func matches<C: RandomAccessCollection>(_ input: C, at: Int) -> Bool where C.Index == Int, C.Element: FixedWidthInteger {
            var i = at
            for atom in atoms {
                if !Run.accepts(atom, UInt32(truncatingIfNeeded: input[i])) { return false }
                i += 1
            }
            return true
        }

        /// The first `p` in `from...` with the run at `p..<p + count` inside `..<end`.
        func first<C: RandomAccessCollection>(in input: C, from: Int, end: Int) -> Int? where C.Index == Int, C.Element: FixedWidthInteger {
            let m = atoms.count
            if m == 0 { return from }
            if end - from < m { return nil }
            if let failure { return Run.kmp(atoms, failure, in: input, from: from, end: end) }
            if let shiftAnd { return shiftAnd.first(in: input, from: from, end: end) }
            if let (offset, piece, pieceFailure) = anchor {
                var at = from + offset
                while let hit = Run.kmp(piece, pieceFailure, in: input, from: at, end: end - (m - offset - piece.count)) {
                    let start = hit - offset
                    if matches(input, at: start) { return start }
                    at = hit + 1
                }
                return nil
            }
            // Classes only: every place is checked.
            var start = from
            while start + m <= end {
                if matches(input, at: start) { return start }
                start += 1
            }
            return nil
        }
    }

    /// Bit-parallel search for a run with classes.
    struct ShiftAnd: Sendable {
        /// Longest run searched bit-parallel (64 words a scalar at most).
        static let maxAtoms = 4096
        let count: Int
        let words: Int
        /// Masks for ASCII scalars, `words` per scalar.
        let ascii: [UInt64]
        /// Masks of the literal non-ASCII scalars.
        let other: [UInt32: [UInt64]]
        /// Masks of each class atom's positions, for non-ASCII input.
        let classes: [(CharClass, [UInt64])]

        init(_ atoms: [PatternInstruction]) {
            count = atoms.count
            words = (atoms.count + 63) / 64
            var ascii = [UInt64](repeating: 0, count: 128 * words)
            var other: [UInt32: [UInt64]] = [:]
            var classMasks: [CharClass: [UInt64]] = [:]
            for (i, atom) in atoms.enumerated() {
                let w = i / 64, bit = UInt64(1) << UInt64(i % 64)
                switch atom {
                case .scalar(let s):
                    if s < 128 { ascii[Int(s) * words + w] |= bit } else { other[s, default: [UInt64](repeating: 0, count: words)][w] |= bit }
                case .one(let k):
                    for c in 0..<128 where k.contains(UInt32(c)) { ascii[c * words + w] |= bit }
                    classMasks[k, default: [UInt64](repeating: 0, count: words)][w] |= bit
                default:
                    break
                }
            }
            self.ascii = ascii
            self.other = other
            classes = classMasks.map { ($0.key, $0.value) }
        }

        func first<C: RandomAccessCollection>(in input: C, from: Int, end: Int) -> Int? where C.Index == Int, C.Element: FixedWidthInteger {
            let last = UInt64(1) << UInt64((count - 1) % 64)
            if words == 1 {
                var d: UInt64 = 0
                var i = from
                while i < end {
                    d = ((d << 1) | 1) & mask(UInt32(truncatingIfNeeded: input[i]), word: 0)
                    if d & last != 0 { return i - count + 1 }
                    i += 1
                }
                return nil
            }
            var d = [UInt64](repeating: 0, count: words)
            var i = from
            while i < end {
                let c = UInt32(truncatingIfNeeded: input[i])
                var carry: UInt64 = 1
                for w in 0..<words {
                    let shifted = (d[w] << 1) | carry
                    carry = d[w] >> 63
                    d[w] = shifted & mask(c, word: w)
                }
                if d[words - 1] & last != 0 { return i - count + 1 }
                i += 1
            }
            return nil
        }

        @inline(__always)
        func mask(_ c: UInt32, word w: Int) -> UInt64 {
            if c < 128 { return ascii[Int(c) * words + w] }
            var m = other[c]?[w] ?? 0
            for (k, masks) in classes where k.contains(c) { m |= masks[w] }
            return m
        }
    }

    let runs: [Run]
    /// Whether the program has a `*` (else the one run must cover the whole input).
    let starred: Bool
    let minLength: Int

    /// The plan for `program`, or `nil` when it has alternatives, class loops or `fail`.
    init?(_ program: [PatternInstruction]) {
        var runs: [[PatternInstruction]] = [[]]
        for inst in program {
            switch inst {
            case .scalar, .one: runs[runs.count - 1].append(inst)
            case .loop(.any): runs.append([])
            case .accept: break
            default: return nil
            }
        }
        starred = runs.count > 1
        minLength = runs.reduce(0) { $0 + $1.count }
        self.runs = runs.enumerated().map { i, atoms in Run(atoms, middle: i > 0 && i < runs.count - 1) }
    }

    func matches<C: RandomAccessCollection>(_ input: C) -> Bool where C.Index == Int, C.Element: FixedWidthInteger {
        let base = input.startIndex
        let n = input.count
        if n < minLength { return false }
        let head = runs[0]
        if !starred { return n == head.atoms.count && head.matches(input, at: base) }
        let tail = runs[runs.count - 1]
        guard head.matches(input, at: base), tail.matches(input, at: base + n - tail.atoms.count) else { return false }
        var position = base + head.atoms.count
        let end = base + n - tail.atoms.count
        for run in runs.dropFirst().dropLast() {
            guard let found = run.first(in: input, from: position, end: end) else { return false }
            position = found + run.atoms.count
        }
        return true
    }
}
