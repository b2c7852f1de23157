import SwiftDataCore

/// Converts a Swift class into a stored model that's managed by SwiftData.
///
/// Each stored `var` (not `@Transient`) becomes accessors over the model's ``BackingData``; the class gains
/// ``PersistentModel`` conformance, ``PersistentModel/schemaMetadata`` and ``PersistentModel/init(backingData:)``.
/// Attributes must be `Codable`; relationships are models, optionals of models or arrays of models, and an
/// `inverse:` key path must lead back to the declaring class with a matching shape (checked at compile time).
///
/// ```swift
/// @Model final class Album {
///     #Unique<Album>([\.id])
///     var id: String
///     @Relationship(deleteRule: .nullify, inverse: \Track.albums) var tracks: [Track] = []
///     init(id: String) { self.id = id }
/// }
/// ```
@attached(
    member, names: named(_$backingData), named(persistentBackingData), named(schemaMetadata), named(init),
    named(_$checkInverses))
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "SwiftDataRuntimeMacros", type: "ModelMacro")

/// Added by `@Model` to each persisted stored property: accessors over the backing data (not for direct use).
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty(index: Int) =
    #externalMacro(module: "SwiftDataRuntimeMacros", type: "PersistedPropertyMacro")

/// Specifies the custom behavior that SwiftData applies to the annotated property when managing the owning class.
///
/// `.unique` makes inserts of a model with the same value update the stored one (see ``ModelContext/insert(_:)``).
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
) = #externalMacro(module: "SwiftDataRuntimeMacros", type: "MarkerMacro")

/// Specifies the options that SwiftData needs to manage the annotated property as a relationship between two models.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
    inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "SwiftDataRuntimeMacros", type: "MarkerMacro")

/// Tells SwiftData not to persist the annotated property.
@attached(peer)
public macro Transient() = #externalMacro(module: "SwiftDataRuntimeMacros", type: "MarkerMacro")

/// Specifies the key paths that SwiftData uses to enforce the uniqueness of model instances: each array is one
/// constraint (one property, or several forming a compound constraint). One `#Unique` per model.
@freestanding(declaration, names: named(_$uniqueConstraints))
public macro Unique<T: PersistentModel>(_ constraints: [PartialKeyPath<T>]...) =
    #externalMacro(module: "SwiftDataRuntimeMacros", type: "KeyPathListMacro")

/// Specifies the key paths that SwiftData uses to create one or more indices for the model. One `#Index` per model.
@freestanding(declaration, names: named(_$indices))
public macro Index<T: PersistentModel>(_ indices: [PartialKeyPath<T>]...) =
    #externalMacro(module: "SwiftDataRuntimeMacros", type: "KeyPathListMacro")

/// Converts a Swift actor into a model actor by generating boilerplate code that fulfills the requirements of the
/// associated protocol.
///
/// It adds `nonisolated let modelExecutor: any ModelExecutor`, `nonisolated let modelContainer: ModelContainer`
/// and `init(modelContainer:)` (a ``DefaultSerialModelExecutor`` over a new ``ModelContext`` of the container), and
/// the ``ModelActor`` conformance, whose extension runs the actor on that executor.
///
/// ```swift
/// @ModelActor actor TrackStore {
///     func count() throws -> Int { try modelContext.fetchCount(FetchDescriptor<Track>()) }
/// }
/// ```
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "SwiftDataRuntimeMacros", type: "ModelActorMacro")
