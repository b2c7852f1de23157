import Foundation
import RealmFile

/// Opens `data` as a `.realm` file and reads every value of every table, looking the first three objects of each
/// table up again by key and by primary key, then reads every table again in place (`StoredRow`: each value, and each
/// string's stored bytes) in the second of two cluster shares; returns the error the reader threw, `nil` if it read
/// everything. Shared
/// by ``CorruptionTests`` and the libFuzzer entry point (`Fuzz/RealmReader`, built by `scripts/fuzz-realm-reader`),
/// so both make the same reads.
@discardableResult
func readEverything(_ data: Data) -> RealmFileError? {
    do {
        let realm = try RealmFileReader(data: data)
        _ = realm.schema
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            var read = 0
            while let object = try cursor.next() {
                read += 1
                guard read <= 3 else { continue }
                _ = try realm.object(object.key, in: table)
                if let column = table.primaryKeyColumnIndex {
                    _ = try realm.object(primaryKey: object.values[column], in: table)
                }
            }
            guard let share = ClusterShare(index: 1, of: 2) else { continue }
            var rows = realm.objects(in: table, skippingBacklinks: true, share: share)
            while let row = try rows.nextRow() {
                for column in 0..<row.columnCount {
                    _ = try row.withStringBytes(at: column) { _ in }
                    _ = try row.value(at: column)
                }
            }
        }
        return nil
    } catch {
        return error
    }
}
