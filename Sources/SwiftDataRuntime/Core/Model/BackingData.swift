import Synchronization

/// The storage behind one model's persisted properties: one slot per property, the model's identity, its state in a
/// context, and what it looked like before its first unsaved change (for ``ModelContext/rollback()``).
///
/// `@Model` creates one per model; models that ``ModelContext/insert(_:)`` merged into a stored one (a unique
/// constraint matched) share it. Relationship slots hold the related models once loaded, or their identifiers while
/// faulted, so fetching tracks does not load their albums.
public final class BackingData {
    enum State { case detached, inserted, persistent, deleted }

    enum Slot {
        case unset
        case attribute(Any)
        case toOne((any PersistentModel)?)
        case toOneFault(Int64?)
        case toMany([any PersistentModel])
        case toManyFault
        /// A to-many relationship not loaded, with models appended to it (by inverse maintenance): saved as
        /// appended rows, without loading or rewriting the stored list.
        case toManyAppended([any PersistentModel])
    }

    var slots: [Slot]
    var state: State = .detached
    /// The primary key in the store once saved (or once fetched); temporary otherwise.
    var primaryKey: Int64?
    let temporaryKey: Int64
    var storeIdentifier: String?
    weak var context: ModelContext?
    var entity: Entity?
    /// Slot values before the first unsaved change of a persistent model; `nil` when unchanged.
    var snapshot: [Slot]?
    /// Slots changed since the last save.
    var dirty: Set<Int> = []
    /// Relationship slots set by an initializer whose inverses are not yet updated.
    var needsInverseSetup = false
    /// The models loaded with this one by one statement, whose to-one faults load together (see ``FaultGroup``).
    var faultGroup: FaultGroup?

    private static let nextTemporaryKey = Atomic<Int64>(-1)

    /// Creates empty storage for a model with `propertyCount` persisted properties.
    public init(propertyCount: Int) {
        slots = Array(repeating: .unset, count: propertyCount)
        temporaryKey = Self.nextTemporaryKey.subtract(1, ordering: .relaxed).oldValue
        SwiftDataRuntimeStatistics.modelCreated()
    }

    deinit { SwiftDataRuntimeStatistics.modelReleased() }

    var isChanged: Bool { !dirty.isEmpty }

    /// The seed to-many relationships are arranged with: the context's, or the process's outside a context.
    var orderSeed: UInt64 { context?.relationshipOrderSeed ?? RelationshipOrder.processSeed }

    func persistentModelID<M: PersistentModel>(for type: M.Type) -> PersistentIdentifier {
        let name = entity?.name ?? String(describing: type)
        if let primaryKey, let storeIdentifier {
            return PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: name, primaryKey: primaryKey)
        }
        return PersistentIdentifier(storeIdentifier: nil, entityName: name, primaryKey: temporaryKey)
    }

    func resolvedEntity<M: PersistentModel>(_ owner: M) -> Entity {
        if let entity { return entity }
        let resolved = EntityRegistry.entity(for: M.self)
        entity = resolved
        return resolved
    }

    /// Records that slot `index` is about to change: the pre-change snapshot and the owner's entry in its context's
    /// changed set.
    func willChange(_ index: Int, owner: any PersistentModel) {
        if state == .persistent || state == .deleted {
            if snapshot == nil {
                snapshot = slots
                context?.didChange(owner)
            }
        }
        dirty.insert(index)
    }

    // MARK: Attributes (the accessors `@Model` generates call these)

    /// Stores an initial value from the model's initializer or a property default.
    public func _initialize<V: Codable>(_ index: Int, _ value: V) {
        slots[index] = .attribute(value)
        dirty.insert(index)
    }

    /// Reads an attribute.
    ///
    /// The trap cannot be reached from stored data: a model's attribute slots are either set by its initializer (the
    /// `init` accessors `@Model` generates make the compiler reject a read before every property is assigned) or
    /// decoded from its row at fetch, with the codec of the property's declared type, which throws from the fetch
    /// when a value does not decode (text or a blob in an `Int`, `NULL` in a `String`: the behaviour program's
    /// `mistypedAttributeThrowsFromFetch`). `model(for:)` returns a model of no class instead of an unloaded one. So an
    /// unset or mistyped slot here is a bug in this runtime, not bad input.
    /// And no app can reach it at launch: this runtime is the Linux stand-in for SwiftData that the tests and
    /// `realm rehearse` run on; `Package.swift` builds it only under `#if os(Linux)`, and an app gets Apple's SwiftData.
    public func _get<M: PersistentModel, V: Codable>(_ owner: M, _ index: Int) -> V {
        if case .attribute(let value) = slots[index], let typed = value as? V { return typed }
        preconditionFailure("SwiftData: \(M.self) property \(index) read before it was set")
    }

    /// Writes an attribute.
    public func _set<M: PersistentModel, V: Codable>(_ owner: M, _ index: Int, _ value: V) {
        if state == .deleted && context == nil { return }
        willChange(index, owner: owner)
        slots[index] = .attribute(value)
    }
}
