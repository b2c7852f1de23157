import Testing

@testable import MigrationEngine

@Suite struct KeySetTests {
    /// Dense runs (held as a bitmap), sparse ones (a sorted array) and the extremes of `Int64`, each asked about its
    /// own keys, their neighbours and far-off values; the answers must be those of a `Set`, given the keys ascending or
    /// descending.
    @Test(
        arguments: [
            Array(0..<300), Array(-150..<150).filter { $0 % 3 != 0 }, [5], [],
            Array(stride(from: 0, to: 100_000, by: 997)), [Int64.min, -1, 0, 1, Int64.max],
            [Int64.max - 70, Int64.max - 3, Int64.max], [Int64.min, Int64.min + 64, Int64.min + 65],
        ] as [[Int64]])
    func answersAsASetWould(keys: [Int64]) {
        let set = KeySet(keys)
        let descending = KeySet(keys.reversed())
        let truth = Set(keys)
        var probes = keys.flatMap { [$0, $0 &- 1, $0 &+ 1, $0 &+ 64, $0 &- 64] }
        probes += [Int64.min, Int64.min + 1, -1, 0, 1, 1_000, 100_000, Int64.max - 1, Int64.max]
        for probe in probes {
            #expect(set.contains(probe) == truth.contains(probe), "\(probe) in \(keys.prefix(5))…")
            #expect(descending.contains(probe) == truth.contains(probe), "\(probe) in reversed \(keys.prefix(5))…")
        }
    }
}
