import RealmFile

/// The primary keys of link targets, so that printing a link (realm2json prints the target's primary key) costs a
/// lookup instead of decoding the target object. Filled while the target table itself is exported, or by one scan
/// of its primary-key column when a link needs it first.
final class PrimaryKeyIndex {
    /// How a table's primary keys are stored, most compact first.
    fileprivate enum PrimaryKeys {
        /// Every primary key is the integer object key + this offset (ids counted up as objects were created).
        case offset(Int64)
        case integers([Int64])
        case values([StoredValue])
    }

    /// The indexed primary keys of one table.
    final class TableKeys {
        /// Ascending object keys, or `nil` when they are 0, 1, 2, … (the key is the position).
        private let keys: [Int64]?
        private let count: Int
        private let primaryKeys: PrimaryKeys

        fileprivate init(keys: [Int64]?, count: Int, primaryKeys: PrimaryKeys) {
            self.keys = keys
            self.count = count
            self.primaryKeys = primaryKeys
        }

        /// The primary key of object `key`, or `nil` if the table has no such object.
        func primaryKey(of key: StoredObjectKey) -> StoredValue? {
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
            switch primaryKeys {
            case .offset(let offset): return .int(key.rawValue &+ offset)
            case .integers(let integers): return position < integers.count ? .int(integers[position]) : nil
            case .values(let values): return position < values.count ? values[position] : nil
            }
        }
    }

    /// Collects one table's (key, primary key) pairs in key order.
    final class Recorder {
        /// The object keys, once they stop being 0, 1, 2, …; until then they are implied by the count.
        // Used by one thread at a time, once per object of a pass: no run-time exclusivity checks.
        @exclusivity(unchecked) fileprivate var keys: [Int64]? = nil
        @exclusivity(unchecked) fileprivate var count = 0
        @exclusivity(unchecked) fileprivate var primaryKeys: PrimaryKeys?
        private let primaryKeyIndex: Int

        fileprivate init(primaryKeyIndex: Int) { self.primaryKeyIndex = primaryKeyIndex }

        /// Records `object`'s primary key.
        func record(_ object: some ExportedObject) throws {
            record(
                key: object.key,
                primaryKey: primaryKeyIndex < object.columnCount ? try object.value(at: primaryKeyIndex) : .null)
        }

        /// Records the primary key `value` of the object with key `objectKey`.
        func record(key objectKey: StoredObjectKey, primaryKey value: StoredValue) {
            let key = objectKey.rawValue
            // The common case first: keys 0, 1, 2, … and integer primary keys at a fixed offset from them.
            if keys == nil, key == Int64(count), case .offset(let offset)? = primaryKeys, case .int(let number) = value,
                number &- key == offset
            {
                count += 1
                return
            }
            if keys == nil, key != Int64(count) { keys = (0..<Int64(count)).map { $0 } }
            keys?.append(key)
            defer { count += 1 }
            switch (primaryKeys, value) {
            case (nil, .int(let number)):
                primaryKeys = .offset(number &- key)
            case (nil, _):
                primaryKeys = .values([value])
            case (.offset(let offset)?, .int(let number)) where number &- key == offset:
                break
            case (.offset?, _):
                var integers = recordedIntegers()
                if case .int(let number) = value {
                    integers.append(number)
                    primaryKeys = .integers(integers)
                } else {
                    primaryKeys = .values(integers.map { .int($0) } + [value])
                }
            case (.integers(var integers)?, .int(let number)):
                primaryKeys = nil
                integers.append(number)
                primaryKeys = .integers(integers)
            case (.integers(let integers)?, _):
                primaryKeys = .values(integers.map { .int($0) } + [value])
            case (.values(var values)?, _):
                primaryKeys = nil
                values.append(value)
                primaryKeys = .values(values)
            }
        }

        /// The primary keys recorded so far as integers, while they are still stored as an offset.
        private func recordedIntegers() -> [Int64] {
            guard case .offset(let offset) = primaryKeys else { return [] }
            if let keys { return keys.dropLast().map { $0 &+ offset } }
            return (0..<Int64(count)).map { $0 &+ offset }
        }
    }

    private var tables: [StoredTableKey: TableKeys] = [:]

    /// The indexed primary keys of `table`, if it was indexed.
    func keys(of table: StoredTable) -> TableKeys? { tables[table.key] }

    /// A recorder for `table`, to be fed every object in key order and then handed to `finish`.
    func recorder(for table: StoredTable) -> Recorder? {
        guard let primaryKeyIndex = table.primaryKeyColumnIndex else { return nil }
        return Recorder(primaryKeyIndex: primaryKeyIndex)
    }

    /// Stores what `recorder` collected for `table`.
    func finish(_ recorder: Recorder, for table: StoredTable) {
        tables[table.key] = TableKeys(
            keys: recorder.keys, count: recorder.count, primaryKeys: recorder.primaryKeys ?? .values([]))
    }

    /// The primary keys of `table`, scanning its primary-key column first unless it is indexed already; `nil` if it
    /// has no primary key.
    func keys(of table: StoredTable, from source: any ExportSource) throws -> TableKeys? {
        if let keys = tables[table.key] { return keys }
        guard let recorder = recorder(for: table) else { return nil }
        try source.forEachPrimaryKey(in: table) { recorder.record(key: $0, primaryKey: $1) }
        finish(recorder, for: table)
        return tables[table.key]
    }
}
