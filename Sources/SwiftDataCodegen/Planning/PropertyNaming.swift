import RealmSchema

/// Gives every property a name that works in a SwiftData model, before anything else is planned, and remembers the
/// Realm name so the generated code can keep it as the stored name (`originalName:`).
///
/// A Realm name changes when it is not a Swift identifier (names from `.realm` files written by other SDKs),
/// when it is a member every `PersistentModel` already has (`persistentModelID`, `modelContext`, `hasChanges`,
/// `isDeleted`, and `Identifiable`'s member type `ID`, which makes `\Model.ID` a type, not a key path), when it is
/// `realmObjectKey` (which every generated model declares for the migration), when it is
/// `_x` beside a property `x` (`@Model` stores `x` in a generated `_x`), or when it is the name of a type the
/// generated code may name (a model class, as written or renamed, an enum, a Swift, Foundation or SwiftData type):
/// inside a model, `var B: B?` or a class `x` with a property `x` hides the type, and key paths such as `\B.as`
/// stop compiling.
struct PropertyNaming {
    static let reservedNames: Set<String> = ["persistentModelID", "modelContext", "hasChanges", "isDeleted", "ID"]
    /// Names Swift does not read as a member after a dot (`x.self` is `x`, `x.init` an initializer), even in backticks:
    /// possible in `.realm` files written by Realm Java or JavaScript.
    static let unusableMemberNames: Set<String> = ["self", "init", "Type", "Protocol"]
    /// The property every generated model declares for the migration: the object's key in the Realm file.
    static let realmObjectKey = "realmObjectKey"

    /// The schema with renamed properties (and every reference to them updated).
    private(set) var schema: ModelSchema
    /// The options with `deleteRules`, `listUsage` and `decimalsStoredAsText` keys following the renames; decimals
    /// stored as text are declared `String` in the schema.
    private(set) var options: CodegenOptions
    /// `Class.newName` → the Realm name, for renamed model properties that keep it as their stored name.
    private(set) var originalNames: [String: String] = [:]
    /// `Class.newName` → the Realm name, for every renamed property (embedded classes included): the Realm field
    /// the importer reads.
    private(set) var realmNames: [String: String] = [:]

    init(schema input: ModelSchema, options input2: CodegenOptions, report: inout ConversionReport) {
        schema = input
        options = input2
        var renames: [String: [String: String]] = [:]
        let typeNames = Self.typeNames(input, input2)
        for object in input.objectTypes {
            var taken = Set(object.properties.map(\.name))
            var classRenames: [String: String] = [:]
            for property in object.properties {
                let name = property.name
                let sanitized = SwiftIdentifier.sanitized(name)
                let isModel = object.kind != .embedded
                var reason: String?
                if sanitized != name {
                    reason = "'\(name)' is not a Swift identifier"
                } else if Self.unusableMemberNames.contains(name) {
                    reason = "'\(name)' cannot be a member's name ('x.\(name)' means something else in Swift)"
                } else if isModel, Self.reservedNames.contains(name) {
                    reason = "'\(name)' is a member of every SwiftData model"
                } else if isModel, name == Self.realmObjectKey {
                    reason = "'\(name)' is the Realm object key every generated model declares for the migration"
                } else if !isModel, name == "realmValue" {
                    reason = "'\(name)' is the member through which the importer reads and writes an embedded value"
                } else if isModel, name.hasPrefix("_"), taken.contains(String(name.dropFirst())) {
                    reason = "'\(name)' would clash with the storage @Model generates for '\(name.dropFirst())'"
                } else if typeNames.contains(name) {
                    reason = "'\(name)' is the name of a type the generated code uses: the property would hide it"
                }
                guard let reason else { continue }
                var candidate = sanitized == name ? sanitized + "Value" : sanitized
                while taken.contains(candidate) || Self.reservedNames.contains(candidate)
                    || Self.unusableMemberNames.contains(candidate)
                    || candidate == Self.realmObjectKey || typeNames.contains(candidate)
                {
                    candidate += "_"
                }
                taken.insert(candidate)
                classRenames[name] = candidate
                realmNames["\(object.name).\(candidate)"] = name
                let stored: String
                if isModel && name == Self.realmObjectKey {
                    // Its Realm name is the stored name of the generated key: it cannot keep it (no originalName:).
                    stored = "the importer still fills it from the Realm field '\(name)'"
                } else if isModel {
                    originalNames["\(object.name).\(candidate)"] = name
                    stored = "stored under its Realm name (originalName:)"
                } else {
                    stored = "so its Codable key changes too (add CodingKeys to keep '\(name)')"
                }
                report.human(
                    .renamedProperty, "\(object.name).\(name)", "\(reason): generated as '\(candidate)', \(stored)",
                    property.sourceLocation)
            }
            if !classRenames.isEmpty { renames[object.name] = classRenames }
        }
        if !renames.isEmpty { apply(renames) }
        for (index, object) in schema.objectTypes.enumerated() {
            for (propertyIndex, property) in object.properties.enumerated()
            where property.type == .decimal128 && options.decimalsStoredAsText["\(object.name).\(property.name)"] != nil
            {
                schema.objectTypes[index].properties[propertyIndex].declaredSwiftType = "String"
            }
            for (propertyIndex, property) in object.properties.enumerated()
            where [.float, .double, .mixed].contains(property.type)
                && options.valuesHoldingNaN["\(object.name).\(property.name)"] != nil
            {
                schema.objectTypes[index].properties[propertyIndex].storesNaNAsNil = true
            }
        }
    }

