import CSQLite
import Foundation
import MigrationEngine

/// Stores one ``MigrationValue`` of a known field type in its columns, and reads it back, losslessly.
/// The encoding is documented in `docs/sqlite-schema.md`; this type is its single implementation.
enum SQLiteValueCodec {
    /// The columns a value of `type` occupies, as (name suffix, declared type) pairs; the first suffix is empty.
    static func columnShapes(for type: FieldType) -> [(suffix: String, declaredType: String)] {
        switch type {
        case .int, .bool, .link: [("", "INTEGER")]
        case .float, .double: [("", "REAL")]
        case .string: [("", "TEXT")]
        case .data, .decimal128, .objectId, .uuid: [("", "BLOB")]
        case .date: [("", "INTEGER"), ("__ns", "INTEGER")]
        case .mixed, .embedded: [("", ""), ("__type", "TEXT")]
        }
    }

    /// Binds `value` of field type `type` starting at parameter `index`; returns the next free parameter index.
    static func bind(_ value: MigrationValue, as type: FieldType, to statement: SQLiteStatement, at index: Int32)
        throws -> Int32
    {
        if type == .mixed || type == .embedded { return try bindMixed(value, to: statement, at: index) }
        let width = Int32(columnShapes(for: type).count)
        switch value {
        case .null:
            for offset in 0..<width { try statement.bindNull(at: index + offset) }
        case .int(let number): try statement.bind(int: number, at: index)
        case .bool(let flag): try statement.bind(int: flag ? 1 : 0, at: index)
        case .float(let number):
            if number.isNaN || (number == 0 && number.sign == .minus) {
                try statement.bind(blob: bigEndianBytes(UInt64(number.bitPattern), count: 4), at: index)
            } else {
                try statement.bind(double: Double(number), at: index)
            }
        case .double(let number):
            if number.isNaN || (number == 0 && number.sign == .minus) {
                try statement.bind(blob: bigEndianBytes(number.bitPattern, count: 8), at: index)
            } else {
                try statement.bind(double: number, at: index)
            }
        case .string(let text): try statement.bind(text: text, at: index)
        case .data(let bytes): try statement.bind(blob: bytes, at: index)
        case .date(let seconds, let nanoseconds):
            try statement.bind(int: seconds, at: index)
            try statement.bind(int: Int64(nanoseconds), at: index + 1)
        case .decimal128(let low, let high):
            try statement.bind(blob: littleEndianBytes(low) + littleEndianBytes(high), at: index)
        case .objectId(let leading, let trailing):
            try statement.bind(
                blob: bigEndianBytes(leading, count: 8) + bigEndianBytes(UInt64(trailing), count: 4), at: index)
        case .uuid(let uuid):
            try statement.bind(blob: withUnsafeBytes(of: uuid.uuid) { Array($0) }, at: index)
        case .link(let reference): try statement.bind(int: reference.key, at: index)
        case .list, .set, .dictionary:
            throw SQLiteSinkError.unsupportedValue(
                field: statement.sql, reason: "a collection where a single value belongs")
        }
        return index + width
    }

    /// Reads a value of field type `type` from the current row starting at result column `column`.
    /// `linkTarget` is the class a `.link` column points into.
    static func read(_ type: FieldType, linkTarget: String?, from statement: SQLiteStatement, at column: Int32) throws
        -> MigrationValue
    {
        if type == .mixed || type == .embedded { return try readMixed(from: statement, at: column) }
        let storage = statement.columnType(column)
        if storage == SQLITE_NULL { return .null }
        switch type {
        case .int: return .int(statement.int(at: column))
        case .bool: return .bool(statement.int(at: column) != 0)
        case .float, .double: return try readFloatingPoint(type, from: statement, at: column)
        case .string: return .string(statement.text(at: column))
        case .data: return .data(Data(statement.blob(at: column)))
        case .date:
            let nanoseconds = statement.int(at: column + 1)
            guard let exact = Int32(exactly: nanoseconds) else {
                throw corrupt(statement, "nanoseconds \(nanoseconds)")
            }
            return .date(seconds: statement.int(at: column), nanoseconds: exact)
        case .decimal128:
            let bytes = try fixedBlob(statement, column, count: 16)
            return .decimal128(low: littleEndian(bytes[0..<8]), high: littleEndian(bytes[8..<16]))
        case .objectId:
            let bytes = try fixedBlob(statement, column, count: 12)
            return .objectId(
                leading: bigEndian(bytes[0..<8]), trailing: UInt32(truncatingIfNeeded: bigEndian(bytes[8..<12])))
        case .uuid: return .uuid(uuid(try fixedBlob(statement, column, count: 16)))
        case .link:
            guard let linkTarget else { throw corrupt(statement, "link column without a target class") }
            return .link(ObjectReference(className: linkTarget, key: statement.int(at: column)))
        case .mixed, .embedded: return .null
        }
    }

