/// How the elements of one leaf are encoded: the column's (or collection element's) type plus the details that
/// change the encoding (realm-file-format.md §6, table in §6.13).
enum LeafKind: Sendable, Hashable {
    case int(nullable: Bool)
    case bool
    case float(nullable: Bool)
    case double(nullable: Bool)
    case string
    case binary
    case timestamp
    case decimal
    case objectId
    case uuid
    case mixed
    /// A link leaf; `storedPlusOne` for column leaves (`ObjKey + 1`, 0 = null), raw keys in collections.
    case link(target: StoredTableKey, storedPlusOne: Bool)
    case typedLink
}
