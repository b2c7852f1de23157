import RealmFile

/// The primary keys of link targets, so that printing a link (realm2json prints the target's primary key) costs a
/// lookup instead of decoding the target object. Filled while the target table itself is exported, or by one scan
/// of it when a link needs it first.
final class PrimaryKeyIndex {
    /// The indexed primary keys of one table.
    final class TableKeys {
        /// Ascending object keys, or `nil` when they are 0, 1, 2, … (the key is the position).
        private let keys: [Int64]?
        private let integers: [Int64]
        private let values: [Value]

        fileprivate init(keys: [Int64]?, integers: [Int64], values: [Value]) {
            self.keys = keys
            self.integers = integers
            self.values = values
        }

        /// The primary key of object `key`, or `nil` if the table has no such object.
        func primaryKey(of key: ObjectKey) -> Value? {
            let count = values.isEmpty ? integers.count : values.count
            let position: Int
            if let keys {
                var low = 0
                var high = keys.count
                while low < high {
                    let middle = (low &+ high) / 2
                    if keys[middle] < key.rawValue { low = middle &+ 1 } else { high = middle }
                }
                guard low < keys.count, keys[low] == key.rawValue else { return nil }
                position = low
            } else {
                guard key.rawValue >= 0, key.rawValue < Int64(count) else { return nil }
                position = Int(key.rawValue)
            }
            guard position < count else { return nil }
            return values.isEmpty ? .int(integers[position]) : values[position]
        }
    }

    /// Collects one table's (key, primary key) pairs in key order.
    final class Recorder {
        /// The object keys, once they stop being 0, 1, 2, …; until then they are implied by the count.
        fileprivate var keys: [Int64]? = nil
        fileprivate var count: Int64 = 0
        fileprivate var integers: [Int64] = []
        fileprivate var values: [Value] = []
        fileprivate var allIntegers = true
        private let primaryKeyIndex: Int

        fileprivate init(primaryKeyIndex: Int, capacity: Int) {
            self.primaryKeyIndex = primaryKeyIndex
            integers.reserveCapacity(capacity)
        }

        /// Records `object`'s primary key.
        func record(_ object: Object) {
            let value = primaryKeyIndex < object.values.count ? object.values[primaryKeyIndex] : .null
            if keys == nil, object.key.rawValue != count { keys = Array(0..<count) }
            keys?.append(object.key.rawValue)
            count += 1
            if allIntegers, case .int(let number) = value {
                integers.append(number)
                return
            }
            if allIntegers {
                allIntegers = false
                values = integers.map { .int($0) }
                integers = []
            }
            values.append(value)
        }
    }

    private var tables: [TableKey: TableKeys] = [:]

    /// The indexed primary keys of `table`, if it was indexed.
    func keys(of table: Table) -> TableKeys? { tables[table.key] }

    /// A recorder for `table`, to be fed every object in key order and then handed to `finish`.
    func recorder(for table: Table) -> Recorder? {
        guard let primaryKeyIndex = table.primaryKeyColumnIndex else { return nil }
        return Recorder(primaryKeyIndex: primaryKeyIndex, capacity: table.objectCount)
    }

    /// Stores what `recorder` collected for `table`.
    func finish(_ recorder: Recorder, for table: Table) {
        tables[table.key] = TableKeys(
            keys: recorder.keys, integers: recorder.allIntegers ? recorder.integers : [], values: recorder.values)
    }

    /// The primary keys of `table`, scanning it first unless it is indexed already; `nil` if it has no primary key.
    func keys(of table: Table, from source: any ExportSource) throws -> TableKeys? {
        if let keys = tables[table.key] { return keys }
        guard let recorder = recorder(for: table) else { return nil }
        try source.forEachObject(in: table) { recorder.record($0) }
        finish(recorder, for: table)
        return tables[table.key]
    }
}