    /// The type names a property must not take: every model class as written, renamed (`--rename`) and with the
    /// prefix stripped, every enum (and the type it is nested in), and the types the generated code uses.
    private static func typeNames(_ schema: ModelSchema, _ options: CodegenOptions) -> Set<String> {
        var names = Naming.typesTheGeneratedCodeUses
        for object in schema.objectTypes {
            names.insert(object.name)
            if let renamed = options.renames[object.name] { names.insert(renamed) }
            if let prefix = options.stripPrefix, !prefix.isEmpty, object.name.hasPrefix(prefix) {
                names.insert(String(object.name.dropFirst(prefix.count)))
            }
        }
        for enumType in schema.enumTypes ?? [] {
            names.formUnion(enumType.name.split(separator: ".").map(String.init))
            names.insert(enumType.name.split(separator: ".").joined())
        }
        return names
    }

    /// Renames the properties in `renames` (class → old name → new name) and every reference to them.
    private mutating func apply(_ renames: [String: [String: String]]) {
        for index in schema.objectTypes.indices {
            let className = schema.objectTypes[index].name
            if let classRenames = renames[className] {
                for propertyIndex in schema.objectTypes[index].properties.indices {
                    let old = schema.objectTypes[index].properties[propertyIndex].name
                    if let new = classRenames[old] { schema.objectTypes[index].properties[propertyIndex].name = new }
                }
                if let key = schema.objectTypes[index].primaryKey, let new = classRenames[key] {
                    schema.objectTypes[index].primaryKey = new
                }
            }
            for propertyIndex in schema.objectTypes[index].properties.indices {
                let property = schema.objectTypes[index].properties[propertyIndex]
                if property.type == .linkingObjects, let origin = property.objectClassName,
                    let originName = property.linkOriginPropertyName, let new = renames[origin]?[originName]
                {
                    schema.objectTypes[index].properties[propertyIndex].linkOriginPropertyName = new
                }
            }
        }
        options.deleteRules = Self.renamingKeys(options.deleteRules, renames)
        options.listUsage = Self.renamingKeys(options.listUsage, renames)
        options.decimalsStoredAsText = Self.renamingKeys(options.decimalsStoredAsText, renames)
        options.valuesHoldingNaN = Self.renamingKeys(options.valuesHoldingNaN, renames)
    }

    private static func renamingKeys<Value>(_ dictionary: [String: Value], _ renames: [String: [String: String]])
        -> [String: Value]
    {
        var result: [String: Value] = [:]
        for (key, value) in dictionary {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, let new = renames[parts[0]]?[parts[1]] {
                result["\(parts[0]).\(new)"] = value
            } else {
                result[key] = value
            }
        }
        return result
    }
}
