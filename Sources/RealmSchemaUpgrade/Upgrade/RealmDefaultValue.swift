import MigrationEngine

extension MigrationValue {
    /// The value realm-core gives an existing object in a column it adds (or re-creates) during a migration: null
    /// for an optional value or a to-one link, an empty collection, and otherwise the type's zero (0, false, "",
    /// empty data, 1970-01-01T00:00:00Z, the all-zero ObjectId and UUID, decimal 0) — never the Swift initializer's.
    public static func realmDefault(for field: FieldDescription) -> MigrationValue {
        switch field.collection {
        case .list: return .list([])
        case .set: return .set([])
        case .dictionary: return .dictionary([])
        case .single: break
        }
        if field.isOptional { return .null }
        switch field.type {
        case .int: return .int(0)
        case .bool: return .bool(false)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .data: return .data(.init())
        case .date: return .date(seconds: 0, nanoseconds: 0)
        case .decimal128: return .decimal128(low: 0, high: 0x3040_0000_0000_0000)
        case .objectId: return .objectId(leading: 0, trailing: 0)
        case .uuid: return .uuid(.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        case .mixed, .link, .embedded: return .null
        }
    }
}
