import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// What Realm's Objective-C SDK rejects when it builds the schema (realm-swift `Realm/RLMProperty.mm`,
/// `-setTypeFromRawType:`, and `Realm/RLMObjectSchema.mm`): each is an error at the property's line, the property
/// is listed as not converted, and everything else still converts.
@Suite struct ObjectiveCRejectedPropertyTests {
    static let header = """
        #import <Realm/Realm.h>

        @interface Tag : RLMObject
        @property NSString *name;
        @end

        @interface Note : RLMObject
        @property NSUInteger count;
        @property NSNumber *score;
        @property RLMArray<Tag *> *tags;
        @property RLMDictionary<NSString *, Tag *> *tagsByName;
        @property RLMArray<NSDate *><RLMDate> *dates;
        @property CGRect frame;
        @property NSArray<NSString *> *lines;
        @property (readonly) RLMLinkingObjects *parents;
        @property RLMLinkingObjects<Tag *><Tag> *writable;
        @property Tag *mainTag;
        @property char initial;
        @property id anything;
        @property (copy) void (^onSave)(void);
        @property NSString *title;
        @end
        """

    static let implementation = """
        #import "Note.h"

        @implementation Note
        + (NSString *)primaryKey { return @"dates"; }
        + (NSArray *)requiredProperties { return @[@"mainTag", @"dates", @"title"]; }
        + (NSDictionary *)linkingObjectsProperties {
            return @{@"writable": [RLMPropertyDescriptor descriptorWithClass:[Tag class] propertyName:@"name"]};
        }
        @end
        """

    @Test func rejectedPropertiesAreErrorsAtTheirLines() throws {
        let result = RealmModelParser.parse([
            .init(path: "Note.h", text: Self.header), .init(path: "Note.m", text: Self.implementation),
        ])
        let errors = Dictionary(
            result.diagnostics.filter { $0.severity == .error }.map { ($0.location.line, $0.message) },
            uniquingKeysWith: { first, second in first + " | " + second })
        #expect(errors[8]?.contains("an unsigned integer ('NSUInteger')") == true, "\(errors)")
        #expect(errors[9]?.contains("'NSNumber' without one of <RLMInt>") == true)
        #expect(errors[10]?.contains("'RLMArray' without the protocol naming its element type") == true)
        #expect(errors[11]?.contains("'RLMDictionary' needs the key and value protocols") == true)
        #expect(errors[13]?.contains("'CGRect', which is no type Realm persists") == true)
        #expect(errors[14]?.contains("'NSArray<NSString *> *', which is neither") == true)
        #expect(errors[15]?.contains("+linkingObjectsProperties does not name its origin") == true)
        #expect(errors[16]?.contains("must be declared readonly") == true)
        #expect(errors[17]?.contains("+requiredProperties of 'Note' names the link 'mainTag'") == true)
        #expect(errors[19]?.contains("'id' without '<RLMValue>'") == true)
        #expect(errors[20]?.contains("a block, function pointer or C array") == true)
        // `dates` is a list: Realm refuses it as the primary key (reported at its declaration).
        #expect(errors[12]?.contains("cannot be the primary key of 'Note'") == true)
        let note = try #require(result.schema[className: "Note"])
        #expect(note.properties.map(\.name) == ["dates", "mainTag", "initial", "title"])
        #expect(note.primaryKey == nil)
        #expect(ObjectiveCInputs.shape(note[property: "dates"]) == "list<date>")
        #expect(ObjectiveCInputs.shape(note[property: "mainTag"]) == "object Tag?")
        // `char` encodes as `c`, which Realm reads as a bool.
        #expect(ObjectiveCInputs.shape(note[property: "initial"]) == "bool")
        #expect(ObjectiveCInputs.shape(note[property: "title"]) == "string")
        let lost = note.unpersistedMembers?.filter { $0.kind == .unconvertedPersistedProperty }.map(\.name) ?? []
        #expect(
            Set(lost) == [
                "count", "score", "tags", "tagsByName", "frame", "lines", "parents", "writable", "anything", "onSave",
            ])
    }

    /// Each rejected property is listed in the report as data that would not be imported.
    @Test func theReportListsRejectedPropertiesAsLostData() throws {
        let result = RealmModelParser.parse([
            .init(path: "Note.h", text: Self.header), .init(path: "Note.m", text: Self.implementation),
        ])
        let output = SwiftDataCodegen.generate(result.schema, options: CodegenOptions())
        let lost = output.report.needsHuman.filter { $0.subject == "Note.count" && $0.concern == .notImported }
        #expect(lost.count == 1)
    }

    /// An app that vendors Realm's headers (`Realm.framework/Headers/RLMObject_Private.h`) declares Realm's own
    /// `RLMDynamicObject : RLMObject`, which no schema holds.
    @Test func realmsOwnSubclassesInVendoredHeadersAreNoModels() throws {
        let vendored = """
            @interface RLMObject ()
            - (instancetype)initWithRealm:(RLMRealm *)realm schema:(RLMObjectSchema *)schema;
            @end

            @interface RLMDynamicObject : RLMObject
            @end
            """
        let result = RealmModelParser.parse([
            .init(path: "Realm.framework/Headers/RLMObject_Private.h", text: vendored),
            .init(path: "Note.h", text: Self.header),
        ])
        #expect(!result.schema.objectTypes.contains { $0.name == "RLMDynamicObject" })
        #expect(result.schema.objectTypes.map(\.name) == ["Tag", "Note"])
    }
}
