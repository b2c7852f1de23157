import MigrationEngine

/// The values a migration block set in one field of one class, by object key, kept compactly: encoded one after
/// another in one buffer (``ValueEncoding``), keys ascending, as a block that enumerates the class writes them.
/// About 20 bytes per object for a number, where a dictionary of values would take ten times that. A value set out
/// of key order, or set again after later objects were, is kept aside and wins.
struct ChangedColumn {
    private var keys: [Int64] = []
    /// The end offset in `bytes` of each value, aligned with `keys`.
    private var ends: [Int] = []
    private var bytes: [UInt8] = []
    private var late: [Int64: MigrationValue] = [:]

    /// Sets the value of the object `key`.
    mutating func set(_ value: MigrationValue, for key: Int64) {
        if let last = keys.last, key <= last {
            if key == last, late[key] == nil {
                keys.removeLast()
                ends.removeLast()
                bytes.removeSubrange((ends.last ?? 0)...)
            } else {
                late[key] = value
                return
            }
        }
        ValueEncoding.encode(value, into: &bytes)
        keys.append(key)
        ends.append(bytes.count)
    }

    /// The value set for the object `key`, or `nil` when none was.
    /// - Throws: ``SchemaUpgradeError/unreadable(_:)`` if the kept bytes do not decode (they are this type's own
    ///   encoding of a value, so only a defect could cause it).
    func value(for key: Int64) throws(SchemaUpgradeError) -> MigrationValue? {
        if let value = late[key] { return value }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key else { return nil }
        do {
            return try ValueEncoding.decode(bytes, in: (low == 0 ? 0 : ends[low - 1])..<ends[low])
        } catch {
            throw .unreadable("a value the migration block set could not be read back: \(error)")
        }
    }

    /// The keys of the objects with a value, in no particular order.
    var changedKeys: [Int64] { keys.filter { late[$0] == nil } + late.keys }

    /// Calls `body` with every key and the value set for it.
    func forEach(_ body: (Int64, MigrationValue) throws(SchemaUpgradeError) -> Void) throws(SchemaUpgradeError) {
        for key in changedKeys {
            if let value = try value(for: key) { try body(key, value) }
        }
    }
}
