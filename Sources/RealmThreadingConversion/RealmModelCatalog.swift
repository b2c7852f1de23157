import SwiftDataCodegen

/// The app's models as the threading conversion needs them: for each Realm class, the SwiftData type the models
/// pipeline (`carryover realm models`, ``SwiftDataCodegen``) generated for it and its primary key property.
///
/// ```swift
/// let result = try ModelConversion(inputs: [modelsFolder]).run()
/// let catalog = RealmModelCatalog(report: result.report, primaryKeys: ["RealmTrack": "id"])
/// ```
public struct RealmModelCatalog: Sendable, Hashable, Codable {
    /// One Realm class.
    public struct Model: Sendable, Hashable, Codable {
        /// The Realm class name (`RealmTrack`).
        public var realmClassName: String
        /// The generated SwiftData type (`Track`).
        public var typeName: String
        /// The primary key property, if the class has one (the generated model keeps its name).
        public var primaryKey: String?

        /// Creates an entry.
        public init(realmClassName: String, typeName: String, primaryKey: String? = nil) {
            self.realmClassName = realmClassName
            self.typeName = typeName
            self.primaryKey = primaryKey
        }
    }

    /// The models by Realm class name.
    public var models: [String: Model]

    /// Creates a catalog from Realm class → generated type names, and primary keys by Realm class.
    public init(classNames: [String: String], primaryKeys: [String: String] = [:]) {
        models = [:]
        for (realmName, typeName) in classNames {
            models[realmName] = Model(realmClassName: realmName, typeName: typeName, primaryKey: primaryKeys[realmName])
        }
    }

    /// Creates a catalog from a models conversion: its report's `classNames`, and the primary keys of the schema it
    /// converted (`RealmModelParser.parse(_:).schema`), when given.
    public init(report: ConversionReport, schema: ModelSchema? = nil) {
        var keys: [String: String] = [:]
        for object in schema?.objectTypes ?? [] { keys[object.name] = object.primaryKey }
        self.init(classNames: report.classNames, primaryKeys: keys)
    }

    /// The entry for a Realm class name, if the catalog has it.
    public subscript(realmClass name: String) -> Model? { models[name] }

    /// Every generated type name (which a generated actor's name must not take).
    var typeNames: Set<String> { Set(models.values.map(\.typeName)) }
}
