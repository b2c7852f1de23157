import Foundation
import RealmFile

/// Upper bounds of the bytes one Realm value takes in the store: as an SQLite record field (a serial-type byte and
/// its body), or as JSON text inside a Codable attribute (embedded objects, primitive collections, mixed values),
/// as Foundation's `JSONEncoder` writes it.
enum StoredValueSize {
    /// An SQLite record field for a scalar column type: the serial-type byte and at most 8 body bytes.
    static func field(_ type: StoredColumn.ValueType) -> Int64 {
        switch type {
        case .bool: 2
        case .int, .float, .double, .timestamp, .decimal128, .link: 9
        // Kept as text or a small Codable value by the generated models: room for either.
        case .objectId: 30
        case .uuid: 40
        case .typedLink: 48
        case .string, .binary, .mixed, .backlink: 3
        }
    }

    /// An SQLite record field holding `length` bytes of text or blob.
    static func field(length: Int) -> Int64 { Int64(length) + 3 }

    /// JSON text of the UTF-8 bytes `bytes` as a string literal: quotes, and escapes for quotes, backslashes,
    /// slashes and control characters (at most 6 bytes each).
    static func jsonString(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        var size = Int64(bytes.count) + 2
        for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x2F {
            size += byte < 0x20 ? 5 : 1
        }
        return size
    }

    /// JSON text of `value`, as an element of a collection or a value of a mixed or embedded field.
    static func json(_ value: StoredValue, depth: Int = 0) -> Int64 {
        switch value {
        case .null: return 4
        case .bool: return 5
        case .int: return 20
        case .float, .double: return 24
        case .timestamp: return 24
        case .decimal: return 44
        case .objectId: return 40
        case .uuid: return 38
        case .link: return 24
        case .string(let text):
            var text = text
            return text.withUTF8 { jsonString(UnsafeRawBufferPointer($0)) }
        case .binary(let data): return Int64((data.count + 2) / 3 * 4 + 2)
        case .list(let elements), .set(let elements):
            guard depth < 16 else { return 2 }
            return elements.reduce(Int64(2)) { $0 + json($1, depth: depth + 1) + 1 }
        case .dictionary(let entries):
            guard depth < 16 else { return 2 }
            return entries.reduce(Int64(2)) { total, entry in
                var key = entry.key
                let keySize = key.withUTF8 { jsonString(UnsafeRawBufferPointer($0)) }
                return total + keySize + json(entry.value, depth: depth + 1) + 2
            }
        }
    }

    /// A mixed value's Codable form (`MixedValue`: the case's name and `_0` wrapped around the value).
    static func mixed(_ value: StoredValue) -> Int64 { json(value) + 24 }

    /// Bytes of strings and binaries inside `value` (for the estimate's report).
    static func payload(_ value: StoredValue) -> Int64 {
        switch value {
        case .string(let text): Int64(text.utf8.count)
        case .binary(let data): Int64(data.count)
        case .list(let elements), .set(let elements): elements.reduce(0) { $0 + payload($1) }
        case .dictionary(let entries): entries.reduce(0) { $0 + Int64($1.key.utf8.count) + payload($1.value) }
        default: 0
        }
    }
}
