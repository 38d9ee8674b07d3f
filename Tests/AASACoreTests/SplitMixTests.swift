import SplitMix
import Testing

/// The shared deterministic generator of the benchmarks and the tests.
@Suite struct SplitMixTests {
    /// The published first outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c, Java's
    /// SplittableRandom): the benchmarks' inputs and the tests' seeds depend on them.
    @Test func firstOutputsFromSeedZero() {
        var rng = SplitMix64(seed: 0)
        #expect([rng.next(), rng.next(), rng.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        #expect(rng.state == 3 &* 0x9E37_79B9_7F4A_7C15)
    }
}
