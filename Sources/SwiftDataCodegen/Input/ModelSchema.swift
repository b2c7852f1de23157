import RealmSchema

/// What the generator takes: the neutral `Schema` plus what Swift source says about it (enum types, declared Swift
/// types, default values, delete rules, source locations, members Realm does not persist).
///
/// `RealmModelParser` fills in the source details; a schema from a `.realm` file has none (`init(_:)`).
///
/// ```swift
/// let fromFile = ModelSchema(RealmFileReader(url: url).schema)
/// let fromSource = RealmModelParser.parse(files).schema
/// ```
public struct ModelSchema: Sendable, Hashable, Codable {
    /// The schema version the app declared (`Realm.Configuration.schemaVersion`), when known.
    public var version: UInt64?
    /// The object classes, in a stable order (the order they were declared or stored).
    public var objectTypes: [ModelClass]
    /// Enum types that persisted properties use (`PersistableEnum`, `RealmEnum`), when known from source.
    public var enumTypes: [EnumSchema]?
    /// The importers of app targets whose Realm files hold classes named like another target's (two models with
    /// one Realm name, named apart): each lists the models its target sees. `nil` when every Realm name is one model.
    public var targetImporters: [TargetImporter]?
    /// The app's Realm configuration (its migration block, `deleteRealmIfMigrationNeeded`), when the sources build
    /// one; `nil` for a `.realm` file's schema, or sources that configure Realm nowhere (Realm's defaults).
    public var realmConfiguration: RealmConfiguration?

    /// Creates a model schema from its classes and enums.
    public init(version: UInt64? = nil, objectTypes: [ModelClass], enumTypes: [EnumSchema]? = nil) {
        self.version = version
        self.objectTypes = objectTypes
        self.enumTypes = enumTypes
    }

    /// A neutral schema with no source details (read from a `.realm` file).
    public init(_ schema: Schema) {
        self.init(version: schema.version, objectTypes: schema.objectTypes.map(ModelClass.init))
    }

    /// The neutral schema, without the source details.
    public var schema: Schema {
        Schema(version: version, objectTypes: objectTypes.map(\.objectSchema))
    }

    /// The object class named `name`, if the schema has one.
    public subscript(className name: String) -> ModelClass? {
        objectTypes.first { $0.name == name }
    }
}

/// The importer of one app target's Realm file, when its classes are not those of the app's main importer.
public struct TargetImporter: Sendable, Hashable, Codable {
    /// The target (module) whose models it lists.
    public var target: String
    /// The names (``ModelClass/name``) of the models the target sees, in schema order.
    public var classNames: [String]

    /// Creates a target's importer description.
    public init(target: String, classNames: [String]) {
        self.target = target
        self.classNames = classNames
    }

    /// The generated importer's type name (`ShareExtensionRealmImporter`).
    public var importerTypeName: String { "\(Self.typeNamePrefix(target))RealmImporter" }

    /// `target` as an upper-camel-case identifier (`share-extension` → `ShareExtension`), for names made after it.
    public static func typeNamePrefix(_ target: String) -> String {
        var result = ""
        var upper = true
        for character in target {
            guard character.isASCII, character.isLetter || character.isNumber || character == "_" else {
                upper = true
                continue
            }
            result.append(upper ? Character(character.uppercased()) : character)
            upper = false
        }
        if let first = result.first, first.isNumber { result = "Target" + result }
        return result.isEmpty ? "Target" : result
    }
}

/// One Realm object class with what its source says beyond the neutral `ObjectSchema`.
public struct ModelClass: Sendable, Hashable, Codable {
    /// The class name as the SDK user writes it (no `class_` prefix).
    public var name: String
    /// Top-level, embedded or asymmetric.
    public var kind: ObjectSchema.Kind
    /// The name of the primary-key property, if the class has one.
    public var primaryKey: String?
    /// The class's name in the Realm file when ``name`` differs from it: a model named apart from a model of
    /// another app target with the same name (`WidgetCoinTicker` for the widget's `CoinTicker`). `nil`: ``name``.
    public var realmClassName: String?
    /// The persisted properties, in declaration order.
    public var properties: [ModelProperty]
    /// Where the class was declared, when it came from source.
    public var sourceLocation: SourceLocation?
    /// Members Realm does not persist (computed properties, methods, ignored properties, nested types), when known
    /// from source; kept so the generator can carry them over or list them.
    public var unpersistedMembers: [SourceMember]?
    /// The superclass when it is another model class (Realm copies its properties into this class), when known.
    public var superclassName: String?
    /// The `#if` clauses the class is declared under (`nil`: always), when it came from source. The generated
    /// model and everything that names it are put under them.
    public var condition: SourceCondition?

    /// Creates a class description with no source details beyond its properties'.
    public init(
        name: String, kind: ObjectSchema.Kind = .topLevel, primaryKey: String? = nil, properties: [ModelProperty]
    ) {
        self.name = name
        self.kind = kind
        self.primaryKey = primaryKey
        self.properties = properties
    }

    /// A neutral class with no source details.
    public init(_ object: ObjectSchema) {
        self.init(
            name: object.name, kind: object.kind, primaryKey: object.primaryKey,
            properties: object.properties.map { ModelProperty($0) })
    }

    /// The neutral class, without the source details.
    public var objectSchema: ObjectSchema {
        ObjectSchema(name: name, kind: kind, primaryKey: primaryKey, properties: properties.map(\.property))
    }

    /// The (first) property named `name`, if the class has one.
    public subscript(property name: String) -> ModelProperty? {
        properties.first { $0.name == name }
    }
}

/// One persisted property with what its source says beyond the neutral `Property`, whose members it forwards
/// (`modelProperty.name` is `modelProperty.property.name`).
@dynamicMemberLookup
public struct ModelProperty: Sendable, Hashable, Codable {
    /// The neutral description: name, type, optionality, collection, link target, indexes.
    public var property: Property
    /// The Swift type the source declares for the value (or each element) when the neutral type does not pin it
    /// down: an integer width (`Int16`), a type alias (`TimeInterval`) or an enum (`Genre`). `nil` when unknown.
    public var declaredSwiftType: String?
    /// Whether a NaN the property (or an element) holds is stored as `nil`: set for ``CodegenOptions/valuesHoldingNaN``,
    /// which makes the generated value optional.
    public var storesNaNAsNil = false
    /// For enum-typed properties: the enum's name (the neutral `type` is its raw value type).
    public var enumTypeName: String?
    /// The default value expression as written in source (`= "untitled"`), without the `=`.
    public var defaultValue: String?
    /// A delete rule the source asked for explicitly (an annotation), overriding the generator's.
    public var deleteRuleOverride: DeleteRule?
    /// Where the property was declared, when it came from source.
    public var sourceLocation: SourceLocation?
    /// The declaration as written in source (`@objc dynamic var age = RealmOptional<Int>()`), for reports.
    public var declaredAs: String?
    /// The app's own name of a value or element type the input does not declare (`Address` in
    /// `List<Address>`), when the parser kept the property in its declared shape without knowing whether the type
    /// is a model, an embedded object or an enum. The neutral `type` is then `.object` with this target.
    public var assumedTypeName: String?
    /// The `#if` clauses inside its class that the property is declared under (`nil`: always), when it came from
    /// source. Two properties may share a name when their conditions exclude each other (`#if A` / `#else`).
    public var condition: SourceCondition?

    /// A property with no source details yet.
    public init(_ property: Property) {
        self.property = property
    }

    /// The neutral description's member at `keyPath`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Property, Value>) -> Value {
        get { property[keyPath: keyPath] }
        set { property[keyPath: keyPath] = newValue }
    }
}
