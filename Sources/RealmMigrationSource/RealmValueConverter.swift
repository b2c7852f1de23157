import MigrationEngine
import RealmFile

/// Converts values read from a Realm file into the engine's values.
///
/// A link to a tombstone (an object deleted while links to it remained, `StoredObjectKey.isUnresolved`) reads as
/// absent, as the Realm SDK shows it: `null` for a single link or a dictionary value, left out of lists and sets.
struct RealmValueConverter {
    let classNamesByTable: [StoredTableKey: String]
    let tableName: String

    func convert(_ value: StoredValue, collection: FieldCollection) throws -> MigrationValue {
        let converted = try convert(value)
        // An absent collection (never written) reads as an empty one.
        if case .null = converted {
            switch collection {
            case .single: return .null
            case .list: return .list([])
            case .set: return .set([])
            case .dictionary: return .dictionary([])
            }
        }
        return converted
    }

    func convert(_ value: StoredValue) throws -> MigrationValue {
        switch value {
        case .null: return .null
        case .int(let number): return .int(number)
        case .bool(let flag): return .bool(flag)
        case .float(let number): return .float(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .binary(let bytes): return .data(bytes)
        case .timestamp(let timestamp): return .date(seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds)
        case .decimal(let decimal): return .decimal128(low: decimal.low, high: decimal.high)
        case .objectId(let id): return .objectId(leading: id.leading, trailing: id.trailing)
        case .uuid(let uuid): return .uuid(uuid)
        case .link(let link):
            guard !link.key.isUnresolved else { return .null }
            guard let className = classNamesByTable[link.table] else {
                throw RealmMigrationSourceError.unknownTable(table: tableName, column: "link to table \(link.table)")
            }
            return .link(ObjectReference(className: className, key: link.key.rawValue))
        case .list(let items): return .list(try items.compactMap(element))
        case .set(let items): return .set(try items.compactMap(element))
        case .dictionary(let entries):
            return .dictionary(try entries.map { MigrationDictionaryEntry(key: $0.key, value: try convert($0.value)) })
        }
    }

    /// A list or set element; `nil` for a link to a tombstone, which the collection hides.
    private func element(_ value: StoredValue) throws -> MigrationValue? {
        if case .link(let link) = value, link.key.isUnresolved { return nil }
        return try convert(value)
    }
}
