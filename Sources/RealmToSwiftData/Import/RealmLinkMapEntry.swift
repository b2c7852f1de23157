import SwiftData

/// One entry of a Realm `Map<String, Target?>` of links, as a model of its own: SwiftData has no keyed
/// relationship, so the owner holds a to-many relationship to its entries (deleted with it), and each entry holds
/// its key and a to-one relationship to the target (`nil` where Realm's map held null).
///
/// `carryover realm models` generates one entry model per map of links (`OwnerDogsEntry` for `Owner.dogs`);
/// app code reads the map back as `Dictionary(uniqueKeysWithValues: owner.dogs.map { ($0.key, $0.value) })`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmLinkMapEntry: PersistentModel, SendableMetatype {
    /// The model the map's values link to.
    associatedtype Target: RealmImportedModel
    /// Creates an entry.
    init(key: String, value: Target?)
    /// The map key.
    var key: String { get }
    /// The linked model; `nil` where the map held null (or the target was deleted since).
    var value: Target? { get }
}
