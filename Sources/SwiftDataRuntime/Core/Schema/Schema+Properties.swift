extension Schema {
    /// Property-level options for an attribute, and the options themselves.
    public final class Attribute: @unchecked Sendable {
        /// An option that customizes how SwiftData stores an attribute.
        public struct Option: Hashable, Codable, Sendable {
            let name: String
            /// Ensures the property's value is unique across all models of the same type.
            public static var unique: Option { Option(name: "unique") }
            /// Stores the property's value as binary data adjacent to the model storage (stored inline here).
            public static var externalStorage: Option { Option(name: "externalStorage") }
            /// Stores the property's value in an encrypted form (no effect here: no CloudKit).
            public static var allowsCloudEncryption: Option { Option(name: "allowsCloudEncryption") }
            /// Preserves the property's value in the persistent history on deletion (no history here).
            public static var preserveValueOnDeletion: Option { Option(name: "preserveValueOnDeletion") }
            /// Tracks changes to the property but doesn't persist its value (accepted; the value is stored).
            public static var ephemeral: Option { Option(name: "ephemeral") }
            /// Indexes the property's value for Spotlight (no effect here).
            public static var spotlight: Option { Option(name: "spotlight") }
        }

        /// The options.
        public let options: [Option]
        /// The attribute's name in the previous schema version, if renamed.
        let originalName: String?
        /// A value that changes the attribute's version hash.
        public let hashModifier: String?

        /// Creates attribute metadata, as `@Attribute` records it.
        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.options = options
            self.originalName = originalName
            self.hashModifier = hashModifier
        }
    }

    /// Property-level options for a relationship.
    public final class Relationship: @unchecked Sendable {
        /// Rules that determine what happens to related models when their owner is deleted.
        public enum DeleteRule: String, Codable {
            /// Nullifies the related model's reference to the deleted model.
            case nullify
            /// Deletes any related models.
            case cascade
            /// Prevents the deletion of a model that still references other models (``ModelContext/save()``
            /// throws).
            case deny
            /// Leaves related models unchanged.
            case noAction
        }

        /// An option for a relationship.
        public struct Option: Hashable, Codable {
            let name: String
            /// Ensures the property's value is unique across all models of the same type.
            public static var unique: Option { Option(name: "unique") }
        }

        /// The options.
        public let options: [Option]
        /// The delete rule.
        public let deleteRule: DeleteRule
        /// The minimum number of related models (not enforced).
        public let minimumModelCount: Int?
        /// The maximum number of related models (not enforced).
        public let maximumModelCount: Int?
        /// The relationship's name in the previous schema version, if renamed.
        let originalName: String?
        /// The key path of the inverse relationship on the related model.
        let inverse: AnyKeyPath?
        /// A value that changes the relationship's version hash.
        public let hashModifier: String?

        /// Creates relationship metadata, as `@Relationship` records it.
        public init(
            _ options: Option..., deleteRule: DeleteRule = .nullify, minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
            hashModifier: String? = nil
        ) {
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.originalName = originalName
            self.inverse = inverse
            self.hashModifier = hashModifier
        }
    }

    /// One persisted property of a model, as `@Model` generates it in ``PersistentModel/schemaMetadata``.
    ///
    /// The initializer overloads classify the property by its type (and reject types SwiftData cannot store):
    /// `Codable` values are attributes, models and optionals of models are to-one relationships, arrays of models
    /// (optional or not) to-many relationships.
    public struct PropertyMetadata {
        /// The property name.
        let name: String
        /// The key path of the property on its model.
        let keypath: AnyKeyPath
        /// The default value, if recorded.
        let defaultValue: Any?
        /// A ``Schema/Attribute`` or ``Schema/Relationship``, or `nil` for defaults.
        let metadata: Any?
        let kind: PropertyKind
        /// Whether a to-one relationship is declared non-optional (a stored row must link to a model).
        let isRequired: Bool

        private init(
            name: String, keypath: AnyKeyPath, defaultValue: Any?, metadata: Any?, kind: PropertyKind,
            isRequired: Bool = false
        ) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            self.metadata = metadata
            self.kind = kind
            self.isRequired = isRequired
        }

        /// An attribute: a `Codable` value.
        public init<Root, Value: Codable>(
            name: String, keypath: KeyPath<Root, Value>, defaultValue: Any?, metadata: Any?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata,
                kind: .attribute(AttributeCodec.make(Value.self)))
        }

        /// A to-one relationship.
        public init<Root, Value: PersistentModel>(
            name: String, keypath: KeyPath<Root, Value?>, defaultValue: Any?, metadata: Any?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata, kind: .toOne(Value.self))
        }

        /// A non-optional to-one relationship.
        public init<Root, Value: PersistentModel>(
            name: String, keypath: KeyPath<Root, Value>, defaultValue: Any?, metadata: Any?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata, kind: .toOne(Value.self),
                isRequired: true)
        }

        /// A to-many relationship.
        public init<Root, Value: PersistentModel>(
            name: String, keypath: KeyPath<Root, [Value]>, defaultValue: Any?, metadata: Any?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata, kind: .toMany(Value.self))
        }

        /// An optional to-many relationship.
        public init<Root, Value: PersistentModel>(
            name: String, keypath: KeyPath<Root, [Value]?>, defaultValue: Any?, metadata: Any?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata, kind: .toMany(Value.self))
        }
    }
}

enum PropertyKind {
    case attribute(AttributeCodec)
    case toOne(any PersistentModel.Type)
    case toMany(any PersistentModel.Type)
}
