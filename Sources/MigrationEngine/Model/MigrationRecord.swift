/// One object read from a source: its identity and the value of every field.
public struct MigrationRecord: Sendable, Hashable {
    /// The object's stable identity within its class: the same on every read of the same source, and the order in
    /// which the source lists objects. (For Realm, the object key, which a primary key determines.)
    public var key: Int64
    /// One value per field of the class, aligned with ``ClassDescription/fields``.
    public var values: [MigrationValue]
    /// The links that point at this object, as the source records them (its inverse relationships).
    /// Used by verification to check that the destination's links agree; empty when the source keeps none.
    public var incomingLinks: [IncomingLinks]

    /// Creates a record.
    public init(key: Int64, values: [MigrationValue], incomingLinks: [IncomingLinks] = []) {
        self.key = key
        self.values = values
        self.incomingLinks = incomingLinks
    }
}

/// The objects that link to one object through one field.
public struct IncomingLinks: Sendable, Hashable {
    /// The class holding the linking field.
    public var originClass: String
    /// The linking field.
    public var originField: String
    /// The keys of the linking objects, once per link (an object linking twice appears twice).
    public var originKeys: [Int64]

    /// Creates a group of incoming links.
    public init(originClass: String, originField: String, originKeys: [Int64]) {
        self.originClass = originClass
        self.originField = originField
        self.originKeys = originKeys
    }
}
