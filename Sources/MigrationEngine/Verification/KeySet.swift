/// The keys of one verified class, asked whether each link target exists.
///
/// Keys that are dense in their range (at most 64 unused values per key, as object keys usually are) are held as a
/// bitmap over that range, which answers in one memory access and takes at most one bit per unused value; sparse keys
/// stay a sorted array, searched in halves.
struct KeySet {
    private enum Storage {
        /// Bit `key - lowest` is set for every key.
        case bitmap(lowest: Int64, words: [UInt64])
        case sorted([Int64])
    }

    private let storage: Storage

    /// Creates the set of `keys`, in any order (a destination lists them ascending; one that does not must not make
    /// this trap).
    init(_ keys: [Int64]) {
        guard let lowest = keys.min(), let highest = keys.max(),
            case (let span, false) = highest.subtractingReportingOverflow(lowest),
            span / 64 < Int64(keys.count)
        else {
            storage = .sorted(keys.sorted())
            return
        }
        var words = [UInt64](repeating: 0, count: Int(span / 64) + 1)
        for key in keys {
            let offset = UInt64(bitPattern: key &- lowest)
            words[Int(offset >> 6)] |= 1 << (offset & 63)
        }
        storage = .bitmap(lowest: lowest, words: words)
    }

    func contains(_ key: Int64) -> Bool {
        switch storage {
        case .bitmap(let lowest, let words):
            guard key >= lowest, case (let difference, false) = key.subtractingReportingOverflow(lowest) else {
                return false
            }
            let offset = UInt64(bitPattern: difference)
            let word = offset >> 6
            return word < UInt64(words.count) && words[Int(word)] & (1 << (offset & 63)) != 0
        case .sorted(let keys):
            var low = 0
            var high = keys.count
            while low < high {
                let middle = low + (high - low) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key
        }
    }
}
