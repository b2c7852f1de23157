import RealmSchema

/// What one Realm property becomes in a generated type: decided once, for the models file and the importer alike.
enum PropertyRole {
    /// Why a stored Realm property has no place in the generated type.
    enum Unrepresentable {
        /// A link to a class the schema does not have.
        case missingTarget
        /// An embedded object's map of links to models: a `Codable` struct cannot hold a relationship.
        case linkMapFromEmbedded
    }

    /// A property whose type the input does not declare (``ModelProperty/assumedTypeName``): kept in its declared
    /// shape under the app's type name, which decides (once its file is given) what it is.
    case assumed(String)
    /// A stored value: a scalar, a collection of values, or an embedded object (or a collection of them).
    case attribute
    /// A link to one model.
    case toOne(ModelClass)
    /// A set of links to models (`MutableSet<T>`): a plain to-many relationship, which is a set on both sides.
    case toMany(ModelClass)
    /// A list of links to models (`List<T>`): ordered and possibly holding a model more than once, which a SwiftData
    /// to-many relationship (an unordered set) cannot keep, so a to-many relationship to generated entry models
    /// (position and target) holds it.
    case list(ModelClass)
    /// A `Map` of links to models: SwiftData has no keyed relationship, so a to-many relationship to generated
    /// entry models (key and target) holds it.
    case linkMap(ModelClass)
    /// `LinkingObjects`: Realm computes it from the links; it has no field of its own.
    case linkingObjects
    /// An embedded object's link (or list or set of links) to a model: a `Codable` struct cannot hold a
    /// relationship, so it holds the target's `realmObjectKey` (or a list of them).
    case embeddedLink(ModelClass)
    /// A stored Realm field the generated type cannot hold.
    case unrepresentable(Unrepresentable)

    /// The role of `property` of `object` in `schema`.
    init(_ property: ModelProperty, of object: ModelClass, in schema: ModelSchema) {
        if let assumed = property.assumedTypeName, schema[className: assumed] == nil {
            self = .assumed(assumed)
            return
        }
        switch property.type {
        case .linkingObjects:
            self = .linkingObjects
        case .object:
            let target = property.objectClassName.flatMap { schema[className: $0] }
            if target?.kind == .embedded {
                self = .attribute
            } else if object.kind == .embedded, let target {
                self =
                    property.collection == .dictionary ? .unrepresentable(.linkMapFromEmbedded) : .embeddedLink(target)
            } else if let target {
                switch property.collection {
                case .single: self = .toOne(target)
                case .list: self = .list(target)
                case .set: self = .toMany(target)
                case .dictionary: self = .linkMap(target)
                }
            } else {
                self = .unrepresentable(.missingTarget)
            }
        default:
            self = .attribute
        }
    }
}
