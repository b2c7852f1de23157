/// A type that describes the aggregate identity of a SwiftData model: its store, entity and primary key.
///
/// A model gets a temporary identifier when it's created and a permanent one when its context saves it
/// (``isTemporary``). Identifiers order by store, entity and primary key.
public struct PersistentIdentifier: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The identifier of the store that contains the associated model (`nil` while temporary).
    public let storeIdentifier: String?
    /// The entity name for the associated model (its class name).
    public let entityName: String
    /// The row's primary key in the store; for a temporary identifier a process-wide unique negative number.
    let primaryKey: Int64

    /// Whether the identifier is temporary: assigned when a model is created and replaced when it's saved.
    public var isTemporary: Bool { storeIdentifier == nil }

    init(storeIdentifier: String?, entityName: String, primaryKey: Int64) {
        self.storeIdentifier = storeIdentifier
        self.entityName = entityName
        self.primaryKey = primaryKey
    }

    /// Orders by store, then entity, then primary key.
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        (lhs.storeIdentifier ?? "", lhs.entityName, lhs.primaryKey)
            < (rhs.storeIdentifier ?? "", rhs.entityName, rhs.primaryKey)
    }

    /// `x-swiftdata://<store>/<entity>/p<key>` (`t<key>` while temporary).
    public var description: String {
        "x-swiftdata://\(storeIdentifier ?? "temporary")/\(entityName)/\(isTemporary ? "t" : "p")\(primaryKey)"
    }
}