    // MARK: Mixed values: the value column holds the natural SQLite storage; `__type` names the type.

    private static func bindMixed(_ value: MigrationValue, to statement: SQLiteStatement, at index: Int32) throws
        -> Int32
    {
        let tag: String?
        switch value {
        case .null:
            tag = nil
            try statement.bindNull(at: index)
        case .int, .bool, .float, .double, .string, .data, .decimal128, .objectId, .uuid:
            let type = scalarType(of: value)
            tag = type.rawValue
            _ = try bind(value, as: type, to: statement, at: index)
        case .date(let seconds, let nanoseconds):
            tag = FieldType.date.rawValue
            try statement.bind(
                blob: bigEndianBytes(UInt64(bitPattern: seconds), count: 8)
                    + bigEndianBytes(UInt64(UInt32(bitPattern: nanoseconds)), count: 4), at: index)
        case .link(let reference):
            tag = "link:" + reference.className
            try statement.bind(int: reference.key, at: index)
        case .list, .set, .dictionary:
            tag = nestedTag(of: value)
            try statement.bind(blob: ValueEncoding.encoded(value), at: index)
        }
        if let tag { try statement.bind(text: tag, at: index + 1) } else { try statement.bindNull(at: index + 1) }
        return index + 2
    }

    private static func readMixed(from statement: SQLiteStatement, at column: Int32) throws -> MigrationValue {
        guard statement.columnType(column + 1) != SQLITE_NULL else { return .null }
        let tag = statement.text(at: column + 1)
        if tag.hasPrefix("link:") {
            return .link(ObjectReference(className: String(tag.dropFirst(5)), key: statement.int(at: column)))
        }
        switch tag {
        case "list", "set", "dictionary": return try ValueEncoding.decode(statement.blob(at: column))
        case FieldType.date.rawValue:
            let bytes = try fixedBlob(statement, column, count: 12)
            let seconds = Int64(bitPattern: bigEndian(bytes[0..<8]))
            let nanoseconds = Int32(bitPattern: UInt32(truncatingIfNeeded: bigEndian(bytes[8..<12])))
            return .date(seconds: seconds, nanoseconds: nanoseconds)
        default:
            guard let type = FieldType(rawValue: tag), type != .mixed, type != .link, type != .date else {
                throw corrupt(statement, "unknown mixed type tag '\(tag)'")
            }
            return try read(type, linkTarget: nil, from: statement, at: column)
        }
    }

    private static func scalarType(of value: MigrationValue) -> FieldType {
        switch value {
        case .bool: .bool
        case .float: .float
        case .double: .double
        case .string: .string
        case .data: .data
        case .decimal128: .decimal128
        case .objectId: .objectId
        case .uuid: .uuid
        default: .int
        }
    }

    private static func nestedTag(of value: MigrationValue) -> String {
        switch value {
        case .list: "list"
        case .set: "set"
        default: "dictionary"
        }
    }

    // MARK: Bytes

    private static func readFloatingPoint(_ type: FieldType, from statement: SQLiteStatement, at column: Int32) throws
        -> MigrationValue
    {
        if statement.columnType(column) == SQLITE_BLOB {
            let width = type == .float ? 4 : 8
            let bits = bigEndian(try fixedBlob(statement, column, count: width)[...])
            return type == .float
                ? .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : .double(Double(bitPattern: bits))
        }
        let number = statement.double(at: column)
        return type == .float ? .float(Float(number)) : .double(number)
    }

    private static func fixedBlob(_ statement: SQLiteStatement, _ column: Int32, count: Int) throws -> [UInt8] {
        let bytes = statement.blob(at: column)
        guard bytes.count == count else {
            throw corrupt(statement, "a \(bytes.count)-byte blob where \(count) bytes belong")
        }
        return bytes
    }

    private static func corrupt(_ statement: SQLiteStatement, _ reason: String) -> SQLiteSinkError {
        .corruptDestination(reason: reason, sql: statement.sql)
    }

    static func bigEndianBytes(_ number: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
    }

    static func littleEndianBytes(_ number: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func uuid(_ bytes: [UInt8]) -> UUID {
        var tuple: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &tuple) { target in
            for (index, byte) in bytes.enumerated() where index < 16 { target[index] = byte }
        }
        return UUID(uuid: tuple)
    }
}
