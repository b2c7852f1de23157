/// A type that describes the aggregate identity of a SwiftData model: its store, entity and primary key.
///
/// A model gets a temporary identifier when it's created and a permanent one when its context saves it.
/// Identifiers order by store, entity and primary key.
public struct PersistentIdentifier: Hashable, Codable, Sendable, Comparable {
    /// The identifier of the store that contains the associated model (`nil` while temporary).
    public let storeIdentifier: String?
    /// The entity name for the associated model (its class name).
    public let entityName: String
    /// The row's primary key in the store; for a temporary identifier a process-wide unique negative number.
    let primaryKey: Int64

    /// Runtime-only (not Apple API): whether the identifier is temporary, assigned when a model is created and
    /// replaced when it's saved.
    @_spi(CarryoverRuntime) public var isTemporary: Bool { storeIdentifier == nil }

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
}
