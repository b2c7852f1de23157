import Foundation
import RealmFile

/// Opens `data` as a `.realm` file and reads every value of every table, looking the first three objects of each
/// table up again by key and by primary key; returns the error the reader threw, `nil` if it read everything. Shared
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
        }
        return nil
    } catch {
        return error
    }
}
