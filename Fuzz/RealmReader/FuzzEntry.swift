import Foundation
import RealmFile

/// libFuzzer entry point: treats the input as a `.realm` file, opens it and reads every value of every table,
/// and looks objects up by key and primary key. Any `RealmFileError` is an acceptable outcome; a crash, a
/// sanitizer report, a hang or runaway memory is a bug. Built and run by `scripts/fuzz-realm-reader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func realmReaderFuzzInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let realm = try RealmFile(data: data)
        _ = realm.schema
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            var read = 0
            while let object = try cursor.next() {
                read += 1
                if read <= 2 {
                    _ = try realm.object(object.key, in: table)
                    if let column = table.primaryKeyColumnIndex {
                        _ = try realm.object(primaryKey: object.values[column], in: table)
                    }
                }
            }
        }
    } catch {
        // A typed error is the expected outcome for damaged input.
    }
    return 0
}
