import RealmSchema

/// What the generated SwiftData types look like from the Realm side: for every Realm class its generated Swift type,
/// and for every Realm property its Swift name and its shape in that type. Code that rewrites Realm API uses (queries,
/// for instance) reads names here instead of deriving them again, so renames are decided in one place.
///
/// ```swift
/// let catalog = SwiftDataCodegen.generate(schema).catalog
/// catalog[realmClass: "Dog"]?.swiftName        // "Dog", or the renamed or prefix-stripped name
/// catalog[realmClass: "Dog"]?[realmProperty: "owner"]?.shape  // .toOne(realmClass: "Person")
/// ```
public struct GeneratedModelCatalog: Sendable, Hashable, Codable {
    /// One stored value's type in the generated code.
    public struct ValueType: Sendable, Hashable, Codable {
        /// The Swift type of the value without optionality (`Int16`, `String`, `Genre`, `Decimal`).
        public var swiftType: String
        /// Whether the value may be `nil` (`T?`).
        public var isOptional: Bool
        /// The Realm type it holds (for an enum, its raw value's type).
        public var realmType: PropertyType
        /// For a `PersistableEnum`/`RealmEnum`: its raw value type (`Int`, `String`); `nil` for other values.
        public var enumRawType: String?
        /// For an enum: its cases with their raw value literals as written (`nil` for implicit raw values).
        public var enumCases: [EnumSchema.Case]?

        /// Creates a value type.
        public init(
            swiftType: String, isOptional: Bool, realmType: PropertyType, enumRawType: String? = nil,
            enumCases: [EnumSchema.Case]? = nil
        ) {
            self.swiftType = swiftType
            self.isOptional = isOptional
            self.realmType = realmType
            self.enumRawType = enumRawType
            self.enumCases = enumCases
        }
    }

    /// What one Realm property became in its generated type.
    public enum Shape: Sendable, Hashable, Codable {
        /// A scalar attribute (`var age: Int`, `var nickname: String?`, `var genre: Genre`).
        case value(ValueType)
        /// A list or set of values (`[String]`, `[Int?]`).
        case values(ValueType)
        /// A map of values (`[String: Int]`).
        case dictionary(ValueType)
        /// An embedded object, as an optional `Codable` struct (`var address: Address?`).
        case embedded(realmClass: String)
        /// A list or set of embedded objects (`[Address]`).
        case embeddedList(realmClass: String)
        /// A to-one relationship (`var owner: Person?`), a link or a `LinkingObjects` generated as to-one.
        case toOne(realmClass: String)
        /// A to-many relationship (`[Dog]`, or `[Dog]?` with CloudKit), a list or set of links or a
        /// `LinkingObjects`.
        case toMany(realmClass: String, isOptionalArray: Bool)
        /// A list of links (`List<Dog>`): a to-many relationship `entriesProperty` to the generated entry models
        /// (`position`, `target`) that keep its order and repeated elements; the property's Swift name is the ordered
        /// accessor (`var dogs: [Dog]`), which a predicate cannot use.
        case list(entryType: String, entriesProperty: String, realmClass: String, isOptionalArray: Bool)
        /// A `LinkingObjects` whose origin is a list: computed from the target's relationship `entriesProperty` to the
        /// list's entry models (each entry's `owner` is an object linking here).
        case listInverse(entryType: String, entriesProperty: String, realmClass: String, isOptionalArray: Bool)
        /// A map of links: a to-many relationship to the generated entry model (`key`, `value`).
        case linkMap(entryType: String, realmClass: String)
        /// An embedded object's link (or list of links), held as the target's `realmObjectKey` (`Int64?`/`[Int64]`).
        case embeddedLink(realmClass: String)
        /// `AnyRealmValue`, generated as the `MixedValue` enum.
        case mixed
        /// A property kept under a type name the input does not declare (its shape is unknown).
        case assumed(typeName: String)
        /// Not generated (a link to a missing class, a dropped `LinkingObjects`…), with the reason.
        case notGenerated(reason: String)
    }

    /// One property of a generated type.
    public struct Property: Sendable, Hashable, Codable {
        /// The name in the Realm model (what Realm queries use).
        public var realmName: String
        /// The name in the generated type (renamed when the Realm name cannot be used; see the report).
        public var swiftName: String
        /// What the property became.
        public var shape: Shape

        /// Creates a property.
        public init(realmName: String, swiftName: String, shape: Shape) {
            self.realmName = realmName
            self.swiftName = swiftName
            self.shape = shape
        }
    }

    /// One Realm class and its generated type.
    public struct Class: Sendable, Hashable, Codable {
        /// The Realm class name.
        public var realmName: String
        /// The generated Swift type name (`@Model` class, or `struct` for an embedded object).
        public var swiftName: String
        /// Whether the class is an embedded object (a `Codable` struct, not a model).
        public var isEmbedded: Bool
        /// The Realm primary key's property, by Realm name.
        public var primaryKey: String?
        /// The properties, in the schema's order.
        public var properties: [Property]

