import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// `Tests/RealmModels/ObjectiveC/Feeds`: the patterns of the real Objective-C apps listed in
/// `ObjectiveCRealApps.md`, written anew, mapped as Realm's Objective-C SDK maps them.
@Suite struct ObjectiveCRealAppPatternsTests {
    static func feeds() throws -> RealmModelParser.Result {
        RealmModelParser.parse(try ObjectiveCInputs.files("Feeds"))
    }

    @Test func everyClassAndPersistedProperty() throws {
        let result = try Self.feeds()
        #expect(
            result.schema.objectTypes.map(\.name) == [
                "FDRecord", "FDDraft", "FDLink", "FDMention", "FDEntities", "FDPost", "FDAuthor",
            ])
        let shapes = { (name: String) -> [String] in
            (result.schema[className: name]?.properties ?? []).map { "\($0.name): \(ObjectiveCInputs.shape($0))" }
        }
        // The protocol alone (`RLMArray<FDLink> *`) names the element type, as the compiler records it.
        #expect(shapes("FDEntities") == ["links: list<object FDLink>", "mentions: list<object FDMention>"])
        #expect(
            shapes("FDPost") == [
                "id: int? indexed", "text: string?", "author: object FDAuthor?", "entities: object FDEntities?",
                "watchers: list<object FDAuthor>", "reposted: bool indexed", "kindValue: int",
            ])
        // `RLMLinkingObjects<FDPost *>`: the class comes from +linkingObjectsProperties.
        #expect(
            shapes("FDAuthor") == [
                "id: int indexed", "name: string?", "color: data?", "score: double",
                "watchedPosts: list<linkingObjects FDPost.watchers>",
            ])
        #expect(shapes("FDDraft") == ["uuid: string? indexed", "metadata: string?", "body: string?", "savedAt: date?"])
        #expect(result.schema[className: "FDDraft"]?.primaryKey == "uuid")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    }

    /// Ignored columns are listed; defaults a method computes are reported, never guessed; a literal one is kept.
    @Test func ignoredColumnsAndComputedDefaults() throws {
        let result = try Self.feeds()
        let post = try #require(result.schema[className: "FDPost"])
        #expect(post.unpersistedMembers?.map(\.name) == ["kind", "pendingImages"])
        let author = try #require(result.schema[className: "FDAuthor"])
        #expect(author[property: "name"]?.defaultValue == "\"\"")
        #expect(author[property: "score"]?.defaultValue == nil)
        let notes = result.diagnostics.filter { $0.severity == .note }.map(\.message)
        #expect(notes.contains { $0.contains("'FDAuthor.color' in +defaultPropertyValues is not a literal") })
        #expect(notes.contains { $0.contains("'FDAuthor.score' in +defaultPropertyValues is not a literal") })
        #expect(
            result.diagnostics.contains {
                $0.severity == .warning && $0.location.description == "Feeds/FDDraft.m:9"
                    && $0.message.contains("+defaultPropertyValues of 'FDRecord' does not return a dictionary literal")
            }, "\(result.diagnostics)")
    }

    /// Class methods that return a local variable: assigned before the `return`, or once in a `dispatch_once` block.
    @Test func returnedVariablesAreReadFromTheirAssignment() throws {
        let source = """
            #import <Realm/Realm.h>
            @class Owner;

            @interface Pet : RLMObject
            @property NSString *name;
            @property NSString *cache;
            @property (readonly) RLMLinkingObjects *owners;
            @end

            @interface Owner : RLMObject
            @property RLMArray<Pet *><Pet> *pets;
            @end
            RLM_COLLECTION_TYPE(Pet)

            @implementation Pet
            + (NSArray *)ignoredProperties {
                static NSArray *ignored;
                static dispatch_once_t once;
                dispatch_once(&once, ^{
                    ignored = @[@"cache"];
                });
                return ignored;
            }
            + (NSDictionary<NSString *, RLMPropertyDescriptor *> *)linkingObjectsProperties {
                NSDictionary *linkingProperties = @{@"owners": [RLMPropertyDescriptor descriptorWithClass:Owner.class
                                                                                            propertyName:@"pets"]};
                return linkingProperties;
            }
            @end

            @implementation Owner
            @end
            """
        let result = RealmModelParser.parse([.init(path: "Pet.m", text: source)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let pet = try #require(result.schema[className: "Pet"])
        #expect(
            pet.properties.map { "\($0.name): \(ObjectiveCInputs.shape($0))" } == [
                "name: string?", "owners: list<linkingObjects Owner.pets>",
            ])
        #expect(pet.unpersistedMembers?.map(\.name) == ["cache"])
    }
}
