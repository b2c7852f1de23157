import RealmSchema

/// One difference between the schema a Realm file was written with and the schema of the app's models, as
/// realm-core's `Schema::compare` names it (`object-store/schema.cpp`). Classes the file holds and the app no longer
/// declares are no change: Realm keeps their tables and never reports them (see ``SchemaUpgradeReport/classesLeftBehind``).
public enum SchemaChange: Sendable, Hashable, Codable {
    /// The app declares a class the file lacks; its table is created empty. Needs no migration.
    case addedClass(String)
    /// A class became embedded, or stopped being embedded.
    case changedClassKind(className: String, from: ObjectSchema.Kind, to: ObjectSchema.Kind)
    /// The app's class has a property the file's lacks.
    case addedProperty(className: String, property: String)
    /// The file's class has a property the app's lacks.
    case removedProperty(className: String, property: String)
    /// The property's type, collection or link target changed (Realm's type names, e.g. `int` → `array<string>`).
    case changedPropertyType(className: String, property: String, from: String, to: String)
    /// A required property became optional: values are kept.
    case madeOptional(className: String, property: String)
    /// An optional property became required: Realm re-creates the column, so every value starts from the default.
    case madeRequired(className: String, property: String)
    /// The primary key was added, removed or moved to another property (`nil`: none).
    case changedPrimaryKey(className: String, from: String?, to: String?)
    /// A search index was added. Needs no migration.
    case addedIndex(className: String, property: String)
    /// A search index was removed. Needs no migration.
    case removedIndex(className: String, property: String)

    /// The class the change is about.
    public var className: String {
        switch self {
        case .addedClass(let name): name
        case .changedClassKind(let name, _, _), .addedProperty(let name, _), .removedProperty(let name, _),
            .changedPropertyType(let name, _, _, _), .madeOptional(let name, _), .madeRequired(let name, _),
            .changedPrimaryKey(let name, _, _), .addedIndex(let name, _), .removedIndex(let name, _):
            name
        }
    }

    /// Whether Realm requires a schema version bump for it (added classes and index changes apply at any version).
    public var needsMigration: Bool {
        switch self {
        case .addedClass, .addedIndex, .removedIndex: false
        default: true
        }
    }

    /// The line realm-core writes for it in "Migration is required due to the following errors:".
    public var realmMessage: String {
        switch self {
        case .addedClass(let name): "Class '\(name)' has been added."
        case .changedClassKind(let name, let from, let to):
            "Class '\(name)' has been changed from \(Self.kindName(from)) to \(Self.kindName(to))."
        case .addedProperty(let cls, let property): "Property '\(cls).\(property)' has been added."
        case .removedProperty(let cls, let property): "Property '\(cls).\(property)' has been removed."
        case .changedPropertyType(let cls, let property, let from, let to):
            "Property '\(cls).\(property)' has been changed from '\(from)' to '\(to)'."
        case .madeOptional(let cls, let property): "Property '\(cls).\(property)' has been made optional."
        case .madeRequired(let cls, let property): "Property '\(cls).\(property)' has been made required."
        case .changedPrimaryKey(let cls, let from, let to):
            switch (from, to) {
            case (let from?, let to?): "Primary Key for class '\(cls)' has changed from '\(from)' to '\(to)'."
            case (nil, _?): "Primary Key for class '\(cls)' has been added."
            default: "Primary Key for class '\(cls)' has been removed."
            }
        case .addedIndex(let cls, let property): "Property '\(cls).\(property)' has been made indexed."
        case .removedIndex(let cls, let property): "Property '\(cls).\(property)' has been made unindexed."
        }
    }

    private static func kindName(_ kind: ObjectSchema.Kind) -> String {
        switch kind {
        case .topLevel: "TopLevel"
        case .embedded: "Embedded"
        case .asymmetric: "TopLevelAsymmetric"
        }
    }
}
