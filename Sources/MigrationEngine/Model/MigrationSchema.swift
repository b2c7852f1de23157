/// The classes a source holds, in the order the engine copies them.
public struct MigrationSchema: Sendable, Hashable, Codable {
    /// The classes, in a stable order.
    public var classes: [ClassDescription]

    /// Creates a schema from its classes.
    public init(classes: [ClassDescription]) {
        self.classes = classes
    }

    /// The class named `name`, if any.
    public func `class`(named name: String) -> ClassDescription? {
        classes.first { $0.name == name }
    }
}

/// One class of objects: its fields and how its objects are identified.
public struct ClassDescription: Sendable, Hashable, Codable {
    /// The class name as users know it (e.g. `Track`).
    public var name: String
    /// Whether objects of this class are owned by a parent object and have no identity of their own
    /// outside the source (they are still addressed by their source key).
    public var isEmbedded: Bool
    /// The name of the primary-key field, if the class has one.
    public var primaryKey: String?
    /// The stored fields, in a stable order; a record's values are aligned with them.
    public var fields: [FieldDescription]

    /// Creates a class description.
    public init(name: String, isEmbedded: Bool = false, primaryKey: String? = nil, fields: [FieldDescription]) {
        self.name = name
        self.isEmbedded = isEmbedded
        self.primaryKey = primaryKey
        self.fields = fields
    }

    /// Whether any field can hold a link, so the class takes part in the relationship phase.
    public var hasRelationships: Bool { fields.contains(where: \.isRelationship) }
}

/// One stored field of a class.
public struct FieldDescription: Sendable, Hashable, Codable {
    /// The field name.
    public var name: String
    /// The value type (for collections, of each element or dictionary value).
    public var type: FieldType
    /// Single value, list, set or dictionary.
    public var collection: FieldCollection
    /// Whether the value (or each element) may be null.
    public var isOptional: Bool
    /// Whether the source keeps a search index on the field.
    public var isIndexed: Bool
    /// For `.link`: the class the field links to.
    public var targetClass: String?

    /// Creates a field description.
    public init(
        name: String, type: FieldType, collection: FieldCollection = .single, isOptional: Bool = false,
        isIndexed: Bool = false, targetClass: String? = nil
    ) {
        self.name = name
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.isIndexed = isIndexed
        self.targetClass = targetClass
    }

    /// Whether the field can hold links (a link field, or a mixed field whose values may be links),
    /// so it is written in the relationship phase rather than the attribute phase.
    public var isRelationship: Bool { type == .link || type == .mixed }
}

/// The value type of a field.
public enum FieldType: String, Sendable, Hashable, Codable, CaseIterable {
    case int, bool, float, double, string, data, date, decimal128, objectId, uuid
    /// Any value, including links and (nested) lists and dictionaries.
    case mixed
    /// A link to an object of ``FieldDescription/targetClass``.
    case link
    /// An object of the embedded class ``FieldDescription/targetClass``, carried inline in its parent as a
    /// `.dictionary` of its fields by name, in the class's field order. Sources list embedded objects as links to
    /// their own class; a destination that stores them inside their parent (SwiftData's Codable values) reads a
    /// source through an adapter that inlines them. (The SQLite destination stores such a field as a mixed value.)
    case embedded
}

/// Whether a field holds one value or a collection.
public enum FieldCollection: String, Sendable, Hashable, Codable, CaseIterable {
    case single, list, set, dictionary
}
