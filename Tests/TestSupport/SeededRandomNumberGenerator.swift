import Foundation

/// A small, fast, seedable random number generator (SplitMix64), so randomized tests see the same values on every
/// run and a failing run can be replayed from its seed.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    /// The seed the generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator that yields the SplitMix64 sequence of `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator seeded from `$CARRYOVER_FUZZ_SEED` when set, otherwise from a fresh random seed; prints the seed
    /// under `label` with the setting that replays it.
    public static func replayable(_ label: String) -> SeededRandomNumberGenerator {
        let seed =
            UInt64(ProcessInfo.processInfo.environment["CARRYOVER_FUZZ_SEED"] ?? "")
            ?? UInt64.random(in: 1...UInt64.max)
        print("\(label) seed \(seed) (set CARRYOVER_FUZZ_SEED=\(seed) to replay)")
        return SeededRandomNumberGenerator(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
