// Declarations the macro expansions use. Not API: underscored, and stable only as far as the macros need.

/// The type of the peer stored property `@Model` gives each persisted property, so definite initialization tracks
/// whether an initializer set it (the value itself lives in the backing data).
public struct _SwiftDataNoType: Sendable {
    /// Creates the placeholder.
    public init() {}
}

/// Collects `#Unique`/`#Index` key paths, type-checked against the model `root`.
public func _keyPathLists<T>(_ root: T.Type, _ lists: [PartialKeyPath<T>]...) -> [[AnyKeyPath]] {
    lists.map { $0.map { $0 as AnyKeyPath } }
}

// An inverse must lead back to the declaring class: one overload per pair of relationship shapes.

/// Compile-time check that `inverse` points back at the declaring model (to-one ↔ to-one).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(_ forward: KeyPath<A, B?>, _ inverse: KeyPath<B, A?>)
{}
/// Compile-time check (to-one ↔ to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(_ forward: KeyPath<A, B?>, _ inverse: KeyPath<B, [A]>)
{}
/// Compile-time check (to-one ↔ optional to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, B?>, _ inverse: KeyPath<B, [A]?>
) {}
/// Compile-time check (to-many ↔ to-one).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(_ forward: KeyPath<A, [B]>, _ inverse: KeyPath<B, A?>)
{}
/// Compile-time check (to-many ↔ non-optional to-one).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(_ forward: KeyPath<A, [B]>, _ inverse: KeyPath<B, A>)
{}
/// Compile-time check (non-optional to-one ↔ to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(_ forward: KeyPath<A, B>, _ inverse: KeyPath<B, [A]>)
{}
/// Compile-time check (to-many ↔ to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, [B]>, _ inverse: KeyPath<B, [A]>
) {}
/// Compile-time check (to-many ↔ optional to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, [B]>, _ inverse: KeyPath<B, [A]?>
) {}
/// Compile-time check (optional to-many ↔ to-one).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, [B]?>, _ inverse: KeyPath<B, A?>
) {}
/// Compile-time check (optional to-many ↔ to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, [B]?>, _ inverse: KeyPath<B, [A]>
) {}
/// Compile-time check (optional to-many ↔ optional to-many).
public func _checkInverse<A: PersistentModel, B: PersistentModel>(
    _ forward: KeyPath<A, [B]?>, _ inverse: KeyPath<B, [A]?>
) {}
