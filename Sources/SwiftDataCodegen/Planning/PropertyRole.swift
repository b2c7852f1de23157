import RealmSchema

/// What one Realm property becomes in a generated type: decided once, for the models file and the importer alike.
enum PropertyRole {
    /// Why a stored Realm property has no place in the generated type.
    enum Unrepresentable {
        /// A link to a class the schema does not have.
        case missingTarget
        /// A `Map` of links to models: SwiftData has no keyed relationship.
        case mapOfLinks(ModelClass)
        /// An embedded object's link to a model: a `Codable` struct cannot hold a relationship.
        case linkFromEmbedded
    }

    /// A stored value: a scalar, a collection of values, or an embedded object (or a collection of them).
    case attribute
    /// A link to one model.
    case toOne(ModelClass)
    /// A list or set of links to models.
    case toMany(ModelClass)
    /// `LinkingObjects`: Realm computes it from the links; it has no field of its own.
    case linkingObjects
    /// A stored Realm field the generated type cannot hold.
    case unrepresentable(Unrepresentable)

    /// The role of `property` of `object` in `schema`.
    init(_ property: ModelProperty, of object: ModelClass, in schema: ModelSchema) {
        switch property.type {
        case .linkingObjects:
            self = .linkingObjects
        case .object:
            let target = property.objectClassName.flatMap { schema[className: $0] }
            if target?.kind == .embedded {
                self = .attribute
            } else if object.kind == .embedded {
                self = .unrepresentable(.linkFromEmbedded)
            } else if let target {
                switch property.collection {
                case .single: self = .toOne(target)
                case .list, .set: self = .toMany(target)
                case .dictionary: self = .unrepresentable(.mapOfLinks(target))
                }
            } else {
                self = .unrepresentable(.missingTarget)
            }
        default:
            self = .attribute
        }
    }
}
