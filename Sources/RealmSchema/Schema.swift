/// A Realm schema as a Realm SDK user thinks of it: object classes and their persisted properties.
///
/// This is the neutral model shared by the `.realm` file reader, the Realm Swift source parser and the
/// SwiftData code generator. It says nothing about how values are stored on disk, nor about Swift source
/// (declared types, defaults, locations: the generator's `ModelSchema` adds those).
public struct Schema: Sendable, Hashable, Codable {
    /// The schema version the app declared (`Realm.Configuration.schemaVersion`), when known.
    public var version: UInt64?
    /// The object classes, in a stable order (the order they were declared or stored).
    public var objectTypes: [ObjectSchema]

    /// Creates a schema from its object classes.
    public init(version: UInt64? = nil, objectTypes: [ObjectSchema]) {
        self.version = version
        self.objectTypes = objectTypes
    }

    /// The object class named `name`, if the schema has one.
    public subscript(className name: String) -> ObjectSchema? {
        objectTypes.first { $0.name == name }
    }
}

/// One Realm object class (`Object`, `EmbeddedObject` or `AsymmetricObject` subclass).
public struct ObjectSchema: Sendable, Hashable, Codable {
    /// What kind of Realm object class this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A top-level object (`Object`): has its own identity and can be queried.
        case topLevel
        /// An embedded object (`EmbeddedObject`): owned by exactly one parent, has no identity of its own.
        case embedded
        /// An asymmetric object (`AsymmetricObject`): write-only, synced to the server and never read back.
        case asymmetric
    }

    /// The class name as the SDK user writes it (no `class_` prefix).
    public var name: String
    /// Top-level, embedded or asymmetric.
    public var kind: Kind
    /// The name of the primary-key property, if the class has one.
    public var primaryKey: String?
    /// The persisted properties, in declaration order.
    public var properties: [Property]

    /// Creates an object class description.
    public init(name: String, kind: Kind = .topLevel, primaryKey: String? = nil, properties: [Property]) {
        self.name = name
        self.kind = kind
        self.primaryKey = primaryKey
        self.properties = properties
    }

    /// The property named `name`, if the class has one.
    public subscript(property name: String) -> Property? {
        properties.first { $0.name == name }
    }
}

/// One persisted property of a Realm object class.
public struct Property: Sendable, Hashable, Codable {
    /// The property name as declared in the model.
    public var name: String
    /// The element type (for collections, the type of each element or dictionary value).
    public var type: PropertyType
    /// Whether the value (or each element of a collection) may be `nil`.
    public var isOptional: Bool
    /// Whether this is a single value or a collection of values.
    public var collection: CollectionKind
    /// For `.object` and `.linkingObjects`: the target class name. `nil` for a typed link, an `.object` that may be of
    /// any class (realm-core's `col_type_TypedLink`; its object store presents such a column as `PropertyType::Object`
    /// with no object type, `ObjectSchema::from_core_type`).
    public var objectClassName: String?
    /// For `.linkingObjects`: the property of `objectClassName` that links to this class.
    public var linkOriginPropertyName: String?
    /// Whether the property has a search index (primary keys are always indexed).
    public var isIndexed: Bool
    /// Whether the property has a full-text search index.
    public var isFullTextIndexed: Bool

    /// Creates a property description.
    public init(
        name: String,
        type: PropertyType,
        isOptional: Bool = false,
        collection: CollectionKind = .single,
        objectClassName: String? = nil,
        linkOriginPropertyName: String? = nil,
        isIndexed: Bool = false,
        isFullTextIndexed: Bool = false
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.collection = collection
        self.objectClassName = objectClassName
        self.linkOriginPropertyName = linkOriginPropertyName
        self.isIndexed = isIndexed
        self.isFullTextIndexed = isFullTextIndexed
    }
}

/// The value type of a Realm property (or of each element of a collection property).
public enum PropertyType: String, Sendable, Hashable, Codable, CaseIterable {
    case int
    case bool
    case float
    case double
    case string
    case data
    case date
    case decimal128
    case objectId
    case uuid
    /// `AnyRealmValue`: any of the other value types, a link, or (format 24) a nested list or dictionary.
    case mixed
    /// A link to another object (`Object` or `EmbeddedObject`); with no `objectClassName`, a typed link to an object
    /// of any class.
    case object
    /// The computed inverse of links (`LinkingObjects`); not stored as values of its own.
    case linkingObjects
}

/// Whether a property holds one value or a collection.
public enum CollectionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A single value.
    case single
    /// An ordered list (`List<T>`).
    case list
    /// An unordered set of distinct values (`MutableSet<T>`).
    case set
    /// A dictionary with string keys (`Map<String, T>`).
    case dictionary
}
