import Checksums
import Foundation
import MigrationEngine

/// The ``ValueEncoding`` of every value of every record, without incoming links: what a destination must reproduce.
func contentEncoding(_ records: [MigrationRecord]) -> [[UInt8]] {
    records.map { record in
        var buffer: [UInt8] = []
        ValueEncoding.encode(.int(record.key), into: &buffer)
        for value in record.values { ValueEncoding.encode(value, into: &buffer) }
        return buffer
    }
}

/// Reads every record of a cursor.
func drain(_ cursor: any RecordCursor) throws -> [MigrationRecord] {
    var records: [MigrationRecord] = []
    while let record = try cursor.next() { records.append(record) }
    return records
}

/// SHA-256 (hex) of a file's bytes.
func fileHash(_ url: URL) throws -> String {
    SHA256.hex(SHA256.hash([UInt8](try Data(contentsOf: url))))
}
