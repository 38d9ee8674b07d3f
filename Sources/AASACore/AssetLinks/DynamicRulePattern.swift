/// One step of a compiled dynamic-rule pattern (spec `assetlinks-reference.md` §3.2, "Pattern
/// algorithm (policy)").
public enum PatternStep: Sendable, Hashable {
    /// This UTF-16 code unit, exactly.
    case literal(UInt16)
    /// Any one code unit (`?`).
    case any
    /// `*` followed by the literal `c`: skip to the first `c` at or after the current position
    /// and consume it; no `c` left ⇒ no match. No backtracking.
    case starUntil(UInt16)
    /// `*` at the end of the pattern: the rest, including nothing.
    case starEnd
}

/// A dynamic-rule pattern (`/`, `#`, or a `?` value) compiled for the policy algorithm of
/// §3.2: tokens are literal code units, ONE (`?`) and STAR (`*`); `\` is not special. A run of
/// consecutive wildcards holding k ONE tokens and at least one STAR is "skip exactly k code
/// units, then STAR"; STAR before a literal `c` advances to the first `c` and consumes it;
/// STAR at the end takes the rest. Matching is left to right with no backtracking, so it is one
/// deterministic pass: time linear in the input, whatever the pattern (`/a*bc` does not match
/// `/axbxbc`; `/p/*` does not match `/p`; `*` matches the empty string).
public struct RulePattern: Sendable, Hashable {
    /// The pattern as written in the file.
    public let text: String
    /// The compiled steps.
    public let steps: [PatternStep]
    /// How many leading code units of ``text`` are literal whatever they hold (a `?` entry's
    /// `name=`); 0 for a pattern as written.
    let literalPrefix: Int
    /// The steps with `.` read as ONE too (the reading of a device that builds a simple glob);
    /// `nil` when the pattern has no `.` beyond its literal prefix, so the steps are the same.
    let dotSteps: [PatternStep]?

    /// Longest pattern compiled, in UTF-16 code units; the statement list is at most 1 MiB,
    /// so this bounds nothing a real file holds and keeps hostile ones linear.
    public static let maxLength = 1_048_576

    public init(_ text: String) {
        self.text = text
        let units = Array(text.utf16.prefix(RulePattern.maxLength))
        steps = RulePattern.compile(units)
        literalPrefix = 0
        dotSteps = units.contains(0x2E) ? RulePattern.compile(units, dotIsAny: true) : nil
    }

    /// A pattern for a `?` entry: the literal `name=` followed by the value pattern (the name is
    /// compared exactly, policy §3.2).
    init(parameter name: String, value: RulePattern) {
        text = name + "=" + value.text
        let head = Array(name.utf16).map { PatternStep.literal($0) } + [.literal(0x3D)]
        steps = head + value.steps
        literalPrefix = name.utf16.count + 1
        dotSteps = value.dotSteps.map { head + $0 }
    }

    /// The steps of `units` read with the policy's tokens (`*` STAR, `?` ONE, the rest literal).
    /// - Parameter dotIsAny: read `.` as ONE too (the alternative reading devices may use:
    ///   PatternMatcher's simple glob, §3.2 "A `.` in a pattern").
    static func compile(_ units: [UInt16], dotIsAny: Bool = false) -> [PatternStep] {
        var steps: [PatternStep] = []
        steps.reserveCapacity(units.count)
        var i = 0
        while i < units.count {
            let u = units[i]
            let one = u == 0x3F || (dotIsAny && u == 0x2E)
            guard one || u == 0x2A else {
                steps.append(.literal(u))
                i += 1
                continue
            }
            var star = false
            while i < units.count {
                let w = units[i]
                if w == 0x2A { star = true } else if w == 0x3F || (dotIsAny && w == 0x2E) { steps.append(.any) } else { break }
                i += 1
            }
            if star {
                if i < units.count {
                    steps.append(.starUntil(units[i]))
                    i += 1
                } else {
                    steps.append(.starEnd)
                }
            }
        }
        return steps
    }

    /// Whether the pattern matches the whole of `s` (the policy algorithm).
    public func matches<C: Collection>(_ s: C) -> Bool where C.Element == UInt16, C.Index == Int {
        RulePattern.run(steps, s)
    }

    static func run<C: Collection>(_ steps: [PatternStep], _ s: C) -> Bool where C.Element == UInt16, C.Index == Int {
        var i = s.startIndex
        let end = s.endIndex
        for step in steps {
            switch step {
            case .literal(let c):
                guard i < end, s[i] == c else { return false }
                i += 1
            case .any:
                guard i < end else { return false }
                i += 1
            case .starUntil(let c):
                while i < end && s[i] != c { i += 1 }
                guard i < end else { return false }
                i += 1
            case .starEnd:
                return true
            }
        }
        return i == end
    }

    /// Whether `s` matches the pattern read as an ordinary glob — `*` any sequence, `?` any one
    /// code unit, with backtracking — the reading a device would have if its matcher
    /// backtracked (§3.2, "Does `*` backtrack?", unknown). O(|s| × |pattern|).
    public func matchesWithBacktracking<C: Collection>(_ s: C) -> Bool where C.Element == UInt16, C.Index == Int {
        let p = Array(text.utf16.prefix(RulePattern.maxLength))
        var si = s.startIndex, pi = 0
        var starP = -1, starS = s.startIndex
        let lit = literalPrefix
        while si < s.endIndex {
            if pi < p.count && ((pi >= lit && p[pi] == 0x3F) || ((pi < lit || p[pi] != 0x2A) && p[pi] == s[si])) {
                si += 1
                pi += 1
            } else if pi < p.count && pi >= lit && p[pi] == 0x2A {
                starP = pi
                starS = si
                pi += 1
            } else if starP >= 0 {
                pi = starP + 1
                starS += 1
                si = starS
            } else {
                return false
            }
        }
        while pi < p.count && pi >= lit && p[pi] == 0x2A { pi += 1 }
        return pi == p.count
    }

    /// A `*` with more pattern after it: where devices that backtrack could decide otherwise.
    public var dependsOnBacktracking: Bool {
        steps.contains { if case .starUntil = $0 { return true } else { return false } }
    }

    /// A `.` in the pattern (literal by policy; any character if the device builds a simple glob).
    public var hasDot: Bool { text.utf16.dropFirst(literalPrefix).contains(0x2E) }

    /// Only STARs: matches every string, the empty one included.
    public var matchesEverything: Bool { steps == [.starEnd] }
}
