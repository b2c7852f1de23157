import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// `Tests/RealmModels/ObjectiveC/Kennel`: a class hierarchy, class extensions, categories and every kind of
/// property, mapped as Realm's Objective-C SDK maps them (realm-swift `Realm/RLMObjectSchema.mm`,
/// `Realm/RLMProperty.mm`).
@Suite struct ObjectiveCHierarchyTests {
    static func kennel() throws -> RealmModelParser.Result {
        RealmModelParser.parse(try ObjectiveCInputs.files("Kennel"))
    }

    @Test func everyModelClassWithItsKind() throws {
        let result = try Self.kennel()
        // KNLSampleData returns NO from +shouldIncludeInDefaultSchema.
        #expect(
            result.schema.objectTypes.map(\.name) == [
                "Vet", "KNLRecord", "Animal", "Dog", "Address", "Owner", "WalkEvent",
            ])
        #expect(result.schema[className: "Address"]?.kind == .embedded)
        #expect(result.schema[className: "WalkEvent"]?.kind == .asymmetric)
        #expect(result.schema[className: "Dog"]?.kind == .topLevel)
        #expect(result.schema[className: "Dog"]?.superclassName == "Animal")
        #expect(result.schema[className: "Dog"]?.sourceLocation?.description == "Kennel/KNLModels.h:45")
        #expect(
            result.diagnostics.contains {
                $0.severity == .note
                    && $0.message.contains("'KNLSampleData' returns NO from +shouldIncludeInDefaultSchema")
            })
    }

    /// A subclass has its superclasses' properties first, each read with the class methods of the class that
    /// declares it; the primary key and defaults are the subclass's own (inherited when it does not override them).
    @Test func subclassesInheritPropertiesAndClassMethods() throws {
        let result = try Self.kennel()
        let record = try #require(result.schema[className: "KNLRecord"])
        #expect(record.properties.map(\.name) == ["uuid", "createdAt", "serverID"])
        #expect(record.primaryKey == "uuid")
        #expect(record[property: "serverID"]?.defaultValue == "-1")
        let animal = try #require(result.schema[className: "Animal"])
        #expect(
            animal.properties.map(\.name) == [
                "uuid", "createdAt", "serverID", "name", "size", "adopted", "weight", "displayName",
            ])
        #expect(animal.primaryKey == "uuid")
        // Animal overrides +defaultPropertyValues without calling super: KNLRecord's serverID default is gone.
        #expect(animal[property: "serverID"]?.defaultValue == nil)
        #expect(animal[property: "name"]?.defaultValue == "\"\"")
        #expect(animal[property: "adopted"]?.defaultValue == "false")
        #expect(animal[property: "size"]?.defaultValue == nil)
        let dog = try #require(result.schema[className: "Dog"])
        #expect(
            dog.properties.map(\.name) == [
                "uuid", "createdAt", "serverID", "name", "size", "adopted", "weight", "displayName", "age", "neutered",
                "owner", "nicknames", "luckyNumbers", "walkers",
            ])
        #expect(dog.primaryKey == "uuid")
        #expect(dog[property: "name"]?.defaultValue == "\"\"")
        #expect(ObjectiveCInputs.shape(dog[property: "name"]) == "string indexed")
        #expect(ObjectiveCInputs.shape(dog[property: "uuid"]) == "string indexed")
        #expect(dog[property: "name"]?.sourceLocation?.description == "Kennel/KNLModels.h:37")
    }

    @Test func propertyTypesAndOptionality() throws {
        let result = try Self.kennel()
        let dog = try #require(result.schema[className: "Dog"])
        let expected: [String: String] = [
            "uuid": "string indexed", "createdAt": "date?", "serverID": "int", "name": "string indexed", "size": "int",
            "adopted": "bool", "weight": "double?", "displayName": "string", "age": "int?", "neutered": "bool?",
            "owner": "object Owner?", "nicknames": "list<string?>", "luckyNumbers": "set<int?>",
            "walkers": "list<linkingObjects Owner.dogs>",
        ]
        for (name, shape) in expected { #expect(ObjectiveCInputs.shape(dog[property: name]) == shape, "\(name)") }
        let owner = try #require(result.schema[className: "Owner"])
        let ownerShapes: [String: String] = [
            "ownerID": "int indexed", "fullName": "string", "dogs": "list<object Dog>",
            "dogsByTag": "dictionary<object Dog?>", "address": "object Address?", "preferences": "mixed",
            "avatar": "data?", "balance": "decimal128?", "rating": "float", "visits": "int", "points": "int",
        ]
        for (name, shape) in ownerShapes {
            #expect(ObjectiveCInputs.shape(owner[property: name]) == shape, "\(name)")
        }
        #expect(owner.properties.count == ownerShapes.count)
        #expect(owner.primaryKey == "ownerID")
        let walk = try #require(result.schema[className: "WalkEvent"])
        #expect(walk.properties.map { ObjectiveCInputs.shape($0) } == ["objectId? indexed", "date?"])
        let address = try #require(result.schema[className: "Address"])
        #expect(address.properties.map { ObjectiveCInputs.shape($0) } == ["string?", "string?"])
    }

    /// Readonly, ignored, category and `@dynamic` properties have no column; each is listed with the rule.
    @Test func unpersistedPropertiesAreListedWithTheirRule() throws {
        let result = try Self.kennel()
        let rules = { (name: String) -> [String: String] in
            let members = result.schema[className: name]?.unpersistedMembers ?? []
            return Dictionary(
                members.map { ($0.name, $0.exclusionRule ?? "") }, uniquingKeysWith: { first, _ in first })
        }
        #expect(rules("Animal") == ["internalNote": "named in +ignoredProperties"])
        #expect(
            rules("Dog") == [
                "badge": "declared in a category, which gives it no storage",
                "tagline": "declared in a category, which gives it no storage",
            ])
        #expect(
            rules("Owner") == ["cachedGreeting": "named in +ignoredProperties", "flags": "named in +ignoredProperties"])
        #expect(rules("WalkEvent") == ["summary": "readonly (Realm persists only readwrite properties)"])
        #expect(rules("Vet") == ["licenseNumber": "named in +ignoredProperties"])
    }

    /// Both branches of `#ifdef` are read and the block is reported; nothing in the folder is an error.
    @Test func conditionalPropertiesAreReadAndReported() throws {
        let result = try Self.kennel()
        #expect(result.schema[className: "Vet"]?.properties.map(\.name) == ["name", "clinic", "practice"])
        #expect(
            result.diagnostics.contains {
                $0.severity == .warning && $0.location.description == "Kennel/KNLDebug.h:16"
                    && $0.message.contains("'#if defined(KNL_FEATURE_CLINICS)'")
            }, "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0.severity != .note }.count == 2, "\(result.diagnostics)")
    }
}
