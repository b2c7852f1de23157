import MigrationEngine

extension MigrationValue {
    /// The value with every NaN (a `Float` or `Double`, an element, a map value, at any depth) made `.null`: what
    /// SwiftData's SQLite store keeps of it.
    var replacingNaNWithNull: MigrationValue {
        switch self {
        case .float(let number) where number.isNaN: .null
        case .double(let number) where number.isNaN: .null
        case .list(let items): .list(items.map(\.replacingNaNWithNull))
        case .set(let items): .set(items.map(\.replacingNaNWithNull))
        case .dictionary(let entries):
            .dictionary(entries.map { MigrationDictionaryEntry(key: $0.key, value: $0.value.replacingNaNWithNull) })
        default: self
        }
    }
}