        /// Creates a class.
        public init(
            realmName: String, swiftName: String, isEmbedded: Bool = false, primaryKey: String? = nil,
            properties: [Property] = []
        ) {
            self.realmName = realmName
            self.swiftName = swiftName
            self.isEmbedded = isEmbedded
            self.primaryKey = primaryKey
            self.properties = properties
        }

        /// The property whose Realm name is `name`.
        public subscript(realmProperty name: String) -> Property? {
            properties.first { $0.realmName == name }
        }
    }

    /// The classes, in the schema's order.
    public var classes: [Class]

    /// Creates a catalog from its classes.
    public init(classes: [Class]) {
        self.classes = classes
    }

    /// The class whose Realm name is `name`.
    public subscript(realmClass name: String) -> Class? {
        classes.first { $0.realmName == name }
    }

    /// The class whose generated Swift name is `name`.
    public subscript(swiftClass name: String) -> Class? {
        classes.first { $0.swiftName == name }
    }
}

extension GeneratedModelCatalog {
    /// The catalog of one generation, from the schema after property renames and the plans made for it.
    init(schema: ModelSchema, naming: Naming, plan: RelationshipPlan, realmNames: [String: String], cloudKit: Bool) {
        let enums = Dictionary((schema.enumTypes ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let mapping = TypeMapping(naming: naming, enums: enums)
        classes = schema.objectTypes.map { object in
            let properties = object.properties.map { property in
                Property(
                    realmName: realmNames["\(object.name).\(property.name)"] ?? property.name,
                    swiftName: property.name,
                    shape: Self.shape(
                        property, of: object, schema: schema, naming: naming, plan: plan, mapping: mapping,
                        enums: enums, cloudKit: cloudKit))
            }
            return Class(
                realmName: object.name, swiftName: naming.type(object.name), isEmbedded: object.kind == .embedded,
                primaryKey: object.primaryKey.map { realmNames["\(object.name).\($0)"] ?? $0 }, properties: properties)
        }
    }

    private static func shape(
        _ property: ModelProperty, of object: ModelClass, schema: ModelSchema, naming: Naming, plan: RelationshipPlan,
        mapping: TypeMapping, enums: [String: EnumSchema], cloudKit: Bool
    ) -> Shape {
        let key = "\(object.name).\(property.name)"
        switch PropertyRole(property, of: object, in: schema) {
        case .assumed(let typeName):
            return .assumed(typeName: typeName)
        case .linkingObjects:
            if let list = plan.linkingObjectsOfLists[key].flatMap({ plan.lists[$0] }) {
                return .listInverse(
                    entryType: list.entryType, entriesProperty: list.targetInverse, realmClass: list.ownerClass,
                    isOptionalArray: cloudKit)
            }
            guard let toMany = plan.linkingObjectsToMany[key], let origin = property.objectClassName else {
                return .notGenerated(reason: "its LinkingObjects origin is not a link between models")
            }
            return toMany ? .toMany(realmClass: origin, isOptionalArray: cloudKit) : .toOne(realmClass: origin)
        case .toOne(let target):
            return .toOne(realmClass: target.name)
        case .toMany(let target):
            return .toMany(realmClass: target.name, isOptionalArray: cloudKit)
        case .list(let target):
            guard let list = plan.lists[key] else { return .notGenerated(reason: "its list could not be planned") }
            return .list(
                entryType: list.entryType, entriesProperty: list.entriesProperty, realmClass: target.name,
                isOptionalArray: cloudKit)
        case .linkMap(let target):
            return .linkMap(entryType: naming.linkMapEntries[key] ?? "", realmClass: target.name)
        case .embeddedLink(let target):
            return .embeddedLink(realmClass: target.name)
        case .unrepresentable(.missingTarget):
            return .notGenerated(reason: "it links to a class missing from the schema")
        case .unrepresentable(.linkMapFromEmbedded):
            return .notGenerated(reason: "an embedded object's map of links cannot be held by a Codable struct")
        case .attribute:
            if property.type == .object, let target = property.objectClassName {
                return property.collection == .single
                    ? .embedded(realmClass: target) : .embeddedList(realmClass: target)
            }
            if property.type == .mixed { return .mixed }
            let enumSchema = property.enumTypeName.flatMap { enums[$0] }
            let value = ValueType(
                swiftType: mapping.valueType(property), isOptional: property.isOptional, realmType: property.type,
                enumRawType: enumSchema?.rawType, enumCases: enumSchema?.cases)
            switch property.collection {
            case .single: return .value(value)
            case .list, .set: return .values(value)
            case .dictionary: return .dictionary(value)
            }
        }
    }
}
