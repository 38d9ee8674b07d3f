/// SplitMix64 (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators",
/// OOPSLA 2014): a small deterministic generator, so a benchmark decides the same inputs on
/// every run and a failing test's seed reproduces its inputs. One 64-bit word of state; not
/// for anything that must be unpredictable.
///
/// The one copy for the benchmarks (`aasa-bench`) and the tests. The fuzz harness's
/// `SeededChoices` (Tests/AASACoreTests/Reference) keeps its own: `scripts/fuzz.sh` compiles
/// it with `swiftc` against AASACore alone, outside the package.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The state: the seed, plus the golden gamma once per number drawn.
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijection of 64-bit words in which each output bit depends
    /// on every input bit.
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
