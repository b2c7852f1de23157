import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// An app whose models are partly Swift, partly Objective-C (`Tests/RealmModels/ObjectiveC/Mixed`): both convert,
/// and links resolve across the two languages.
@Suite struct ObjectiveCMixedAppTests {
    @Test func linksResolveAcrossSwiftAndObjectiveC() throws {
        let result = RealmModelParser.parse(try ObjectiveCInputs.files("Mixed"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.schema.objectTypes.map(\.name) == ["Walker", "Pet"])
        let walker = try #require(result.schema[className: "Walker"])
        #expect(ObjectiveCInputs.shape(walker[property: "pets"]) == "list<object Pet>")
        #expect(ObjectiveCInputs.shape(walker[property: "current"]) == "object Pet?")
        #expect(walker[property: "pets"]?.assumedTypeName == nil)
        let pet = try #require(result.schema[className: "Pet"])
        #expect(pet.primaryKey == "name")
        #expect(ObjectiveCInputs.shape(pet[property: "name"]) == "string indexed")
        #expect(ObjectiveCInputs.shape(pet[property: "favoriteWalker"]) == "object Walker?")
        #expect(pet[property: "favoriteWalker"]?.sourceLocation?.description == "Mixed/Pet.h:8")
    }

    /// Without the Swift file, the Objective-C link to `Walker` is a type Realm could not persist: an error naming
    /// the property, never a guess.
    @Test func aLinkToAModelTheInputLacksIsAnError() throws {
        let result = RealmModelParser.parse(try ObjectiveCInputs.files("Mixed").filter { !$0.path.hasSuffix(".swift") })
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.description == "Mixed/Pet.h:8")
        #expect(errors.first?.message.hasPrefix("'Pet.favoriteWalker' is 'Walker *', which is neither") == true)
        let pet = try #require(result.schema[className: "Pet"])
        #expect(pet.properties.map(\.name) == ["name"])
        #expect(pet.unpersistedMembers?.first?.kind == .unconvertedPersistedProperty)
    }
}
